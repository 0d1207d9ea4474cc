import BlockingTests
import Foundation
import Testing

/// The support the blocking suites run on (`.blocksItsThread`).
@Suite("Blocking tests: threads of their own, a bounded number at once", .timeLimit(.minutes(1)))
struct BlockingTestSupportTests {
    /// More tasks than the cooperative pool has threads, each blocking its thread until all
    /// have started: on the pool they would wait for each other forever.
    @Test func tasksThatBlockUntilAllHaveStartedAllFinish() async {
        let count = 2 * ProcessInfo.processInfo.activeProcessorCount + 2
        let rendezvous = Rendezvous(count: count)
        let met = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<count {
                group.addTask(executorPreference: BlockingTestExecutor.shared) { rendezvous.arriveAndWait(seconds: 30) }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(met == count)
    }

    @Test func theGateAdmitsItsWidthAndHandsAPlaceOnInOrder() async {
        let gate = BlockingTestGate(width: 2)
        await gate.enter()
        await gate.enter()
        let third = Task { await gate.enter() }
        while gate.waitingCount == 0 { await Task.yield() }
        #expect(gate.waitingCount == 1)
        gate.leave()
        await third.value
        #expect(gate.waitingCount == 0)
        gate.leave()
        gate.leave()
        // Both places are free again: two enter without waiting.
        await gate.enter()
        await gate.enter()
        #expect(gate.waitingCount == 0)
    }
}

/// Blocks each caller until `count` have arrived, or `seconds` pass.
private final class Rendezvous: @unchecked Sendable {
    private let condition = NSCondition()
    private var arrived = 0
    private let count: Int

    init(count: Int) { self.count = count }

    func arriveAndWait(seconds: Double) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        condition.broadcast()
        let deadline = Date(timeIntervalSinceNow: seconds)
        while arrived < count {
            if !condition.wait(until: deadline) { return false }
        }
        return true
    }
}
