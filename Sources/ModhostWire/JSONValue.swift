/// One JSON value (RFC 8259), as the wire carries it.
///
/// Integers that fit in `Int64` stay exact (`.int`) so that request ids and counts echo back
/// unchanged; every other number is a `.double`. Equality is by value: `1` equals `1.0`, and
/// objects compare without regard to key order.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

extension JSONValue: Equatable {
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.int(a), .double(b)), let (.double(b), .int(a)): return Double(a) == b && b.rounded() == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a == b
        default: return false
        }
    }
}

extension JSONValue {
    public var isNull: Bool { if case .null = self { return true } else { return false } }

    public var stringValue: String? { if case let .string(s) = self { return s } else { return nil } }

    public var boolValue: Bool? { if case let .bool(b) = self { return b } else { return nil } }

    public var objectValue: JSONObject? { if case let .object(o) = self { return o } else { return nil } }

    public var arrayValue: [JSONValue]? { if case let .array(a) = self { return a } else { return nil } }

    /// The value as an integer when it is one exactly (`3` and `3.0`, not `3.5`).
    public var intValue: Int64? {
        switch self {
        case let .int(i): return i
        case let .double(d) where d.rounded() == d && abs(d) < 9.2e18: return Int64(d)
        default: return nil
        }
    }

    public var doubleValue: Double? {
        switch self {
        case let .int(i): return Double(i)
        case let .double(d): return d
        default: return nil
        }
    }

    /// Member lookup for objects; `nil` for other values and absent keys.
    public subscript(key: String) -> JSONValue? {
        if case let .object(o) = self { return o[key] }
        return nil
    }

    /// Element lookup for arrays; `nil` for other values and indexes out of range.
    public subscript(index: Int) -> JSONValue? {
        if case let .array(items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    /// The JSON type name used in error messages ("object", "array", "string", ...).
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .int, .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object = JSONObject(reservingCapacity: elements.count)
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}

/// A JSON object that keeps its keys in insertion order, so that what the host writes reads
/// in the order it was built. A repeated key keeps its first position and its last value.
///
/// Small objects (the usual request or event) are searched linearly, which beats hashing at
/// that size; a key index is built only once an object grows past `indexThreshold` members.
public struct JSONObject: Sendable, Equatable, Sequence {
    /// A member as stored: a struct, not a `(key:value:)` tuple, because an array of tuples
    /// is destroyed through the runtime's generic tuple witness, element by element, which
    /// cost a quarter of a small `update` (callgrind); a struct's destroy is compiled code.
    struct Member {
        var key: String
        var value: JSONValue
    }

    private var entries: [Member] = []
    private var index: [String: Int]? = nil
    static let indexThreshold = 12

    public init() {}

    /// An empty object with room for `capacity` members.
    public init(reservingCapacity capacity: Int) {
        entries.reserveCapacity(capacity)
    }

    /// An object of one member: what a reply such as `{"result": value}` is, made without
    /// the array of pairs (and the key lookup) a literal costs.
    public init(_ key: String, _ value: JSONValue) {
        entries = [Member(key: key, value: value)]
    }

    public init(_ pairs: [(String, JSONValue)]) {
        entries.reserveCapacity(pairs.count)
        for (key, value) in pairs { self[key] = value }
    }

    /// The parser's object of `members`, whose keys it has found distinct; small enough
    /// (at most `indexThreshold`) to need no index.
    init(distinctMembers members: [Member]) {
        entries = members
    }

    /// The parser's object of `members` as they came, keys possibly repeated: as if each
    /// were set in turn, so a repeated key keeps its first position and its last value.
    init(membersInOrder members: [Member]) {
        if members.count > Self.indexThreshold {
            // The index is needed anyway; building it finds any repeated key.
            var built: [String: Int] = [:]
            built.reserveCapacity(members.count)
            var distinct = true
            for (at, member) in members.enumerated() where built.updateValue(at, forKey: member.key) != nil {
                distinct = false
                break
            }
            if distinct {
                entries = members
                index = built
                return
            }
        }
        entries.reserveCapacity(members.count)
        for member in members { self[member.key] = member.value }
    }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }
    public var keys: [String] { entries.map(\.key) }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return entries.firstIndex { $0.key == key }
    }

    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let at = position(of: key) {
                if let newValue {
                    entries[at].value = newValue
                } else {
                    entries.remove(at: at)
                    rebuildIndex()
                }
            } else if let newValue {
                entries.append(Member(key: key, value: newValue))
                if index != nil {
                    index![key] = entries.count - 1
                } else if entries.count > Self.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    private mutating func rebuildIndex() {
        guard entries.count > Self.indexThreshold else {
            index = nil
            return
        }
        var built: [String: Int] = [:]
        built.reserveCapacity(entries.count)
        for (at, entry) in entries.enumerated() { built[entry.key] = at }
        index = built
    }

    /// The members in order, as `(key, value)` pairs.
    public struct Iterator: IteratorProtocol {
        fileprivate var members: IndexingIterator<[Member]>

        public mutating func next() -> (key: String, value: JSONValue)? {
            guard let member = members.next() else { return nil }
            return (member.key, member.value)
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(members: entries.makeIterator())
    }

    public var underestimatedCount: Int { entries.count }

    /// Same members with equal values, in any order.
    ///
    /// Objects made by the same code list their members in the same order (an update's
    /// params against the ones its modifier was built from), so members are compared pair by
    /// pair while their keys line up; only the rest are looked up. Keys are distinct, so
    /// none of the rest is among the pairs already compared.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        let count = lhs.entries.count
        guard count == rhs.entries.count else { return false }
        var paired = 0
        while paired < count, lhs.entries[paired].key == rhs.entries[paired].key {
            guard lhs.entries[paired].value == rhs.entries[paired].value else { return false }
            paired += 1
        }
        for member in lhs.entries[paired...] {
            guard let other = rhs[member.key], other == member.value else { return false }
        }
        return true
    }
}
