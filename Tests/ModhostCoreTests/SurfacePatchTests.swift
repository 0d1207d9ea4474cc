@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing
import SeededRandom

private typealias J = SurfaceJSON

private func counts(created: Int64 = 0, updated: Int64 = 0, unchanged: Int64 = 0, removed: Int64 = 0) -> JSONValue {
    ["created": .int(created), "updated": .int(updated), "unchanged": .int(unchanged), "removed": .int(removed)]
}

private func swipeRow(_ key: String, _ ids: [String]) -> JSONValue {
    J.row(key, modifiers: [J.swipe(trailing: ids.map { J.action($0, label: $0.uppercased()) })])
}

private func threeRows() -> [JSONValue] {
    [swipeRow("a", ["a1"]), swipeRow("b", ["b1", "b2"]), swipeRow("c", ["c1"])]
}

extension SurfaceClient {
    func patch(_ ops: [JSONValue], surface: String = "main", sourceLocation: SourceLocation = #_sourceLocation) throws -> SurfaceExchange {
        try call("update", ["surface": .string(surface), "patch": .array(ops)], sourceLocation: sourceLocation)
    }
}

private func op(_ name: String, _ members: [(String, JSONValue)]) -> JSONValue {
    .object(JSONObject([("op", .string(name))] + members))
}

@Suite("Surface: patches", .timeLimit(.minutes(20)))
struct SurfacePatchTests {
    @Test func setChangesOneNodesPropsAndKeepsTheRest() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        let answer = try client.patch([op("set", [("node", "0/1/0"), ("props", ["text": "Bee"])])])
        #expect(answer.result == counts(unchanged: 3))
        let root = try client.root()
        #expect(surfaceChild(root, 1, 0)?["props"]?["text"] == "Bee")
        #expect(surfaceChild(root, 0, 0)?["props"]?["text"] == "a")
    }

    @Test func setOfModifiersCountsLikeAWholeUpdate() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows())))
        let answer = try client.patch([op("set", [("node", "b"), ("modifiers", [J.swipe(trailing: [J.action("z")])])])])
        #expect(answer.result == counts(updated: 1, unchanged: 2))
        #expect(surfaceActionIDs(surfaceChild(try client.root(), 1), "trailing") == ["z"])
        let cleared = try client.patch([op("set", [("node", "b"), ("modifiers", .null)])])
        #expect(cleared.result == counts(unchanged: 2, removed: 1))
    }

    @Test func insertRemoveAndMoveByKey() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows(), key: "list")))
        var answer = try client.patch([op("insert", [("parent", "list"), ("before", "b"), ("node", swipeRow("n", ["n1"]))])])
        #expect(answer.result == counts(created: 1, unchanged: 3))
        answer = try client.patch([op("move", [("node", "a"), ("before", .null)]), op("remove", [("node", "c")])])
        #expect(answer.result == counts(unchanged: 3, removed: 1))
        let ids = try client.root()["children"]?.arrayValue?.compactMap { $0["id"]?.stringValue }
        #expect(ids == ["n", "b", "a"])
    }

    @Test func unkeyedNodesAreRenamedWhenTheirSiblingsMove() throws {
        let client = try SurfaceClient.initialized()
        let rows: [JSONValue] = [J.text("x"), J.text("y"), J.text("z")]
        try client.ok(client.mount("main", J.node("VStack", key: "v", children: rows)))
        try client.ok(client.patch([op("remove", [("node", "0/0")])]))
        let root = try client.root()
        #expect(root["children"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["0/0", "0/1"])
        #expect(surfaceChild(root, 0)?["props"]?["text"] == "y")
        // Ids name the tree as the ops before left it.
        try client.ok(client.patch([op("set", [("node", "0/1"), ("props", ["text": "Z"])]), op("remove", [("node", "0/0")])]))
        #expect(try client.root()["children"]?.arrayValue?.compactMap { $0["props"]?["text"] } == ["Z"])
    }

    @Test func aFailedPatchLeavesTheSurfaceAsItWas() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows(), key: "list")))
        try client.ok(client.swipe("a", edge: "trailing"))
        let before = try client.root()
        let answer = try client.patch([
            op("remove", [("node", "b")]),
            op("insert", [("parent", "list"), ("node", swipeRow("d", ["d1"]))]),
            op("move", [("node", "a"), ("before", .null)]),
            op("set", [("node", "c"), ("props", ["x": 1])]),
            op("insert", [("parent", "list"), ("node", J.node("Text", key: "a"))]),
        ])
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "patch[4].node.key")
        #expect(answer.diagnostics.isEmpty)
        #expect(try client.root() == before)
        // The keys are as they were too: the row removed and the one inserted by the failed patch.
        #expect(try client.patch([op("set", [("node", "b"), ("props", .null)])]).result != nil)
        #expect(try client.patch([op("remove", [("node", "d")])]).errorPath == "patch[0].node")
    }

    @Test func errorsNameThePlaceInThePatch() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list(threeRows(), key: "list")))
        #expect(try client.patch([op("set", [("node", "nope")])]).errorPath == "patch[0].node")
        #expect(try client.patch([op("sett", [("node", "a")])]).error?["data"]?["suggestion"] == "set")
        #expect(try client.patch([op("remove", [("node", "list")])]).errorPath == "patch[0].node")
        #expect(try client.patch([op("insert", [("parent", "a/0"), ("node", J.text("t"))])]).errorPath == "patch[0].parent")
        #expect(try client.patch([op("insert", [("parent", "list"), ("before", "a/0"), ("node", J.text("t"))])]).errorPath == "patch[0].before")
        let bad = try client.patch([op("insert", [("parent", "list"), ("node", J.node("HStack", children: [J.node("Txt")]))])])
        #expect(bad.errorPath == "patch[0].node.children[0].type")
        #expect(bad.errorMessage?.contains("'patch[0].node.children[0].type'") == true)
        let badParams = try client.patch([op("set", [("node", "a"), ("modifiers", [J.swipe(trailing: [.int(1)])])])])
        #expect(badParams.errorPath?.hasPrefix("patch[0].modifiers[0].trailing[0]") == true)
        let both = try client.call("update", ["surface": "main", "root": J.list([]), "patch": []])
        #expect(both.errorPath == "patch")
    }

    /// A Toggle is controlled: any update shows its props' value again, as a whole tree does,
    /// even a patch that does not name it.
    @Test func anyPatchShowsAControlledViewsPropsAgain() throws {
        let client = try SurfaceClient.initialized()
        let toggle = J.node("Toggle", key: "t", props: JSONObject([("isOn", false)]))
        try client.ok(client.mount("main", J.node("VStack", key: "v", children: [toggle, J.text("x", key: "x")])))
        try client.ok(client.call("interact", ["surface": "main", "node": "t", "gesture": "tap"]))
        #expect(surfaceChild(try client.root(), 0)?["value"] == true)
        try client.ok(client.patch([op("set", [("node", "x"), ("props", ["text": "y"])])]))
        #expect(surfaceChild(try client.root(), 0)?["value"] == false)
    }

    /// What a journal keeps: a whole record, then each change after it. A new session (the
    /// next engine's) rebuilds every surface as it was from them.
    @Test func aNewSessionRebuildsFromTheWholeRecordAndTheChangesAfterIt() throws {
        let host = Host(registry: .tests)
        let first = try SurfaceClient.initialized(host: host)
        first.session.recordsState = true
        try first.ok(first.mount("one", J.list(threeRows(), key: "list")))
        try first.ok(first.mount("two", J.text("t")))
        let whole = first.session.stateRecord()
        #expect(first.session.takeStateChanges() == [])
        try first.ok(first.patch([op("set", [("node", "b"), ("modifiers", .null)])], surface: "one"))
        try first.ok(first.patch([op("remove", [("node", "c")]), op("insert", [("parent", "list"), ("node", swipeRow("d", ["d1"]))])], surface: "one"))
        try first.ok(first.unmount("two"))
        try first.ok(first.mount("three", J.text("3")))
        try first.ok(first.update("three", J.text("33")))
        let changes = try #require(first.session.takeStateChanges())
        #expect(changes.count == 5)
        let next = SurfaceClient(host: host, peer: "next")
        next.session.recordsState = true
        let restoration = next.session.restore(from: whole, changes: changes)
        #expect(restoration.rebuilt.sorted() == ["one", "three"])
        #expect(restoration.failed.isEmpty)
        #expect(try next.root("one") == first.root("one"))
        #expect(try next.root("three") == first.root("three"))
        #expect(next.session.takeStateChanges() == nil, "a rebuilt session records a whole state first")
    }

    /// A diagnostic names the place a modifier has when it is sent: rows a patch moved above a
    /// keyed row change its path, not its name.
    @Test func aDiagnosticAfterAPatchNamesTheRowsPlaceThen() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(client.mount("main", J.list([J.row("a"), J.row("r", modifiers: [J.modifier(SurfaceTestTypes.ignoring)])], key: "list")))
        try client.ok(client.patch([
            op("insert", [("parent", "list"), ("before", "a"), ("node", J.row("n1"))]),
            op("insert", [("parent", "list"), ("before", "r"), ("node", J.row("n2"))]),
        ]))
        let swiped = try client.swipe("r", edge: "trailing")
        #expect(swiped.diagnostics.first?["node"] == "r")
        #expect(swiped.diagnostics.first?["path"] == "root.children[3].modifiers[0]")
    }

    /// The changes came from another process, which a plugin could write over: one that does
    /// not read ends them, and what came before it is rebuilt.
    @Test func aChangeThatDoesNotReadEndsTheChanges() throws {
        let host = Host(registry: .tests)
        let first = try SurfaceClient.initialized(host: host)
        first.session.recordsState = true
        try first.ok(first.mount("one", J.list(threeRows(), key: "list")))
        let whole = first.session.stateRecord()
        try first.ok(first.patch([op("remove", [("node", "c")])], surface: "one"))
        let kept = try first.root("one")
        let good = try #require(first.session.takeStateChanges())
        try first.ok(first.patch([op("remove", [("node", "b")])], surface: "one"))
        let later = try #require(first.session.takeStateChanges())
        let next = SurfaceClient(host: host, peer: "next")
        next.session.recordsState = true
        let restoration = next.session.restore(from: whole, changes: good + [Array("{\"surface\":".utf8)] + later)
        #expect(restoration.rebuilt == ["one"])
        #expect(try next.root("one") == kept)
    }

    @Test func lifecycleActionsRunForWhatThePatchAddsAndRemoves() throws {
        let client = try SurfaceClient.initialized()
        let appear = J.modifier(InteractionTypes.lifecycle, [("tag", "n")])
        try client.ok(client.mount("main", J.list([J.row("a")], key: "list")))
        let inserted = try client.patch([op("insert", [("parent", "list"), ("node", J.row("n", modifiers: [appear]))])])
        let removed = try client.patch([op("remove", [("node", "n")])])
        let whole = try SurfaceClient.initialized()
        try whole.ok(whole.mount("main", J.list([J.row("a")], key: "list")))
        let insertedWhole = try whole.update("main", J.list([J.row("a"), J.row("n", modifiers: [appear])], key: "list"))
        let removedWhole = try whole.update("main", J.list([J.row("a")], key: "list"))
        #expect(!insertedWhole.events.isEmpty)
        #expect(inserted.events == insertedWhole.events)
        #expect(removed.events == removedWhole.events)
    }
}

// MARK: - A patch builds what a whole-tree update of the same tree builds

/// A front-end's tree as JSON, patched as the host patches it: the test's model.
private struct SpecTree {
    var root: JSONValue

    /// The path of child indices to the node with key or index path `id`.
    func locate(_ id: String) -> [Int]? {
        if id.first?.isNumber == true {
            let steps = id.split(separator: "/").dropFirst().compactMap { Int($0) }
            return steps
        }
        func search(_ node: JSONValue, _ path: [Int]) -> [Int]? {
            if node["key"]?.stringValue == id { return path }
            for (index, child) in (node["children"]?.arrayValue ?? []).enumerated() {
                if let found = search(child, path + [index]) { return found }
            }
            return nil
        }
        return search(root, [])
    }

    func node(at path: [Int]) -> JSONValue {
        path.reduce(root) { $0["children"]!.arrayValue![$1] }
    }

    mutating func update(at path: [Int], _ change: (inout JSONObject) -> Void) {
        func visit(_ node: inout JSONValue, _ rest: ArraySlice<Int>) {
            guard case var .object(object) = node else { return }
            if let first = rest.first {
                var children = object["children"]!.arrayValue!
                visit(&children[first], rest.dropFirst())
                object["children"] = .array(children)
            } else {
                change(&object)
            }
            node = .object(object)
        }
        visit(&root, path[...])
    }

    mutating func apply(_ op: JSONValue) {
        switch op["op"]?.stringValue {
        case "set":
            let path = locate(op["node"]!.stringValue!)!
            update(at: path) { object in
                for member in ["props", "modifiers"] where op[member] != nil { object[member] = op[member]! }
            }
        case "insert":
            let path = locate(op["parent"]!.stringValue!)!
            let before = op["before"]?.stringValue.flatMap(locate)
            update(at: path) { object in
                var children = object["children"]?.arrayValue ?? []
                children.insert(op["node"]!, at: before?.last ?? children.count)
                object["children"] = .array(children)
            }
        case "remove":
            let path = locate(op["node"]!.stringValue!)!
            update(at: Array(path.dropLast())) { object in
                var children = object["children"]!.arrayValue!
                children.remove(at: path.last!)
                object["children"] = .array(children)
            }
        case "move":
            let path = locate(op["node"]!.stringValue!)!
            let beforeKey = op["before"]?.stringValue
            update(at: Array(path.dropLast())) { object in
                var children = object["children"]!.arrayValue!
                let moved = children.remove(at: path.last!)
                let to = beforeKey.flatMap { key in children.firstIndex { $0["key"]?.stringValue == key } } ?? children.count
                children.insert(moved, at: to)
                object["children"] = .array(children)
            }
        default:
            Issue.record("unknown op \(op)")
        }
    }
}


@Suite("Surface: patches match whole-tree updates", .timeLimit(.minutes(20)))
struct SurfacePatchEquivalenceTests {
    /// Random patches on random lists (keyed rows and sections, unkeyed content inside), each
    /// op on a node no other op of its patch names: after each, the patched surface's result,
    /// diagnostics and snapshot are those of a whole-tree update to the same tree on another
    /// connection.
    @Test(arguments: 0..<12)
    func randomPatchesMatchWholeUpdates(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 7919 &+ 1)
        var serial = 0
        func key() -> String {
            serial += 1
            return "k\(serial)"
        }
        func modifiers() -> [JSONValue] {
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return []
            case 1: return [J.swipe(trailing: [J.action("d", label: "Delete")])]
            case 2: return [J.swipe(leading: [J.action("p")], trailing: [J.action("d")]), J.swipe(trailing: [J.action("x")])]
            default: return [J.modifier(InteractionTypes.tap, [("tag", .string("t\(Int.random(in: 0..<3, using: &random))"))])]
            }
        }
        // Half the seeds key every node, as @modhost/react does: then nothing is renamed.
        let keyedInside = seed % 2 == 1
        func row() -> JSONValue {
            let k = key()
            let image = J.node("Image", key: keyedInside ? k + "-i" : nil, props: JSONObject([("systemName", "star")]))
            return J.node("HStack", key: k, modifiers: modifiers(), children: [J.text(k, key: keyedInside ? k + "-t" : nil), image])
        }
        var rows: [JSONValue] = (0..<8).map { _ in row() }
        rows.append(J.node("Section", key: "s", props: JSONObject([("title", "S")]), children: (0..<3).map { _ in row() }))
        var model = SpecTree(root: J.list(rows, key: "list"))
        let patched = try SurfaceClient.initialized()
        let whole = try SurfaceClient.initialized()
        for client in [patched, whole] { try client.ok(client.mount("main", model.root)) }

        func keyedContainers() -> [String] { ["list", "s"] }
        func keyedChildren(of container: String) -> [String] {
            let node = model.node(at: model.locate(container)!)
            return (node["children"]?.arrayValue ?? []).compactMap { $0["key"]?.stringValue }.filter { $0 != "s" }
        }
        for step in 0..<25 {
            var ops: [JSONValue] = []
            // Nodes an op of this patch named or made: no other op names them.
            var named: Set<String> = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let container = ["list", "s"].randomElement(using: &random)!
                let children = keyedChildren(of: container).filter { !named.contains($0) }
                let choice = children.isEmpty ? 1 : Int.random(in: 0..<5, using: &random)
                var next: JSONValue
                switch choice {
                case 0:
                    let target = children.randomElement(using: &random)!
                    named.insert(target)
                    next = op("set", [("node", .string(target)), ("modifiers", .array(modifiers()))])
                case 1:
                    let inserted = row()
                    named.insert(inserted["key"]!.stringValue!)
                    var members: [(String, JSONValue)] = [("parent", .string(container)), ("node", inserted)]
                    if let before = children.randomElement(using: &random), Bool.random(using: &random) { members.append(("before", .string(before))) }
                    next = op("insert", members)
                case 2:
                    let target = children.randomElement(using: &random)!
                    named.insert(target)
                    next = op("remove", [("node", .string(target))])
                case 3:
                    let moved = children.randomElement(using: &random)!
                    named.insert(moved)
                    let before = children.filter { $0 != moved }.randomElement(using: &random)
                    next = op("move", [("node", .string(moved)), ("before", before.map { .string($0) } ?? .null)])
                default:
                    // A row's text, named by its index path in the tree as the ops so far left it.
                    let target = children.randomElement(using: &random)!
                    named.insert(target)
                    let id = (["0"] + (model.locate(target)! + [0]).map(String.init)).joined(separator: "/")
                    next = op("set", [("node", .string(id)), ("props", ["text": .string("v\(step)")])])
                }
                model.apply(next)
                ops.append(next)
            }
            let viaPatch = try patched.patch(ops)
            let viaWhole = try whole.update("main", model.root)
            try #require(viaWhole.result != nil, "whole update failed: \(String(describing: viaWhole.response))")
            #expect(viaPatch.result == viaWhole.result, "step \(step): \(ops)")
            #expect(viaPatch.diagnostics == viaWhole.diagnostics, "step \(step)")
            #expect(try patched.root() == whole.root(), "step \(step): \(ops)")
        }
    }
}
