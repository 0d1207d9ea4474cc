import Glibc
@_spi(ModhostHost) @testable import ModhostCore
import ModhostWire
@_spi(ModhostHost) import ModifierKit
import Synchronization
import Testing

// What an `AsyncFunction` call leaves behind when its connection closes before it answers
// (issue 27: ~720 bytes per call, for as long as the call's sleep would have lasted), and
// that the host, which now keeps plugin tasks' sleeps, still ends them on time.

@Suite("Cancelled AsyncFunction calls", .timeLimit(.minutes(20)))
struct CancelledCallTests {
    @Test(arguments: ["sleep", "sleepFor"])
    func aCancelledCallKeepsNothing(function: String) throws {
        let client = try SurfaceClient.initialized()
        WaitingModule.add(to: client.host)
        let work = client.host.asyncWork
        for id in 1...3 {
            #expect(send(client, id: id, function, [.int(3_600_000)]).isEmpty, "an hour's sleep does not answer at once")
        }
        #expect(work.callCount == 3)
        #expect(work.delayedJobCount == 3, "each call's sleep waits in the host")

        client.session.close()
        work.runPending()
        #expect(work.callCount == 0, "closing the connection forgets its calls")
        #expect(work.delayedJobCount == 0, "the wake-ups of the cancelled sleeps ran at once, not an hour later")
        #expect(client.pushed.isEmpty, "nothing is sent to a closed connection")
    }

    @Test func aCallThatIgnoresCancellationKeepsNothingOfTheHosts() throws {
        let client = try SurfaceClient.initialized()
        WaitingModule.add(to: client.host)
        let work = client.host.asyncWork
        let held = HeldCalls.shared
        #expect(send(client, id: 1, "hold", []).isEmpty)
        #expect(work.callCount == 1)

        client.session.close()
        work.runPending()
        #expect(work.callCount == 0, "the call is forgotten though its task goes on")
        // Its task ends later; its answer goes nowhere.
        #expect(held.releaseAll() == 1)
        work.runPending()
        #expect(client.pushed.isEmpty)
        #expect(work.callCount == 0)
    }

    @Test func sleepsEndOnTimeAndInOrder() throws {
        let client = try SurfaceClient.initialized()
        WaitingModule.add(to: client.host)
        let work = client.host.asyncWork
        // A closed connection's many sleeps, taken out of the host's timers (some stay in its
        // heap until they surface), do not disturb the sleeps that follow.
        let other = try SurfaceClient.initialized(host: client.host, peer: "closing")
        for id in 1...100 { _ = send(other, id: id, "sleep", [.int(3_600_000)]) }
        other.session.close()
        #expect(work.delayedJobCount == 0)
        #expect(send(client, id: 1, "sleep", [.int(400)]).isEmpty)
        #expect(send(client, id: 2, "sleepFor", [.int(20)]).isEmpty)

        try waitForAnswers(2, of: client)
        #expect(client.pushed.map { $0["id"] } == [2, 1], "the shorter sleep answers first")
        #expect(client.pushed.map { $0["result"]?["result"] } == ["slept", "slept"])
        #expect(work.callCount == 0)
        #expect(work.delayedJobCount == 0)
        #expect(other.pushed.isEmpty)
    }

    @Test(arguments: ["sleep", "sleepFor"])
    func aSleepOfNoTimeAnswersWithoutATimer(function: String) throws {
        let client = try SurfaceClient.initialized()
        WaitingModule.add(to: client.host)
        // The runtime resumes the sleeper from a thread of its own: the answer may come in line
        // or just after.
        let inLine = try surfaceDecodeFrames(send(client, id: 7, function, [.int(0)]))
        #expect(client.host.asyncWork.delayedJobCount == 0)
        if inLine.isEmpty { try waitForAnswers(1, of: client) }
        let answer = inLine.first ?? client.pushed.first
        #expect(answer?["id"] == 7)
        #expect(answer?["result"]?["result"] == "slept")
    }

    /// Sends `Waiting.function(args)` as request `id`; the frames answered at once.
    private func send(_ client: SurfaceClient, id: Int, _ function: String, _ args: [JSONValue]) -> [UInt8] {
        let request: JSONValue = [
            "jsonrpc": "2.0", "id": .int(Int64(id)), "method": "callFunction",
            "params": ["module": "Waiting", "function": .string(function), "args": .array(args)],
        ]
        var out: [UInt8] = []
        client.session.receive(frame: Array(request.jsonText.utf8), replies: &out)
        return out
    }

    /// Runs the host's async work, as the daemon's loop would when woken, until `count`
    /// answers were pushed to `client` (at most 10 s: a bound for a hang, not a timing).
    private func waitForAnswers(_ count: Int, of client: SurfaceClient) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while client.pushed.count < count && ContinuousClock.now < deadline {
            if client.host.asyncWork.hasWork { client.host.asyncWork.runPending() } else { usleep(1000) }
        }
        try #require(client.pushed.count == count, "got \(client.pushed.count) of \(count) answers within 10 s")
    }
}

/// A module whose AsyncFunctions wait: on a sleep, or on something cancellation does not end.
final class WaitingModule: Module {
    func definition() -> ModuleDefinition {
        Name("Waiting")
        AsyncFunction("sleep") { (milliseconds: Int) async throws -> String in
            try await Task.sleep(nanoseconds: UInt64(milliseconds) * 1_000_000)
            return "slept"
        }
        AsyncFunction("sleepFor") { (milliseconds: Int) async throws -> String in
            try await Task.sleep(for: .milliseconds(milliseconds))
            return "slept"
        }
        AsyncFunction("hold") { () async -> String in
            await HeldCalls.shared.wait()
            return "released"
        }
    }

    static func add(to host: Host) {
        let module = WaitingModule(appContext: host.appContext(forPlugin: "waiting-tests"))
        host.addModule(module, definition: module.definition(), name: "Waiting", plugin: "waiting-tests")
    }
}

/// Calls of `Waiting.hold`, which only `releaseAll` ends (one test uses it).
final class HeldCalls: Sendable {
    static let shared = HeldCalls()
    private let waiting = Mutex<[CheckedContinuation<Void, Never>]>([])

    func wait() async {
        await withCheckedContinuation { continuation in waiting.withLock { $0.append(continuation) } }
    }

    /// Ends every waiting call; how many there were.
    func releaseAll() -> Int {
        let all = waiting.withLock { waiting in
            defer { waiting = [] }
            return waiting
        }
        for continuation in all { continuation.resume() }
        return all.count
    }
}
