import Glibc
import ModhostCore
import ModhostPlugins
import ModhostWire
import Testing

@testable import ModhostSupervisor

private let second: Int64 = 1_000_000_000

/// Plugins `p0`, `p1`, ... in folders `/p/0`, `/p/1`, ...
private func plugins(_ count: Int) -> [LoadedPlugin] {
    (0..<count).map { LoadedPlugin(folder: "/p/\($0)", plugin: "p\($0)", identity: "id\($0)", types: ["t\($0)"]) }
}

private func delay(_ decision: CrashJudge.Decision) -> UInt64? {
    if case let .restart(delay, _) = decision { return delay }
    return nil
}

private func log(_ decision: CrashJudge.Decision) -> String {
    switch decision {
    case let .restart(_, log), let .quarantine(_, log): return log
    }
}

/// What a bisection run against one culprit did.
private struct Outcome {
    var found: QuarantineEntry?
    var engineEnds = 0
    var delays: [UInt64] = []
    var logs: [String] = []
}

/// A judge whose engines have loaded `count` plugins, whose three unattributed ends started a
/// search; `crashes(loaded)` says whether an engine that loads these folders ends.
private func runSearch(count: Int, policy: Supervisor.Policy = .init(), crashes: (Set<String>) -> Bool) -> (CrashJudge, Outcome) {
    var judge = CrashJudge(policy: policy)
    judge.loadedPlugins = plugins(count)
    var outcome = Outcome()
    var now: Int64 = 0
    for _ in 0..<3 {
        now += second
        let decision = judge.judge(.init(signal: SIGSEGV), call: nil, runtimeMessage: "", now: now)
        outcome.delays.append(delay(decision) ?? 0)
        outcome.logs.append(log(decision))
    }
    let all = Set(plugins(count).map(\.folder))
    // An engine runs with what is not held out (a live release loads more into it).
    var steps = 0
    while judge.bisect != nil, steps < 100 {
        steps += 1
        let loaded = all.subtracting(judge.heldOut).subtracting(judge.quarantine.keys)
        if crashes(loaded) {
            now += second
            outcome.engineEnds += 1
            let decision = judge.judge(.init(signal: SIGSEGV), call: nil, runtimeMessage: "", now: now)
            outcome.delays.append(delay(decision) ?? 0)
            outcome.logs.append(log(decision))
            if case let .quarantine(entry, _) = decision { outcome.found = entry }
        } else {
            // Ticks until the probation is over.
            #expect(judge.bisectTick(now: now + policy.bisectProbationNanoseconds / 2) == nil)
            now += policy.bisectProbationNanoseconds + second
            switch judge.bisectTick(now: now) {
            case let .quarantine(entry, _, log)?:
                outcome.found = entry
                outcome.logs.append(log)
            case let .release(_, log)?: outcome.logs.append(log)
            case nil: Issue.record("no step after the probation")
            }
        }
    }
    return (judge, outcome)
}

@Suite("Supervisor: bisecting unattributed crashes", .timeLimit(.minutes(20)))
struct BisectTests {
    @Test func theThirdUnattributedEndStartsASearchThatHoldsOutHalfThePlugins() {
        let policy = Supervisor.Policy()
        #expect(policy.unattributedBeforeBisect == 3)
        #expect(policy.bisectProbationNanoseconds == 10 * second)
        #expect(policy.maxBisectCandidates == 1024)
        #expect(policy.scaledForTests(by: "0.5").bisectProbationNanoseconds == 5 * second)
        var judge = CrashJudge(policy: policy)
        judge.loadedPlugins = plugins(4)
        for index in 1...2 {
            _ = judge.judge(.init(signal: SIGSEGV), call: nil, runtimeMessage: "", now: Int64(index) * second)
            #expect(judge.bisect == nil)
        }
        let third = judge.judge(.init(signal: SIGSEGV), call: nil, runtimeMessage: "", now: 3 * second)
        #expect(delay(third) == 0)
        #expect(judge.heldOut == ["/p/2", "/p/3"])
        #expect(log(third) == "the engine stopped outside plugin code (SIGSEGV); the engine ended 3 times outside any recorded plugin call; bisecting 4 candidates (p0, p1, p2, p3): holding out p2, p3; starting a new engine")
    }

    @Test(arguments: [1, 2, 3, 5, 8, 13])
    func everyCulpritIsFoundWithoutBackOffAndTheOthersAreGivenBack(count: Int) {
        for culprit in 0..<count {
            let folder = "/p/\(culprit)"
            let (judge, outcome) = runSearch(count: count) { $0.contains(folder) }
            #expect(outcome.found?.folder == folder, "culprit \(culprit) of \(count): \(outcome.logs)")
            #expect(outcome.found?.plugin == "p\(culprit)" && outcome.found?.identity == "id\(culprit)")
            #expect(outcome.found?.crash.call == "bisect")
            #expect(outcome.found?.crash.types == ["t\(culprit)"])
            #expect(outcome.found?.crash.message == "the last end: SIGSEGV")
            #expect(judge.quarantine.keys.sorted() == [folder])
            #expect(judge.heldOut.isEmpty && judge.bisect == nil)
            #expect(judge.unattributedCrashes.isEmpty)
            #expect(outcome.delays.allSatisfy { $0 == 0 }, "\(outcome.delays)")
            // At most a trial per halving, and one to see it held out.
            var bound = 1
            while 1 << (bound - 1) < count { bound += 1 }
            #expect(outcome.engineEnds <= bound + 1, "\(outcome.engineEnds) ends for \(count) plugins: \(outcome.logs)")
        }
    }

    @Test func crashesThatGoOnWithEveryCandidateHeldOutBlameNoOneAndBackOffAsBefore() {
        var policy = Supervisor.Policy()
        policy.crashWindowNanoseconds = 3600 * second
        let (judge, outcome) = runSearch(count: 4, policy: policy) { _ in true }
        #expect(outcome.found == nil)
        #expect(judge.quarantine.isEmpty && judge.bisect == nil && judge.heldOut.isEmpty)
        #expect(outcome.logs.last?.contains("no plugin explains the ends; the search ends and every plugin held out is given back") == true, "\(outcome.logs)")
        // The end that gave up is the sixth in the window: past the third, it backs off.
        #expect(outcome.delays.last.map { $0 > 0 } == true, "\(outcome.delays)")
        // And no new search starts within the window.
        var again = judge
        let next = again.judge(.init(signal: SIGSEGV), call: nil, runtimeMessage: "", now: 100 * second)
        #expect(again.bisect == nil && delay(next).map { $0 > 0 } == true)
    }

    @Test func withoutPluginsLoadedThereIsNothingToSearchAndRestartsBackOff() {
        var judge = CrashJudge(policy: .init())
        let delays = (1...5).map { delay(judge.judge(.init(signal: SIGSEGV), call: nil, runtimeMessage: "", now: Int64($0) * second)) }
        #expect(delays == [0, 0, 0, 1000, 2000])
        #expect(judge.bisect == nil)
    }

    @Test func anAttributedCrashOfACandidateEndsTheSearchAndOfAnyOtherRestartsTheTrial() {
        var judge = CrashJudge(policy: .init())
        judge.loadedPlugins = plugins(4)
        for index in 1...3 { _ = judge.judge(.init(signal: SIGSEGV), call: nil, runtimeMessage: "", now: Int64(index) * second) }
        #expect(judge.heldOut == ["/p/2", "/p/3"])
        func call(_ folder: String) -> RecordedCall {
            RecordedCall(plugin: "x", folder: folder, identity: "", call: "body", detail: "t", request: "", types: [], startedNanoseconds: 0)
        }
        // A plugin outside the search (loaded since, say): quarantined, the trial starts over.
        let other = judge.judge(.init(signal: SIGILL), call: call("/q/other"), runtimeMessage: "", now: 20 * second)
        #expect(log(other).hasSuffix("; the bisection goes on, holding out the same plugins"), "\(log(other))")
        #expect(judge.heldOut == ["/p/2", "/p/3"])
        #expect(judge.bisect?.trialStarted == 20 * second)
        // A candidate: it may have been the one.
        let candidate = judge.judge(.init(signal: SIGILL), call: call("/p/1"), runtimeMessage: "", now: 21 * second)
        #expect(log(candidate).contains("it was among the plugins being bisected, so the search ends"), "\(log(candidate))")
        #expect(judge.bisect == nil && judge.heldOut.isEmpty)
        #expect(Set(judge.quarantine.keys) == ["/q/other", "/p/1"])
    }

    @Test func theCandidatesAreBounded() {
        var policy = Supervisor.Policy()
        policy.maxBisectCandidates = 6
        var judge = CrashJudge(policy: policy)
        judge.loadedPlugins = plugins(20)
        for index in 1...3 { _ = judge.judge(.init(signal: SIGSEGV), call: nil, runtimeMessage: "", now: Int64(index) * second) }
        #expect(judge.bisect?.candidates.count == 6)
        #expect(judge.heldOut.count == 3)
        // A folder listed twice is one candidate.
        var twice = CrashJudge(policy: policy)
        twice.loadedPlugins = plugins(2) + plugins(2)
        for index in 1...3 { _ = twice.judge(.init(signal: SIGSEGV), call: nil, runtimeMessage: "", now: Int64(index) * second) }
        #expect(twice.bisect?.candidates == ["/p/0", "/p/1"])
    }

    @Test func theQuarantineEntryOfAFoundPluginReadsAsSuch() {
        let crash = PluginCrash(call: "bisect", detail: "", reason: "found by bisecting 5 unattributed engine ends", message: "the last end: SIGSEGV")
        #expect(crash.summary == "was found by bisecting 5 unattributed engine ends: the engine ended outside any recorded plugin call only while it was loaded (the last end: SIGSEGV)")
    }

    @Test func holdsReleasesAndLoadedListsReadBack() {
        let messages: [EngineControl] = [
            .heldOut(folder: "/p/new\nline"), .releaseHeld(folder: "/p/a b"),
            .loaded([LoadedPlugin(folder: "/p/x", plugin: "X", identity: "1:2", types: ["a", "b"]), LoadedPlugin(folder: "/p/y", plugin: "Y", identity: "", types: [])]),
            .loaded([]),
        ]
        for message in messages {
            #expect(EngineControl(line: String(message.line.dropLast())) == message, "\(message.line)")
            #expect(message.line.dropLast().contains("\n") == false, "\(message.line)")
        }
        #expect(EngineControl(line: "held-out /p/not-json") == nil)
        #expect(EngineControl(line: "loaded [{\"folder\":\"/p\"}]") == nil)
        #expect(EngineControl(line: "loaded {}") == nil)
    }
}
