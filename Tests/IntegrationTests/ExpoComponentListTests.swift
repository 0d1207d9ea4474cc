import Foundation
import ModhostWire
import SectionedList
import BlockingTests
import Testing

/// Plugins/ExpoUI/expo-components.txt, Expo UI SDK 58's components by whether Modhost serves
/// them, against the views a daemon with the bundled plugins lists in `initialize` (issue 43,
/// item 5): the gap is written down, and serving a component means moving its name up.
@Suite("Expo UI SDK 58's component list", .serialized, .blocksItsThread, .timeLimit(.minutes(20)))
struct ExpoComponentListTests {
    let folder = TemporaryFolder()

    static func list() throws -> SectionedList {
        try SectionedList(text: String(contentsOfFile: repositoryRoot + "/Plugins/ExpoUI/expo-components.txt", encoding: .utf8))
    }

    /// The views `initialize` lists, each with the plugin serving it (nil: the host's own).
    func servedViews() throws -> [(name: String, plugin: String?)] {
        let daemon = try DaemonProcess(folder: folder, environment: PluginFixtures.environment(folder))
        let result = try #require(try daemon.initializedClient().call("describe")["result"])
        return (result["viewInfo"]?.arrayValue ?? []).compactMap { info in
            info["name"]?.stringValue.map { ($0, info["plugin"]?.stringValue) }
        }
    }

    @Test func theFileHasItsSectionsEveryNameOnceAndAReasonForEachGap() throws {
        let list = try Self.list()
        #expect(Set(list.sections.keys) == ["served by the host", "served", "client only", "not yet"])
        let all = list.sections.values.flatMap { $0 }
        let repeated = Dictionary(grouping: all, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "listed more than once: \(repeated)")
        let unexplained = list.sections["not yet", default: []].filter { list.reasons[$0] == nil }
        #expect(unexplained.isEmpty, "[not yet] names without a reason: \(unexplained)")
    }

    @Test func whatTheListSaysIsServedIsWhatTheDaemonServes() throws {
        let list = try Self.list()
        let served = try servedViews()
        let host = Set(served.filter { $0.plugin == nil }.map(\.name))
        let expoUI = served.filter { $0.plugin == "ExpoUI" }.map(\.name)
        #expect(Set(list.sections["served by the host", default: []]) == host, "the host's own views: \(host.sorted())")
        #expect(Set(list.sections["served", default: []]) == Set(expoUI), "the ExpoUI plugin's views: \(expoUI)")
        let wrongly = list.sections["not yet", default: []].filter { name in served.contains { $0.name == name } }
        #expect(wrongly.isEmpty, "served now: move from [not yet] up in expo-components.txt: \(wrongly)")
    }
}
