import Dispatch
import Foundation
import Synchronization
import Testing
@_spi(ModhostHost) import ModifierKit

// How fields find their values: by their place among the fields a record's `init()`
// creates, with the params read in one pass before `init()` runs.

private let context = KitTestSupport.context

private struct AssigningRecord: Record {
    @Field var title: String = "declared"
    @Field var count: Int = 0
    init() {
        title = "from init"
        count = 3
    }
}

private struct ListRecord: Record {
    @Field var items: [String] = []
}

private struct AppendingRecord: Record {
    @Field var items: [String] = ["declared"]
    init() { items.append("from init") }
}

private struct NameRecord: Record {
    @Field var name: String = ""
}

/// A value whose conversion decodes a record and then changes one of its fields, while the
/// record that holds it is still being decoded.
private struct Shouted: Convertible {
    var inner = NameRecord()
    static func convert(from value: Any, appContext: AppContext) throws -> Shouted {
        var inner = try NameRecord.convert(from: value, appContext: appContext)
        inner.name = inner.name.uppercased()
        return Shouted(inner: inner)
    }
    static var typeName: String { "Shouted" }
    static func jsonSchema(in context: inout SchemaContext) -> [String: Any] { NameRecord.jsonSchema(in: &context) }
    var jsonValue: Any { inner.jsonValue }
}

private struct ShoutingRecord: Record {
    @Field var greeting: Shouted = Shouted()
    @Field var after: String = ""
}

private struct SameKeyRecord: Record {
    @Field("name") var first: String = ""
    @Field var name: String = ""
}

private struct UnicodeKeyRecord: Record {
    // "café" with a precomposed é, the letter K, and an a with two marks in canonical order.
    @Field("caf\u{E9}") var cafe: Int = 0
    @Field("K") var kelvin: Int = 0
    @Field("a\u{316}\u{301}") var marked: Int = 0
}

private final class LinkedRecord: Record {
    @Field var value: Int = 0
    @Field var next: LinkedRecord?
}

/// Creates a second field on every other `init()`: its fields cannot be told apart by order.
private final class AlternatingRecord: Record {
    static let made = Atomic<Int>(0)
    @Field var a: String = ""
    var extra: Field<String>?
    init() {
        if Self.made.add(1, ordering: .relaxed).oldValue % 2 == 1 { extra = Field(wrappedValue: "") }
    }
}

/// A default made once, by a static that is first touched when the record's layout is learnt:
/// the sample's `init()` creates its fields, later ones do not.
private struct Insets: Record {
    @Field var top: Int = 0
    @Field var bottom: Int = 0
    static let zero = Insets()
}

private struct Padded: Record {
    @Field var label: String = ""
    @Field var insets: Insets = .zero
    @Field var after: String = ""
}

/// A conversion that makes a record with `init()` and sets its field, and describes one.
private struct Tagged: Convertible {
    var inner = NameRecord()
    static func convert(from value: Any, appContext: AppContext) throws -> Tagged {
        var inner = NameRecord()
        inner.name = try String.convert(from: value, appContext: appContext)
        _ = NameRecord.jsonSchema
        return Tagged(inner: inner)
    }
    static var typeName: String { "Tagged" }
    static func jsonSchema(in context: inout SchemaContext) -> [String: Any] { ["type": "string"] }
    var jsonValue: Any { inner.name }
}

private struct HoldsTagged: Record {
    @Field var tagged: Tagged?
    @Field var after: String = ""
}

/// A template decoded on one thread, copied and changed in `init()` of a record decoded on
/// another: serials are unique across threads, so the change is not taken for one to ignore.
private let template = Mutex<NameRecord?>(nil)

private struct CopiesTemplate: Record {
    @Field var name: String = ""
    var copy = NameRecord()
    init() {
        if let template = template.withLock({ $0 }) {
            copy = template
            copy.name = "changed"
        }
    }
}

private class BaseRecord: Record {
    @Field("A") var a: Int = 1
    required init() {}
}

private final class SubRecord: BaseRecord {
    @Field("B") var b: Int = 2
    required init() { super.init() }
}

private struct KeyedWithDefaultRecord: Record {
    @Field("first-key") var first: Int = 1
    @Field var inner: NameRecord = NameRecord()
    @Field("third-key", .required) var third: String = "t"
}

private let liveElements = Atomic<Int>(0)

private final class CountedRecord: Record {
    @Field var n: Int = 0
    init() { liveElements.add(1, ordering: .relaxed) }
    deinit { liveElements.subtract(1, ordering: .relaxed) }
}

private struct CountedList: Record {
    @Field var items: [CountedRecord] = []
}

/// Types decoded nowhere else: their layouts are learnt in the middle of another decoding.
private struct FreshInner: Record {
    @Field("k") var key: String = ""
    @Field var count: Int = 0
}

private struct FreshOuter: Record {
    @Field var before: String = ""
    @Field var inner: [FreshInner] = []
    @Field var after: String = ""
}

private struct TwoBadFieldsRecord: Record {
    @Field var first: Int = 0
    @Field var second: Int = 0
}

@Suite("Record: decoding as fields are created", .timeLimit(.minutes(20)))
struct RecordDecodingTests {
    @Test func presentKeysWinOverWhatInitAssigns() throws {
        let record = try AssigningRecord(from: ["title": "params"], appContext: context)
        #expect(record.title == "params")
        #expect(record.count == 3)
    }

    @Test func withoutTheKeyWhatInitAssignsStands() throws {
        let record = try AssigningRecord(from: [:], appContext: context)
        #expect(record.title == "from init")
        #expect(record.count == 3)
    }

    @Test func decodedFieldsCanBeChangedAfterwards() throws {
        var record = try AssigningRecord(from: ["title": "params", "count": 1], appContext: context)
        record.title = "changed"
        record.count += 1
        #expect(record.title == "changed")
        #expect(record.count == 2)
    }

    @Test func fieldsChangeInPlaceAfterDecoding() throws {
        var record = try ListRecord(from: ["items": ["a"]], appContext: context)
        record.items.append("b")
        record.items[0] = "A"
        #expect(record.items == ["A", "b"])
    }

    @Test func inPlaceChangesInInitLoseToPresentKeys() throws {
        #expect(try AppendingRecord(from: ["items": ["params"]], appContext: context).items == ["params"])
        #expect(try AppendingRecord(from: [:], appContext: context).items == ["declared", "from init"])
    }

    @Test func aConversionMayChangeTheRecordItJustDecoded() throws {
        let record = try ShoutingRecord(from: ["greeting": ["name": "hello"] as Dict, "after": "x"], appContext: context)
        #expect(record.greeting.inner.name == "HELLO")
        #expect(record.after == "x")
    }

    @Test func twoFieldsWithOneKeyBothTakeItsValue() throws {
        let record = try SameKeyRecord(from: ["name": "shared"], appContext: context)
        #expect(record.first == "shared")
        #expect(record.name == "shared")
    }

    @Test func keysMatchScalarForScalar() throws {
        let exact = try UnicodeKeyRecord(from: ["caf\u{E9}": 1, "K": 2, "a\u{316}\u{301}": 3], appContext: context)
        #expect(exact.cafe == 1 && exact.kelvin == 2 && exact.marked == 3)
        // The same text to Swift's `==`, but other scalars: a decomposed é, the Kelvin sign,
        // and the two marks the other way round (as many bytes as the key).
        let other = try UnicodeKeyRecord(from: ["cafe\u{301}": 1, "\u{212A}": 2, "a\u{301}\u{316}": 3], appContext: context)
        #expect(other.cafe == 0 && other.kelvin == 0 && other.marked == 0)
    }

    @Test func aClassRecordMayHoldItself() throws {
        let params: Dict = ["value": 1, "next": ["value": 2, "next": ["value": 3] as Dict] as Dict]
        let record = try LinkedRecord(from: params, appContext: context)
        #expect(record.value == 1)
        #expect(record.next?.value == 2)
        #expect(record.next?.next?.value == 3)
        #expect(record.next?.next?.next == nil)
    }

    @Test func theFirstBadFieldIsReported() throws {
        let error = try #require(throws: FieldError.self) {
            try TwoBadFieldsRecord(from: ["second": "two", "first": "one"], appContext: context)
        }
        #expect(error.field == "first")
    }

    @Test func aRecordWhoseInitCreatesOtherFieldsEachTimeIsAnError() throws {
        let error = #expect(throws: (any Error).self) { try AlternatingRecord(from: ["a": "one"], appContext: context) }
        #expect(error.map { "\($0)" }?.contains("created 2 fields, but 1 the first time") == true)
    }

    @Test func aDefaultMadeOnceWhileTheLayoutIsLearntIsLearntAgain() throws {
        let first = try Padded(from: ["label": "x", "insets": ["top": 3] as Dict, "after": "y"], appContext: context)
        #expect(first.label == "x" && first.insets.top == 3 && first.after == "y")
        let second = try Padded(from: ["label": "z"], appContext: context)
        #expect(second.label == "z" && second.insets.top == 0 && second.after == "")
    }

    @Test func recordsAConversionMakesAreItsOwn() throws {
        let record = try HoldsTagged(from: ["tagged": "hi", "after": "x"], appContext: context)
        #expect(record.tagged?.inner.name == "hi")
        #expect(record.after == "x")
    }

    @Test func aChangeToARecordDecodedOnAnotherThreadIsKept() throws {
        let made = DispatchSemaphore(value: 0)
        let decoded = Mutex<CopiesTemplate?>(nil)
        // Fresh threads, so that each decoding is its thread's first.
        Thread.detachNewThread {
            template.withLock { $0 = try? NameRecord(from: ["name": "template"], appContext: context) }
            made.signal()
        }
        try #require(made.wait(timeout: .now() + 60) == .success, "the decoding thread did not finish within 60 s")
        Thread.detachNewThread {
            decoded.withLock { $0 = try? CopiesTemplate(from: ["name": "own"], appContext: context) }
            made.signal()
        }
        try #require(made.wait(timeout: .now() + 60) == .success, "the decoding thread did not finish within 60 s")
        let record = try #require(decoded.withLock { $0 })
        #expect(record.name == "own")
        #expect(record.copy.name == "changed")
    }

    @Test func aSubclassSeenAsItsSuperclassListsAllItsFields() throws {
        let record: BaseRecord = SubRecord()
        #expect(KitTestSupport.canonical(record.toDictionary()) == KitTestSupport.canonical(["A": 1, "B": 2] as Dict))
        let decoded = try SubRecord(from: ["A": 5, "B": 6], appContext: context)
        #expect(decoded.a == 5 && decoded.b == 6)
    }

    @Test func dictionaryAndSchemaUseKeysPastFieldsOfDefaults() throws {
        let record = try KeyedWithDefaultRecord(from: ["first-key": 9, "third-key": "x", "inner": ["name": "n"] as Dict], appContext: context)
        #expect(KitTestSupport.canonical(record.toDictionary())
            == KitTestSupport.canonical(["first-key": 9, "inner": ["name": "n"] as Dict, "third-key": "x"] as Dict))
        let schema = KeyedWithDefaultRecord.jsonSchema
        #expect(schema["x-order"] as? [String] == ["first-key", "inner", "third-key"])
        #expect(schema["required"] as? [String] == ["third-key"])
    }

    @Test func elementsMadeBeforeABadOneAreFreed() throws {
        let before = liveElements.load(ordering: .relaxed)
        let error = try #require(throws: FieldError.self) {
            try CountedList(from: ["items": [["n": 1] as Dict, ["n": 2] as Dict, ["n": "x"] as Dict]], appContext: context)
        }
        #expect(error.path == "items[2].n")
        #expect(liveElements.load(ordering: .relaxed) == before)
    }

    @Test func deeplyNestedRecordsDecode() throws {
        // More open slots than the first buffer holds (64), so it grows mid-decoding.
        var params: Dict = ["value": 0]
        for level in 1...100 { params = ["value": level, "next": params] }
        var record: LinkedRecord? = try LinkedRecord(from: params, appContext: context)
        var values: [Int] = []
        while let current = record {
            values.append(current.value)
            record = current.next
        }
        #expect(values == Array((0...100).reversed()))
    }

    @Test func aLayoutLearntInTheMiddleOfAnotherDecodingIsRight() throws {
        let params: Dict = ["before": "b", "inner": [["k": "one", "count": 1] as Dict, ["k": "two"] as Dict], "after": "a"]
        let record = try FreshOuter(from: params, appContext: context)
        #expect(record.before == "b" && record.after == "a")
        #expect(record.inner.map(\.key) == ["one", "two"] && record.inner.map(\.count) == [1, 0])
    }

    @Test func threadsDecodeAtTheSameTime() {
        let mismatches = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<200 {
                let params: Dict = [
                    "value": thread * 1000 + round,
                    "next": ["value": round, "next": ["value": thread] as Dict] as Dict,
                ]
                let record = try? LinkedRecord(from: params, appContext: context)
                if record?.value != thread * 1000 + round || record?.next?.value != round
                    || record?.next?.next?.value != thread {
                    mismatches.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }
}
