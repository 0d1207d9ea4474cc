import Foundation
import ModhostClient
import ModhostWire
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

@Suite("Plugin views in a running daemon", .timeLimit(.minutes(20)))
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
