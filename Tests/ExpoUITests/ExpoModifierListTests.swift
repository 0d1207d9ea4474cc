@_spi(ModhostHost) import ModifierKit
import Foundation
import SectionedList
import Testing

@testable import ExpoUI

private typealias T = ExpoUITest

/// Plugins/ExpoUI/expo-modifiers.txt, Expo UI's modifier names, by section.
enum ExpoModifierList {
    /// The file beside the plugin's sources.
    static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Plugins/ExpoUI/expo-modifiers.txt")
}

@Suite("ExpoUI: Expo's modifier list", .timeLimit(.minutes(20)))
struct ExpoModifierListTests {
    /// The types the ExpoUI module registers.
    static func registeredTypes() -> [String] {
        let module = ExpoUIModule(appContext: T.context)
        let plugin = "ExpoUITests.list"
        let registry = ModifierRegistry()
        registry.attributing(plugin: plugin, module: "ExpoUIModule") {
            module.definition().onCreate.forEach { $0() }
        }
        return registry.registrations(byPlugin: plugin).map(\.type)
    }

    static func list() throws -> SectionedList {
        try SectionedList(text: String(contentsOf: ExpoModifierList.url, encoding: .utf8))
    }

    @Test func theFileHasItsSectionsAndNoNameTwice() throws {
        let list = try Self.list()
        #expect(Set(list.sections.keys) == ["served", "served by SwipeActions", "not yet"])
        let all = list.sections.values.flatMap { $0 }
        let repeated = Dictionary(grouping: all, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "listed more than once: \(repeated)")
        for name in all {
            #expect(name.allSatisfy { $0.isLetter || $0.isNumber } && name.first!.isLowercase, "'\(name)' is not a $type")
        }
    }

    @Test func everyServedNameIsRegistered() throws {
        let registered = Set(Self.registeredTypes())
        let missing = try Self.list().sections["served", default: []].filter { !registered.contains($0) }
        #expect(missing.isEmpty, "listed as served but not registered by ExpoUI: \(missing)")
    }

    @Test func noNameNotYetServedIsRegistered() throws {
        let registered = Set(Self.registeredTypes())
        let served = try Self.list().sections["not yet", default: []].filter { registered.contains($0) }
        #expect(served.isEmpty, "served now: move from [not yet] to [served] in expo-modifiers.txt: \(served)")
    }

    @Test func everyRegisteredTypeIsListedAsServed() throws {
        let served = Set(try Self.list().sections["served", default: []])
        let unlisted = Self.registeredTypes().filter { !served.contains($0) }
        #expect(unlisted.isEmpty, "registered by ExpoUI but not under [served] in expo-modifiers.txt: \(unlisted)")
    }

    @Test func aNameBeforeAnySectionIsAnError() {
        #expect(throws: SectionedList.ListError.self) { try SectionedList(text: "shadow\n[served]\n") }
        let list = try? SectionedList(text: "# c\n[served]\npadding # why\n\n[not yet]\n")
        #expect(list?.sections == ["served": ["padding"], "not yet": []])
        #expect(list?.reasons == ["padding": "why"])
    }
}
