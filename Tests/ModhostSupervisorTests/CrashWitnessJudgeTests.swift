import Glibc
import Testing

@testable import ModhostSupervisor

private let engine: Int32 = 500

private func recorded(_ folder: String, plugin: String) -> RecordedCall {
    RecordedCall(
        plugin: plugin, folder: folder, identity: "id", call: "body", detail: "faulty", request: #"{"id":1,"method":"mount"}"#,
        types: ["faulty"], startedNanoseconds: 0)
}

private let plugins = [
    CrashJudge.PublishedPlugin(name: "Greeting", folder: "/p/greeting", identity: "g", types: ["greeting"]),
    CrashJudge.PublishedPlugin(name: "Faulty", folder: "/p/faulty", identity: "f", types: ["faulty"]),
    CrashJudge.PublishedPlugin(name: "Long", folder: "/p/" + String(repeating: "x", count: 300), identity: "l", types: []),
]

private let pluginCode = "/memfd:modhost-plugin:/p/faulty (deleted)"

/// The judge believes where the crashing thread was, read from outside the engine, over what
/// the engine page says: the page can be written by any plugin.
@Suite("Supervisor: the crash witness decides over the engine page", .timeLimit(.minutes(20)))
struct CrashWitnessJudgeTests {
    @Test func whenBothAgreeThePagesCallIsKept() {
        let witness = ThreadWitness(tid: engine, isMainThread: true, signal: SIGILL, codeFile: pluginCode, chain: ["/p/faulty"])
        let (call, note) = CrashJudge.attribute(recorded("/p/faulty", plugin: "Faulty"), witness: witness, plugins: plugins, enginePID: engine)
        #expect(call == recorded("/p/faulty", plugin: "Faulty"))
        #expect(note == nil)
    }

    @Test func aPageNamingAnotherPluginIsOverruledByTheCodeThatCrashed() throws {
        // Faulty wrote Greeting's call on the page, then crashed on a thread of its own.
        let witness = ThreadWitness(tid: 501, isMainThread: false, signal: SIGSEGV, codeFile: pluginCode, chain: ["/p/faulty"])
        let (call, note) = CrashJudge.attribute(recorded("/p/greeting", plugin: "Greeting"), witness: witness, plugins: plugins, enginePID: engine)
        let blamed = try #require(call)
        #expect(blamed.folder == "/p/faulty" && blamed.plugin == "Faulty" && blamed.identity == "f" && blamed.types == ["faulty"])
        #expect(blamed.call == "thread" && blamed.request.isEmpty)
        #expect(note?.contains("named plugin Greeting (/p/greeting), which is not blamed") == true, "\(note ?? "")")

        var judge = CrashJudge(policy: .init())
        guard case let .quarantine(entry, _) = judge.judge(
            .init(signal: SIGSEGV), call: recorded("/p/greeting", plugin: "Greeting"), witness: witness, plugins: plugins,
            enginePID: engine, runtimeMessage: "", now: 0)
        else {
            Issue.record("expected a quarantine")
            return
        }
        #expect(entry.folder == "/p/faulty")
        #expect(judge.quarantine["/p/greeting"] == nil)
    }

    @Test func aFaultWithNoPluginCodeOnTheStackBlamesNobodyWhateverThePageSays() {
        let witness = ThreadWitness(tid: engine, isMainThread: true, signal: SIGSEGV, codeFile: "/usr/bin/modhostd")
        let (call, note) = CrashJudge.attribute(recorded("/p/greeting", plugin: "Greeting"), witness: witness, plugins: plugins, enginePID: engine)
        #expect(call == nil)
        #expect(note?.contains("no plugin's code was on the stack") == true)
        var judge = CrashJudge(policy: .init())
        let decision = judge.judge(
            .init(signal: SIGSEGV), call: recorded("/p/greeting", plugin: "Greeting"), witness: witness, plugins: plugins,
            enginePID: engine, runtimeMessage: "", now: 0)
        guard case let .restart(_, log) = decision else {
            Issue.record("expected an unattributed restart, got \(decision)")
            return
        }
        #expect(log.contains("outside plugin code") && log.contains("it is not blamed"), "\(log)")
        #expect(judge.quarantine.isEmpty)
    }

    @Test func theCallerOfLibcIsTheCulpritWhenThePCIsInLibc() {
        // abort() or usleep() called from Faulty: libc keeps no frame pointers, and the chain
        // from there reaches Greeting's frames further down.
        let witness = ThreadWitness(
            tid: engine, isMainThread: true, signal: SIGABRT, wasSent: true, sender: engine, codeFile: "/usr/lib/libc.so.6",
            chain: ["/p/greeting"], caller: "/p/faulty")
        #expect(witness.innermostPlugin == "/p/faulty")
        let inPlugin = ThreadWitness(tid: engine, isMainThread: true, codeFile: pluginCode, chain: ["/p/faulty"], caller: "/p/greeting")
        #expect(inPlugin.innermostPlugin == "/p/faulty")
    }

    @Test func aSignalFromAnotherProcessOrAnAbortWithoutPluginCodeLeavesItToThePage() {
        let page = recorded("/p/faulty", plugin: "Faulty")
        let fromOutside = ThreadWitness(tid: engine, isMainThread: true, signal: SIGSEGV, wasSent: true, sender: 42, chain: ["/p/greeting"])
        #expect(CrashJudge.attribute(page, witness: fromOutside, plugins: plugins, enginePID: engine).0 == page)
        #expect(CrashJudge.attribute(nil, witness: fromOutside, plugins: plugins, enginePID: engine).0 == nil)
        let abort = ThreadWitness(tid: engine, isMainThread: true, signal: SIGABRT, wasSent: true, sender: engine)
        #expect(CrashJudge.attribute(page, witness: abort, plugins: plugins, enginePID: engine).0 == page)
    }

    @Test func withoutAWitnessThePageDecides() {
        let page = recorded("/p/faulty", plugin: "Faulty")
        #expect(CrashJudge.attribute(page, witness: nil, plugins: plugins, enginePID: engine).0 == page)
    }

    @Test func aFolderCutShortInTheMemoryFilesNameIsFoundByItsEnd() throws {
        let long = plugins[2].folder
        let witness = ThreadWitness(
            tid: engine, isMainThread: true, signal: SIGSEGV, codeFile: "/memfd:modhost-plugin:…xxx (deleted)",
            chain: ["…" + String(long.suffix(150))])
        let call = try #require(CrashJudge.attribute(nil, witness: witness, plugins: plugins, enginePID: engine).0)
        #expect(call.folder == long && call.plugin == "Long")
    }

    @Test func aHangIsBlamedOnThePluginWhoseCodeTheMainThreadRuns() throws {
        // The page was cleared by the plugin; the probe found the engine deaf.
        var judge = CrashJudge(policy: .init())
        let witness = ThreadWitness(tid: engine, isMainThread: true, codeFile: pluginCode, chain: ["/p/faulty"])
        let decision = judge.judge(
            .init(signal: SIGKILL, unanswered: true), call: nil, witness: witness, plugins: plugins, enginePID: engine,
            runtimeMessage: "", now: 0)
        guard case let .quarantine(entry, _) = decision else {
            Issue.record("expected a quarantine, got \(decision)")
            return
        }
        #expect(entry.folder == "/p/faulty")
        #expect(entry.crash.reason.contains("did not answer a ping"), "\(entry.crash.reason)")
    }

    @Test func anEndlessControlLineIsDroppedNotKept() {
        var buffer = Array("loaded [\"/p/a\"]\n".utf8) + [UInt8](repeating: 65, count: 100)
        #expect(EngineControl.takeLines(from: &buffer) == [#"loaded ["/p/a"]"#])
        #expect(!EngineControl.dropOverlong(&buffer, limit: 100))
        buffer.append(65)
        #expect(EngineControl.dropOverlong(&buffer, limit: 100))
        #expect(buffer.isEmpty)
    }
}
