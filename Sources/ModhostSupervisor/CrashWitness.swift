import CLibUV
import CModhostSystem
import Glibc
import ModhostServer

/// Where one engine thread was when it met a fatal signal, called `exit`, or was stopped
/// because the engine hung: read by the supervisor from outside the engine (ptrace and
/// /proc/PID/maps, see `EngineTracer`), so no plugin can write it.
///
/// Whose code a thread ran is told by the memory files plugin libraries are loaded from,
/// named "modhost-plugin:FOLDER" (`SealedLibraryFile`): an address inside one is that
/// plugin's code.
struct ThreadWitness: Equatable {
    var tid: Int32
    var isMainThread: Bool
    /// The fatal signal about to be delivered; 0 for a stopped or exiting thread.
    var signal: Int32 = 0
    /// A process sent the signal (kill, tgkill, abort) rather than a fault of the thread.
    var wasSent = false
    /// The process that sent it, when one did.
    var sender: Int32 = 0
    /// The thread called exit_group (`exit`, `_exit`).
    var isExiting = false
    /// The file of the code the program counter was in.
    var codeFile = ""
    /// Plugin folders whose code is along the thread's frame-pointer chain (the program
    /// counter's first), innermost first.
    var chain: [String] = []
    /// The plugin that called the library the program counter is in, when that library keeps
    /// no frame pointers (libc's `abort`, `exit`, `usleep`): found by the first return address
    /// on the stack that leads out of it.
    var caller: String?

    /// The plugin whose code the thread ran, innermost.
    var innermostPlugin: String? {
        if codeFile.contains("/memfd:" + MODHOST_PLUGIN_MEMORY_FILE_PREFIX) { return chain.first }
        return caller ?? chain.first
    }

    init(
        tid: Int32, isMainThread: Bool, signal: Int32 = 0, wasSent: Bool = false, sender: Int32 = 0, isExiting: Bool = false,
        codeFile: String = "", chain: [String] = [], caller: String? = nil
    ) {
        self.tid = tid
        self.isMainThread = isMainThread
        self.signal = signal
        self.wasSent = wasSent
        self.sender = sender
        self.isExiting = isExiting
        self.codeFile = codeFile
        self.chain = chain
        self.caller = caller
    }

    init?(_ raw: modhost_thread_witness) {
        guard raw.present != 0 else { return nil }
        var raw = raw
        tid = raw.tid
        isMainThread = raw.main_thread != 0
        signal = raw.signal
        wasSent = raw.sent != 0
        sender = raw.sender
        isExiting = raw.exiting != 0
        codeFile = Self.text(raw.pc_file)
        chain = Self.folders(&raw.chain, count: Int(raw.chain_count))
        caller = Self.folders(&raw.caller, count: Int(raw.caller_count)).first
    }

    private static func folders<T>(_ table: inout T, count: Int) -> [String] {
        withUnsafeBytes(of: &table) { bytes in
            let width = Int(MODHOST_WITNESS_PATH)
            return (0..<min(count, bytes.count / width)).map { index in
                String(decoding: bytes[(index * width)..<((index + 1) * width)].prefix { $0 != 0 }, as: UTF8.self)
            }
        }
    }

    private static func text<T>(_ field: T) -> String {
        withUnsafeBytes(of: field) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
    }

    /// The witness with folders cut short by the memory file's name limit ("…END") replaced
    /// by the one of `known` that ends so.
    func resolving(_ known: [String]) -> ThreadWitness {
        func resolve(_ folder: String) -> String {
            guard folder.hasPrefix("…") else { return folder }
            let end = folder.dropFirst()
            return known.first { $0.hasSuffix(end) } ?? folder
        }
        var copy = self
        copy.chain = chain.map(resolve)
        copy.caller = caller.map(resolve)
        return copy
    }

    /// How the thread is described in a log line.
    var summary: String {
        let thread = isMainThread ? "the engine's main thread" : "thread \(tid), not the engine's main thread"
        if isExiting { return "\(thread) called exit" }
        if signal != 0 { return "\(thread) met \(signalName(signal))\(wasSent ? " sent by process \(sender)" : "")" }
        return thread
    }
}

/// Starts each engine from a thread of its own that traces it with ptrace
/// (`engine_trace.c`), reports its end on the supervisor's loop, and hands the supervisor
/// the `ThreadWitness` of the first fault or exit, or of every thread when the engine hung.
///
/// Tracing is what makes the witness unforgeable: a fatal signal stops the thread in the
/// kernel before any handler in the engine runs, a plugin's own handler included. It needs
/// ptrace permission over the engine (a child of the supervisor, so only a Yama scope of 3,
/// a seccomp filter or a debugger already attached prevents it); without it engines still
/// start, untraced, and crashes are judged from the engine page alone.
final class EngineTracer {
    private let notifyPipe: UnsafeMutablePointer<uv_pipe_t>
    private var partial: [UInt8] = []
    private let onExit: (_ pid: pid_t, _ status: Int64, _ signal: Int32) -> Void
    /// Whether the running engine is traced.
    private(set) var isTracing = false

    /// Starts the tracer thread; `onExit` runs on `loop` when an engine ends.
    init?(loop: UnsafeMutablePointer<uv_loop_t>, onExit: @escaping (_ pid: pid_t, _ status: Int64, _ signal: Int32) -> Void) {
        var ends: [Int32] = [0, 0]
        guard modhost_pipe_cloexec(&ends) == 0 else { return nil }
        guard modhost_tracer_start(ends[1]) == 0 else {
            Glibc.close(ends[0])
            Glibc.close(ends[1])
            return nil
        }
        self.onExit = onExit
        notifyPipe = UVHandle.make(uv_pipe_t.self, owner: nil) { uv_pipe_init(loop, $0, 0) }
        notifyPipe.pointee.data = nil
        uv_pipe_open(notifyPipe, ends[0])
        notifyPipe.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        uv_read_start(streamOf(notifyPipe), { _, suggested, buffer in
            buffer!.pointee = uv_buf_init(UnsafeMutablePointer<CChar>.allocate(capacity: suggested), UInt32(suggested))
        }, { stream, count, buffer in
            defer { buffer?.pointee.base?.deallocate() }
            guard count > 0, let base = buffer?.pointee.base else { return }
            let tracer = Unmanaged<EngineTracer>.fromOpaque(stream!.pointee.data).takeUnretainedValue()
            tracer.received(UnsafeRawBufferPointer(start: base, count: count))
        })
    }

    private func received(_ bytes: UnsafeRawBufferPointer) {
        partial.append(contentsOf: bytes)
        for line in EngineControl.takeLines(from: &partial) {
            let fields = line.split(separator: " ")
            guard fields.count == 4, fields[0] == "exit", let pid = pid_t(fields[1]), let status = Int64(fields[2]), let signal = Int32(fields[3])
            else { continue }
            isTracing = false
            onExit(pid, status, signal)
        }
    }

    /// Starts `file` with descriptors `fds[i]` as i (-1: /dev/null), in a session of its own.
    /// `traceError` is set when tracing was asked for and refused.
    func spawn(file: String, arguments: [String], environment: [String], fds: [Int32], trace: Bool) -> (pid: pid_t?, error: Int32, traceError: Int32?) {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var traced: Int32 = 0
        var error: Int32 = 0
        let pid = modhost_tracer_spawn(file, &argv, &envp, fds, Int32(fds.count), trace ? 1 : 0, &traced, &error)
        guard pid > 0 else { return (nil, error, nil) }
        isTracing = traced != 0
        return (pid, 0, trace && traced == 0 ? error : nil)
    }

    /// Where every thread of the hung engine is (main thread first); the engine is killed.
    func snapshotAndKill() -> [ThreadWitness] {
        var threads = [modhost_thread_witness](repeating: modhost_thread_witness(), count: 16)
        let count = Int(modhost_tracer_snapshot_and_kill(&threads, Int32(threads.count)))
        return threads.prefix(max(0, count)).compactMap(ThreadWitness.init)
    }

    /// Where the engine's main thread is now; it goes on running (nil when not traced).
    func peekMainThread() -> ThreadWitness? {
        guard isTracing else { return nil }
        var raw = modhost_thread_witness()
        guard modhost_tracer_peek(&raw) == 1 else { return nil }
        return ThreadWitness(raw)
    }

    /// Stops reporting engines' ends on the loop, so that the loop can end (the thread goes on,
    /// idle, until the process exits).
    func close() {
        uv_read_stop(streamOf(notifyPipe))
        UVHandle.close(notifyPipe)
    }

    /// Stops tracing, before a graceful stop (LeakSanitizer traces the engine as it exits).
    func detach() {
        guard isTracing else { return }
        modhost_tracer_detach()
        isTracing = false
    }

    /// The first fault or exit of the engine that ended, once.
    func takeWitness() -> ThreadWitness? {
        var raw = modhost_thread_witness()
        modhost_tracer_take_witness(&raw)
        return ThreadWitness(raw)
    }
}
