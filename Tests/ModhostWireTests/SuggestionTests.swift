import ModhostWire
import Testing

@Suite(.timeLimit(.minutes(20))) struct SuggestionTests {
    @Test func aTypoFindsItsName() {
        #expect(Suggestion.closest(to: "trailling", among: ["leading", "trailing", "allowsFullSwipe"]) == "trailing")
        #expect(Suggestion.closest(to: "snapshto", among: ["mount", "snapshot", "update"]) == "snapshot")
        #expect(Suggestion.closest(to: "swipeAction", among: ["swipeActions", "onTapGesture"]) == "swipeActions")
    }

    @Test func aSwapOfNeighboursCountsOne() {
        // Two substitutions in Levenshtein terms; short names allow only one edit.
        #expect(Suggestion.closest(to: "tpa", among: ["tap", "longPress"]) == "tap")
    }

    @Test func caseOnlyDifferencesAlwaysQualify() {
        #expect(Suggestion.closest(to: "SWIPEACTIONS", among: ["swipeActions"]) == "swipeActions")
    }

    @Test func farNamesAndTheNameItselfAreNotSuggested() {
        #expect(Suggestion.closest(to: "frobnicate", among: ["mount", "snapshot"]) == nil)
        #expect(Suggestion.closest(to: "mount", among: ["mount"]) == nil)
        #expect(Suggestion.closest(to: "", among: ["a"]) == nil)
        #expect(Suggestion.closest(to: "ab", among: ["xyz"]) == nil)
    }

    @Test func theNearestWinsAndTiesKeepTheCandidatesOrder() {
        #expect(Suggestion.closest(to: "updat", among: ["unmount", "update"]) == "update")
        #expect(Suggestion.closest(to: "bat", among: ["cat", "hat"]) == "cat")
    }
}
