@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

/// The `ModifierInfo` of `type` in a `modifiers` list.
private func info(_ type: String, in modifiers: JSONValue?) -> JSONValue? {
    modifiers?.arrayValue?.first { $0["type"]?.stringValue == type }
}

@Suite("Surface: initialize and describe list the registered types", .timeLimit(.minutes(20)))
struct SurfaceDescribeTests {
    /// The `initialize` result of a fresh client.
    private func initializeResult() throws -> JSONValue {
        let client = SurfaceClient(host: Host(registry: .tests))
        let answer = try client.call("initialize", ["protocolVersion": 1])
        return try #require(answer.result)
    }

    private func describeResult() throws -> JSONValue {
        let client = try SurfaceClient.initialized()
        return try #require(client.call("describe").result)
    }

    @Test func initializeListsEveryTestType() throws {
        let modifiers = try initializeResult()["modifiers"]
        for type in SurfaceTestTypes.all {
            #expect(info(type, in: modifiers) != nil, "\(type) is missing")
        }
    }

    @Test func describeListsEveryTestType() throws {
        let modifiers = try describeResult()["modifiers"]
        for type in SurfaceTestTypes.all {
            #expect(info(type, in: modifiers) != nil, "\(type) is missing")
        }
    }

    @Test func initializeAndDescribeListTheSameModifiersAndViews() throws {
        let client = SurfaceClient(host: Host(registry: .tests))
        let initialized = try #require(client.call("initialize", ["protocolVersion": 1]).result)
        let described = try #require(client.call("describe").result)
        #expect(initialized["modifiers"] == described["modifiers"])
        #expect(initialized["views"] == described["views"])
        #expect(described["plugins"] == [])
    }

    @Test func modifierInfoHasTypePluginModuleAndParams() throws {
        let swipe = try #require(info(SurfaceTestTypes.swipe, in: try describeResult()["modifiers"]))
        #expect(swipe["type"] == .string(SurfaceTestTypes.swipe))
        // Registered by the SwipeActions plugin's module, as a host loads it.
        #expect(swipe["plugin"] == "SwipeActions")
        #expect(swipe["module"] == "SwipeActionsModule")
        #expect(swipe["params"]?["type"] == "object")
    }

    @Test func schemaPinsTheTypeWithConst() throws {
        let swipe = try #require(info(SurfaceTestTypes.swipe, in: try describeResult()["modifiers"]))
        #expect(swipe["params"]?["properties"]?["$type"] == ["const": .string(SurfaceTestTypes.swipe)])
        #expect(swipe["params"]?["required"]?.arrayValue?.contains("$type") == true)
    }

    @Test func schemaListsTheRecordsFieldsInDeclarationOrder() throws {
        let swipe = try #require(info(SurfaceTestTypes.swipe, in: try describeResult()["modifiers"]))
        let keys = swipe["params"]?["properties"]?.objectValue?.keys
        #expect(keys == ["$type", "leading", "trailing", "allowsFullSwipe"])
    }

    @Test func schemaDescribesAllowsFullSwipeWithItsDefault() throws {
        let swipe = try #require(info(SurfaceTestTypes.swipe, in: try describeResult()["modifiers"]))
        #expect(swipe["params"]?["properties"]?["allowsFullSwipe"] == [
            "default": false, "description": "Whether a full swipe performs the first action of an edge", "type": "boolean",
        ])
    }

    @Test func schemaDescribesTheActionRecord() throws {
        let swipe = try #require(info(SurfaceTestTypes.swipe, in: try describeResult()["modifiers"]))
        let trailing = swipe["params"]?["properties"]?["trailing"]
        #expect(trailing?["type"] == "array")
        #expect(trailing?["default"] == [])
        let item = trailing?["items"]
        #expect(item?["type"] == "object")
        #expect(item?["properties"]?.objectValue?.keys == ["id", "label", "systemImage", "tint", "role"])
        #expect(item?["required"] == ["id"])
    }

    @Test func schemaGivesTheRoleEnumAndOptionality() throws {
        let swipe = try #require(info(SurfaceTestTypes.swipe, in: try describeResult()["modifiers"]))
        let role = swipe["params"]?["properties"]?["trailing"]?["items"]?["properties"]?["role"]
        let variants = role?["anyOf"]?.arrayValue
        #expect(variants?.contains(["type": "string", "enum": ["destructive", "cancel"]]) == true)
        #expect(variants?.contains(["type": "null"]) == true)
    }

    @Test func schemaMarksRequiredFieldsOfAModifier() throws {
        let deferred = try #require(info(SurfaceTestTypes.deferred, in: try describeResult()["modifiers"]))
        #expect(deferred["params"]?["required"] == ["$type", "tag"])
    }

    @Test func viewsListsTheKnownViews() throws {
        let views = try initializeResult()["views"]
        #expect(views == .array(ViewKind.names.map { .string($0) }))
        let names = views?.arrayValue?.compactMap(\.stringValue) ?? []
        for view in ["List", "Section", "HStack", "VStack", "ZStack", "Text", "Label", "Image", "Button", "Spacer"] {
            #expect(names.contains(view))
        }
    }
}
