import Glibc
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
/// on the host's thread as that plugin's code.
final class PluginExecutor: TaskExecutor {
    let plugin: String
    private unowned let work: AsyncWork

    init(plugin: String, work: AsyncWork) {
        self.plugin = plugin
        self.work = work
    }

    func enqueue(_ job: consuming ExecutorJob) {
        work.enqueue(UnownedJob(job), on: self)
    }
}

/// Carries a value the host's thread owns into a task that runs on that thread too (a task
/// preferring a `PluginExecutor`): the compiler cannot see that they are the same thread.
struct LoopBound<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
