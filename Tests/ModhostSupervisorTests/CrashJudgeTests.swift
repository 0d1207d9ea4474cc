import Glibc
import ModhostCore
import ModhostPlugins
import ModhostWire
import Testing

@testable import ModhostSupervisor

private let second: Int64 = 1_000_000_000

/// A call of plugin Faulty as the engine page records it.
private func call(folder: String = "/plugins/faulty", kind: String = "factory", request: String = #"{"pid":42,"id":7,"method":"mount"}"#) -> RecordedCall {
    RecordedCall(
        plugin: "Faulty", folder: folder, identity: "inode 1 size 2", call: kind, detail: "faulty", request: request,
        types: ["faulty", "other"], startedNanoseconds: 0)
}

/// The delay of a restart, or nil for a quarantine.
private func delay(_ decision: CrashJudge.Decision) -> UInt64? {
    if case let .restart(delay, _) = decision { return delay }
    return nil
}

@Suite("Supervisor: what an engine's end means", .timeLimit(.minutes(20)))
struct CrashJudgeTests {
    @Test func aCrashInAPluginCallQuarantinesThatPluginsFolderWithWhatWasRecorded() throws {
        var judge = CrashJudge(policy: .init())
        let decision = judge.judge(.init(signal: SIGILL), call: call(), runtimeMessage: "Fatal error: boom", now: 0)
        guard case let .quarantine(entry, log) = decision else {
            Issue.record("expected a quarantine, got \(decision)")
            return
        }
        #expect(entry.folder == "/plugins/faulty" && entry.plugin == "Faulty" && entry.identity == "inode 1 size 2")
        #expect(entry.crash == PluginCrash(
            call: "factory", detail: "faulty", reason: "SIGILL", message: "Fatal error: boom",
            request: ["pid": 42, "id": 7, "method": "mount"], types: ["faulty", "other"]))
        #expect(log.contains("plugin Faulty (/plugins/faulty)") && log.contains("quarantined"))
        #expect(judge.quarantine == ["/plugins/faulty": entry])
        #expect(judge.unattributedCrashes.isEmpty)
    }

    @Test func theReasonIsTheHangTheSignalOrTheExitStatus() throws {
        var policy = Supervisor.Policy()
        policy.pluginTimeoutNanoseconds = 2_500_000_000
        for (ending, reason) in [
            (CrashJudge.Ending(signal: SIGKILL, hung: true), "hung for more than 2.5 s"),
            (CrashJudge.Ending(signal: SIGSEGV), "SIGSEGV"),
            (CrashJudge.Ending(status: 3), "exit status 3"),
        ] {
            var judge = CrashJudge(policy: policy)
            guard case let .quarantine(entry, _) = judge.judge(ending, call: call(), runtimeMessage: "", now: 0) else {
                Issue.record("\(ending): no quarantine")
                continue
            }
            #expect(entry.crash.reason == reason)
        }
    }

    @Test func callsThatLoadOrUnloadAPluginHaveTheSetupLimit() throws {
        let policy = Supervisor.Policy()
        #expect(policy.pluginTimeoutNanoseconds == 1_000_000_000)
        #expect(policy.setupTimeoutNanoseconds == 10_000_000_000)
        var setup = call()
        setup.isSetup = true
        #expect(policy.timeout(for: call()) == 1_000_000_000)
        #expect(policy.timeout(for: setup) == 10_000_000_000)
        #expect(PluginCalls.Kind.allCases.filter(\.isSetup) == [.moduleSetup, .onCreate, .onDestroy, .schema])
        var judge = CrashJudge(policy: policy)
        guard case let .quarantine(entry, _) = judge.judge(.init(signal: SIGKILL, hung: true), call: setup, runtimeMessage: "", now: 0) else {
            Issue.record("no quarantine")
            return
        }
        #expect(entry.crash.reason == "hung for more than 10.0 s")
    }

    @Test func theQuarantineIsBoundedAndForgetsTheOldestFirst() throws {
        var policy = Supervisor.Policy()
        #expect(policy.maxQuarantined == 256)
        policy.maxQuarantined = 2
        var judge = CrashJudge(policy: policy)
        var logs: [String] = []
        for folder in ["/p/a", "/p/b", "/p/c"] {
            guard case let .quarantine(_, log) = judge.judge(.init(signal: SIGSEGV), call: call(folder: folder), runtimeMessage: "", now: 0) else {
                Issue.record("no quarantine for \(folder)")
                continue
            }
            logs.append(log)
        }
        #expect(Set(judge.quarantine.keys) == ["/p/b", "/p/c"])
        #expect(logs.last?.contains("the quarantine holds at most 2 plugins, so Faulty (/p/a), the oldest, is no longer quarantined") == true, "\(logs)")
        #expect(!logs[1].contains("no longer quarantined"))
        // A released one frees its place: no one else is forgotten for the next.
        let released = judge.release(folder: "/p/b")
        #expect(released)
        _ = judge.judge(.init(signal: SIGSEGV), call: call(folder: "/p/d"), runtimeMessage: "", now: 0)
        #expect(Set(judge.quarantine.keys) == ["/p/c", "/p/d"])
    }

    @Test func aCallWithoutRequestOrFolderIsNotGuessed() throws {
        var judge = CrashJudge(policy: .init())
        guard case let .quarantine(entry, _) = judge.judge(.init(signal: SIGABRT), call: call(kind: "OnCreate", request: ""), runtimeMessage: "", now: 0) else {
            Issue.record("no quarantine")
            return
        }
        #expect(entry.crash.request == nil)
        // No folder on the page: nobody to blame, so a restart.
        let decision = judge.judge(.init(signal: SIGABRT), call: call(folder: ""), runtimeMessage: "Fatal error: x", now: 0)
        #expect(delay(decision) == 0)
        #expect(judge.quarantine.count == 1)
    }

    @Test func outsidePluginCodeTheFirstCrashesRestartAtOnceThenTheDelayDoublesUpToTheCap() {
        var policy = Supervisor.Policy()
        policy.crashesBeforeBackoff = 3
        policy.firstBackoffMilliseconds = 1000
        policy.maxBackoffMilliseconds = 60_000
        var judge = CrashJudge(policy: policy)
        let delays = (0..<12).map { delay(judge.judge(.init(signal: SIGSEGV), call: nil, runtimeMessage: "", now: Int64($0) * second)) }
        #expect(delays == [0, 0, 0, 1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000])
        #expect(judge.quarantine.isEmpty)
    }

    @Test func crashesOlderThanTheWindowAreForgotten() {
        var policy = Supervisor.Policy()
        policy.crashWindowNanoseconds = 300 * second
        var judge = CrashJudge(policy: policy)
        for minute in 0..<4 { _ = judge.judge(.init(status: 1), call: nil, runtimeMessage: "", now: Int64(minute) * 60 * second) }
        #expect(judge.unattributedCrashes.count == 4)
        // Six minutes after the first: the first two are out of the window, so this is the
        // third in it, and restarts at once.
        let decision = judge.judge(.init(status: 1), call: nil, runtimeMessage: "", now: 360 * second)
        #expect(delay(decision) == 0)
        #expect(judge.unattributedCrashes == [120 * second, 180 * second, 360 * second])
    }

    @Test func anAlreadyQuarantinedFolderCrashingAgainCountsAsUnattributed() {
        var judge = CrashJudge(policy: .init())
        _ = judge.judge(.init(signal: SIGILL), call: call(), runtimeMessage: "", now: 0)
        let again = judge.judge(.init(signal: SIGILL), call: call(), runtimeMessage: "", now: second)
        #expect(delay(again) == 0)
        #expect(judge.unattributedCrashes == [second])
        guard case let .restart(_, log) = again else { return }
        #expect(log.contains("which is already quarantined"))
    }

    @Test func releasingAFolderLetsItsPluginBeQuarantinedAgain() {
        var judge = CrashJudge(policy: .init())
        _ = judge.judge(.init(signal: SIGILL), call: call(), runtimeMessage: "", now: 0)
        let released = judge.release(folder: "/plugins/faulty")
        let releasedAgain = judge.release(folder: "/plugins/faulty")
        #expect(released && !releasedAgain)
        #expect(judge.quarantine.isEmpty)
        #expect(delay(judge.judge(.init(signal: SIGILL), call: call(), runtimeMessage: "", now: second)) == nil)
    }

    @Test func anEngineThatCannotStartIsAnUnattributedCrash() {
        var policy = Supervisor.Policy()
        policy.crashesBeforeBackoff = 0
        policy.firstBackoffMilliseconds = 500
        var judge = CrashJudge(policy: policy)
        let decision = judge.unattributed(reason: "it could not be started (no such file)", now: 0)
        #expect(delay(decision) == 500)
    }
}

@Suite("Supervisor: the crash record and control messages, written and read back", .timeLimit(.minutes(20)))
struct CrashRecordCodingTests {
    @Test func aQuarantineEntryAndItsCrashReadBackEqual() throws {
        let entry = QuarantineEntry(
            folder: "/plugins/a b", plugin: "Faulty", identity: "inode 1",
            crash: PluginCrash(call: "body", detail: "faulty", reason: "SIGILL", message: "Fatal error: \"x\"", request: ["id": 9223372036854775807, "method": "mount"], types: ["faulty"]))
        let text = JSONValue.array([entry.json]).jsonText
        let read = try JSONParser.parse(Array(text.utf8)).arrayValue?.compactMap(QuarantineEntry.init(json:))
        #expect(read == [entry])
        #expect(PluginCrash(json: entry.crash.json) == entry.crash)
        // A crash without request or types reads back without them.
        let bare = PluginCrash(call: "OnCreate", detail: "M", reason: "exit status 3", message: "")
        #expect(PluginCrash(json: bare.json) == bare)
        #expect(PluginCrash(json: ["call": "body"]) == nil)
    }

    @Test func controlMessagesReadBackAndAnythingElseIsRefused() {
        // A folder and a crash message with a newline in them stay on one line.
        let entry = QuarantineEntry(
            folder: "/p/new\nline", plugin: "Faulty", identity: "inode 2",
            crash: PluginCrash(call: "body", detail: "faulty", reason: "SIGILL", message: "Fatal error:\nx"))
        let messages: [EngineControl] = [
            .enable(folder: "/p/with space"), .release(folder: "/p/x"), .quarantined(entry), .quarantineListed, .handOver, .handedOver,
        ]
        for message in messages {
            #expect(EngineControl(line: String(message.line.dropLast())) == message)
            #expect(message.line.hasSuffix("\n"))
            #expect(message.line.dropLast().contains("\n") == false, "\(message.line)")
        }
        #expect(EngineControl(line: "forget /p/x") == nil)
        #expect(EngineControl(line: "enable") == nil)
        #expect(EngineControl(line: "quarantined {\"folder\": 1}") == nil)
        #expect(EngineControl(line: "quarantined not json") == nil)
    }
}
