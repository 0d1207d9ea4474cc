import Foundation
import Synchronization
import Testing

/// A trait for suites whose tests block their thread: they wait for a process, a socket or a
/// log line with blocking calls.
///
/// Swift Testing runs every test as a task on the cooperative pool, which has one thread per
/// core. On a 2-core machine two tests waiting for a daemon held both threads, so every other
/// test (unit tests included) waited behind them and a run took about the sum of all the
/// waits, with the CPU half idle. A test of a suite with this trait runs on threads of its
/// own (`BlockingTestExecutor`), and at most `BlockingTestGate.width` such tests run at once,
/// so that the daemons they start do not swamp the machine.
public struct BlocksItsThread: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // The suite's own scope holds nothing: each of its test cases takes a place.
        guard testCase != nil else { return try await function() }
        await BlockingTestGate.shared.enter()
        defer { BlockingTestGate.shared.leave() }
        try await withTaskExecutorPreference(BlockingTestExecutor.shared) { try await function() }
    }
}

extension Trait where Self == BlocksItsThread {
    /// The suite's tests block their thread: run them off the cooperative pool (see `BlocksItsThread`).
    public static var blocksItsThread: Self { BlocksItsThread() }
}

/// How many blocking tests run at once: `MODHOST_TEST_WIDTH`, else six per core, three under
/// a sanitizer. Most of a blocking test's time is spent waiting, so it takes several to keep
/// the cores busy: on 2 cores, 6 at once ran the package's suites in 197 s with the CPU 75 %
/// busy, 12 in 134 s with it 97 % busy (2 at once, the cooperative pool's width: 312 s). A
/// sanitized build does two to three times the work per test, so fewer fill the cores; more
/// would only queue the daemons they start and stretch the tests that time the daemon.
public final class BlockingTestGate: Sendable {
    public static let shared = BlockingTestGate(width: defaultWidth)

    public static var defaultWidth: Int {
        if let text = ProcessInfo.processInfo.environment["MODHOST_TEST_WIDTH"], let width = Int(text), width > 0 { return width }
        let sanitized = !(ProcessInfo.processInfo.environment["MODHOST_SANITIZER"] ?? "").isEmpty
        return (sanitized ? 3 : 6) * ProcessInfo.processInfo.activeProcessorCount
    }

    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    public let width: Int
    private let state: Mutex<State>

    public init(width: Int) {
        self.width = width
        state = Mutex(State(free: width))
    }

    /// How many tests wait for a place.
    public var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Waits (suspended, holding no thread) until fewer than `width` tests are running.
    public func enter() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let admitted = state.withLock { state -> Bool in
                guard state.free > 0 else {
                    state.waiting.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if admitted { continuation.resume() }
        }
    }

    /// Hands the place to the longest waiting test, or frees it.
    public func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.waiting.isEmpty {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}

/// Runs each job on an idle thread of its own pool, starting a thread when none is idle: a job
/// that blocks holds only its own thread. Threads stay for the next jobs (the gate bounds how
/// many are ever busy at once, plus the few its tests' own tasks add).
public final class BlockingTestExecutor: TaskExecutor, @unchecked Sendable {
    public static let shared = BlockingTestExecutor()

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var idleThreads = 0

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        let startThread = jobs.count > idleThreads
        if !startThread { condition.signal() }
        condition.unlock()
        if startThread {
            let thread = Thread { [self] in work() }
            thread.name = "blocking test"
            thread.start()
        }
    }

    private func work() {
        condition.lock()
        while true {
            while jobs.isEmpty {
                idleThreads += 1
                condition.wait()
                idleThreads -= 1
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
            condition.lock()
        }
    }
}
