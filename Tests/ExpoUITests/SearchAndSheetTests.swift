@_spi(ModhostHost) import ModifierKit
import Testing

@testable import ExpoUI

private typealias T = ExpoUITest

@Suite("ExpoUI: searchable and presentationDetents", .timeLimit(.minutes(20)))
struct SearchAndSheetTests {
    @Test func searchableGivesTheViewAFieldThatSendsEachEdit() throws {
        let events = EventLog()
        let effect = try T.effect(SearchableModifier.self, ["text": "ap", "placement": "toolbar", "prompt": "Search"], events: events)
        let search = try #require(effect.search)
        #expect(search.text.wrappedValue == "ap")
        #expect(search.placement == .toolbar)
        #expect(search.prompt == "Search")
        #expect(!effect.isInert)
        search.text.wrappedValue = "app"
        #expect(search.text.wrappedValue == "app")
        // The same text again is not an edit.
        search.text.wrappedValue = "app"
        #expect(events.all == [#"{"text":"app"}"#].map { #"{"SearchableModifier":"# + $0 + "}" })
    }

    @Test func searchableDefaults() throws {
        let search = try #require(try T.effect(SearchableModifier.self).search)
        #expect(search.text.wrappedValue == "")
        #expect(search.placement == .automatic)
        #expect(search.prompt == nil)
    }

    @Test func searchableParamsAreCheckedAtTheField() throws {
        let placement = try T.fieldError { try T.make(SearchableModifier.self, ["placement": "top"]) }
        #expect(placement.path == "placement")
        #expect("\(placement)".contains("'navigationBarDrawer'"), "\(placement)")
        #expect(try T.fieldError { try T.make(SearchableModifier.self, ["text": 5]) }.path == "text")
    }

    @Test func detentsAreOrderedSmallestFirstAndStartAtTheSmallest() throws {
        let events = EventLog()
        let effect = try T.effect(PresentationDetentsModifier.self, ["detents": ["large", ["height": 100], "medium", ["fraction": 0.75]]], events: events)
        let sheet = try #require(effect.presentationDetents)
        #expect(sheet.detents == [.height(100), .medium, .fraction(0.75), .large])
        #expect(sheet.selection.wrappedValue == .height(100))
        sheet.selection.wrappedValue = .large
        sheet.selection.wrappedValue = .large
        #expect(sheet.selection.wrappedValue == .large)
        #expect(events.all == [#"{"PresentationDetentsModifier":{"detent":"large"}}"#])
        sheet.selection.wrappedValue = .fraction(0.75)
        #expect(events.all.last == #"{"PresentationDetentsModifier":{"detent":{"fraction":0.75}}}"#)
    }

    @Test func aSelectionIsWhereTheSheetStarts() throws {
        let sheet = try #require(try T.effect(PresentationDetentsModifier.self, ["detents": ["medium", "large"], "selection": "large"]).presentationDetents)
        #expect(sheet.selection.wrappedValue == .large)
    }

    @Test func badDetentsAreRefusedAtTheirPlace() throws {
        let cases: [([String: Any], String, String)] = [
            (["detents": ["medium", "half"]], "detents", "'medium', 'large'"),
            (["detents": [["fraction": 1.5]]], "detents", "fraction"),
            (["detents": [Any]()], "detents", "at least one detent"),
            ([:], "detents", "required but missing"),
            (["detents": ["medium"], "selection": "large"], "selection", "one of the detents: medium"),
        ]
        for (params, path, expected) in cases {
            let error = try T.fieldError { try T.make(PresentationDetentsModifier.self, params) }
            #expect(error.path.hasPrefix(path), "\(error)")
            #expect("\(error)".contains(expected), "\(error)")
        }
    }

    @Test func theSDKsDetentsWithoutASelectionKeepTheOneChosen() {
        struct Sheet: ViewModifier {
            func body(content: Content) -> some View { content.presentationDetents([.large, .medium]) }
        }
        let sheet = ModifierEvaluator.evaluate(Sheet()).presentationDetents
        #expect(sheet?.detents == [.medium, .large])
        #expect(sheet?.selection.wrappedValue == .medium)
        sheet?.selection.wrappedValue = .large
        #expect(sheet?.selection.wrappedValue == .large)
    }

    @Test func theInnermostSearchableIsTheViewsField() {
        struct Both: ViewModifier {
            func body(content: Content) -> some View {
                content.searchable(text: .constant("inner")).searchable(text: .constant("outer"), prompt: "p")
            }
        }
        let search = ModifierEvaluator.evaluate(Both()).search
        #expect(search?.text.wrappedValue == "inner")
        #expect(search?.prompt == nil)
    }
}
