@_spi(ModhostHost) import ModhostCore
import ModhostWire
import ModifierKit
import Testing

private typealias J = SurfaceJSON

private func goodTree() -> JSONValue {
    J.list([
        J.row("a", modifiers: [J.swipe(trailing: [J.action("a1", label: "A1")])]),
        J.row("b", modifiers: [J.swipe(trailing: [J.action("b1", label: "B1"), J.action("b2", label: "B2", tint: "#00FF00")])]),
    ])
}

/// `goodTree` with the tint of `root.children[1].modifiers[0].trailing[1]` made unreadable.
private func badTintTree() -> JSONValue {
    J.list([
        J.row("a", modifiers: [J.swipe(trailing: [J.action("a1", label: "A1"), J.action("a2", label: "A2")])]),
        J.row("b", modifiers: [J.swipe(trailing: [J.action("b1", label: "B1"), J.action("b2", label: "B2", tint: "not-a-colour")])]),
    ])
}

@Suite("Surface: view names", .timeLimit(.minutes(20)))
struct ViewKindNameTests {
    @Test func everyViewIsFoundByItsWireName() {
        for kind in ViewKind.builtIn { #expect(ViewKind(name: kind.rawValue) == kind) }
        #expect(ViewKind(name: ViewKind.plugin.rawValue) == nil, "no node names the plugin case itself")
    }

    @Test(arguments: ["list", "LIST", "hstack", "Text ", "", "Stack", "Marquee"])
    func namesAreExactAndCaseSensitive(name: String) {
        #expect(ViewKind(name: name) == nil)
    }
}

@Suite("Surface: a failed mount or update changes nothing", .timeLimit(.minutes(20)))
struct SurfaceAtomicFailureTests {
    @Test func theFirstErrorInDocumentOrderIsReported() throws {
        let client = try SurfaceClient.initialized()
        // Bad params in row 0, a node of an unknown view in row 1: the tree is read once,
        // depth first, so row 0's error is the one reported, and either way nothing mounts.
        let tree = J.list([
            J.row("a", modifiers: [J.swipe(trailing: [J.action("a1", tint: "not-a-colour")])]),
            J.node("Marquee", key: "b"),
        ])
        let answer = try client.mount("main", tree)
        #expect(answer.errorPath == "root.children[0].modifiers[0].trailing[0].tint")
        let reversed = J.list([
            J.node("Marquee", key: "b"),
            J.row("a", modifiers: [J.swipe(trailing: [J.action("a1", tint: "not-a-colour")])]),
        ])
        #expect(try client.mount("main", reversed).errorPath == "root.children[0].type")
        #expect(try client.snapshot().errorCode == -32602)
    }

    @Test func aDuplicateKeyAfterBuiltModifiersStillChangesNothing() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", goodTree()))
        let before = try client.root()
        let duplicate = J.list([
            J.row("a", modifiers: [J.swipe(trailing: [J.action("new", label: "New")])]),
            J.row("a"),
        ])
        let answer = try client.update("main", duplicate)
        #expect(answer.errorPath == "root.children[1].key")
        #expect(try client.root() == before)
    }

    @Test func badTintDeepInTheTreeIsInvalidParamsWithItsPath() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", goodTree()))
        let answer = try client.update("main", badTintTree())
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[1].modifiers[0].trailing[1].tint")
    }

    @Test func badTintErrorSaysWhatWasExpectedAndGot() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", goodTree()))
        let answer = try client.update("main", badTintTree())
        #expect(answer.error?["data"]?["got"]?.stringValue?.contains("not-a-colour") == true)
        #expect(answer.error?["data"]?["expected"] != nil)
        #expect(answer.errorMessage?.contains("root.children[1].modifiers[0].trailing[1].tint") == true)
    }

    @Test func failedUpdateLeavesTheSnapshotUnchanged() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", goodTree()))
        let before = try client.root()
        #expect(try client.update("main", badTintTree()).errorCode == -32602)
        #expect(try client.root() == before)
    }

    @Test func failedUpdateIsNotCountedByTheNextUpdate() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", goodTree()))
        _ = try client.update("main", badTintTree())
        #expect(try client.update("main", goodTree()).result == ["created": 0, "updated": 0, "unchanged": 2, "removed": 0])
    }

    @Test func failedMountLeavesNoSurface() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", badTintTree())
        #expect(answer.errorPath == "root.children[1].modifiers[0].trailing[1].tint")
        #expect(try client.snapshot("main").errorCode == -32602)
        try client.ok(client.mount("main", goodTree()))
    }

    @Test func failedMountCausesNoNotifications() throws {
        let client = try SurfaceClient.initialized()
        // The first row's modifier would warn (not a row), but the mount fails further on.
        let tree = J.node("VStack", children: [
            J.row("a", modifiers: [J.swipe(trailing: [J.action("x")])]),
            J.row("b", modifiers: [J.swipe(trailing: [J.action("y", tint: "bogus")])]),
        ])
        let answer = try client.mount("main", tree)
        #expect(answer.errorCode == -32602)
        #expect(answer.notifications.isEmpty)
    }

    @Test func unknownModifierTypeIsInvalidParamsWithPathToType() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", goodTree()))
        let tree = J.list([J.row("a"), J.row("b", modifiers: [J.swipe(), J.modifier("surfaceTestNoSuchType")])])
        let answer = try client.update("main", tree)
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[1].modifiers[1].$type")
        #expect(answer.error?["data"]?["got"] == "surfaceTestNoSuchType")
    }

    @Test func unknownModifierTypeErrorListsTheRegisteredTypes() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.list([J.row("a", modifiers: [J.modifier("surfaceTestNoSuchType")])]))
        let known = answer.error?["data"]?["known"]?.arrayValue?.compactMap(\.stringValue) ?? []
        for type in SurfaceTestTypes.all {
            #expect(known.contains(type))
            #expect(answer.errorMessage?.contains(type) == true)
        }
        #expect(!known.contains("surfaceTestNoSuchType"))
    }

    @Test func unknownModifierTypeLeavesTheSnapshotUnchanged() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", goodTree()))
        let before = try client.root()
        _ = try client.update("main", J.list([J.row("a", modifiers: [J.modifier("surfaceTestNoSuchType")])]))
        #expect(try client.root() == before)
    }

    @Test func modifierWithoutTypeIsInvalidParams() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.list([J.row("a", modifiers: [["trailing": []]])]))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[0].modifiers[0].$type")
    }

    @Test func unknownViewTypeIsInvalidParamsListingKnownViews() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.list([J.node("Carousel")]))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[0].type")
        #expect(answer.error?["data"]?["known"] == .array(ViewKind.names.map { .string($0) }))
        #expect(answer.error?["data"]?["got"] == "Carousel")
    }

    @Test func knownViewsIncludeTheContractsMinimum() throws {
        let minimum = ["List", "Section", "HStack", "VStack", "ZStack", "Text", "Label", "Image", "Button", "Spacer"]
        #expect(Set(minimum).isSubset(of: Set(ViewKind.names)))
    }

    @Test func duplicateKeyIsInvalidParams() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.list([J.row("same"), J.node("Section", children: [J.row("same")])]))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[1].children[0].key")
    }

    @Test func duplicateKeyInUpdateLeavesTheSnapshotUnchanged() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", goodTree()))
        let before = try client.root()
        #expect(try client.update("main", J.list([J.row("x"), J.row("x")])).errorCode == -32602)
        #expect(try client.root() == before)
    }

    @Test func childrenOnALeafAreInvalidParams() throws {
        let client = try SurfaceClient.initialized()
        let image = J.node("Image", props: JSONObject([("systemName", "star")]), children: [J.text("nested")])
        let answer = try client.mount("main", J.list([J.row("a"), image]))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[1].children")
    }

    @Test func missingRequiredActionIDHasItsPath() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.list([J.row("a", modifiers: [J.swipe(leading: [["label": "No id"]])])]))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[0].modifiers[0].leading[0].id")
    }

    @Test func wrongParamTypeHasItsPath() throws {
        let client = try SurfaceClient.initialized()
        let modifier = J.modifier(SurfaceTestTypes.swipe, [("allowsFullSwipe", "yes")])
        let answer = try client.mount("main", J.list([J.row("a", modifiers: [modifier])]))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[0].modifiers[0].allowsFullSwipe")
    }

    @Test func unknownRoleHasItsPath() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.list([J.row("a", modifiers: [J.swipe(trailing: [J.action("x", role: "explosive")])])]))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[0].modifiers[0].trailing[0].role")
    }

    @Test func missingRootIsInvalidParams() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.call("mount", ["surface": "main"])
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root")
    }

    @Test func nodeThatIsNotAnObjectIsInvalidParams() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.list([J.row("a"), "oops"]))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[1]")
    }

    @Test func propsThatAreNotAnObjectHaveTheirPath() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.list([["type": "Text", "props": 3]]))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[0].props")
    }

    @Test(arguments: ["", "a/b", "0", "12"])
    func unusableKeyIsInvalidParams(key: String) throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.list([J.row(key)]))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[0].key")
    }

    @Test func anAllDigitKeyIsRefusedBecauseItWouldShadowAnIndexPath() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", J.list([J.row("0")]))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorMessage?.contains("not all digits") == true)
        #expect(answer.error?["data"]?["expected"] == "non-empty string without '/', not all digits")
    }

    @Test func surfaceMethodsNeedInitialize() throws {
        let client = SurfaceClient(host: Host(registry: .tests))
        #expect(try client.mount("main", goodTree()).errorCode == -32002)
        #expect(try client.snapshot("main").errorCode == -32002)
    }

    @Test func factoryThatRefusesIsInvalidParamsAtTheModifier() throws {
        let client = try SurfaceClient.initialized()
        let tree = J.list([J.row("a", modifiers: [J.swipe(), J.modifier(SurfaceTestTypes.refusing, [("refuse", true)])])])
        let answer = try client.mount("main", tree)
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[0].modifiers[1]")
        #expect(answer.errorMessage?.contains("this modifier was told to refuse") == true)
    }

    @Test func factoryThatRefusesInAnUpdateLeavesTheSnapshotUnchanged() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([J.row("a", modifiers: [J.modifier(SurfaceTestTypes.refusing)])])))
        let before = try client.root()
        let answer = try client.update("main", J.list([J.row("a", modifiers: [J.modifier(SurfaceTestTypes.refusing, [("refuse", true)])])]))
        #expect(answer.errorCode == -32602)
        #expect(try client.root() == before)
    }
}

@Suite("Surface: limits and surface names", .timeLimit(.minutes(20)))
struct SurfaceLimitTests {
    /// A chain of `depth` nested VStacks (the root counts as level 1).
    private func chain(depth: Int) -> JSONValue {
        var node = J.node("VStack")
        for _ in 1..<depth { node = J.node("VStack", children: [node]) }
        return node
    }

    @Test func treeAtMaxDepthMounts() throws {
        let host = Host(registry: .tests)
        host.limits.maxDepth = 4
        let client = try SurfaceClient.initialized(host: host)
        try client.ok(client.mount("main", chain(depth: 4)))
    }

    @Test func treeDeeperThanMaxDepthIsInvalidParams() throws {
        let host = Host(registry: .tests)
        host.limits.maxDepth = 4
        let client = try SurfaceClient.initialized(host: host)
        let answer = try client.mount("main", chain(depth: 5))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[0].children[0].children[0].children[0]")
        #expect(try client.snapshot("main").errorCode == -32602)
    }

    @Test func updateDeeperThanMaxDepthLeavesTheSurfaceUnchanged() throws {
        let host = Host(registry: .tests)
        host.limits.maxDepth = 4
        let client = try SurfaceClient.initialized(host: host)
        try client.ok(client.mount("main", chain(depth: 2)))
        let before = try client.root()
        #expect(try client.update("main", chain(depth: 5)).errorCode == -32602)
        #expect(try client.root() == before)
    }

    @Test func treeAtMaxNodesMounts() throws {
        let host = Host(registry: .tests)
        host.limits.maxNodesPerSurface = 5
        let client = try SurfaceClient.initialized(host: host)
        try client.ok(client.mount("main", J.list((0..<4).map { J.text("t\($0)") })))
    }

    @Test func moreNodesThanTheLimitIsInvalidParams() throws {
        let host = Host(registry: .tests)
        host.limits.maxNodesPerSurface = 5
        let client = try SurfaceClient.initialized(host: host)
        let answer = try client.mount("main", J.list((0..<5).map { J.text("t\($0)") }))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[4]")
    }

    @Test func updateOverTheNodeLimitLeavesTheSurfaceUnchanged() throws {
        let host = Host(registry: .tests)
        host.limits.maxNodesPerSurface = 5
        let client = try SurfaceClient.initialized(host: host)
        try client.ok(client.mount("main", J.list([J.text("only")])))
        let before = try client.root()
        #expect(try client.update("main", J.list((0..<9).map { J.text("t\($0)") })).errorCode == -32602)
        #expect(try client.root() == before)
    }

    @Test func moreSurfacesThanTheLimitIsInvalidParams() throws {
        let host = Host(registry: .tests)
        host.limits.maxSurfacesPerConnection = 2
        let client = try SurfaceClient.initialized(host: host)
        try client.ok(client.mount("one", J.list([])))
        try client.ok(client.mount("two", J.list([])))
        let answer = try client.mount("three", J.list([]))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "surface")
        #expect(try client.snapshot("three").errorCode == -32602)
    }

    @Test func surfaceLimitIsPerConnection() throws {
        let host = Host(registry: .tests)
        host.limits.maxSurfacesPerConnection = 1
        let first = try SurfaceClient.initialized(host: host, peer: "first")
        let second = try SurfaceClient.initialized(host: host, peer: "second")
        try first.ok(first.mount("one", J.list([])))
        try second.ok(second.mount("one", J.list([])))
    }

    @Test func unmountingFreesASurfaceSlot() throws {
        let host = Host(registry: .tests)
        host.limits.maxSurfacesPerConnection = 1
        let client = try SurfaceClient.initialized(host: host)
        try client.ok(client.mount("one", J.list([])))
        try client.ok(client.unmount("one"))
        try client.ok(client.mount("two", J.list([])))
    }

    @Test func atMaxModifiersPerNodeMounts() throws {
        let host = Host(registry: .tests)
        host.limits.maxModifiersPerNode = 2
        let client = try SurfaceClient.initialized(host: host)
        try client.ok(client.mount("main", J.list([J.row("a", modifiers: [J.swipe(), J.swipe()])])))
    }

    @Test func moreModifiersThanTheLimitIsInvalidParams() throws {
        let host = Host(registry: .tests)
        host.limits.maxModifiersPerNode = 2
        let client = try SurfaceClient.initialized(host: host)
        let answer = try client.mount("main", J.list([J.row("a", modifiers: [J.swipe(), J.swipe(), J.swipe()])]))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[0].modifiers")
    }

    @Test func mountingAnExistingNameIsAnError() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([J.text("first")])))
        let answer = try client.mount("main", J.list([J.text("second")]))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "surface")
        #expect(surfaceChild(try client.root(), 0)?["props"]?["text"] == "first")
    }

    @Test func unmountAnswersWithAnEmptyObject() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([])))
        #expect(try client.unmount("main").result == [:])
    }

    @Test func afterUnmountTheNameIsFree() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([J.text("first")])))
        try client.ok(client.unmount("main"))
        #expect(try client.snapshot("main").errorCode == -32602)
        try client.ok(client.mount("main", J.list([J.text("second")])))
        #expect(surfaceChild(try client.root(), 0)?["props"]?["text"] == "second")
    }

    @Test(arguments: ["snapshot", "update", "unmount", "interact"])
    func unknownSurfaceIsInvalidParamsAtSurface(method: String) throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([])))
        let params: JSONValue = [
            "surface": "nowhere", "root": J.list([]), "node": "0", "gesture": "swipe", "edge": "trailing",
        ]
        var object = params.objectValue!
        if method == "snapshot" || method == "unmount" { object = JSONObject([("surface", "nowhere")]) }
        if method == "update" { object = JSONObject([("surface", "nowhere"), ("root", J.list([]))]) }
        let answer = try client.call(method, .object(object))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "surface")
        #expect(answer.error?["data"]?["got"] == "nowhere")
    }

    @Test func emptySurfaceNameIsInvalidParams() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("", J.list([]))
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "surface")
    }

    @Test func surfaceNameOverTheLengthLimitIsInvalidParams() throws {
        let host = Host(registry: .tests)
        host.limits.maxSurfaceNameLength = 4
        let client = try SurfaceClient.initialized(host: host)
        try client.ok(client.mount("abcd", J.list([])))
        #expect(try client.mount("abcde", J.list([])).errorPath == "surface")
    }
}
