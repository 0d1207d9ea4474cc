import Glibc

/// Jobs of plugin tasks that wait for a time (the wake-up of a `Task.sleep`), kept by the host
/// until it comes: then a timer thread hands each to the runtime's global executor, which is
/// where the runtime would have run it (a sleep's wake-up is a task of its own, with no
/// executor preference; it resumes the sleeper, whose steps run on the host's thread).
///
/// The host keeps them, rather than the runtime's timers, so that the wake-up of a sleep whose
/// call was cancelled can go at once (`take`). The runtime keeps a cancelled
/// sleep's wake-up (a task and a timer, about 700 bytes) until the time the sleep would have
/// ended: a plugin sleeping an hour in each of a million cancelled calls held 700 MB.
final class DelayedJobs: @unchecked Sendable {
    // Everything below is guarded by `lock`; the timer thread waits on `condition`.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var entries: [UInt64: UnownedJob] = [:]
    /// `(deadline, id)` as a binary min-heap on the deadline (CLOCK_MONOTONIC nanoseconds).
    /// Entries taken early stay in it until they surface or `compact` drops them.
    private var heap: [(deadline: UInt64, id: UInt64)] = []
    private var nextID: UInt64 = 1
    /// Whether a timer thread runs; it ends when no job is left, so idle hosts (tests make
    /// many) keep no thread.
    private var hasThread = false

    init() {
        pthread_mutex_init(lock, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(lock)
        condition.deallocate()
        lock.deallocate()
    }

    /// The jobs waiting for their time.
    var count: Int {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return entries.count
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// Keeps `job` until `nanoseconds` from now; its id, for `take`.
    func schedule(_ job: UnownedJob, in nanoseconds: UInt64) -> UInt64 {
        let (sum, overflow) = Self.now().addingReportingOverflow(nanoseconds)
        let deadline = overflow ? .max : sum
        pthread_mutex_lock(lock)
        let id = nextID
        nextID += 1
        entries[id] = job
        push((deadline, id))
        if !hasThread {
            hasThread = true
            startThread()
        } else if heap[0].id == id {
            // Sooner than what the thread waits for.
            pthread_cond_signal(condition)
        }
        pthread_mutex_unlock(lock)
        return id
    }

    /// Removes the job `id` before its time and returns it (nil when it was already handed
    /// over): the caller runs it now.
    func take(_ id: UInt64) -> UnownedJob? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard let job = entries.removeValue(forKey: id) else { return nil }
        // Entries taken early would otherwise stay in the heap until their deadline.
        if heap.count > 64 && heap.count > 2 * entries.count { compact() }
        return job
    }

    // MARK: the timer thread

    private func startThread() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            let jobs = Unmanaged<DelayedJobs>.fromOpaque(context!).takeRetainedValue()
            jobs.runTimers()
            return nil
        }, context)
        guard status == 0 else {
            // Without a thread nothing would ever wake these jobs: say so, loudly.
            Unmanaged<DelayedJobs>.fromOpaque(context).release()
            fatalError("cannot start the thread that wakes plugin tasks' sleeps: pthread_create returned \(status)")
        }
        pthread_detach(thread)
    }

    private func runTimers() {
        var due: [UnownedJob] = []
        pthread_mutex_lock(lock)
        while true {
            let now = Self.now()
            while let top = heap.first, entries[top.id] == nil || top.deadline <= now {
                pop()
                if let job = entries.removeValue(forKey: top.id) { due.append(job) }
            }
            if !due.isEmpty {
                pthread_mutex_unlock(lock)
                for job in due { globalConcurrentExecutor.enqueue(job) }
                due.removeAll(keepingCapacity: true)
                pthread_mutex_lock(lock)
                continue
            }
            guard let next = heap.first else {
                hasThread = false
                pthread_mutex_unlock(lock)
                return
            }
            var until = timespec(tv_sec: Int(next.deadline / 1_000_000_000), tv_nsec: Int(next.deadline % 1_000_000_000))
            pthread_cond_timedwait(condition, lock, &until)
        }
    }

    // MARK: the heap (under the lock)

    private func push(_ element: (deadline: UInt64, id: UInt64)) {
        heap.append(element)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private func pop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(from: 0)
    }

    private func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { return }
            var smallest = left
            if left + 1 < heap.count && heap[left + 1].deadline < heap[left].deadline { smallest = left + 1 }
            guard heap[smallest].deadline < heap[parent].deadline else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }

    /// Drops the heap's entries that were taken, and orders the rest again.
    private func compact() {
        heap.removeAll { entries[$0.id] == nil }
        var index = heap.count / 2
        while index > 0 {
            index -= 1
            siftDown(from: index)
        }
    }
}
