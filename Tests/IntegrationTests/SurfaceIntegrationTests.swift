import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

/// The repository this test file belongs to.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

func mailRow(_ key: String, type: String = "swipeActions") -> JSONValue {
    [
        "type": "HStack", "key": .string(key),
        "modifiers": [[
            "$type": .string(type),
            "leading": [["id": "archive", "label": "Archive", "systemImage": "archivebox", "tint": "teal"]],
            "trailing": [
                ["id": "delete", "label": "Delete", "systemImage": "trash", "role": "destructive"],
                ["id": "edit", "label": "Edit", "tint": "#0A84FF"],
            ],
            "allowsFullSwipe": false,
        ]],
        "children": [["type": "Text", "props": ["text": .string("Message \(key)")]]],
    ]
}

@Suite("Surfaces over real sockets", .blocksItsThread, .timeLimit(.minutes(20)))
struct SurfaceIntegrationTests {
    @Test func eventsReachOnlyTheConnectionThatOwnsTheSurface() throws {
        let daemon = try DaemonProcess()
        let alice = try daemon.initializedClient()
        let bob = try daemon.initializedClient()
        for client in [alice, bob] {
            let mounted = try client.call("mount", params: ["surface": "main", "root": ["type": "List", "children": [mailRow("row-1")]]])
            #expect(mounted["result"] == ["surface": "main"], "\(mounted.jsonText)")
        }
        #expect(try alice.call("interact", params: ["surface": "main", "node": "row-1", "gesture": "swipe", "edge": "trailing"])["result"]?["revealed"] == ["delete", "edit"])
        let tapped = try alice.call("interact", params: ["surface": "main", "node": "row-1", "gesture": "tapAction", "id": "delete"])
        #expect(tapped["result"]?["handled"] == true)
        // The event came just before the response.
        let event = try #require(alice.notifications.first { $0["method"] == "event" })
        #expect(event["params"] == ["surface": "main", "node": "row-1", "modifier": 0, "payload": ["swipeActions": ["id": "delete"]]])
        // Bob's surface of the same name is his own: untouched, and he heard nothing.
        #expect(try bob.call("snapshot", params: ["surface": "main"])["result"]?["root"]?["children"]?[0]?["swipeActions"]?["revealed"] == .null)
        #expect(bob.notifications.isEmpty)
        #expect(throws: ClientError.self) { try bob.receive(timeoutMilliseconds: 300) }
    }

    @Test func anotherConnectionCannotTouchASurfaceItDoesNotOwn() throws {
        let daemon = try DaemonProcess()
        let owner = try daemon.initializedClient()
        let stranger = try daemon.initializedClient()
        _ = try owner.call("mount", params: ["surface": "private", "root": ["type": "List", "children": [mailRow("row-1")]]])
        let missing = try stranger.call("snapshot", params: ["surface": "never-mounted"])["error"]
        for (method, extra) in [("snapshot", JSONObject()), ("unmount", JSONObject()),
                                ("interact", JSONObject([("node", "row-1"), ("gesture", "swipe"), ("edge", "trailing")])),
                                ("update", JSONObject([("root", ["type": "List"])]))] {
            var params = extra
            params["surface"] = "private"
            let error = try #require(stranger.call(method, params: .object(params))["error"], "\(method) must fail")
            #expect(error["code"] == missing?["code"])
            #expect(error["data"]?["path"] == "surface")
            #expect(error["message"]?.stringValue?.contains("no surface 'private'") == true)
        }
        #expect(try owner.call("snapshot", params: ["surface": "private"])["result"] != nil, "the owner's surface is intact")
    }

    @Test func aBadModifierDeepInTheTreeIsRefusedWithItsPathAndChangesNothing() throws {
        let daemon = try DaemonProcess()
        let client = try daemon.initializedClient()
        _ = try client.call("mount", params: ["surface": "main", "root": ["type": "List", "children": [mailRow("a"), mailRow("b")]]])
        let before = try client.call("snapshot", params: ["surface": "main"])["result"]
        var bad = mailRow("b")
        if case var .object(row) = bad, case var .array(modifiers)? = row["modifiers"], case var .object(config) = modifiers[0] {
            config["trailing"] = [["id": "delete", "label": "Delete"], ["id": "edit", "label": "Edit", "tint": "not-a-colour"]]
            modifiers[0] = .object(config)
            row["modifiers"] = .array(modifiers)
            bad = .object(row)
        }
        let error = try #require(client.call("update", params: ["surface": "main", "root": ["type": "List", "children": [mailRow("a"), bad]]])["error"])
        #expect(error["code"] == -32602)
        #expect(error["data"]?["path"] == "root.children[1].modifiers[0].trailing[1].tint")
        #expect(error["message"]?.stringValue?.contains("Cannot cast 'not-a-colour' for field 'tint' of type Color?") == true)
        #expect(try client.call("snapshot", params: ["surface": "main"])["result"] == before)
    }

    /// Seen from outside: a watcher is told each surface is gone, and the nodes go back to
    /// the budget. With `--max-nodes 3` a connection alone may hold 3 nodes, but only 1 while
    /// another holds any, so the second mount succeeds only if the closed one's were freed.
    @Test func aClosedConnectionsSurfacesAreGone() throws {
        let daemon = try DaemonProcess(arguments: ["--no-bundled-plugins", "--max-nodes", "3"])
        let threeNodes: JSONValue = ["type": "List", "children": [["type": "Text", "props": ["text": "a"]], ["type": "Text", "props": ["text": "b"]]]]
        let watcher = try daemon.initializedClient()
        #expect(try watcher.call("watch", params: ["topics": ["surfaces"]])["result"] != nil)
        do {
            let client = try daemon.initializedClient()
            #expect(try client.call("mount", params: ["surface": "main", "root": threeNodes])["result"] != nil)
            #expect(try client.call("mount", params: ["surface": "other", "root": ["type": "Text"]])["error"]?["code"] == .int(RPCErrorCode.overBudget), "the budget is spent")
            client.close()
        }
        let mounted = try watcher.nextNotification("watched")
        #expect(mounted["params"]?["params"]?["surface"] == "main")
        #expect(mounted["params"]?["params"]?["root"]?["type"] == "List")
        let gone = try watcher.nextNotification("watched")
        #expect(gone["params"]?["params"] == ["surface": "main", "root": nil])
        let next = try daemon.initializedClient()
        #expect(try next.call("mount", params: ["surface": "main", "root": threeNodes])["result"] != nil, "the closed connection's nodes are back in the budget")
    }
}

@Suite("Plugins in the blog's shape", .blocksItsThread, .timeLimit(.minutes(20)))
struct BlogShapedPluginTests {
    /// Copies a fixture package out of the repo (its build goes elsewhere) with the SDK path made absolute.
    static func packageCopy(of fixture: String, into folder: TemporaryFolder) throws -> String {
        let target = folder.path + "/" + fixture
        try FileManager.default.copyItem(atPath: repositoryRoot + "/Tests/Fixtures/" + fixture, toPath: target)
        let manifest = target + "/Package.swift"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
            .replacingOccurrences(of: "../../../SDK", with: repositoryRoot + "/SDK")
        try text.write(toFile: manifest, atomically: true, encoding: .utf8)
        return target
    }


    @Test func aFixtureInTheBlogsShapeBuiltAsItsOwnPackageIsDrivenEndToEnd() throws {
        let folder = TemporaryFolder()
        let package = try Self.packageCopy(of: "BlogShapedPlugin", into: folder)
        let binPath = try buildPackage(package)
        let plugin = folder.path + "/plugins/BlogShaped"
        try FileManager.default.createDirectory(atPath: plugin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: package + "/plugin.json", toPath: plugin + "/plugin.json")
        try FileManager.default.copyItem(atPath: binPath + "/libBlogShapedPlugin.so", toPath: plugin + "/libBlogShapedPlugin.so")

        let daemon = try DaemonProcess(
            arguments: ["--plugins", folder.path + "/plugins"], folder: folder, environment: PluginFixtures.environment(folder))
        let client = try daemon.initializedClient()
        let mounted = try client.call("mount", params: [
            "surface": "inbox",
            "root": ["type": "List", "children": [["type": "Section", "children": [mailRow("m1", type: "rowActions")]]]],
        ])
        #expect(mounted["result"] != nil, "\(mounted.jsonText)")
        let row = try #require(client.call("snapshot", params: ["surface": "inbox"])["result"]?["root"]?["children"]?[0]?["children"]?[0])
        #expect(row["swipeActions"]?["trailing"]?[0]?["tint"] == "#FF3B30FF", "destructive without tint shows red")
        #expect(row["swipeActions"]?["trailing"]?[0]?["symbolVariant"] == "fill")
        #expect(row["swipeActions"]?["leading"]?[0]?["tint"] == "#008080FF")
        #expect(try client.call("interact", params: ["surface": "inbox", "node": "m1", "gesture": "swipe", "edge": "leading"])["result"]?["revealed"] == ["archive"])
        #expect(try client.call("interact", params: ["surface": "inbox", "node": "m1", "gesture": "tapAction", "id": "archive"])["result"]?["performed"] == "archive")
        let event = try #require(client.notifications.first { $0["method"] == "event" })
        #expect(event["params"]?["payload"] == ["rowActions": ["id": "archive"]])
        #expect(event["params"]?["node"] == "m1")
    }

    /// The seed that holds the blog post, outside the repository (CI has it beside the clone).
    static var blogSeed: String? {
        let seeds = repositoryRoot + "/../shared/seeds"
        return (try? FileManager.default.contentsOfDirectory(atPath: seeds))?.sorted().first { $0.hasPrefix("000_") }
            .map { seeds + "/" + $0 }
    }

    @Test(.enabled(
        if: blogSeed != nil,
        Comment(rawValue: "the blog post's seed (000_*) is not in \(repositoryRoot)/../shared/seeds; it is outside the repository, so this test runs where it is found")))
    func theBlogPostsOwnSwiftFilesCompileWithOnlyTheirImportsReplaced() throws {
        // The post's three Swift files are read from the seed at test time (not kept in the
        // repo), their import lines swapped for `import ModifierKit`, and built against the SDK.
        let seed = try #require(Self.blogSeed)
        let text = try String(contentsOfFile: seed, encoding: .utf8)
        var blocks: [String] = []
        var current: [String]? = nil
        for line in text.components(separatedBy: "\n") {
            if current == nil, line.hasPrefix("```swift") { current = [] }
            else if current != nil, line.hasPrefix("```") { blocks.append(current!.joined(separator: "\n")); current = nil }
            else if current != nil { current!.append(line) }
        }
        #expect(blocks.count == 3)
        let folder = TemporaryFolder()
        let package = folder.path + "/blog"
        try FileManager.default.createDirectory(atPath: package + "/Sources/Blog", withIntermediateDirectories: true)
        try """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "Blog",
                products: [.library(name: "Blog", type: .dynamic, targets: ["Blog"])],
                dependencies: [.package(path: "\(repositoryRoot)/SDK")],
                targets: [.target(name: "Blog", dependencies: [.product(name: "ModifierKit", package: "SDK")])])
            """.write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
        for (index, block) in blocks.enumerated() {
            var imported = false
            let lines = block.components(separatedBy: "\n").compactMap { line -> String? in
                guard line.hasPrefix("import ") else { return line }
                defer { imported = true }
                return imported ? nil : "import ModifierKit"
            }
            try lines.joined(separator: "\n").write(toFile: package + "/Sources/Blog/File\(index).swift", atomically: true, encoding: .utf8)
        }
        let binPath = try buildPackage(package)
        #expect(FileManager.default.fileExists(atPath: binPath + "/libBlog.so"))
    }
}
