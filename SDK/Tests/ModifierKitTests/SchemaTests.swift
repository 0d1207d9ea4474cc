import Testing
@_spi(ModhostHost) import ModifierKit

private let canonical = KitTestSupport.canonical

private enum SchemaEdge: String, Enumerable {
    case leading, trailing
}

private struct SchemaAction: Record {
    @Field(.required) var id: String = ""
    @Field var label: String = "Action"
    @Field var tint: Color?
}

private struct SchemaModifier: Record {
    @Field(.required) var name: String = ""
    @Field var enabled: Bool = true
    @Field var off: Bool = false
    @Field var count: Int = 3
    @Field var scale: Double = 1.5
    @Field var subtitle: String?
    @Field var actions: [SchemaAction] = []
    @Field var tint: Color = .blue
    @Field var edge: SchemaEdge = .trailing
    @Field("maybeEdge") var optionalEdge: SchemaEdge?
    @Field var fallback: String? = "none"
    @Field var weights: [String: Double] = [:]
}

private struct SchemaNoRequired: Record {
    @Field var a: Int = 0
}

private final class SchemaTreeNode: Record {
    @Field var label: String = ""
    @Field var children: [SchemaTreeNode] = []
}

// A record holding an optional of itself is a class: fields store their values inline, and
// a struct cannot contain itself (an array of itself is fine, its elements live elsewhere).
private final class SchemaLinked: Record {
    @Field var value: Int = 0
    @Field var next: SchemaLinked?
}

private struct SchemaPing: Record {
    @Field var pong: SchemaPong?
}

private struct SchemaPong: Record {
    @Field var pings: [SchemaPing] = []
}

/// The schema dictionary at `key` of `object`.
private func object(_ object: [String: Any], _ key: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    try #require(object[key] as? [String: Any], "no object at '\(key)' in \(object)", sourceLocation: sourceLocation)
}

private func property(_ name: String, of schema: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    try object(object(schema, "properties", sourceLocation: sourceLocation), name, sourceLocation: sourceLocation)
}

@Suite("JSON Schema", .timeLimit(.minutes(20)))
struct SchemaTests {
    let schema = SchemaModifier.jsonSchema

    @Test func recordIsAnObjectWithOnePropertyPerFieldInDeclarationOrder() throws {
        #expect(schema["type"] as? String == "object")
        let properties = try object(schema, "properties")
        let expected = ["name", "enabled", "off", "count", "scale", "subtitle", "actions", "tint", "edge", "maybeEdge", "fallback", "weights"]
        #expect(Set(properties.keys) == Set(expected))
        #expect(schema["x-order"] as? [String] == expected)
    }

    @Test func requiredListsOnlyRequiredFields() {
        #expect(schema["required"] as? [String] == ["name"])
    }

    @Test func recordWithoutRequiredFieldsHasNoRequiredList() {
        #expect(SchemaNoRequired.jsonSchema["required"] == nil)
    }

    @Test func scalarFieldsHaveTheirTypesAndDefaults() throws {
        let name = try property("name", of: schema)
        #expect(name["type"] as? String == "string")
        // `name` is required: the value its declaration gives is never used, so no default.
        #expect(name["default"] == nil)
        let enabled = try property("enabled", of: schema)
        #expect(enabled["type"] as? String == "boolean")
        #expect(enabled["default"] as? Bool == true)
        let off = try property("off", of: schema)
        #expect(off["default"] as? Bool == false)
        let count = try property("count", of: schema)
        #expect(count["type"] as? String == "integer")
        #expect(count["default"] as? Int == 3)
        let scale = try property("scale", of: schema)
        #expect(scale["type"] as? String == "number")
        #expect(scale["default"] as? Double == 1.5)
    }

    @Test func optionalFieldIsAnyOfItsTypeAndNullWithoutDefault() throws {
        let subtitle = try property("subtitle", of: schema)
        #expect(canonical(subtitle) == canonical(["anyOf": [["type": "string"], ["type": "null"]]] as Dict))
        #expect(subtitle["default"] == nil)
    }

    @Test func optionalFieldWithNonNilDefaultCarriesTheDefault() throws {
        let fallback = try property("fallback", of: schema)
        let anyOf = try #require(fallback["anyOf"] as? [Any])
        #expect(anyOf.count == 2)
        #expect((anyOf.first as? [String: Any])?["type"] as? String == "string")
        #expect(canonical(anyOf.last ?? "") == canonical(["type": "null"] as Dict))
        #expect(fallback["default"] as? String == "none")
    }

    @Test func colourFieldIsAStringWithColorFormatAndHexDefault() throws {
        let tint = try property("tint", of: schema)
        #expect(tint["type"] as? String == "string")
        #expect(tint["format"] as? String == "color")
        #expect(tint["default"] as? String == "#007AFFFF")
        #expect((tint["description"] as? String)?.isEmpty == false)
    }

    @Test func enumFieldListsItsValuesAndDefault() throws {
        let edge = try property("edge", of: schema)
        #expect(edge["type"] as? String == "string")
        #expect(edge["enum"] as? [String] == ["leading", "trailing"])
        #expect(edge["default"] as? String == "trailing")
    }

    @Test func optionalEnumWithCustomKeyIsAnyOfEnumAndNull() throws {
        let edge = try property("maybeEdge", of: schema)
        #expect(canonical(edge) == canonical(["anyOf": [["type": "string", "enum": ["leading", "trailing"]], ["type": "null"]]] as Dict))
        #expect(try object(schema, "properties")["optionalEdge"] == nil)
    }

    @Test func arrayOfRecordsDescribesTheElementRecordUnderItems() throws {
        let actions = try property("actions", of: schema)
        #expect(actions["type"] as? String == "array")
        #expect(canonical(actions["default"] ?? "absent") == canonical([Any]()))
        let items = try object(actions, "items")
        #expect(items["type"] as? String == "object")
        #expect(items["required"] as? [String] == ["id"])
        #expect(items["x-order"] as? [String] == ["id", "label", "tint"])
        #expect(try property("label", of: items)["default"] as? String == "Action")
        #expect(try property("tint", of: items)["anyOf"] != nil)
        #expect(canonical(items) == canonical(SchemaAction.jsonSchema))
    }

    @Test func dictionaryFieldDescribesItsValuesAsAdditionalProperties() throws {
        let weights = try property("weights", of: schema)
        #expect(weights["type"] as? String == "object")
        #expect(canonical(try object(weights, "additionalProperties")) == canonical(["type": "number"] as Dict))
    }

    @Test func scalarTypeSchemas() {
        #expect(canonical(String.jsonSchema) == canonical(["type": "string"] as Dict))
        #expect(canonical(Bool.jsonSchema) == canonical(["type": "boolean"] as Dict))
        #expect(canonical(Int.jsonSchema) == canonical(["type": "integer"] as Dict))
        #expect(canonical(Double.jsonSchema) == canonical(["type": "number"] as Dict))
        #expect(canonical([Int].jsonSchema) == canonical(["type": "array", "items": ["type": "integer"]] as Dict))
        #expect(canonical(Int?.jsonSchema) == canonical(["anyOf": [["type": "integer"], ["type": "null"]]] as Dict))
    }

    @Test func recordContainingAnArrayOfItselfEndsWithARecursiveMarker() throws {
        let tree = SchemaTreeNode.jsonSchema
        #expect(tree["type"] as? String == "object")
        let items = try object(try property("children", of: tree), "items")
        #expect(items["type"] as? String == "object")
        #expect(items["properties"] == nil)
        #expect((items["description"] as? String)?.contains("recursive") == true)
    }

    @Test func recordContainingAnOptionalOfItselfEndsWithARecursiveMarker() throws {
        let linked = SchemaLinked.jsonSchema
        let next = try property("next", of: linked)
        let anyOf = try #require(next["anyOf"] as? [Any])
        let inner = try #require(anyOf.first as? [String: Any])
        #expect(inner["properties"] == nil)
        #expect((inner["description"] as? String)?.contains("recursive") == true)
    }

    @Test func mutuallyRecursiveRecordsEndAndDescribeEachOnce() throws {
        let ping = SchemaPing.jsonSchema
        let pong = try #require((try property("pong", of: ping)["anyOf"] as? [Any])?.first as? [String: Any])
        #expect(pong["type"] as? String == "object")
        #expect(pong["properties"] != nil)
        let pingAgain = try object(try property("pings", of: pong), "items")
        #expect(pingAgain["properties"] == nil)
        #expect((pingAgain["description"] as? String)?.contains("recursive") == true)
    }

    @Test func sameRecordTwiceSideBySideIsDescribedFullyBothTimes() throws {
        // Only a record inside itself is recursive; siblings of the same type are not.
        struct Pair: Record {
            @Field var left: SchemaAction = SchemaAction()
            @Field var right: SchemaAction = SchemaAction()
        }
        let pair = Pair.jsonSchema
        #expect(try property("left", of: pair)["properties"] != nil)
        #expect(try property("right", of: pair)["properties"] != nil)
    }
}
