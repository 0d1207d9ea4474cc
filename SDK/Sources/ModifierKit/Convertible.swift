/// A type that a `@Field` can hold: it converts from a params value, describes itself as JSON
/// Schema, and converts back (for defaults in the schema and for event payloads).
///
/// `String`, `Bool`, `Int`, `Double`, `Color`, optionals, arrays, `[String: T]`, `Record`s and
/// `Enumerable`s conform already.
public protocol Convertible {
    /// Converts a non-null params value; throws when it is not of this type.
    static func convert(from value: Any, appContext: AppContext) throws -> Self
    /// The type's name in error messages (`String`, `Color?`, `[SwipeActionRecord]`).
    static var typeName: String { get }
    /// A JSON Schema (2020-12) describing the values this type accepts. `context` tracks the
    /// records being described, so that a record containing itself ends.
    static func jsonSchema(in context: inout SchemaContext) -> [String: Any]
    /// The value as params would carry it (`Dict` shapes).
    var jsonValue: Any { get }
}

/// Records being described, outermost first.
public struct SchemaContext {
    var describing: [ObjectIdentifier] = []
    /// A context describing nothing yet: start here to describe a type from the outside.
    public init() {}
}

extension Convertible {
    /// The type's JSON Schema.
    public static var jsonSchema: [String: Any] {
        var context = SchemaContext()
        return jsonSchema(in: &context)
    }
}

/// Lets a field tell optional types apart without knowing the wrapped type.
protocol OptionalConvertible {
    static func wrappedSchema(in context: inout SchemaContext) -> [String: Any]
    static var none: Self { get }
}

/// Whether a params value is `null`. Comparing the dynamic type is much cheaper than a
/// cast, and params hold `JSNull` itself, never wrapped.
@inlinable @inline(__always)
func isJSNull(_ value: Any) -> Bool {
    // Opening the existential reads its type in place; `type(of:)` calls into the runtime.
    func isNull<V>(_ opened: V) -> Bool { V.self == JSNull.self }
    return _openExistential(value, do: isNull)
}

/// `value as? T`, without the runtime's general cast when `value` holds exactly a `T`
/// (what params from a host always hold). The general cast unwraps the existential and walks
/// the runtime's cast rules on every call, and a large tree makes it one per field; comparing
/// the opened type is a pointer comparison. Anything else still gets the full `as?`.
@inlinable @inline(__always)
func cast<T>(_ value: Any, to type: T.Type) -> T? {
    func exactly<V>(_ opened: V) -> T? { V.self == T.self ? unsafeBitCast(opened, to: T.self) : nil }
    return _openExistential(value, do: exactly) ?? (value as? T)
}

@usableFromInline
func castFailure(_ value: Any, to type: String) -> ConversionError {
    ConversionError("expected \(type), got \(jsonTypeName(value))")
}

func jsonTypeName(_ value: Any) -> String {
    switch value {
    case is String: return "a string"
    case is Bool: return "a boolean"
    case is Int, is Double: return "a number"
    case is [Any]: return "an array"
    case is [String: Any]: return "an object"
    case is JSNull: return "null"
    default: return "a \(type(of: value))"
    }
}

extension String: Convertible {
    /// Accepts a JSON string.
    @inlinable
    public static func convert(from value: Any, appContext: AppContext) throws -> String {
        guard let string = cast(value, to: String.self) else { throw castFailure(value, to: "a string") }
        return string
    }
    /// `String`.
    public static var typeName: String { "String" }
    /// `{"type": "string"}`.
    public static func jsonSchema(in context: inout SchemaContext) -> [String: Any] { ["type": "string"] }
    /// The string itself.
    public var jsonValue: Any { self }
}

extension Bool: Convertible {
    /// Accepts `true` or `false`; a number is not a boolean.
    @inlinable
    public static func convert(from value: Any, appContext: AppContext) throws -> Bool {
        guard let bool = cast(value, to: Bool.self) else { throw castFailure(value, to: "a boolean") }
        return bool
    }
    /// `Bool`.
    public static var typeName: String { "Bool" }
    /// `{"type": "boolean"}`.
    public static func jsonSchema(in context: inout SchemaContext) -> [String: Any] { ["type": "boolean"] }
    /// The boolean itself.
    public var jsonValue: Any { self }
}

extension Int: Convertible {
    /// Accepts a whole number within `Int`'s range (`3` and `3.0`, not `3.5` or `true`).
    @inlinable
    public static func convert(from value: Any, appContext: AppContext) throws -> Int {
        if let int = cast(value, to: Int.self) { return int }
        if value is Bool { throw castFailure(value, to: "an integer") }
        if let double = value as? Double, double.rounded() == double, let int = Int(exactly: double) { return int }
        throw castFailure(value, to: "an integer")
    }
    /// `Int`.
    public static var typeName: String { "Int" }
    /// `{"type": "integer"}`.
    public static func jsonSchema(in context: inout SchemaContext) -> [String: Any] { ["type": "integer"] }
    /// The number itself.
    public var jsonValue: Any { self }
}

extension Double: Convertible {
    /// Accepts any JSON number, whole or not; a boolean is not a number.
    @inlinable
    public static func convert(from value: Any, appContext: AppContext) throws -> Double {
        if let double = cast(value, to: Double.self) { return double }
        if value is Bool { throw castFailure(value, to: "a number") }
        if let int = value as? Int { return Double(int) }
        throw castFailure(value, to: "a number")
    }
    /// `Double`.
    public static var typeName: String { "Double" }
    /// `{"type": "number"}`.
    public static func jsonSchema(in context: inout SchemaContext) -> [String: Any] { ["type": "number"] }
    /// The number itself.
    public var jsonValue: Any { self }
}

extension Optional: Convertible where Wrapped: Convertible {
    // Inlinable, as `Enumerable`'s below: fields convert in the plugin, for their own type.
    /// `null` is `nil`; anything else converts as `Wrapped`.
    @inlinable
    public static func convert(from value: Any, appContext: AppContext) throws -> Wrapped? {
        if isJSNull(value) { return nil }
        return try Wrapped.convert(from: value, appContext: appContext)
    }
    /// The wrapped type's name and `?`: `Color?`.
    public static var typeName: String { Wrapped.typeName + "?" }
    /// The wrapped type's schema or `null` (`anyOf`).
    public static func jsonSchema(in context: inout SchemaContext) -> [String: Any] {
        ["anyOf": [Wrapped.jsonSchema(in: &context), ["type": "null"]] as [Any]]
    }
    /// The wrapped value's, or `JSNull()` for `nil`.
    public var jsonValue: Any { self?.jsonValue ?? JSNull() }
}

extension Optional: OptionalConvertible where Wrapped: Convertible {
    static func wrappedSchema(in context: inout SchemaContext) -> [String: Any] { Wrapped.jsonSchema(in: &context) }
}

extension Array: Convertible where Element: Convertible {
    /// Accepts a JSON array whose every element converts as `Element`; an error in one names
    /// its index (`trailing[1].label`).
    @inlinable
    public static func convert(from value: Any, appContext: AppContext) throws -> [Element] {
        guard let array = cast(value, to: [Any].self) else { throw castFailure(value, to: "an array") }
        // Made at its size in one allocation; on a throw the elements made so far are freed.
        return try [Element](unsafeUninitializedCapacity: array.count) { buffer, count in
            for item in array {
                do {
                    (buffer.baseAddress.unsafelyUnwrapped + count).initialize(
                        to: try Element.convert(from: item, appContext: appContext))
                } catch {
                    throw elementError(error, item: item, index: count)
                }
                count += 1
            }
        }
    }

    /// The error for element `index`, which failed to convert.
    @usableFromInline @inline(never)
    static func elementError(_ error: any Error, item: Any, index: Int) -> FieldError {
        FieldError.converting(item, to: Element.typeName, at: index, failedWith: error)
    }
    /// The element type's name in brackets: `[SwipeActionRecord]`.
    public static var typeName: String { "[\(Element.typeName)]" }
    /// An array schema whose `items` is the element type's schema.
    public static func jsonSchema(in context: inout SchemaContext) -> [String: Any] { ["type": "array", "items": Element.jsonSchema(in: &context)] }
    /// The elements' values, as an `[Any]`.
    public var jsonValue: Any { map(\.jsonValue) as [Any] }
}

extension Dictionary: Convertible where Key == String, Value: Convertible {
    /// Accepts a JSON object whose every value converts as `Value`; an error in one names
    /// its key.
    public static func convert(from value: Any, appContext: AppContext) throws -> [String: Value] {
        guard let object = cast(value, to: [String: Any].self) else { throw castFailure(value, to: "an object") }
        var result: [String: Value] = [:]
        for (key, item) in object {
            do {
                result[key] = try Value.convert(from: item, appContext: appContext)
            } catch {
                throw FieldError.converting(item, to: Value.typeName, at: key, failedWith: error)
            }
        }
        return result
    }
    /// `[String: Value]` with the value type's name: `[String: Int]`.
    public static var typeName: String { "[String: \(Value.typeName)]" }
    /// An object schema whose `additionalProperties` is the value type's schema.
    public static func jsonSchema(in context: inout SchemaContext) -> [String: Any] { ["type": "object", "additionalProperties": Value.jsonSchema(in: &context)] }
    /// The values' values, under the same keys.
    public var jsonValue: Any { mapValues(\.jsonValue) as [String: Any] }
}

extension Color: Convertible {
    /// Accepts a colour string as ``Color/init(parsing:)`` reads it: `#RRGGBB`, `rgb(…)`, a
    /// CSS or SwiftUI name.
    @inlinable
    public static func convert(from value: Any, appContext: AppContext) throws -> Color {
        guard let text = cast(value, to: String.self) else { throw castFailure(value, to: "a colour string") }
        return try Color(parsing: text)
    }
    /// `Color`.
    public static var typeName: String { "Color" }
    /// A string schema with `"format": "color"` and the accepted spellings.
    public static func jsonSchema(in context: inout SchemaContext) -> [String: Any] {
        ["type": "string", "format": "color",
         "description": "#RGB, #RGBA, #RRGGBB or #RRGGBBAA (alpha last, # optional), rgb()/rgba(), a CSS or SwiftUI colour name"]
    }
    /// The colour in its canonical form, `#RRGGBBAA` (``hex``).
    public var jsonValue: Any { hex }
}

/// A string-backed enum usable as a field: `enum Edge: String, Enumerable { case leading, trailing }`.
/// A value outside the cases is an error that lists them; the schema carries them as `enum`.
public protocol Enumerable: Convertible, CaseIterable, RawRepresentable where RawValue == String {}

extension Enumerable {
    /// Accepts the raw value of one of the cases; any other string is an error listing them.
    @inlinable
    public static func convert(from value: Any, appContext: AppContext) throws -> Self {
        guard let raw = cast(value, to: String.self) else { throw castFailure(value, to: "a string") }
        guard let result = Self(rawValue: raw) else { throw unknownCase() }
        return result
    }

    @usableFromInline @inline(never)
    static func unknownCase() -> ConversionError {
        ConversionError("expected one of \(allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))")
    }
    /// The enum's own name.
    public static var typeName: String { String(describing: Self.self) }
    /// A string schema whose `enum` lists the cases' raw values.
    public static func jsonSchema(in context: inout SchemaContext) -> [String: Any] { ["type": "string", "enum": allCases.map(\.rawValue) as [Any]] }
    /// The case's raw value.
    public var jsonValue: Any { rawValue }
}
