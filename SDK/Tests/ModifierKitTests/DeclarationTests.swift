import Testing
@_spi(ModhostHost) import ModifierKit

// What a plugin declares beyond its fields' types: field descriptions, a modifier's
// description and event payload, and the params keys it does not declare.

private struct DescribedAction: Record {
    @Field(.required, .description("Routes the tap back")) var id: String = ""
    @Field("title", .description("Shown on the button")) var label: String = "Go"
}

private struct DescribedModifier: Record, ViewModifier {
    @Field(.description("Buttons, first nearest the edge")) var actions: [DescribedAction] = []
    @Field(.description("The accent")) var tint: Color = .blue
    @Field var plain: Int = 0

    func body(content: Content) -> some View { content }
}

private struct BoundedRecord: Record {
    @Field(.minimum(0), .maximum(1)) var opacity: Double = 1
    @Field(.minimum(1)) var count: Int = 1
    @Field(.exclusiveMinimum(0)) var ratio: Double?
    @Field(.required, .maximum(-0.5)) var below: Double = -1
}

private struct TapPayload: Record {
    @Field var id: String = ""
    @Field var detail: DescribedAction?
}

@Suite("Declarations", .timeLimit(.minutes(20)))
struct DeclarationTests {
    @Test func aFieldsDescriptionIsInItsSchemaBeforeTheColourForms() throws {
        let properties = try #require(DescribedModifier.jsonSchema["properties"] as? [String: Any])
        let actions = try #require(properties["actions"] as? [String: Any])
        #expect(actions["description"] as? String == "Buttons, first nearest the edge")
        let item = try #require((actions["items"] as? [String: Any])?["properties"] as? [String: Any])
        #expect((item["id"] as? [String: Any])?["description"] as? String == "Routes the tap back")
        // A custom key keeps its description.
        #expect((item["title"] as? [String: Any])?["description"] as? String == "Shown on the button")
        let tint = try #require((properties["tint"] as? [String: Any])?["description"] as? String)
        #expect(tint.hasPrefix("The accent\n\n#RGB"))
        #expect((properties["plain"] as? [String: Any])?["description"] == nil)
    }

    @Test func aDescriptionDoesNotChangeDecoding() throws {
        let action = try DescribedAction(from: ["id": "a", "title": "Delete"], appContext: KitTestSupport.context)
        #expect(action.id == "a" && action.label == "Delete")
        #expect(throws: FieldError.self) { try DescribedAction(from: ["title": "x"], appContext: KitTestSupport.context) }
    }

    @Test func aRegistrationCarriesItsDescriptionAndEventSchema() throws {
        let type = "DeclarationTests.declared"
        ViewModifierRegistry.register(type, description: "Does a thing", event: TapPayload.self) { params, context, _ in
            try DescribedModifier(from: params, appContext: context)
        }
        defer { ViewModifierRegistry.unregister(type) }
        let entry = try #require(ModifierRegistry.standalone.entry(for: type))
        #expect(entry.description == "Does a thing")
        let event = try #require(PluginHostSupport.eventSchema(of: entry))
        // Events carry every field (optional ones as null): all required, no defaults.
        #expect(event["required"] as? [String] == ["id", "detail"])
        let properties = try #require(event["properties"] as? [String: Any])
        #expect((properties["id"] as? [String: Any])?["default"] == nil)
        let detail = try #require((properties["detail"] as? [String: Any])?["anyOf"] as? [Any])
        let nested = try #require(detail.first as? [String: Any])
        #expect(nested["required"] as? [String] == ["id", "title"])
    }

    @Test func aPlainRegistrationDeclaresNoEvent() throws {
        let type = "DeclarationTests.plain"
        ViewModifierRegistry.register(type) { _, _, _ in ProbeModifier() }
        defer { ViewModifierRegistry.unregister(type) }
        let entry = try #require(ModifierRegistry.standalone.entry(for: type))
        #expect(entry.description == nil)
        #expect(PluginHostSupport.eventSchema(of: entry) == nil)
    }

    @Test func keysNoFieldDeclaresAreCountedAtEveryLevelButTypeIsNot() throws {
        let context = KitTestSupport.context
        var before = PluginHostSupport.unknownKeysCounted
        _ = try DescribedModifier(from: ["$type": "x", "actions": [["id": "a", "title": "A"]], "plain": 1], appContext: context)
        #expect(PluginHostSupport.unknownKeysCounted == before)
        before = PluginHostSupport.unknownKeysCounted
        let misspelt = try DescribedModifier(from: ["$type": "x", "action": [], "actions": [["id": "a", "label": "A"]]], appContext: context)
        // `action` at the top, and `label` (the key is `title`) inside the first action.
        #expect(PluginHostSupport.unknownKeysCounted == before + 2)
        #expect(misspelt.actions.first?.label == "Go")
    }

    @Test func boundsAreInTheSchemaInsideAnOptionalsType() throws {
        let properties = try #require(BoundedRecord.jsonSchema["properties"] as? [String: Any])
        let opacity = try #require(properties["opacity"] as? [String: Any])
        #expect(opacity["minimum"] as? Int == 0 && opacity["maximum"] as? Int == 1 && opacity["default"] as? Double == 1)
        #expect((properties["count"] as? [String: Any])?["minimum"] as? Int == 1)
        let ratio = try #require((properties["ratio"] as? [String: Any])?["anyOf"] as? [Any])
        #expect((ratio.first as? [String: Any])?["exclusiveMinimum"] as? Int == 0)
        #expect((ratio.last as? [String: Any])?["exclusiveMinimum"] == nil)
        #expect((properties["below"] as? [String: Any])?["maximum"] as? Double == -0.5)
    }

    @Test func aValueOutOfBoundsIsRefusedAtItsFieldWithWhatWasExpected() throws {
        let context = KitTestSupport.context
        let decoded = try BoundedRecord(from: ["opacity": 0, "count": 3, "ratio": 0.5, "below": -2], appContext: context)
        #expect(decoded.opacity == 0 && decoded.count == 3 && decoded.ratio == 0.5)
        // nil has nothing to check; the bounds themselves are admitted.
        _ = try BoundedRecord(from: ["opacity": 1, "count": 1, "ratio": JSNull(), "below": -0.5], appContext: context)
        let cases: [(Dict, String, String, String)] = [
            (["opacity": 1.5, "below": -1], "opacity", "1.5", "expected a number from 0 to 1"),
            (["count": 0, "below": -1], "count", "0", "expected an integer of 1 or more"),
            (["ratio": 0, "below": -1], "ratio", "0", "expected a number more than 0"),
            (["below": 0], "below", "0", "expected a number of -0.5 or less"),
        ]
        for (params, field, value, expected) in cases {
            let error = try #require(throws: FieldError.self) { try BoundedRecord(from: params, appContext: context) }
            #expect(error.path == field && error.value == value, "\(error)")
            #expect("\(error)".hasSuffix(expected), "\(error)")
        }
    }

    @Test func optionsCompareByCaseAndText() {
        #expect(FieldOption.minimum(1) == .minimum(1) && FieldOption.minimum(1) != .maximum(1))
        #expect(FieldOption.required == .required)
        #expect(FieldOption.description("a") == .description("a"))
        #expect(FieldOption.description("a") != .description("b"))
        #expect(FieldOption.description("a") != .required)
    }
}

private struct ProbeModifier: ViewModifier {
    func body(content: Content) -> some View { content }
}
