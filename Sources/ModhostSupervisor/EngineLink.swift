import CModhostSystem
import Glibc
import ModhostServer
import ModhostCore
import ModhostPlugins
import ModhostWire

/// The engine's side of its link with the supervisor: the engine page where plugin calls are
/// recorded, and the control pipe for what the supervisor must remember across engines.
public final class EngineLink {
    private let page: EnginePage
    private let controlFD: Int32

    public init?(pageFD: Int32, controlFD: Int32) {
        guard let page = EnginePage(inherited: pageFD) else { return nil }
        _ = fcntl(pageFD, F_SETFD, FD_CLOEXEC)
        _ = fcntl(controlFD, F_SETFD, FD_CLOEXEC)
        self.page = page
        self.controlFD = controlFD
    }

    /// The engine stops when its supervisor dies (SIGTERM: a clean stop). False when the
    /// supervisor (`MODHOST_SUPERVISOR_PID`) is already gone, before the request took effect.
    public static func dieWithSupervisor(environment: [String: String]) -> Bool {
        guard modhost_die_with_parent(SIGTERM) == 0 else { return false }
        return environment["MODHOST_SUPERVISOR_PID"].flatMap { Int32($0) } == getppid()
    }

    /// From now on every call into plugin code is recorded on the page.
    public func recordPluginCalls() {
        PluginCalls.recorder = page
    }

    /// Gives the loader the quarantine the supervisor passed (`MODHOST_QUARANTINE`, JSON) and
    /// has it tell the page about each plugin before its code runs.
    public func attach(_ loader: PluginLoader, quarantine: String?) {
        if let quarantine, let list = try? JSONParser.parse(quarantine).arrayValue {
            for entry in list.compactMap(QuarantineEntry.init(json:)) { loader.quarantine[entry.folder] = entry }
        }
        loader.onRelease = { [unowned self] folder in self.send(.release(folder: folder)) }
        loader.onStarting = { [page] name, folder, identity in
            page.publish(plugin: name, folder: folder, identity: identity, types: [])
        }
    }

    /// Publishes the types of every loaded plugin, so that a crash report lists them.
    public func publishTypes(of loader: PluginLoader) {
        for plugin in loader.loadedPlugins() {
            page.publish(plugin: plugin.name, folder: plugin.folder, identity: plugin.identity, types: plugin.types)
        }
    }

    /// The engine accepts connections.
    public func ready() { page.setReady(true) }

    /// A person enabled the quarantined plugin in `folder`: the supervisor forgets it.
    public func enabled(_ folder: String) { send(.enable(folder: folder)) }

    private func send(_ message: EngineControl) {
        let line = Array(message.line.utf8)
        _ = line.withUnsafeBytes { write(controlFD, $0.baseAddress, $0.count) }
    }
}
