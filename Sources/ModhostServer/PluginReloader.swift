import ModhostCore
import ModhostPlugins
import ModhostWire

/// Keeps the loaded plugins in line with their folders while the daemon runs: watches the
/// folders, rescans when they settle (or on SIGHUP, or when a front-end calls `reload`), and
/// tells front-ends what changed.
public final class PluginReloader {
    private let loader: PluginLoader
    private let host: Host
    private var watcher: FolderWatcher!
    /// Runs after every rescan (the engine publishes the plugins' types).
    public var afterRescan: (() -> Void)?

    /// Rescans `settleMilliseconds` after the last change seen in the plugin folders.
    public init(loader: PluginLoader, host: Host, server: Server, settleMilliseconds: UInt64) {
        self.loader = loader
        self.host = host
        watcher = FolderWatcher(server: server, settleMilliseconds: settleMilliseconds) { [unowned self] in self.rescan() }
        watch()
    }

    /// Rescans now and announces the result; returns it for the `reload` method.
    @discardableResult
    public func rescan() -> PluginChanges {
        let changes = loader.scan()
        afterRescan?()
        watch()
        host.pluginsFailed(changes.newFailures)
        host.typesRemoved(changes.removed)
        if !changes.isEmpty {
            host.broadcast(method: "pluginsChanged", params: [
                "added": .array(changes.added.map { .string($0) }), "removed": .array(changes.removed.map { .string($0) }),
                "changed": .array(changes.changed.map { .string($0) }),
            ])
        }
        return changes
    }

    /// Lets the quarantined plugin `name` load again and rescans (the `enablePlugin` method);
    /// `enabled` hears its folder first. An error naming the quarantined plugins when none
    /// has that name.
    public func enable(_ name: String, enabled: (String) -> Void = { _ in }) throws(RPCError) -> JSONValue {
        guard let folder = loader.enable(name) else {
            let quarantined = host.pluginStatuses.filter { $0.state == .quarantined }.map(\.name)
            throw .invalidParams(
                "no quarantined plugin is named '\(name)'; quarantined: \(quarantined.isEmpty ? "none" : quarantined.joined(separator: ", "))",
                path: "name", expected: quarantined.isEmpty ? "the name of a quarantined plugin" : "one of \(quarantined.joined(separator: ", "))",
                got: name)
        }
        enabled(folder)
        return rescan().json(plugins: host.pluginStatuses)
    }

    private func watch() {
        let folders = loader.watchedFolders()
        watcher.watch(folders)
        // Something created between the scan and the new watches (a root or a folder on the
        // way to one, a plugin folder, a library copied into a folder just found) raised no
        // event: look again.
        if !loader.isCurrent() || loader.watchedFolders() != folders { watcher.changedSoon() }
    }
}

extension PluginChanges {
    /// The `reload` result: the type changes, what happened to each plugin folder, and the
    /// plugins as `describe` lists them.
    public func json(plugins: [PluginStatus]) -> JSONValue {
        var result = JSONObject()
        result["added"] = .array(added.map { .string($0) })
        result["removed"] = .array(removed.map { .string($0) })
        result["changed"] = .array(changed.map { .string($0) })
        result["events"] = .array(events.map { event in
            var object = JSONObject()
            object["event"] = .string(event.kind.rawValue)
            object["plugin"] = .string(event.plugin)
            object["path"] = .string(event.path)
            if let reason = event.reason { object["reason"] = .string(reason) }
            return .object(object)
        })
        result["plugins"] = .array(plugins.map(\.json))
        return .object(result)
    }
}
