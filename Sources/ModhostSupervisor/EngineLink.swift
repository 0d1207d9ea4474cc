import CLibUV
import CModhostSystem
import Glibc
import ModhostServer
import ModhostCore
import ModhostPlugins
import ModhostWire

/// The engine's side of its link with the supervisor: the engine page where plugin calls are
/// recorded, and the control channel (`EngineControl`) with the supervisor, which owns the
/// quarantine.
public final class EngineLink {
    private let page: EnginePage
    private let controlFD: Int32
    /// The control channel on the engine's loop, once `listen` started reading it.
    private var controlPipe: UnsafeMutablePointer<uv_pipe_t>?
    private var controlPartial: [UInt8] = []
    private var onRescan: (() -> Void)?
    /// Runs when the supervisor asks for the connections (an upgrade in place).
    public var onHandOver: (() -> Void)?
    /// The loader, for the holds and quarantines the supervisor sends while the engine runs.
    private weak var loader: PluginLoader?
    /// The custody channel (`ConnectionCustody`), when the supervisor gave one.
    private let custodyFD: Int32?
    /// The connections the last engine served, handed over as this one starts.
    public private(set) var adopted: [Server.AdoptedConnection] = []
    /// Why the last engine ended, when one did.
    public private(set) var restart: EngineRestart?
    /// The highest connection number an engine of this supervisor gave: numbers go on from it.
    public private(set) var highestNumber: Int64 = 0
    private var toldCustodyFailed = false

    public init?(pageFD: Int32, controlFD: Int32, custodyFD: Int32) {
        guard let page = EnginePage(inherited: pageFD) else { return nil }
        _ = fcntl(pageFD, F_SETFD, FD_CLOEXEC)
        _ = fcntl(controlFD, F_SETFD, FD_CLOEXEC)
        self.page = page
        self.controlFD = controlFD
        var status = stat()
        if fstat(custodyFD, &status) == 0, (status.st_mode & S_IFMT) == S_IFSOCK {
            _ = fcntl(custodyFD, F_SETFD, FD_CLOEXEC)
            self.custodyFD = custodyFD
        } else {
            self.custodyFD = nil
        }
    }

    /// Whether connections outlive this engine: the supervisor holds copies of them.
    public var holdsConnections: Bool { custodyFD != nil }

    /// Hands the supervisor a copy of a connection just accepted, with its journal.
    public func hold(socket: Int32, journal: Int32, number: Int64, logger: Logger) {
        guard let custodyFD else { return }
        let text = Array("conn \(number)".utf8)
        let fds = [socket, journal]
        if modhost_send_descriptors(custodyFD, text, text.count, fds, 2, 1000) != 0, !toldCustodyFailed {
            toldCustodyFailed = true
            logger.warning("cannot hand client #\(number) to the supervisor (\(String(cString: strerror(errno)))); should this engine end, such connections end with it")
        }
    }

    /// Reads the connections the supervisor hands over, up to the end of the list (it sends
    /// them right after the quarantine). Without them in 10 s the engine goes on with none.
    private func receiveAdopted(logger: Logger) {
        guard let custodyFD else { return }
        var bytes = [UInt8](repeating: 0, count: 64 * 1024)
        var fds: [Int32] = [-1, -1, -1, -1]
        let deadline = EnginePage.now() + 10_000_000_000
        while true {
            var count: Int32 = 0
            let left = Int32(max(1, (deadline - EnginePage.now()) / 1_000_000))
            let length = bytes.withUnsafeMutableBytes { modhost_receive_descriptors(custodyFD, $0.baseAddress, $0.count, &fds, Int32(fds.count), &count, left) }
            let received = Array(fds[..<Int(count)])
            guard length > 0 else {
                for fd in received { close(fd) }
                logger.error("the supervisor's list of connections to take over did not arrive; starting with none")
                return
            }
            let text = String(decoding: bytes[..<length], as: UTF8.self)
            if text.hasPrefix("adopt "), let number = Int64(text.dropFirst(6)), received.count == 2 {
                adopted.append(Server.AdoptedConnection(socket: received[0], journal: received[1], number: number))
                continue
            }
            for fd in received { close(fd) }
            if text.hasPrefix("adopted ") {
                let end = try? JSONParser.parse(Array(text.utf8.dropFirst(8)))
                restart = end?["restart"].flatMap(EngineRestart.init(json:))
                highestNumber = end?["highestNumber"]?.intValue ?? 0
                return
            }
            logger.warning("the supervisor sent something else than a connection: \(text.prefix(80))")
        }
    }

    /// The engine ends when its supervisor dies: the kernel sends it SIGTERM, and it stops as
    /// on any SIGTERM (the listening socket first, so a daemon started right away can bind).
    /// Should it still run 2 s later (a plugin ignored SIGTERM, or hangs), a thread of its
    /// own kills it. False when the supervisor (`MODHOST_SUPERVISOR_PID`) is already gone,
    /// before the request took effect.
    public static func dieWithSupervisor(environment: [String: String]) -> Bool {
        guard modhost_die_with_parent(SIGTERM) == 0,
            let supervisor = environment["MODHOST_SUPERVISOR_PID"].flatMap({ Int32($0) }), supervisor == getppid()
        else { return false }
        return modhost_kill_self_after_parent(supervisor, 2000) == 0
    }

    /// Waits up to `milliseconds` until no thread of this engine is traced; false if one still
    /// is then. The supervisor lets go of an engine as it stops it and once it has handed its
    /// connections over, but the engine can reach its exit first; exit handlers that trace the
    /// process themselves (LeakSanitizer's leak check) fail under another tracer. True at once
    /// when the threads cannot be read.
    public static func waitUntilUntraced(milliseconds: Int) -> Bool {
        let deadline = EnginePage.now() + Int64(milliseconds) * 1_000_000
        while modhost_traced_thread_count() > 0 {
            guard EnginePage.now() < deadline else { return false }
            usleep(2_000)
        }
        return true
    }

    /// From now on every call into plugin code is recorded on the page.
    public func recordPluginCalls() {
        PluginCalls.recorder = page
    }

    /// Gives the loader the quarantine the supervisor sends on the control channel as the
    /// engine starts, and has it tell the page about each plugin before its code runs.
    public func attach(_ loader: PluginLoader, logger: Logger) {
        self.loader = loader
        let (quarantine, heldOut) = receiveQuarantine(logger: logger)
        receiveAdopted(logger: logger)
        for entry in quarantine { loader.quarantine[entry.folder] = entry }
        loader.heldOut = Set(heldOut)
        if !heldOut.isEmpty {
            logger.warning("held out while the supervisor bisects the plugins: \(heldOut.joined(separator: ", "))")
        }
        loader.onRelease = { [unowned self] folder in self.send(.release(folder: folder)) }
        loader.onStarting = { [page] name, folder, identity in
            page.publish(plugin: name, folder: folder, identity: identity, types: [])
        }
    }

    /// Reads the supervisor's quarantine list, up to its end. The supervisor writes it as soon
    /// as the engine exists; should it not arrive in 10 s, the engine goes on without it
    /// (a plugin that crashes again is then quarantined again), saying so.
    private func receiveQuarantine(logger: Logger) -> ([QuarantineEntry], heldOut: [String]) {
        var entries: [QuarantineEntry] = []
        var heldOut: [String] = []
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = EnginePage.now() + 10_000_000_000
        while true {
            for line in EngineControl.takeLines(from: &pending) {
                switch EngineControl(line: line) {
                case let .quarantined(entry): entries.append(entry)
                case let .heldOut(folder): heldOut.append(folder)
                case .quarantineListed: return (entries, heldOut)
                default: logger.warning("the supervisor sent an unknown control message: \(line)")
                }
            }
            var poller = pollfd(fd: controlFD, events: Int16(POLLIN), revents: 0)
            let left = max(0, (deadline - EnginePage.now()) / 1_000_000)
            let ready = poll(&poller, 1, Int32(left))
            if ready < 0, errno == EINTR { continue }
            let count = ready > 0 ? chunk.withUnsafeMutableBytes { read(controlFD, $0.baseAddress, $0.count) } : 0
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else {
                logger.error("the supervisor's quarantine list did not arrive; starting with none")
                return (entries, heldOut)
            }
            pending += chunk[..<count]
        }
    }

    /// Publishes the types of every loaded plugin, so that a crash report lists them.
    public func publishTypes(of loader: PluginLoader) {
        let plugins = loader.loadedPlugins()
        for plugin in plugins {
            page.publish(plugin: plugin.name, folder: plugin.folder, identity: plugin.identity, types: plugin.types)
        }
        // And tells the supervisor, which bisects these should unattributed ends repeat.
        send(.loaded(plugins.map { LoadedPlugin(folder: $0.folder, plugin: $0.name, identity: $0.identity, types: $0.types) }))
    }

    /// Reads the supervisor's requests on `loop` from now on: `rescan` runs `onRescan`;
    /// `release-held` and `quarantined` (a bisection going on) change the loader's holds and
    /// quarantine, which the `rescan` sent after them applies. The supervisor asks this way
    /// rather than by SIGHUP, which a plugin could block or take.
    /// The channel does not keep the loop running; `stopListening` closes it.
    public func listen(on loop: UnsafeMutablePointer<uv_loop_t>, onRescan: @escaping () -> Void) {
        self.onRescan = onRescan
        let pipe = UVHandle.make(uv_pipe_t.self, owner: self) { uv_pipe_init(loop, $0, 0) }
        guard uv_pipe_open(pipe, controlFD) == 0 else {
            UVHandle.close(pipe)
            return
        }
        controlPipe = pipe
        uv_unref(handleOf(pipe))
        uv_read_start(streamOf(pipe), { _, suggested, buffer in
            buffer!.pointee = uv_buf_init(UnsafeMutablePointer<CChar>.allocate(capacity: suggested), UInt32(suggested))
        }, { stream, count, buffer in
            let link = Unmanaged<EngineLink>.fromOpaque(stream!.pointee.data).takeUnretainedValue()
            defer { buffer?.pointee.base?.deallocate() }
            if count > 0, let base = buffer?.pointee.base {
                link.received(UnsafeRawBufferPointer(start: base, count: count))
            } else if count < 0 {
                link.stopListening()
            }
        })
    }

    /// Stops reading the control channel (the engine is stopping, or the supervisor is gone).
    public func stopListening() {
        guard let pipe = controlPipe else { return }
        controlPipe = nil
        onRescan = nil
        uv_read_stop(streamOf(pipe))
        UVHandle.close(pipe)
    }

    private func received(_ bytes: UnsafeRawBufferPointer) {
        controlPartial.append(contentsOf: bytes)
        for line in EngineControl.takeLines(from: &controlPartial) {
            switch EngineControl(line: line) {
            case .rescan?: onRescan?()
            case .handOver?: onHandOver?()
            case let .releaseHeld(folder)?: loader?.heldOut.remove(folder)
            case let .quarantined(entry)?:
                loader?.heldOut.remove(entry.folder)
                loader?.quarantine[entry.folder] = entry
            default: break
            }
        }
    }

    /// The engine accepts connections.
    public func ready() { page.setReady(true) }

    /// The engine left every connection to the supervisor, which starts the next engine on
    /// them once this one exits.
    public func handedOver() { send(.handedOver) }

    /// A person enabled the quarantined plugin in `folder`: the supervisor forgets it.
    public func enabled(_ folder: String) { send(.enable(folder: folder)) }

    private func send(_ message: EngineControl) {
        let line = Array(message.line.utf8)
        // Whole, though the channel may be non-blocking once listened to and the line long (the
        // loaded plugins): the supervisor reads all the time, so waits are short.
        var offset = 0
        while offset < line.count {
            let count = line[offset...].withUnsafeBytes { write(controlFD, $0.baseAddress, $0.count) }
            if count > 0 {
                offset += count
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN {
                var poller = pollfd(fd: controlFD, events: Int16(POLLOUT), revents: 0)
                guard poll(&poller, 1, 1000) > 0 else { return }
            } else {
                return
            }
        }
    }
}
