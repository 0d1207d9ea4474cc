import Glibc
import ModhostCore
import ModhostPlugins
import Testing

@testable import ModhostSupervisor

@Suite("Supervisor: the engine memory limit", .timeLimit(.minutes(20)))
struct EngineMemoryWatchTests {
    @Test func theResidentSizeIsStatmsSecondFieldInPages() {
        #expect(EngineMemoryWatch.residentBytes(statm: "1000 250 30 4 0 90 0\n", pageSize: 4096) == Int64(1_024_000))
        #expect(EngineMemoryWatch.residentBytes(statm: "1000\n", pageSize: 4096) == nil)
        #expect(EngineMemoryWatch.residentBytes(statm: "", pageSize: 4096) == nil)
        // This process's own, read as the engine's is.
        let own = EngineMemoryWatch.residentBytes(of: getpid())
        #expect(own.map { $0 > 1 << 20 } == true, "\(String(describing: own))")
        #expect(EngineMemoryWatch.residentBytes(of: -1) == nil)
    }

    @Test func theWatchReadsEveryFifthTickAndReportsOnlyPastTheLimit() {
        var tight = EngineMemoryWatch(limitBytes: 1 << 20)
        let reads = (1...10).map { _ in tight.tick(pid: getpid()) != nil }
        #expect(reads == [false, false, false, false, true, false, false, false, false, true])
        var roomy = EngineMemoryWatch(limitBytes: 1 << 50)
        #expect((1...10).allSatisfy { _ in roomy.tick(pid: getpid()) == nil })
        var none = EngineMemoryWatch(limitBytes: 0)
        #expect((1...10).allSatisfy { _ in none.tick(pid: getpid()) == nil })
    }

    @Test func sizesReadInMebibytesBelowAGibibyteAndNeverAsTheLimitTheyPassed() {
        #expect(EngineMemoryWatch.size(612 << 20) == "612 MiB")
        #expect(EngineMemoryWatch.size(2 << 30) == "2.0 GiB")
        #expect(EngineMemoryWatch.size((2 << 30) + (1 << 30) / 10 + 1) == "2.1 GiB")
        #expect(EngineMemoryWatch.reason(resident: 2_300 << 20, limit: 2 << 30) == "used 2.2 GiB, past the 2.0 GiB engine memory limit")
        #expect(EngineMemoryWatch.reason(resident: (2 << 30) + (5 << 20), limit: 2 << 30) == "used 2053 MiB, past the 2048 MiB engine memory limit")
    }

    @Test func anEngineEndedPastTheLimitInAPluginCallQuarantinesThatPlugin() throws {
        var policy = Supervisor.Policy()
        #expect(policy.engineMemoryLimitBytes == 2 << 30)
        policy.engineMemoryLimitBytes = 512 << 20
        var judge = CrashJudge(policy: policy)
        let call = RecordedCall(
            plugin: "Faulty", folder: "/plugins/faulty", identity: "inode 1", call: "body", detail: "faulty", request: "",
            types: ["faulty"], startedNanoseconds: 0)
        let ending = CrashJudge.Ending(signal: SIGKILL, residentBytes: 700 << 20)
        guard case let .quarantine(entry, log) = judge.judge(ending, call: call, runtimeMessage: "", now: 0) else {
            Issue.record("no quarantine")
            return
        }
        #expect(entry.crash.reason == "used 700 MiB, past the 512 MiB engine memory limit")
        #expect(entry.crash.summary == "made the host use 700 MiB, past the 512 MiB engine memory limit, in its body for 'faulty'")
        #expect(log.contains("plugin Faulty (/plugins/faulty)"), "\(log)")
        // Outside any call: a restart, blaming no one.
        guard case let .restart(_, restartLog) = judge.judge(ending, call: nil, runtimeMessage: "", now: 0) else {
            Issue.record("no restart")
            return
        }
        #expect(restartLog.contains("(used 700 MiB, past the 512 MiB engine memory limit)"), "\(restartLog)")
        #expect(judge.quarantine.count == 1)
    }

    @Test func theLogSaysWhichCallWasRunning() {
        let call = RecordedCall(
            plugin: "Faulty", folder: "/p/faulty", identity: "", call: "body", detail: "faulty", request: "", types: [],
            startedNanoseconds: 0)
        #expect(EngineMemoryWatch.log(resident: 600 << 20, limit: 512 << 20, call: call)
            == "the engine uses 600 MiB, past the 512 MiB engine memory limit, while plugin Faulty (/p/faulty) runs its body for 'faulty'; stopping the engine")
        #expect(EngineMemoryWatch.log(resident: 600 << 20, limit: 512 << 20, call: nil)
            == "the engine uses 600 MiB, past the 512 MiB engine memory limit, outside any plugin call; stopping the engine")
    }
}
