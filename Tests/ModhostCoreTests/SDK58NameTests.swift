@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

// The host's own views under Expo UI SDK 58's names (issue 43, item 3): `onIsOnChange`,
// `onTextChange`, a Slider's `onEditingChanged` and `step: 0`, Button roles `default` and
// `close`, `testID` on every view, Toggle `systemImage`; the names they replaced still work,
// with one `deprecated-name` warning per connection.

private typealias J = SurfaceJSON

private func node(_ type: String, key: String, props: [(String, JSONValue)] = [], events: [String] = []) -> JSONValue {
    var object = JSONObject([("type", .string(type)), ("key", .string(key))])
    if !props.isEmpty { object["props"] = .object(JSONObject(props)) }
    if !events.isEmpty { object["events"] = .array(events.map { .string($0) }) }
    return .object(object)
}

private func act(_ client: SurfaceClient, _ node: String, _ gesture: String, _ extra: [(String, JSONValue)] = []) throws -> SurfaceExchange {
    try client.call("interact", .object(JSONObject([("surface", "main"), ("node", .string(node)), ("gesture", .string(gesture))] + extra)))
}

/// Each event of an exchange as `name{payload}`, in order.
private func sent(_ exchange: SurfaceExchange) -> [String] {
    exchange.events.compactMap { event in
        guard case let .object(payload)? = event["payload"], let (name, body) = Array(payload).first else { return nil }
        return name + body.jsonText
    }
}

@Suite("SDK 58 names of the host's views", .timeLimit(.minutes(20)))
struct SDK58NameTests {
    @Test func aToggleSendsOnIsOnChangeWithIsOn() throws {
        let client = try SurfaceClient.initialized()
        let mounted = try client.mount("main", node("Toggle", key: "t", props: [("isOn", false), ("label", "Wi-Fi")], events: ["onIsOnChange"]))
        try client.ok(mounted)
        #expect(mounted.diagnostics.isEmpty, "\(mounted.diagnostics)")
        let tapped = try act(client, "t", "tap")
        #expect(sent(tapped) == [#"onIsOnChange{"isOn":true}"#])
        #expect(tapped.result?["value"] == true)
    }

    @Test func theOlderNameStillWorksWithOneWarningPerConnection() throws {
        let client = try SurfaceClient.initialized()
        let mounted = try client.mount("main", J.node("VStack", children: [
            node("Toggle", key: "a", events: ["onValueChange"]), node("Toggle", key: "b", events: ["onValueChange"]),
        ]))
        try client.ok(mounted)
        let warnings = mounted.diagnostics.filter { $0["code"] == "deprecated-name" }
        #expect(warnings.count == 1, "one per view and name, not per node: \(mounted.diagnostics)")
        let warning = try #require(warnings.first)
        #expect(warning["severity"] == "warning")
        #expect(warning["surface"] == "main")
        #expect(warning["node"] == "a")
        #expect(warning["path"] == "root.children[0].events[0]")
        #expect(warning["key"] == "onValueChange")
        #expect(warning["replacement"] == "the event 'onIsOnChange' (payload {isOn})")
        #expect(warning["message"]?.stringValue?.contains("before Expo UI SDK 58") == true)
        // Served as before: the old name, the old payload.
        #expect(sent(try act(client, "a", "tap")) == [#"onValueChange{"value":true}"#])
        // Not again on this connection, in another surface either; a new connection hears it once.
        let again = try client.mount("other", node("Toggle", key: "c", events: ["onValueChange"]))
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics)")
        let fresh = try SurfaceClient.initialized(host: client.host)
        #expect(try fresh.mount("main", node("Toggle", key: "t", events: ["onValueChange"])).diagnostics.count == 1)
    }

    @Test func aNodeListeningToBothNamesHearsEachSDK58sFirst() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", node("Toggle", key: "t", props: [("isOn", true)], events: ["onValueChange", "onIsOnChange"])))
        #expect(sent(try act(client, "t", "tap")) == [#"onIsOnChange{"isOn":false}"#, #"onValueChange{"value":false}"#])
    }

    @Test func strictParamsDoNotRefuseAnOlderName() throws {
        let client = SurfaceClient(host: Host(registry: .tests))
        _ = try client.call("initialize", ["protocolVersion": 1, "strictParams": true])
        let mounted = try client.mount("main", node("TextField", key: "f", events: ["onChangeText"]))
        try client.ok(mounted)
        #expect(mounted.diagnostics.map(\.["code"]) == ["deprecated-name"])
    }

    @Test func aTextFieldSendsOnTextChange() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", node("TextField", key: "f", events: ["onTextChange", "onSubmit"])))
        #expect(sent(try act(client, "f", "type", [("text", "Hi")])) == [#"onTextChange{"value":"Hi"}"#])
        #expect(sent(try act(client, "f", "submit")) == [#"onSubmit{"value":"Hi"}"#])
    }

    @Test func aSlideIsAnEditBetweenOnEditingChangedTrueAndFalse() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", node("Slider", key: "s", props: [("value", 0.2)], events: ["onValueChange", "onEditingChanged"])))
        let slid = try act(client, "s", "slide", [("value", 0.7)])
        #expect(sent(slid) == [#"onEditingChanged{"isEditing":true}"#, #"onValueChange{"value":0.7}"#, #"onEditingChanged{"isEditing":false}"#])
        // A node listening to the value only hears the value.
        try client.ok(client.update("main", node("Slider", key: "s", props: [("value", 0.7)], events: ["onValueChange"])))
        #expect(sent(try act(client, "s", "slide", [("value", 0.1)])) == [#"onValueChange{"value":0.1}"#])
    }

    @Test func stepZeroIsAContinuousSlider() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", node("Slider", key: "s", props: [("min", 0), ("max", 10), ("step", 0)])))
        #expect(try act(client, "s", "slide", [("value", 3.37)]).result?["value"] == 3.37)
        try client.ok(client.update("main", node("Slider", key: "s", props: [("min", 0), ("max", 10), ("step", 2)])))
        #expect(try act(client, "s", "slide", [("value", 3.37)]).result?["value"] == 4)
    }

    @Test func sdk58PropsPassWithoutAWordOnEveryView() throws {
        let client = try SurfaceClient.initialized()
        let children: [JSONValue] = ViewKind.names.enumerated().map { index, name in
            var props: [(String, JSONValue)] = [("testID", .string("id-\(index)"))]
            if name == "Button" { props.append(("role", "close")) }
            if name == "Toggle" { props.append(("systemImage", "wifi")) }
            return node(name, key: "n\(index)", props: props)
        }
        let mounted = try client.mount("main", J.node("VStack", children: children))
        try client.ok(mounted)
        #expect(mounted.diagnostics.isEmpty, "\(mounted.diagnostics)")
        // testID is shown with the props.
        let root = try client.root()
        #expect(root["children"]?[0]?["props"]?["testID"] == "id-0")
        // Every role SDK 58 has is accepted.
        for role in ["default", "cancel", "destructive", "close"] {
            let updated = try client.update("main", node("Button", key: "b", props: [("role", .string(role))]))
            #expect(updated.result != nil && updated.diagnostics.isEmpty, "\(role): \(updated.diagnostics)")
        }
    }

    @Test func aTextHoldsTextSegments() throws {
        let client = try SurfaceClient.initialized()
        let segments: JSONValue = [
            "type": "Text", "key": "t",
            "children": [["type": "Text", "props": ["text": "Hello "]], ["type": "Text", "key": "w", "props": ["text": "world"]]],
        ]
        try client.ok(client.mount("main", segments))
        let root = try client.root()
        #expect(root["children"]?.arrayValue?.map { $0["props"]?["text"] } == ["Hello ", "world"])
        // Only Text segments: anything else fails at its place, in a tree or in a patch.
        let image: JSONValue = ["type": "Text", "children": [["type": "Text"], ["type": "Image"]]]
        let refused = try client.update("main", image)
        #expect(refused.error?["data"] == ["path": "root.children[1].type", "expected": "Text", "got": "Image"])
        let insert: JSONValue = ["op": "insert", "parent": "t", "node": ["type": "Spacer"]]
        let patched = try client.call("update", ["surface": "main", "patch": [insert]])
        #expect(patched.error?["data"]?["path"] == "patch[0].node.type")
        #expect(try client.root()["children"]?.arrayValue?.count == 2, "a refused patch changes nothing")
    }

    /// SDK 58's `<Toggle isOn={…}><Text>Wi-Fi</Text><Text>Home</Text></Toggle>`: the children
    /// are its title and subtitle, and a tap on them flips it; a Label's children are its title.
    @Test func aTogglesAndALabelsChildrenAreTheirTitle() throws {
        let client = try SurfaceClient.initialized()
        let toggle: JSONValue = [
            "type": "Toggle", "key": "wifi", "props": ["isOn": false], "events": ["onIsOnChange"],
            "children": [["type": "VStack", "children": [["type": "Text", "props": ["text": "Wi-Fi"]], ["type": "Text", "key": "sub", "props": ["text": "Home"]]]]],
        ]
        let label: JSONValue = ["type": "Label", "key": "l", "props": ["systemImage": "envelope"], "children": [["type": "Text", "props": ["text": "Mail"]]]]
        let mounted = try client.mount("main", J.node("VStack", children: [toggle, label]))
        try client.ok(mounted)
        #expect(mounted.diagnostics.isEmpty, "\(mounted.diagnostics)")
        let root = try client.root()
        #expect(root["children"]?[0]?["children"]?[0]?["children"]?[1]?["id"] == "sub")
        #expect(root["children"]?[1]?["children"]?[0]?["props"]?["text"] == "Mail")
        let tapped = try act(client, "sub", "tap")
        #expect(try client.ok(tapped)["node"] == "wifi")
        #expect(sent(tapped) == [#"onIsOnChange{"isOn":true}"#])
        #expect(try client.root()["children"]?[0]?["value"] == true)
    }

    /// SDK 58's `<Image systemName="star" onPress={…} variableValue={0.5} />`.
    @Test func anImageWithOnPressTakesATapAndVariableValueIsAProp() throws {
        let client = try SurfaceClient.initialized()
        let star = node("Image", key: "star", props: [("systemName", "star"), ("variableValue", 0.5)], events: ["onPress"])
        let plain = node("Image", key: "plain", props: [("systemName", "star")])
        let mounted = try client.mount("main", J.node("HStack", children: [star, plain]))
        try client.ok(mounted)
        #expect(mounted.diagnostics.isEmpty, "\(mounted.diagnostics)")
        let tapped = try act(client, "star", "tap")
        #expect(try client.ok(tapped) == ["handled": true, "node": "star", "view": "Image"])
        #expect(sent(tapped) == ["onPress{}"])
        #expect(try act(client, "plain", "tap").result?["handled"] == false, "an Image without onPress takes no tap")
        #expect(try client.root()["children"]?[0]?["props"]?["variableValue"] == 0.5)
    }

    @Test func anImagesOlderSystemImageIsServedWithAWarning() throws {
        let client = try SurfaceClient.initialized()
        let mounted = try client.mount("main", node("Image", key: "i", props: [("systemImage", "star")]))
        try client.ok(mounted)
        #expect(mounted.diagnostics.map(\.["path"]) == ["root.props.systemImage"])
        #expect(mounted.diagnostics.first?["replacement"] == "the prop 'systemName'")
        #expect(try client.root()["props"]?["systemImage"] == "star")
    }
}
