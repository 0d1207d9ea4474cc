import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

/// What `describe` lists for the plugin in `folder`.
private func plugin(in folder: String, of daemon: DaemonProcess) throws -> JSONValue {
    let plugins = try #require(daemon.initializedClient().call("describe")["result"]?["plugins"]?.arrayValue)
    return try #require(plugins.first { $0["path"]?.stringValue == folder }, "\(plugins)")
}

private func mountParams(_ fault: String) -> JSONValue {
    ["surface": "f", "root": ["type": "Text", "modifiers": [["$type": "faulty", "fault": .string(fault)]]]]
}

/// Each kind of plugin call the engine page records, crashed in, is blamed on the plugin that
/// was running, with that kind and the request being handled, in `describe`'s quarantine entry.
/// (`module setup`, `OnCreate`, `schema` and `async task` are crashed in CrashTests.)
@Suite("A crash is blamed on the plugin call that was running", .blocksItsThread, .timeLimit(.minutes(20)))
struct CrashAttributionTests {
    enum Crash: String, CaseIterable {
        case factory, body, action, function
        /// A body, mounted by the second element of a batch.
        case bodyInABatch
        /// A body, mounted by a notification (a request without id).
        case bodyInANotification
    }

    @Test(arguments: Crash.allCases)
    func theQuarantineEntryNamesThePluginTheCallAndTheRequest(crash: Crash) throws {
        let (_, root, daemon) = try crashSetup()
        let culprit = try daemon.initializedClient()
        let pid = JSONValue.int(Int64(getpid()))
        let expected: (call: String, detail: String, message: String, request: (id: JSONValue, method: String))
        switch crash {
        case .factory:
            try culprit.send(["jsonrpc": "2.0", "id": 5, "method": "mount", "params": mountParams("factory")])
            expected = ("factory", "faulty", "the factory fails on purpose", (5, "mount"))
        case .body:
            try culprit.send(["jsonrpc": "2.0", "id": 5, "method": "mount", "params": mountParams("body")])
            expected = ("body", "faulty", "Unexpectedly found nil", (5, "mount"))
        case .action:
            #expect(try culprit.call("mount", params: ["surface": "f", "root": faultyRow("action")])["result"] != nil)
            #expect(try culprit.call("interact", params: ["surface": "f", "node": "r1", "gesture": "swipe", "edge": "trailing"])["result"] != nil)
            try culprit.send([
                "jsonrpc": "2.0", "id": 5, "method": "interact",
                "params": ["surface": "f", "node": "r1", "gesture": "tapAction", "id": "go"],
            ])
            expected = ("action", "faulty", "the action fails on purpose", (5, "interact"))
        case .function:
            try culprit.send([
                "jsonrpc": "2.0", "id": 5, "method": "callFunction", "params": ["module": "Faulty", "function": "fail", "args": []],
            ])
            expected = ("function", "Faulty.fail", "the function fails on purpose", (5, "callFunction"))
        case .bodyInABatch:
            let batch: JSONValue = [
                ["jsonrpc": "2.0", "id": 41, "method": "ping"],
                ["jsonrpc": "2.0", "id": 42, "method": "mount", "params": mountParams("body")],
            ]
            try culprit.send(batch)
            // A batch is named by its first element's id.
            expected = ("body", "faulty", "Unexpectedly found nil", (41, "batch"))
        case .bodyInANotification:
            try culprit.send(["jsonrpc": "2.0", "method": "mount", "params": mountParams("body")])
            expected = ("body", "faulty", "Unexpectedly found nil", (.null, "mount"))
        }
        // The engine died under the request; the connection did not: the next engine says so,
        // then answers the request (each of a batch's) with the restart error.
        var restarted = false
        var answer: JSONValue?
        while answer == nil {
            let message = try culprit.receive(timeoutMilliseconds: 20_000)
            if message["method"] == "engineRestarted" {
                restarted = true
                if expected.request.id == .null { break }
            } else if message["method"] == nil {
                answer = message
            }
        }
        #expect(restarted)
        if let answer, case let .array(errors) = answer {
            #expect(errors.map { $0["id"] } == [41, 42], "\(answer.jsonText)")
            for error in errors { expectRestartError(error, reason: "plugin-crashed") }
        } else if let answer {
            expectRestartError(answer, reason: "plugin-crashed")
            #expect(answer["id"] == expected.request.id)
        }
        _ = try secondsUntilPingAnswered(daemon, since: Date())

        let faulty = try plugin(in: root + "/faulty", of: daemon)
        #expect(faulty["name"] == "Faulty")
        #expect(faulty["status"] == "quarantined", "\(faulty.jsonText)\n\(daemon.log)")
        let entry = try #require(faulty["crash"], "\(faulty.jsonText)")
        #expect(entry["call"] == .string(expected.call), "\(entry.jsonText)")
        #expect(entry["detail"] == .string(expected.detail), "\(entry.jsonText)")
        #expect(entry["message"]?.stringValue?.contains(expected.message) == true, "\(entry.jsonText)")
        #expect(entry["types"] == ["faulty"])
        let request = try #require(entry["request"], "\(entry.jsonText)")
        #expect(request["pid"] == pid, "\(request.jsonText)")
        #expect(request["id"] == expected.request.id, "\(request.jsonText)")
        #expect(request["method"] == .string(expected.request.method), "\(request.jsonText)")
        #expect(try plugin(in: root + "/greeting", of: daemon)["status"] == "loaded")
        #expect(daemon.log.contains("the engine stopped in plugin Faulty (\(root)/faulty)"), "\(daemon.log)")
    }

    @Test func aCrashInOnDestroyIsBlamedOnThePluginBeingUnloaded() throws {
        let (folder, root, daemon) = try crashSetup(environment: ["MODHOST_TEST_FAULT": "ondestroy-trap"])
        #expect(try daemon.initializedClient().call("ping")["result"] != nil)
        // Moved out of the plugin root, the plugin is unloaded, and its OnDestroy traps.
        let away = folder.path + "/away"
        try FileManager.default.moveItem(atPath: root + "/faulty", toPath: away)
        try daemon.waitForLog("the engine stopped in plugin Faulty (\(root)/faulty)")
        try daemon.waitForLog("info: listening on", occurrences: 2)
        // Moved back (a rename keeps the files' identity), it is the folder that crashed.
        try FileManager.default.moveItem(atPath: away, toPath: root + "/faulty")
        let deadline = Date().addingTimeInterval(10)
        var listed: JSONValue? = nil
        var plugins: [JSONValue] = []
        while listed == nil && Date() < deadline {
            // Not more often: each client is a line in the daemon's log, in a folder it watches
            // (the parent of the missing user plugin folder), and every change there puts the
            // rescan off by the watcher's settle time again.
            usleep(500_000)
            plugins = try daemon.initializedClient().call("describe")["result"]?["plugins"]?.arrayValue ?? []
            listed = plugins.first { $0["path"]?.stringValue == root + "/faulty" }
        }
        let faulty = try #require(listed, "the folder moved back is listed again: \(plugins)\n\(daemon.log)")
        #expect(faulty["name"] == "Faulty")
        #expect(faulty["status"] == "quarantined", "\(faulty.jsonText)\n\(daemon.log)")
        let entry = try #require(faulty["crash"], "\(faulty.jsonText)")
        #expect(entry["call"] == "OnDestroy", "\(entry.jsonText)")
        #expect(entry["detail"] == "Faulty", "\(entry.jsonText)")
        #expect(entry["message"]?.stringValue?.contains("OnDestroy fails on purpose") == true, "\(entry.jsonText)")
        #expect(entry["request"] == nil, "a rescan for a folder change handles no request: \(entry.jsonText)")
        #expect(try plugin(in: root + "/greeting", of: daemon)["status"] == "loaded")
    }

    @Test func aCrashInTheOnDestroyOfAPluginOvertakenByOneOfTheSameNameIsBlamedOnItNotTheNewcomer() throws {
        let (folder, root, daemon) = try crashSetup(environment: ["MODHOST_TEST_FAULT": "ondestroy-trap"])
        #expect(try daemon.initializedClient().call("ping")["result"] != nil)
        // A folder that sorts first and holds a plugin of the same name takes the name: the
        // loaded Faulty is unloaded, and its OnDestroy traps. Made elsewhere, moved in whole.
        let staged = try PluginFixtures.make(
            in: folder.path + "/staging", folder: "a-faulty", name: "Faulty", library: "libFaultyFixture.so", modules: ["FaultyModule"])
        try FileManager.default.moveItem(atPath: staged, toPath: root + "/a-faulty")
        try daemon.waitForLog("the engine stopped in plugin Faulty")
        try daemon.waitForLog("info: listening on", occurrences: 2)
        let old = try plugin(in: root + "/faulty", of: daemon)
        let newcomer = try plugin(in: root + "/a-faulty", of: daemon)
        // The page keeps a slot per plugin folder, and OnDestroy is recorded with its folder.
        #expect(daemon.log.contains("the engine stopped in plugin Faulty (\(root)/faulty)"), "\(daemon.log)")
        #expect(old["status"] == "quarantined", "\(old.jsonText)")
        #expect(newcomer["status"] == "loaded", "\(newcomer.jsonText)")
    }
}

/// More plugins than the engine page has slots (256): each is still blamed for its own crash.
@Suite("Blame with 300 plugins", .blocksItsThread, .timeLimit(.minutes(20)))
struct ManyPluginsBlameTests {
    @Test func aCrashAfterThreeHundredPluginsIsBlamedOnTheOneThatCrashed() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        for index in 0..<300 {
            let name = "G" + String(index + 1000).dropFirst()
            try PluginFixtures.make(in: root, folder: "g" + name.dropFirst(), name: name)
        }
        try PluginFixtures.make(in: root, folder: "x-faulty", name: "Faulty", library: "libFaultyFixture.so", modules: ["FaultyModule"])
        try PluginFixtures.make(in: root, folder: "y-greeting", name: "Bystander")
        let daemon = try DaemonProcess(
            arguments: PluginFixtures.daemonArguments(root) + ["--plugin-timeout", "5"], folder: folder,
            environment: PluginFixtures.environment(folder), startSeconds: 300)
        let client = try daemon.initializedClient()
        // The answer comes from the next engine, once it has loaded the 302 plugins again: as
        // long as the start, on a busy machine or under a sanitizer.
        expectRestartError(
            try client.call("mount", params: ["surface": "f", "root": faultyRow("body")], timeoutMilliseconds: 300_000), reason: "plugin-crashed")
        try daemon.waitForLog("the engine stopped in plugin Faulty (\(root)/x-faulty)", seconds: 60)
        try daemon.waitForLog("info: listening on", occurrences: 2, seconds: 300)
        let plugins = try #require(daemon.initializedClient().call("describe")["result"]?["plugins"]?.arrayValue)
        let quarantined = plugins.filter { $0["status"] == "quarantined" }.compactMap { $0["path"]?.stringValue }
        #expect(quarantined == [root + "/x-faulty"], "\(quarantined)")
        #expect(plugins.first { $0["path"]?.stringValue == root + "/y-greeting" }?["status"] == "loaded")
    }
}
