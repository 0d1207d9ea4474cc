import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

// Issue 42's Rating view, built as a plugin library (RatingFixture), dropped into a running
// daemon's user plugin folder: served, tapped, updated, removed and put back.

/// A Rating node keyed `r`, listening to its event.
private func rating(value: Int, label: String = "Stars") -> JSONValue {
    ["type": "Rating", "key": "r", "props": ["value": .int(Int64(value)), "max": 3, "label": .string(label)], "events": ["onValueChange"]]
}

/// The system images the snapshot's Rating shows, in order.
private func stars(_ client: BlockingClient) throws -> [String] {
    let root = try #require(client.call("snapshot", params: ["surface": "s"])["result"]?["root"])
    return (root["body"]?["children"]?.arrayValue ?? []).dropFirst().compactMap { $0["children"]?[0]?["props"]?["systemName"]?.stringValue }
}

@Suite("Plugin views in a running daemon", .blocksItsThread, .timeLimit(.minutes(20)))
struct PluginViewIntegrationTests {
    @Test func aRatingPluginDroppedIntoARunningDaemonIsServedAndGoesWithItsPlugin() throws {
        let folder = TemporaryFolder()
        let user = folder.path + "/data/modhost/plugins"
        try FileManager.default.createDirectory(atPath: user, withIntermediateDirectories: true)
        let daemon = try DaemonProcess(
            arguments: ["--no-bundled-plugins"], folder: folder, environment: PluginFixtures.environment(folder))
        let owner = try daemon.initializedClient()
        let other = try daemon.initializedClient()

        // Dropped in: announced, described, mountable.
        let staged = folder.path + "/staged"
        try PluginFixtures.make(in: staged, folder: "rating", name: "Rating", library: "libRatingFixture.so", modules: ["RatingModule", "PanelModule"])
        try FileManager.default.moveItem(atPath: staged + "/rating", toPath: user + "/rating")
        let added = try owner.nextNotification("pluginsChanged")
        #expect(added["params"]?["added"] == ["Panel", "Rating"])
        let described = try #require(owner.call("describe")["result"])
        #expect(described["views"]?.arrayValue?.contains("Rating") == true)
        #expect(described["modules"]?.arrayValue?.first { $0["name"] == "Rating" }?["views"] == ["Rating"])

        let mounted = try owner.call("mount", params: ["surface": "s", "root": rating(value: 1)])
        #expect(mounted["result"] != nil, "\(mounted.jsonText)")
        #expect(try stars(owner) == ["star.fill", "star", "star"])

        // A tap on the third star: the owner hears it, routed by surface, node and event.
        let tapped = try owner.call("interact", params: ["surface": "s", "node": "r", "gesture": "tap", "element": "0/3"])
        #expect(tapped["result"]?["handled"] == true, "\(tapped.jsonText)")
        let event = try owner.nextNotification("event")
        #expect(event["params"] == ["surface": "s", "node": "r", "view": "Rating", "payload": ["onValueChange": ["value": 3]]])
        #expect(try other.call("ping")["result"] != nil)
        #expect(!other.notifications.contains { $0["method"] == "event" }, "only the owner hears its surface's events")

        #expect(try owner.call("update", params: ["surface": "s", "root": rating(value: 3)])["result"] != nil)
        #expect(try stars(owner) == ["star.fill", "star.fill", "star.fill"])

        // Removed: the owner is told, and the node keeps working until its props change.
        try FileManager.default.removeItem(atPath: user + "/rating")
        let warning = try owner.nextNotification("diagnostic")
        #expect(warning["params"]?["code"] == "view-type-removed")
        #expect(warning["params"]?["node"] == "r")
        let removed = try owner.nextNotification("pluginsChanged")
        #expect(removed["params"]?["removed"] == ["Panel", "Rating"])
        #expect(try owner.call("update", params: ["surface": "s", "root": rating(value: 3)])["result"] != nil)
        #expect(try stars(owner) == ["star.fill", "star.fill", "star.fill"])
        let refused = try owner.call("update", params: ["surface": "s", "root": rating(value: 2)])
        #expect(refused["error"]?["data"]?["path"] == "root.type", "\(refused.jsonText)")

        // Put back: served again, with its new code.
        try PluginFixtures.make(in: user, folder: "rating", name: "Rating", library: "libRatingFixture.so", modules: ["RatingModule", "PanelModule"])
        _ = try owner.nextNotification("pluginsChanged")
        #expect(try owner.call("update", params: ["surface": "s", "root": rating(value: 2)])["result"] != nil)
        #expect(try stars(owner) == ["star.fill", "star.fill", "star"])
    }
}

@Suite("Plugin views whose plugin crashes", .blocksItsThread, .timeLimit(.minutes(20)))
struct PluginViewCrashTests {
    @Test(arguments: ["action", "hang"])
    func aViewWhoseActionCrashesOrHangsIsQuarantinedAndItsSurfaceStays(fault: String) throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginFixtures.make(in: root, folder: "faulty", name: "Faulty", library: "libFaultyFixture.so", modules: ["FaultyModule", "FaultyViewModule"])
        let daemon = try DaemonProcess(
            arguments: PluginFixtures.daemonArguments(root) + ["--plugin-timeout", "0.5"], folder: folder, environment: PluginFixtures.environment(folder))
        let bystander = try daemon.initializedClient()
        #expect(try bystander.call("mount", params: ["surface": "b", "root": ["type": "Text", "props": ["text": "calm"]]])["result"] != nil)
        let owner = try daemon.initializedClient()
        let tree: JSONValue = ["type": "VStack", "children": [
            ["type": "Trap", "key": "t", "props": ["fault": .string(fault)], "events": ["onPress"]],
            ["type": "Text", "key": "ok", "props": ["text": "still here"]],
        ]]
        #expect(try owner.call("mount", params: ["surface": "s", "root": tree])["result"] != nil)

        let answer = try owner.call("interact", params: ["surface": "s", "node": "t", "gesture": "tap", "element": "0"])
        expectRestartError(answer, reason: fault == "hang" ? "plugin-hung" : "plugin-crashed")
        #expect(answer["error"]?["data"]?["plugin"] == "Faulty", "\(answer.jsonText)")

        // The surface was rebuilt: the bad plugin's node is there, inert and marked, with a
        // warning that says why; its neighbour and the bystander are as they were.
        let snapshot = try #require(owner.call("snapshot", params: ["surface": "s"])["result"]?["root"])
        #expect(snapshot["children"]?[0]?["id"] == "t")
        #expect(snapshot["children"]?[0]?["quarantined"] == "Faulty")
        #expect(snapshot["children"]?[0]?["body"] == ["type": "Group", "element": "0"])
        #expect(snapshot["children"]?[1]?["props"]?["text"] == "still here")
        let warning = try owner.nextNotification("diagnostic")
        #expect(warning["params"]?["code"] == "quarantined-view", "\(warning.jsonText)")
        #expect(warning["params"]?["node"] == "t")
        let restarted = try #require(owner.notifications.first { $0["method"] == "engineRestarted" } ?? (try? owner.nextNotification("engineRestarted")))
        #expect(restarted["params"]?["surfaces"] == [["surface": "s", "status": "rebuilt"]], "\(restarted.jsonText)")
        #expect(try bystander.call("snapshot", params: ["surface": "b"])["result"]?["root"]?["props"]?["text"] == "calm")
        let crashed = try daemon.initializedClient().call("describe")["result"]?["plugins"]?.arrayValue?.first { $0["name"] == "Faulty" }
        #expect(crashed?["status"] == "quarantined")
        #expect(crashed?["crash"]?["types"] == ["faulty", "Trap"], "\(crashed?.jsonText ?? "")")

        // A tap on the inert node runs nothing: no plugin code is left in it.
        let tap = try owner.call("interact", params: ["surface": "s", "node": "t", "gesture": "tap"])
        #expect(tap["result"]?["handled"] == false, "\(tap.jsonText)")
    }
}
