import Dispatch
import Synchronization
import Testing
import ModifierKit

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

/// Creates a second field in `init()` only when `extraField` is set: its fields cannot be
/// told apart by their order.
private final class ShiftingRecord: Record {
    static let extraField = Atomic<Bool>(false)
    @Field var a: String = ""
    var extra: Field<String>?
    init() {
        if Self.extraField.load(ordering: .relaxed) { extra = Field(wrappedValue: "") }
    }
}

private struct TwoBadFieldsRecord: Record {
    @Field var first: Int = 0
    @Field var second: Int = 0
}

@Suite("Record: decoding as fields are created")
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
        ShiftingRecord.extraField.store(false, ordering: .relaxed)
        #expect(try ShiftingRecord(from: ["a": "one"], appContext: context).a == "one")
        ShiftingRecord.extraField.store(true, ordering: .relaxed)
        defer { ShiftingRecord.extraField.store(false, ordering: .relaxed) }
        let error = #expect(throws: (any Error).self) { try ShiftingRecord(from: ["a": "two"], appContext: context) }
        #expect("\(error!)".contains("created 2 fields, but 1 the first time"))
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
