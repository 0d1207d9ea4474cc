import CLibUV
import CModhostSystem
import Glibc
import ModhostServer
import ModhostCore
import ModhostPlugins
import ModhostWire

/// `modhostd` itself: owns the listening socket and runs the host in a child **engine**
/// process (`modhostd --engine`) that accepts and serves connections on that socket itself,
/// so the supervisor is never on the data path. When the engine dies or a plugin call runs
/// past the time limit, the supervisor reads from the engine page which plugin was running,
/// quarantines that plugin, and starts a new engine that skips it. Connections made while no
/// engine runs wait in the socket's backlog.
public final class Supervisor {
    /// How the supervisor behaves; the defaults are the daemon's.
    public struct Policy: Sendable {
        /// A plugin call a request makes (factory, body, action, function, async task) that
        /// runs longer than this is a hang: the engine is killed. What bystanders wait at most.
        public var pluginTimeoutNanoseconds: Int64 = 1_000_000_000
        /// The same for calls made while a plugin loads or unloads (module set-up, `OnCreate`,
        /// `OnDestroy`, the schema), which may do more.
        public var setupTimeoutNanoseconds: Int64 = 10_000_000_000
        /// Crashes outside plugin code allowed within `crashWindow` before restarts back off.
        public var crashesBeforeBackoff = 3
        public var crashWindowNanoseconds: Int64 = 300_000_000_000
        /// The first back-off delay, doubled for each further crash in the window, up to
        /// `maxBackoffMilliseconds`.
        public var firstBackoffMilliseconds: UInt64 = 1000
        public var maxBackoffMilliseconds: UInt64 = 60_000
        /// How long SIGTERM waits for the engine to drain before it is killed.
        public var stopGraceMilliseconds: UInt64 = 10_000
        /// How often the supervisor pings the engine through the socket's path, as a client
        /// would, and how long an answer may take (0: no probe). A probe not answered outside
        /// any plugin call ends the engine; a path that no longer accepts is bound again.
        public var livenessIntervalNanoseconds: Int64 = 1_000_000_000
        public var livenessTimeoutNanoseconds: Int64 = 3_000_000_000
        /// Unanswered pings in a row tolerated while the traced engine's main thread runs host
        /// code rather than a plugin's (busy, not stuck); the next one ends the engine.
        public var busyPingsBeforeHang = 2
        /// The most plugins quarantined at once; past it the oldest quarantine is forgotten.
        public var maxQuarantined = 256
        /// An engine whose resident memory passes this many bytes is ended (0: no limit).
        public var engineMemoryLimitBytes: Int64 = 2 << 30
        /// After this many unattributed ends within `crashWindow`, the supervisor bisects the
        /// plugin set (`Bisect`; 0: never), among at most `maxBisectCandidates` plugins. A trial
        /// that outlives the probation did not load the culprit.
        public var unattributedBeforeBisect = 3
        public var bisectProbationNanoseconds: Int64 = 10_000_000_000
        public var maxBisectCandidates = 1024
        /// Whether engines are traced, so that where a crash or hang happened is read from
        /// outside the engine (`EngineTracer`). Off only to test what happens without it
        /// (`MODHOST_CRASH_WITNESS=off` in modhostd's environment, for the bisection's tests).
        public var crashWitness = true

        public init() {}

        /// The time limit of `call`.
        func timeout(for call: RecordedCall) -> Int64 {
            call.isSetup ? setupTimeoutNanoseconds : pluginTimeoutNanoseconds
        }
    }

    private let loop: UnsafeMutablePointer<uv_loop_t>
    private let socket: ListeningSocket
    private let engineArguments: [String]
    private let environment: [String: String]
    private let logger: Logger
    private let policy: Policy
    private let page: EnginePage
    /// Starts and traces engines, and tells when one ends.
    private var tracer: EngineTracer?
    /// Whether the refusal to trace was logged already.
    private var toldTracingRefused = false
    /// The running engine's process id, which is also its process group's.
    private var enginePID: pid_t?
    /// The last engine's, once it ended.
    private var endedPID: pid_t?
    /// Watchdog ticks since the last look for ended orphans.
    private var ticksSinceReap = 0
    /// Pings the ready engine through the socket's path (nil without a path to probe).
    private var probe: LivenessProbe?
    private var errorPipe: UnsafeMutablePointer<uv_pipe_t>?
    private var controlPipe: UnsafeMutablePointer<uv_pipe_t>?
    private let watchdog: UnsafeMutablePointer<uv_timer_t>
    private let restartTimer: UnsafeMutablePointer<uv_timer_t>
    /// Bounds the wait for a dead engine's pipes to drain (a process the plugin started may
    /// hold them open).
    private let drainTimer: UnsafeMutablePointer<uv_timer_t>
    private var signals: SignalHandles?

    /// The engine's recent standard-error lines (the runtime's last words), and a partial one.
    private var errorLines: [String] = []
    private var errorPartial: [UInt8] = []
    private var controlPartial: [UInt8] = []
    /// Set when the engine is gone and waits for its pipes to drain before it is judged.
    private var exited: (status: Int64, signal: Int32)?
    private var openPipes: Int { (errorPipe == nil ? 0 : 1) + (controlPipe == nil ? 0 : 1) }
    /// Set when the supervisor killed the engine for a hang: what it was doing then.
    private var hang: RecordedCall?
    /// Set when the supervisor killed the engine for not answering a ping.
    private var unanswered = false
    /// Pings in a row that the engine did not answer while its main thread ran host code.
    private var busyPings = 0
    /// Where the hung engine's threads were (main thread first), read as it was killed.
    private var hangThreads: [ThreadWitness] = []
    /// Reads the engine's resident memory; set when it killed the engine past the limit.
    private var memoryWatch: EngineMemoryWatch
    private var pastMemoryLimit: (resident: Int64, call: RecordedCall?)?
    /// What each engine's end meant: the quarantine and the recent unattributed crashes.
    private var crashes: CrashJudge
    /// The connections, held across engines.
    private var custody: ConnectionCustody?
    /// Why the last engine ended, for the next one to tell the connections it takes over.
    private var lastRestart: EngineRestart?
    /// The image engines start from: the supervisor's own until an upgrade in place, then the
    /// file installed at the supervisor's path.
    private var executable = Supervisor.ownImage
    private static let ownImage = "/proc/self/exe"
    /// Where the supervisor's executable was installed (its path as it started).
    private let installedExecutable: String?
    /// An upgrade in place under way: asked of the engine at `asked` (nanoseconds); whether
    /// the engine said it handed its connections over.
    private var upgrade: (path: String, asked: Int64, handedOver: Bool)?
    /// Set when the engine running is the first one started from an upgraded file, until it
    /// is ready: should it end before, the previous build serves again.
    private var upgradedEngineStarting = false
    private var notifiedReady = false
    private var isStopping = false

    public init(
        socket: ListeningSocket, engineArguments: [String], environment: [String: String], logger: Logger,
        policy: Policy = Policy()
    ) throws(ListenError) {
        self.loop = uv_default_loop()
        self.socket = socket
        self.engineArguments = engineArguments
        self.environment = environment
        self.logger = logger
        var policy = policy.scaledForTests(by: environment["MODHOST_TEST_BACKOFF_SCALE"])
        if environment["MODHOST_CRASH_WITNESS"] == "off" { policy.crashWitness = false }
        self.policy = policy
        self.page = try EnginePage()
        self.installedExecutable = Self.installedPath()
        self.crashes = CrashJudge(policy: self.policy)
        self.memoryWatch = EngineMemoryWatch(limitBytes: self.policy.engineMemoryLimitBytes)
        if self.policy.livenessIntervalNanoseconds > 0,
            let path = socket.ownedPath ?? (socket.displayPath.hasPrefix("/") ? socket.displayPath : nil)
        {
            probe = LivenessProbe(
                path: path, intervalNanoseconds: self.policy.livenessIntervalNanoseconds,
                timeoutNanoseconds: self.policy.livenessTimeoutNanoseconds)
        }
        // Their `data` is set once the supervisor is whole, in `run`.
        watchdog = UVHandle.make(uv_timer_t.self, owner: nil) { [loop] in uv_timer_init(loop, $0) }
        restartTimer = UVHandle.make(uv_timer_t.self, owner: nil) { [loop] in uv_timer_init(loop, $0) }
        drainTimer = UVHandle.make(uv_timer_t.self, owner: nil) { [loop] in uv_timer_init(loop, $0) }
    }

    /// Supervises engines until SIGTERM or SIGINT; returns once the last engine has stopped and
    /// the socket file is removed.
    public func run() {
        signal(SIGPIPE, SIG_IGN)
        // Engines are started, traced and reaped by the tracer's thread, which reads SIGCHLD
        // from a signalfd (so SIGCHLD is blocked from here on).
        tracer = EngineTracer(loop: loop) { [unowned self] pid, status, signal in
            if pid == self.enginePID { self.engineExited(status: status, signal: signal) }
        }
        if tracer == nil {
            logger.error("cannot start the engine tracer's thread: \(String(cString: strerror(errno)))")
            return
        }
        signals = SignalHandles(loop: loop, signals: [SIGTERM, SIGINT, SIGHUP, SIGUSR2]) { [unowned self] number in self.received(signal: number) }
        custody = ConnectionCustody(loop: loop, listener: socket.fd, logger: logger)
        if custody == nil {
            logger.warning("cannot hold connections across engines (\(String(cString: strerror(errno)))); an engine's end closes them")
        }
        if !EngineDescendants.adopt() {
            logger.warning("cannot become the subreaper of the engines' processes (\(String(cString: strerror(errno)))); a process a plugin starts and orphans may outlive its engine")
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        for timer in [watchdog, restartTimer, drainTimer] { timer.pointee.data = context }
        uv_timer_start(watchdog, { timer in
            Unmanaged<Supervisor>.fromOpaque(timer!.pointee.data).takeUnretainedValue().check()
        }, 20, 20)
        spawn()
        uv_run(loop, UV_RUN_DEFAULT)
        uv_loop_close(loop)
    }

    // MARK: - Starting engines

    private func spawn() {
        guard !isStopping else { return }
        // The image this supervisor runs, even when its file was replaced since, unless an
        // upgrade in place (SIGUSR2) switched to the file installed now.
        let executable = self.executable
        page.reset()
        hang = nil
        unanswered = false
        busyPings = 0
        hangThreads = []
        exited = nil
        errorLines = []
        errorPartial = []
        controlPartial = []

        var environment = self.environment
        for key in ["NOTIFY_SOCKET", "LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES", "MODHOST_SUPERVISOR_PID"] {
            environment[key] = nil
        }
        // The runtime's backtracer can take seconds to symbolicate a crash; the supervisor
        // reports which plugin crashed without it. A user who wants it sets the variable.
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        environment["MODHOST_SUPERVISOR_PID"] = String(getpid())

        let arguments = ["modhostd", "--engine"] + engineArguments
        let errors = makePipe()
        let control = makePipe()
        // The engine's ends: standard error, and the control channel both ways (the
        // quarantine goes to the engine, its ends come back).
        var errorEnds: [Int32] = [-1, -1]
        var controlEnds: [Int32] = [-1, -1]
        let made = modhost_pipe_cloexec(&errorEnds) == 0 && socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &controlEnds) == 0
        // fd 6: the custody channel, on which the engine hands over each connection it accepts.
        let custodyEnd = made ? custody?.openChannel() ?? -1 : -1
        let started = made
            ? tracer!.spawn(
                file: executable, arguments: arguments, environment: environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" },
                fds: [-1, 1, errorEnds[1], socket.fd, page.fd, controlEnds[1], custodyEnd], trace: policy.crashWitness)
            : (pid: nil, error: errno, traceError: nil)
        for fd in [errorEnds[1], controlEnds[1], custodyEnd] where fd >= 0 { close(fd) }
        guard let pid = started.pid else {
            let reason = String(cString: strerror(started.error))
            if executable != Self.ownImage {
                logger.error("cannot start the upgraded engine from \(executable): \(reason); starting the previous build again")
                self.executable = Self.ownImage
                upgradedEngineStarting = false
                for fd in [errorEnds[0], controlEnds[0]] where fd >= 0 { close(fd) }
                for pipe in [errors, control] { UVHandle.close(pipe) }
                spawn()
                return
            }
            logger.error("cannot start the engine: \(reason)")
            for fd in [errorEnds[0], controlEnds[0]] where fd >= 0 { close(fd) }
            for pipe in [errors, control] { UVHandle.close(pipe) }
            act(on: crashes.unattributed(reason: "it could not be started (\(reason))", now: EnginePage.now()))
            return
        }
        if let refused = started.traceError, !toldTracingRefused {
            toldTracingRefused = true
            logger.warning("cannot trace the engine (ptrace: \(String(cString: strerror(refused)))); crashes and hangs are blamed from the engine page alone, which a plugin can write")
        }
        uv_pipe_open(errors, errorEnds[0])
        uv_pipe_open(control, controlEnds[0])
        enginePID = pid
        probe?.reset(now: EnginePage.now())
        errorPipe = errors
        controlPipe = control
        let quarantine = crashes.quarantine.values.sorted { $0.folder < $1.folder }
        send(quarantine.map(EngineControl.quarantined) + crashes.heldOut.map(EngineControl.heldOut) + [.quarantineListed], on: control)
        // Then the connections the last engine served, and why it ended.
        if let custody, custodyEnd >= 0 {
            let count = custody.held.count
            if custody.handOver(restart: lastRestart) {
                if count > 0 { logger.info("handed \(count) connection(s) over to the new engine") }
            } else {
                logger.error("the new engine did not take the connections over (\(String(cString: strerror(errno)))); stopping it")
                kill(pid, SIGKILL)
            }
        }
        lastRestart = nil
        for pipe in [errors, control] {
            uv_read_start(streamOf(pipe), { _, suggested, buffer in
                buffer!.pointee = uv_buf_init(UnsafeMutablePointer<CChar>.allocate(capacity: suggested), UInt32(suggested))
            }, { stream, count, buffer in
                let supervisor = Unmanaged<Supervisor>.fromOpaque(stream!.pointee.data).takeUnretainedValue()
                defer { buffer?.pointee.base?.deallocate() }
                if count > 0, let base = buffer?.pointee.base {
                    let bytes = UnsafeRawBufferPointer(start: base, count: count)
                    supervisor.received(bytes, on: UnsafeMutablePointer<uv_pipe_t>(OpaquePointer(stream!)))
                } else if count < 0 {
                    supervisor.pipeEnded(UnsafeMutablePointer<uv_pipe_t>(OpaquePointer(stream!)))
                }
            })
        }
    }

    private func makePipe() -> UnsafeMutablePointer<uv_pipe_t> {
        UVHandle.make(uv_pipe_t.self, owner: self) { uv_pipe_init(loop, $0, 0) }
    }

    /// Closes what is left of the engine's pipes (a dead engine's, once judged).
    private func closePipes() {
        for pipe in [errorPipe, controlPipe].compactMap({ $0 }) {
            uv_read_stop(streamOf(pipe))
            UVHandle.close(pipe)
        }
        errorPipe = nil
        controlPipe = nil
    }

    // MARK: - What the engine says

    private func received(_ bytes: UnsafeRawBufferPointer, on pipe: UnsafeMutablePointer<uv_pipe_t>) {
        if pipe == errorPipe {
            // Passed through at once: the engine's log is the daemon's log.
            _ = write(2, bytes.baseAddress, bytes.count)
            errorPartial.append(contentsOf: bytes)
            errorLines += EngineControl.takeLines(from: &errorPartial)
            // Only the end of an endless line is kept: it is the runtime's last words.
            if errorPartial.count > 1 << 16 { errorPartial.removeFirst(errorPartial.count - (1 << 16)) }
            if errorLines.count > 64 { errorLines.removeFirst(errorLines.count - 64) }
        } else {
            controlPartial.append(contentsOf: bytes)
            for line in EngineControl.takeLines(from: &controlPartial) { control(line) }
            if EngineControl.dropOverlong(&controlPartial) {
                logger.warning("the engine sent more than \(EngineControl.longestLine >> 20) MiB on its control channel without ending the line; dropped it")
            }
        }
    }

    /// A line on the control channel (`EngineControl`): a quarantine ends.
    private func control(_ line: String) {
        switch EngineControl(line: line) {
        case let .enable(folder), let .release(folder):
            if crashes.release(folder: folder) {
                logger.info("plugin in \(folder) is no longer quarantined")
            }
        case let .loaded(plugins):
            crashes.loadedPlugins = Array(plugins.prefix(policy.maxBisectCandidates))
        case .handedOver:
            guard upgrade != nil else { break }
            upgrade?.handedOver = true
            // Not traced while it unloads and exits, as at a stop: a tracer of the engine's
            // own (LeakSanitizer's, as it exits) could not attach, and it would exit 1.
            tracer?.detach()
        case .quarantined, .heldOut, .quarantineListed, .rescan, .releaseHeld, .handOver, nil:
            logger.warning("the engine sent an unknown control message: \(line)")
        }
    }

    /// Writes `messages` to the engine's control channel. libuv keeps the bytes until they
    /// are written (or the channel closes), so nothing waits on a slow engine.
    private func send(_ messages: [EngineControl], on pipe: UnsafeMutablePointer<uv_pipe_t>) {
        let bytes = Array(messages.map(\.line).joined().utf8)
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = storage.initialize(from: bytes)
        let request = UnsafeMutablePointer<uv_write_t>.allocate(capacity: 1)
        request.pointee.data = UnsafeMutableRawPointer(storage.baseAddress!)
        var buffer = uv_buf_init(UnsafeMutableRawPointer(storage.baseAddress!).assumingMemoryBound(to: CChar.self), UInt32(bytes.count))
        let status = uv_write(request, streamOf(pipe), &buffer, 1) { request, _ in
            request!.pointee.data.deallocate()
            request!.deallocate()
        }
        if status != 0 {
            storage.deallocate()
            request.deallocate()
            logger.error("cannot write to the engine's control channel: \(uvText(status))")
        }
    }

    private func pipeEnded(_ pipe: UnsafeMutablePointer<uv_pipe_t>) {
        uv_read_stop(streamOf(pipe))
        UVHandle.close(pipe)
        if pipe == errorPipe { errorPipe = nil } else { controlPipe = nil }
        if openPipes == 0, exited != nil { judge() }
    }

    // MARK: - Watching

    private func check() {
        ticksSinceReap += 1
        if ticksSinceReap >= 50 {
            ticksSinceReap = 0
            EngineDescendants.reapEnded(engine: enginePID)
        }
        guard enginePID != nil else { return }
        if upgradedEngineStarting && page.isReady {
            upgradedEngineStarting = false
            logger.info("the upgraded engine serves (\(executable))")
        }
        if let asked = upgrade?.asked, upgrade?.handedOver == false, EnginePage.now() - asked > policy.stopGraceMilliseconds * 1_000_000 {
            logger.error("the engine did not hand its connections over within \(policy.stopGraceMilliseconds / 1000) s of the upgrade; stopping it")
            upgrade = nil
            if let enginePID { kill(enginePID, SIGKILL) }
        }
        if !notifiedReady && page.isReady {
            notifiedReady = true
            ServiceNotifier.notify("READY=1", environment: environment)
        }
        guard hang == nil, pastMemoryLimit == nil, !isStopping else { return }
        if let pid = enginePID, let resident = memoryWatch.tick(pid: pid) {
            pastMemoryLimit = (resident, page.recordedCall())
            logger.error(EngineMemoryWatch.log(resident: resident, limit: policy.engineMemoryLimitBytes, call: pastMemoryLimit?.call))
            killHungEngine()
            return
        }
        if let step = crashes.bisectTick(now: EnginePage.now()) { bisectGoesOn(step) }
        if page.isReady, probeLiveness() { return }
        guard let call = page.recordedCall() else { return }
        let elapsed = EnginePage.now() - call.startedNanoseconds
        let limit = policy.timeout(for: call)
        if elapsed > limit {
            hang = call
            logger.error("plugin \(call.plugin) has run its \(call.call) for '\(call.detail)' for \(CrashJudge.seconds(elapsed)) s, past the \(CrashJudge.seconds(limit)) s limit; stopping the engine")
            killHungEngine()
        }
    }

    /// Tells the running engine what a search that outlived its probation does next.
    private func bisectGoesOn(_ step: CrashJudge.BisectLive) {
        switch step {
        case let .release(folders, log):
            logger.error(log)
            if let controlPipe { send(folders.map(EngineControl.releaseHeld) + [.rescan], on: controlPipe) }
        case let .quarantine(entry, released, log):
            logger.error(log)
            if let controlPipe { send([.quarantined(entry)] + released.map(EngineControl.releaseHeld) + [.rescan], on: controlPipe) }
        }
    }

    /// Advances the liveness probe; true when it ended the engine.
    /// Kills the engine that hung, reading first where its threads were when it is traced.
    private func killHungEngine() {
        if let tracer, tracer.isTracing {
            hangThreads = tracer.snapshotAndKill()
        } else if let enginePID {
            kill(enginePID, SIGKILL)
        }
    }

    private func probeLiveness() -> Bool {
        guard var current = probe else { return false }
        let now = EnginePage.now()
        // Whatever the probe says, a file at the path that is not our socket means new clients
        // reach something else, or nothing.
        let outcome: LivenessProbe.Outcome? = socket.fileIsOurs ? current.tick(now: now) : .unreachable("the file at the path is gone or not this daemon's socket")
        probe = current
        switch outcome {
        case nil:
            return false
        case .alive?:
            busyPings = 0
            return false
        case .unanswered?:
            // A plugin call in progress is the watchdog's to time, with its own limit.
            guard page.recordedCall() == nil else { return false }
            // A main thread in host code is busy (a slow machine, a flood of requests), not
            // stuck in a plugin: it gets a few more rounds before it counts as hung.
            if let main = tracer?.peekMainThread(), main.innermostPlugin == nil, busyPings < policy.busyPingsBeforeHang {
                busyPings += 1
                probe?.reset(now: now)
                logger.warning("the engine did not answer a ping on \(socket.displayPath) within \(CrashJudge.seconds(policy.livenessTimeoutNanoseconds)) s, but its main thread runs host code, not a plugin's: it is busy; waiting (\(busyPings) of \(policy.busyPingsBeforeHang))")
                return false
            }
            logger.error("the engine did not answer a ping on \(socket.displayPath) within \(CrashJudge.seconds(policy.livenessTimeoutNanoseconds)) s, outside any plugin call; stopping it")
            probe?.reset(now: now)
            unanswered = true
            killHungEngine()
            return true
        case let .unreachable(reason)?:
            do {
                try socket.rebind()
                logger.error("the listening socket \(socket.displayPath) no longer accepts connections (\(reason)); bound it again, restarting the engine on it")
            } catch {
                logger.error("the listening socket \(socket.displayPath) no longer accepts connections (\(reason)) and cannot be bound again: \(error); restarting the engine")
            }
        }
        probe?.reset(now: now)
        if let enginePID { kill(enginePID, SIGKILL) }
        return true
    }

    private func engineExited(status: Int64, signal: Int32) {
        exited = (status, signal)
        // The connections it accepted last, sent just before it ended.
        custody?.closeChannel()
        // Nothing the engine started outlives it: a process that kept its descriptors would
        // keep clients' connections open, or answer them.
        if EngineDescendants.endAll(group: enginePID, engine: nil) {
            logger.info("ended the processes the engine had started and left running")
        }
        endedPID = enginePID
        enginePID = nil
        // The runtime's last words may still be in the pipe: judge once it is drained, or
        // after a moment if something else keeps it open.
        if openPipes == 0 {
            judge()
        } else {
            uv_timer_start(drainTimer, { timer in
                Unmanaged<Supervisor>.fromOpaque(timer!.pointee.data).takeUnretainedValue().judge()
            }, 50, 0)
        }
    }

    /// Decides what the engine's end means, quarantines the plugin it was in, and restarts.
    private func judge() {
        guard let (status, signal) = exited else { return }
        exited = nil
        uv_timer_stop(drainTimer)
        closePipes()
        if isStopping {
            finishStopping(status: status, signal: signal)
            return
        }
        if let upgrade, upgrade.handedOver {
            self.upgrade = nil
            if status != 0 || signal != 0 {
                logger.warning("the engine ended with \(signal != 0 ? signalName(signal) : "exit status \(status)") after it handed its connections over")
            }
            executable = upgrade.path
            upgradedEngineStarting = true
            lastRestart = EngineRestart(reason: "upgrade", message: "modhostd was upgraded in place: the engine now runs \(upgrade.path)")
            logger.info("the engine handed its connections over; starting the upgraded engine from \(upgrade.path)")
            _ = tracer?.takeWitness()
            spawn()
            return
        }
        upgrade = nil
        if upgradedEngineStarting {
            // The new build did not get as far as serving: the previous one takes over again.
            upgradedEngineStarting = false
            executable = Self.ownImage
            _ = tracer?.takeWitness()
            lastRestart = EngineRestart(reason: "upgrade-failed", message: "the upgraded engine ended before it served (\(status != 0 ? "exit status \(status)" : signalName(signal))); the previous build serves again")
            logger.error("the upgraded engine ended before it served (\(signal != 0 ? signalName(signal) : "exit status \(status)")); starting the previous build again")
            spawn()
            return
        }
        let memory = pastMemoryLimit
        pastMemoryLimit = nil
        let killed = hang != nil || unanswered || memory != nil
        let ending = CrashJudge.Ending(
            status: status, signal: signal, hung: hang != nil, unanswered: unanswered && hang == nil, residentBytes: memory?.resident)
        let call = memory != nil ? memory?.call : hang ?? page.recordedCall()
        // Killed by the supervisor: where the main thread was then. Otherwise the first fault
        // or exit the tracer saw (taken either way, so that it does not outlive this engine).
        let seen = tracer?.takeWitness()
        let witness = killed ? hangThreads.first : seen
        let decision = crashes.judge(
            ending, call: call, witness: witness, plugins: publishedPlugins(besides: witness), enginePID: endedPID ?? 0,
            runtimeMessage: runtimeMessage(), now: EnginePage.now())
        lastRestart = Self.restart(after: ending, decision: decision)
        act(on: decision)
    }

    /// What the next engine tells the connections it takes over about this end.
    static func restart(after ending: CrashJudge.Ending, decision: CrashJudge.Decision) -> EngineRestart {
        switch decision {
        case let .quarantine(entry, _):
            let crash = entry.crash
            let reason = ending.residentBytes != nil ? "memory-limit" : ending.hung ? "plugin-hung" : "plugin-crashed"
            return EngineRestart(
                reason: reason, message: crash.message.isEmpty ? crash.reason : "\(crash.reason): \(crash.message)", plugin: entry.plugin,
                call: crash.call, detail: crash.detail)
        case let .restart(_, log):
            let reason = ending.residentBytes != nil ? "memory-limit" : ending.unanswered ? "engine-unresponsive" : "engine-crashed"
            return EngineRestart(reason: reason, message: log)
        }
    }

    /// The plugins the page names, and the one the witness blames when the page no longer
    /// names it (a plugin wiped or forged it): named by its own manifest, read here.
    private func publishedPlugins(besides witness: ThreadWitness?) -> [CrashJudge.PublishedPlugin] {
        var plugins = page.plugins()
        if let folder = witness?.innermostPlugin, !folder.hasPrefix("…"), !plugins.contains(where: { $0.folder == folder }),
            let manifest = PluginManifest.read(inFolder: folder)
        {
            plugins.append(.init(name: manifest.name, folder: folder, identity: "", types: []))
        }
        return plugins
    }

    /// Logs `decision` and starts the next engine when it says.
    private func act(on decision: CrashJudge.Decision) {
        switch decision {
        case let .quarantine(_, log):
            logger.error(log)
            spawn()
        case let .restart(delay, log):
            logger.error(log)
            if delay == 0 {
                spawn()
            } else {
                uv_timer_start(restartTimer, { timer in
                    Unmanaged<Supervisor>.fromOpaque(timer!.pointee.data).takeUnretainedValue().spawn()
                }, delay, 0)
            }
        }
    }

    /// The last thing the runtime printed before the end ("Fatal error: ..."), if anything.
    private func runtimeMessage() -> String {
        if !errorPartial.isEmpty {
            errorLines.append(String(decoding: errorPartial, as: UTF8.self))
            errorPartial = []
        }
        let markers = ["Fatal error", "fatal error", "Precondition failed", "Assertion failed", "Illegal instruction", "Segmentation fault"]
        if let line = errorLines.last(where: { line in markers.contains { line.contains($0) } }) {
            return line.trimmingWhitespace()
        }
        // Anything the engine printed that is not one of its own log lines.
        return errorLines.last { !$0.hasPrefix("modhostd[") && !$0.trimmingWhitespace().isEmpty }?.trimmingWhitespace() ?? ""
    }

    // MARK: - Signals and stopping

    private func received(signal number: Int32) {
        if number == SIGHUP {
            guard enginePID != nil, page.isReady else {
                logger.info("received SIGHUP while the engine starts; it scans its plugin folders as it starts anyway")
                return
            }
            logger.info("received SIGHUP; asking the engine to rescan its plugins")
            if let controlPipe { send([.rescan], on: controlPipe) }
            return
        }
        if number == SIGUSR2 {
            beginUpgrade()
            return
        }
        logger.info("received \(number == SIGTERM ? "SIGTERM" : "SIGINT"); stopping the engine")
        stop()
    }

    /// SIGUSR2: the engine hands its connections over and the next one starts from the file
    /// now installed at the supervisor's path (the supervisor itself keeps running its build).
    private func beginUpgrade() {
        guard let path = installedExecutable else {
            logger.error("received SIGUSR2, but where modhostd was installed is not known; not upgrading")
            return
        }
        guard enginePID != nil, page.isReady, upgrade == nil, custody != nil else {
            logger.warning("received SIGUSR2 while \(upgrade != nil ? "an upgrade is under way" : custody == nil ? "connections cannot be held" : "no engine serves"); not upgrading")
            return
        }
        if let problem = Self.problemWithExecutable(path) {
            logger.error("received SIGUSR2, but \(path) \(problem); the engine keeps serving")
            return
        }
        logger.info("received SIGUSR2; the engine hands its connections over to one started from \(path)")
        upgrade = (path, EnginePage.now(), false)
        if let controlPipe { send([.handOver], on: controlPipe) }
    }

    /// The path of the supervisor's executable as installed (without the " (deleted)" the
    /// kernel adds once the file is replaced).
    private static func installedPath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.hasSuffix(" (deleted)") ? String(path.dropLast(10)) : path
    }

    /// Why `path` cannot be an engine (not there, not executable, not an ELF file), or nil.
    static func problemWithExecutable(_ path: String) -> String? {
        guard access(path, X_OK) == 0 else { return "is not an executable file (\(String(cString: strerror(errno))))" }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "cannot be read (\(String(cString: strerror(errno))))" }
        defer { close(fd) }
        var magic = [UInt8](repeating: 0, count: 4)
        guard read(fd, &magic, 4) == 4, magic == [0x7F, 0x45, 0x4C, 0x46] else { return "is not an ELF executable (half copied?)" }
        return nil
    }

    private func stop() {
        guard !isStopping else { return }
        isStopping = true
        uv_timer_stop(restartTimer)
        guard let enginePID else {
            finishStopping(status: 0, signal: 0)
            return
        }
        // Not traced while it drains: a crash then is not judged anyway, and a tracer of the
        // engine's own (LeakSanitizer's, as it exits) could not attach.
        tracer?.detach()
        kill(enginePID, SIGTERM)
        uv_timer_start(restartTimer, { timer in
            let supervisor = Unmanaged<Supervisor>.fromOpaque(timer!.pointee.data).takeUnretainedValue()
            supervisor.logger.warning("the engine did not stop in time; killing it")
            if let pid = supervisor.enginePID { kill(pid, SIGKILL) }
        }, policy.stopGraceMilliseconds, 0)
    }

    private func finishStopping(status: Int64, signal: Int32) {
        if signal != 0 || status != 0 {
            logger.warning("the engine ended with \(signal != 0 ? signalName(signal) : "exit status \(status)") while stopping")
        }
        socket.removeFile()
        signals?.close()
        signals = nil
        custody?.close()
        custody = nil
        for timer in [watchdog, restartTimer, drainTimer] { UVHandle.close(timer) }
        tracer?.close()
        tracer = nil
        // A stop that came while a dead engine's pipes drained.
        closePipes()
    }

}

extension Supervisor.Policy {
    /// For the integration tests only, not a setting for users: `MODHOST_TEST_BACKOFF_SCALE=F`
    /// in modhostd's environment, F a number more than 0 and at most 1, multiplies the crash
    /// window, the first back-off delay, its cap and the bisection's probation by F (0.05 makes
    /// them 15 s, 50 ms, 3 s and 0.5 s),
    /// so that the tests see the doubling, the cap and the window's end with real engine
    /// crashes without waiting minutes. Without it, or with any other value, nothing changes.
    func scaledForTests(by text: String?) -> Self {
        guard let text, let factor = Double(text), factor > 0, factor <= 1 else { return self }
        var scaled = self
        scaled.crashWindowNanoseconds = Int64((Double(crashWindowNanoseconds) * factor).rounded())
        scaled.firstBackoffMilliseconds = max(1, UInt64((Double(firstBackoffMilliseconds) * factor).rounded()))
        scaled.maxBackoffMilliseconds = max(1, UInt64((Double(maxBackoffMilliseconds) * factor).rounded()))
        scaled.bisectProbationNanoseconds = Int64((Double(bisectProbationNanoseconds) * factor).rounded())
        return scaled
    }
}

func signalName(_ number: Int32) -> String {
    let names: [Int32: String] = [
        SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGKILL: "SIGKILL",
        SIGSEGV: "SIGSEGV", SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP", SIGPIPE: "SIGPIPE", SIGSYS: "SIGSYS",
    ]
    return names[number] ?? "signal \(number)"
}

extension String {
    func trimmingWhitespace() -> String {
        String(self.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
