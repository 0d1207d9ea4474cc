@_spi(ExperimentalScheduling) import _Concurrency
import Glibc
import ModhostWire
import Synchronization

/// Runs plugins' async code (refresh actions, `AsyncFunction`s) on the host's one thread,
/// between frames: each plugin's tasks prefer a `PluginExecutor`, whose jobs wait here until
/// the host runs them. So plugin code never runs beside the host's, and each slice of it is
/// marked as that plugin's for crash and hang reports, like any other call into a plugin.
///
/// Jobs are queued from any thread (a timer of `Task.sleep`, a plugin's own thread resuming a
/// continuation); the transport's `wake` then makes the loop call `runPending`. The host also
/// runs them after each frame, so work a frame started and that finishes at once is done
/// before the next frame is read.
public final class AsyncWork: @unchecked Sendable {
    private enum Work {
        case job(UnownedJob, PluginExecutor)
        case closure(@Sendable () -> Void)
    }

    private let queue = Mutex<[Work]>([])
    /// Set when work is queued: read after every frame, so an atomic load rather than a lock.
    private let queued = Atomic<Bool>(false)
    private let wakeHandler = Mutex<(@Sendable () -> Void)?>(nil)
    private let executors = Mutex<[String: PluginExecutor]>([:])
    /// The host's thread: the one that makes this and runs `runPending`.
    private let loopThread = pthread_self()
    /// True while the host's thread is where it runs the queue before doing anything else
    /// (handling a frame, or in `runPending`): work queued from that thread then needs no
    /// wake-up, which costs a system call and a turn of the loop. Only that thread reads or
    /// writes it (checked before it is read), hence `@unchecked Sendable`.
    private var drainsSoon = false
    /// The queue's other buffer, empty with its capacity kept: `runQueued` swaps it with the
    /// queue under the lock, so taking the work copies and allocates nothing. The host's
    /// thread only.
    private var spare: [Work] = []
    /// Plugin tasks' jobs that wait for a time (their sleeps).
    private let delayed = DelayedJobs()
    /// The `AsyncFunction` calls running, by number: what a call's task reaches its reply
    /// through, so that a call cancelled (its connection closed) keeps nothing of the host's
    /// however long its task goes on. The host's thread only.
    private var calls: [UInt64: Call] = [:]
    private var lastCallNumber: UInt64 = 0
    /// The calls by their task, for the sleeps the task itself starts. The host's thread only.
    private var callsByTask: [UnsafeCurrentTask: UInt64] = [:]

    /// A running `AsyncFunction` call.
    private struct Call {
        let reply: PendingReply
        var task: Task<Void, Never>?
        /// The call's own task (not its child tasks, nor tasks it starts), once it has run.
        var ownTask: UnsafeCurrentTask?
        /// The job, in `delayed`, that ends the sleep the call's own task is in, if it sleeps.
        var sleep: UInt64?
    }

    public init() {}

    /// Runs `body`, during which work queued from the host's thread is run when it returns
    /// (the caller runs `runPending` then), so it needs no wake-up.
    public func draining<R>(_ body: () -> R) -> R {
        let outer = drainsSoon
        drainsSoon = true
        defer { drainsSoon = outer }
        return body()
    }

    /// Called, from any thread, when work is queued and the loop should run `runPending`;
    /// the transport sets it (`uv_async_send`). Without it, work waits for the next frame.
    /// It is called under a lock, so once `setWake(nil)` returns it is never called again.
    public func setWake(_ wake: (@Sendable () -> Void)?) {
        wakeHandler.withLock { $0 = wake }
    }

    /// The executor the tasks of `plugin` prefer.
    func executor(for plugin: String) -> PluginExecutor {
        executors.withLock { executors in
            if let existing = executors[plugin] { return existing }
            let executor = PluginExecutor(plugin: plugin, work: self)
            executors[plugin] = executor
            return executor
        }
    }

    fileprivate func enqueue(_ job: UnownedJob, on executor: PluginExecutor) {
        add(.job(job, executor))
    }

    /// Runs `body` on the loop, soon: from another thread, this is how host state is reached.
    func post(_ body: @escaping @Sendable () -> Void) {
        add(.closure(body))
    }

    private func add(_ work: Work) {
        let wasEmpty = queue.withLock { queue in
            queue.append(work)
            queued.store(true, ordering: .releasing)
            return queue.count == 1
        }
        if wasEmpty && !(pthread_equal(pthread_self(), loopThread) != 0 && drainsSoon) {
            wakeHandler.withLock { $0?() }
        }
    }

    /// Keeps `job` until `nanoseconds` from now, then has the runtime run it. A job that the
    /// own task of an `AsyncFunction` call queues on the host's thread is the wake-up of a
    /// sleep of that call: cancelling the call runs it at once.
    fileprivate func schedule(_ job: UnownedJob, in nanoseconds: UInt64) {
        guard nanoseconds > 0 else {
            globalConcurrentExecutor.enqueue(job)
            return
        }
        let id = delayed.schedule(job, in: nanoseconds)
        guard pthread_equal(pthread_self(), loopThread) != 0,
              let number = withUnsafeCurrentTask(body: { task in task.flatMap { callsByTask[$0] } })
        else { return }
        // The task runs, so an earlier sleep of it has ended: one is enough to remember.
        calls[number]?.sleep = id
    }

    /// Plugin tasks' jobs waiting for a time.
    var delayedJobCount: Int { delayed.count }

    /// `AsyncFunction` calls whose task has not answered (nor been cancelled).
    var callCount: Int { calls.count }

    /// Starts the `AsyncFunction` call `body` as a task of `plugin`, which answers `reply` when
    /// it returns. The reply's `onCancel` (the connection closed) cancels it, which also ends
    /// at once the sleep its task is in, and forgets it: when the task ends, its outcome is
    /// dropped. The host's thread only.
    func startCall(
        plugin: String, reply: PendingReply, _ body: @escaping @Sendable () async -> Result<JSONValue, RPCError>
    ) {
        lastCallNumber += 1
        let number = lastCallNumber
        calls[number] = Call(reply: reply)
        // Holds only this and the call's number: a task that outlives its call (one that does
        // not stop when cancelled) keeps nothing of the call's.
        let task = Task(executorPreference: executor(for: plugin)) { [self] in
            callStarted(number)
            let outcome = await body()
            callEnded(number, outcome)
        }
        calls[number]?.task = task
        reply.onCancel = { [weak self] in self?.cancelCall(number) }
    }

    // Called by the call's task, which runs on the host's thread (it prefers a `PluginExecutor`).
    private func callStarted(_ number: UInt64) {
        withUnsafeCurrentTask { task in
            guard let task, calls[number] != nil else { return }
            calls[number]?.ownTask = task
            callsByTask[task] = number
        }
    }

    private func callEnded(_ number: UInt64, _ outcome: Result<JSONValue, RPCError>) {
        guard let call = forget(number) else { return }
        call.reply.finish(outcome)
    }

    private func cancelCall(_ number: UInt64) {
        guard let call = forget(number) else { return }
        // Cancelling runs the sleep's cancellation handler at once, which ends the sleep; its
        // wake-up job then only frees what the sleep held, so it can run now.
        call.task?.cancel()
        if let sleep = call.sleep, let job = delayed.take(sleep) { globalConcurrentExecutor.enqueue(job) }
    }

    private func forget(_ number: UInt64) -> Call? {
        guard let call = calls.removeValue(forKey: number) else { return nil }
        if let task = call.ownTask { callsByTask[task] = nil }
        return call
    }

    /// Whether work may be waiting (cheap: one atomic load).
    public var hasWork: Bool { queued.load(ordering: .acquiring) }

    /// Runs the queued work, and the work it queues, until none is left (at most `limit`
    /// items, so that a task that keeps yielding cannot hold the loop: the rest waits for the
    /// next call, and the loop is woken for it). Call it on the loop's thread only.
    public func runPending(limit: Int = 10_000) {
        draining { runQueued(limit: limit) }
    }

    private func runQueued(limit: Int) {
        var ran = 0
        while ran < limit {
            var batch: [Work] = []
            swap(&batch, &spare)
            queue.withLock { queue in
                swap(&batch, &queue)
                // Cleared under the lock that `add` appends under, so no work is missed.
                queued.store(false, ordering: .relaxed)
            }
            if batch.isEmpty {
                spare = batch
                return
            }
            for work in batch {
                switch work {
                case let .job(job, executor):
                    PluginCalls.run(plugin: executor.plugin, .task, executor.plugin) {
                        job.runSynchronously(on: executor.asUnownedTaskExecutor())
                    }
                case let .closure(body):
                    body()
                }
            }
            ran += batch.count
            batch.removeAll(keepingCapacity: true)
            spare = batch
        }
        if hasWork { wakeHandler.withLock { $0?() } }
    }
}

/// The executor a plugin's tasks prefer: it hands their jobs to `AsyncWork`, which runs them
/// on the host's thread as that plugin's code. It schedules their sleeps too
/// (`SchedulingExecutor`): the runtime hands it a sleep's wake-up job with its time, and the
/// host keeps it until its time (`DelayedJobs`) rather than the runtime's timers. That protocol is
/// the standard library's `ExperimentalScheduling` SPI in Swift 6.3: a toolchain that changes
/// it breaks the build here, or `CancelledCallTests` if sleeps stop coming to it.
final class PluginExecutor: TaskExecutor, SchedulingExecutor {
    let plugin: String
    private unowned let work: AsyncWork

    init(plugin: String, work: AsyncWork) {
        self.plugin = plugin
        self.work = work
    }

    func enqueue(_ job: consuming ExecutorJob) {
        work.enqueue(UnownedJob(job), on: self)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        work.schedule(UnownedJob(job), in: Self.nanoseconds(delay))
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        work.schedule(UnownedJob(job), in: Self.nanoseconds(clock.now.duration(to: instant)))
    }

    /// A delay in nanoseconds, 0 when it has passed. The clocks of the standard library
    /// measure in `Duration`; a clock that does not gets its job run at once, which only
    /// shortens a sleep on it.
    private static func nanoseconds<D: DurationProtocol>(_ delay: D) -> UInt64 {
        guard let delay = delay as? Duration, delay > .zero else { return 0 }
        let (seconds, attoseconds) = delay.components
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : whole &+ UInt64(attoseconds / 1_000_000_000)
    }
}

/// Carries a value the host's thread owns into a task that runs on that thread too (a task
/// preferring a `PluginExecutor`): the compiler cannot see that they are the same thread.
struct LoopBound<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
