import Testing
@_spi(ModhostHost) import ModifierKit

private let context = KitTestSupport.context
private let canonical = KitTestSupport.canonical

private enum SerialEdge: String, Enumerable {
    case top, bottom
}

private final class SerialAction: Record {
    @Field var id: String = ""
    @Field var tint: Color?
}

private struct SerialRecord: Record {
    @Field var name: String = "n"
    @Field var flag: Bool = true
    @Field var count: Int = 2
    @Field var scale: Double = 0.75
    @Field var subtitle: String?
    @Field("tintColor") var tint: Color = .red
    @Field var edge: SerialEdge = .bottom
    @Field var actions: [SerialAction] = []
    @Field var table: [String: Int] = ["one": 1]
    @Field var nested: [[String]] = [["a"], []]
}

@Suite("Record: toDictionary and jsonValue", .timeLimit(.minutes(20)))
struct RecordSerializationTests {
    @Test func toDictionaryOfDefaultsUsesKeysAndParamsShapes() {
        let dictionary = SerialRecord().toDictionary()
        #expect(canonical(dictionary) == canonical([
            "name": "n", "flag": true, "count": 2, "scale": 0.75, "subtitle": JSNull(),
            "tintColor": "#FF3B30FF", "edge": "bottom", "actions": [Any](), "table": ["one": 1],
            "nested": [["a"], [Any]()],
        ] as Dict))
    }

    @Test func toDictionaryReflectsDecodedValues() throws {
        let record = try SerialRecord(from: [
            "name": "x", "subtitle": "s", "tintColor": "#0000FF80", "edge": "top",
            "actions": [["id": "a", "tint": "white"], ["id": "b"]],
        ], appContext: context)
        let dictionary = record.toDictionary()
        #expect(dictionary["name"] as? String == "x")
        #expect(dictionary["subtitle"] as? String == "s")
        #expect(dictionary["tintColor"] as? String == "#0000FF80")
        #expect(dictionary["edge"] as? String == "top")
        #expect(canonical(dictionary["actions"] ?? "absent")
            == canonical([["id": "a", "tint": "#FFFFFFFF"], ["id": "b", "tint": JSNull()]] as [Any]))
    }

    @Test func decodingToDictionaryGivesAnEqualRecord() throws {
        let original = try SerialRecord(from: [
            "name": "round", "flag": false, "count": -3, "scale": 12.5, "subtitle": "trip",
            "tintColor": "rgb(10, 20, 30)", "edge": "top",
            "actions": [["id": "one", "tint": "teal"]], "table": ["x": 9, "y": 0], "nested": [["p", "q"]],
        ], appContext: context)
        let copy = try SerialRecord(from: original.toDictionary(), appContext: context)
        #expect(canonical(copy.toDictionary()) == canonical(original.toDictionary()))
        #expect(copy.name == "round")
        #expect(copy.flag == false)
        #expect(copy.count == -3)
        #expect(copy.scale == 12.5)
        #expect(copy.subtitle == "trip")
        #expect(copy.tint == Color(red: 10, green: 20, blue: 30, alpha: 255))
        #expect(copy.edge == .top)
        #expect(copy.actions.map(\.id) == ["one"])
        #expect(copy.actions.first?.tint == Color(red: 0, green: 128, blue: 128, alpha: 255))
        #expect(copy.table == ["x": 9, "y": 0])
        #expect(copy.nested == [["p", "q"]])
    }

    @Test func recordJSONValueIsItsDictionary() {
        let record = SerialRecord()
        #expect(canonical(record.jsonValue) == canonical(record.toDictionary()))
    }

    @Test func colourJSONValueIsCanonicalHex() throws {
        #expect(Color.blue.jsonValue as? String == "#007AFFFF")
        #expect(Color.clear.jsonValue as? String == "#00000000")
        #expect(try Color(parsing: "#abc").jsonValue as? String == "#AABBCCFF")
    }

    @Test func scalarOptionalAndContainerJSONValues() {
        #expect(canonical("s".jsonValue) == "\"s\"")
        #expect(canonical(true.jsonValue) == "true")
        #expect(canonical(5.jsonValue) == "int:5")
        #expect(canonical(2.5.jsonValue) == "double:2.5")
        #expect(Optional<Int>.none.jsonValue is JSNull)
        #expect(canonical(Optional<Int>.some(3).jsonValue) == "int:3")
        #expect(canonical([Color.white, Color.black].jsonValue) == canonical(["#FFFFFFFF", "#000000FF"] as [Any]))
        #expect(canonical(["k": SerialEdge.top].jsonValue) == canonical(["k": "top"] as Dict))
        #expect(SerialEdge.bottom.jsonValue as? String == "bottom")
    }

    @Test func typeNamesReadAsSwiftSpellsThem() {
        #expect(String.typeName == "String")
        #expect(Int?.typeName == "Int?")
        #expect([Color].typeName == "[Color]")
        #expect([String: [Double?]].typeName == "[String: [Double?]]")
        #expect(SerialRecord.typeName == "SerialRecord")
        #expect([SerialAction]?.typeName == "[SerialAction]?")
        #expect(SerialEdge.typeName == "SerialEdge")
    }

    @Test func recordConvertsFromAnObjectValue() throws {
        let action = try SerialAction.convert(from: ["id": "c", "tint": "black"] as Dict, appContext: context)
        #expect(action.id == "c")
        #expect(action.tint == .black)
        #expect(throws: ConversionError.self) { try SerialAction.convert(from: "c", appContext: context) }
    }
}
