import Glibc
@_spi(ModhostHost) import ModhostCore
@_spi(ModhostHost) import ModifierKit

/// A folder that holds plugin folders (or is one).
public struct PluginRoot: Sendable, Equatable {
    public var path: String
    public var kind: PluginRootStatus.Kind
    /// Bundled plugins may find their library next to the daemon, where the build puts it.
    public var isBundled: Bool { kind == .bundled }

    public init(path: String, kind: PluginRootStatus.Kind = .flag) {
        self.path = path
        self.kind = kind
    }
}

/// What one rescan did, for the log, `pluginsChanged` and the `reload` method.
public struct PluginChanges: Equatable, Sendable {
    /// One thing that happened to a plugin folder.
    public struct Event: Equatable, Sendable {
        public enum Kind: String, Sendable {
            case loaded, unloaded, failed
        }
        public var kind: Kind
        /// The plugin's name (the folder's name when its manifest could not be read).
        public var plugin: String
        public var path: String
        /// Why it was unloaded or failed.
        public var reason: String?
    }

    /// Types registered now that were not before: modifier types and plugin views.
    public var added: [String] = []
    /// Types no longer registered.
    public var removed: [String] = []
    /// Types still registered whose serving registration is another one: another plugin
    /// serves them, or their plugin was reloaded with new code.
    public var changed: [String] = []
    /// Plugin folders that failed in this scan (failures already reported are not repeated).
    public var newFailures: [PluginStatus] = []
    public var events: [Event] = []
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }
}

/// Finds plugin folders, refuses unsafe or broken ones with a message naming the file and the
/// fix, loads the rest, and on rescans unloads the removed and reloads the changed.
///
/// The state after a rescan is the state a fresh start would reach: folders are taken in
/// order (roots as given, folders by name), a plugin name belongs to the first folder that
/// loads under it, and a modifier type is served by the first plugin that registers it.
///
/// A library is loaded from a sealed anonymous memory file holding the bytes that were
/// checked (`LibraryImage`), never from the plugin folder: nothing is left on disk, the folder
/// can be rewritten while the code runs, and each version gets a path of its own, so a
/// changed library really loads anew. Module classes are found in the library just opened,
/// never by a process-wide lookup by name. Libraries are never `dlclose`d: Swift code that
/// registered anything must stay mapped.
public final class PluginLoader {
    public let roots: [PluginRoot]
    /// Where bundled plugins' libraries are looked for when not in their folder.
    public let libraryFolders: [String]
    private let host: Host

    private struct Loaded {
        var manifest: PluginManifest
        var folder: String
        var identity: [FileSystem.Identity?]
        var modules: [(name: String, definition: ModuleDefinition, instance: BaseModule)]
        var problems: [String]
    }

    private struct Failure {
        var identity: [FileSystem.Identity?]
        var error: String
        /// A name clash depends on other folders, so it is checked again on every scan.
        var dependsOnOtherFolders: Bool
    }

    private var loaded: [String: Loaded] = [:]
    private var failures: [String: Failure] = [:]

    /// A bundled plugin folder whose plugin name a `--plugins` or user folder, earlier in the
    /// order, loaded under: that plugin replaces it, so it is not loaded, and not a failure.
    private struct Overridden {
        var identity: [FileSystem.Identity?]
        var manifest: PluginManifest
        /// The folder whose plugin replaces it.
        var by: String
    }

    /// Found anew on every scan, since the folder that replaces it may go.
    private var overridden: [String: Overridden] = [:]
    /// Every library loaded, kept open for the daemon's life (see `LibraryImage`).
    private var images: [LibraryImage] = []
    /// What each type's registrations looked like after the last scan, to log changes once.
    private var servingLog: [String: [String]] = [:]
    private var rootLog: [String: PluginRootStatus.State] = [:]
    /// The plugin folders and root states the last scan saw.
    private var lastScan: (folders: [String], roots: [PluginRootStatus.State]) = ([], [])

    /// Plugins that crashed or hung the engine, by folder (from the supervisor).
    public var quarantine: [String: QuarantineEntry] = [:]
    /// Plugin folders held out of this engine while the supervisor bisects: not loaded until
    /// released, whatever their files do.
    public var heldOut: Set<String> = []
    /// Called with a quarantined folder whose files changed, so it is tried again.
    public var onRelease: ((_ folder: String) -> Void)?
    /// Called just before a plugin's code first runs, with its name, folder and files'
    /// identity (`identityText`), so that a crash in it can be told apart.
    public var onStarting: ((_ name: String, _ folder: String, _ identity: String) -> Void)?

    public init(host: Host, roots: [PluginRoot], libraryFolders: [String]) {
        self.host = host
        self.roots = roots
        self.libraryFolders = libraryFolders
    }

    /// The roots and what is there now.
    public func rootStatuses() -> [PluginRootStatus] {
        roots.map { root in
            guard let info = FileSystem.info(root.path) else {
                let message: String
                switch root.kind {
                case .flag: message = "--plugins \(root.path) does not exist; it is watched, and plugins put there once it is created are loaded"
                case .user: message = "the user plugin folder \(root.path) does not exist yet; it is watched, and plugins installed there are loaded"
                case .bundled: message = "no bundled plugins at \(root.path)"
                }
                return PluginRootStatus(path: root.path, kind: root.kind, state: .missing, message: message)
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                return PluginRootStatus(
                    path: root.path, kind: root.kind, state: .notAFolder,
                    message: "\(root.path) is not a folder; plugin roots are folders of plugin folders (or one plugin folder), so nothing is loaded from it")
            }
            return PluginRootStatus(path: root.path, kind: root.kind, state: .ok)
        }
    }

    /// The plugin folders under the roots, in load order: roots in the order given, folders
    /// by name within each.
    public func pluginFolders() -> [(folder: String, root: PluginRoot)] {
        var result: [(String, PluginRoot)] = []
        for root in roots where FileSystem.isDirectory(root.path) {
            if FileSystem.exists(root.path + "/" + PluginManifest.fileName) {
                result.append((root.path, root))
                continue
            }
            for name in FileSystem.contents(of: root.path) where !name.hasPrefix(".") {
                let folder = root.path + "/" + name
                if FileSystem.isDirectory(folder) { result.append((folder, root)) }
            }
        }
        return result
    }

    /// Folders to watch for changes: every root and plugin folder, and for a root that does
    /// not exist yet its nearest existing parent, so that creating it is noticed.
    public func watchedFolders() -> [String] {
        var folders: [String] = []
        for root in roots {
            if FileSystem.isDirectory(root.path) {
                folders.append(root.path)
            } else if let parent = FileSystem.nearestExistingFolder(above: root.path) {
                folders.append(parent)
            }
        }
        var seen = Set<String>()
        return (folders + pluginFolders().map(\.folder)).filter { seen.insert($0).inserted }
    }

    /// Brings the loaded set in line with the folders, updates `host.pluginStatuses` and
    /// `host.pluginRoots`, and returns what changed.
    @discardableResult
    public func scan() -> PluginChanges {
        var changes = PluginChanges()
        let before = servingSerials()
        reportRoots()
        let folders = pluginFolders()
        let present = Set(folders.map(\.folder))
        lastScan = (folders.map(\.folder), host.pluginRoots.map(\.state))
        // Read once per scan: each reads the folder's manifest.
        var identities: [String: [FileSystem.Identity?]] = [:]
        for (folder, _) in folders { identities[folder] = identity(of: folder) }

        for (folder, plugin) in loaded.sorted(by: { $0.key < $1.key }) {
            if !present.contains(folder) || !FileSystem.exists(folder + "/" + PluginManifest.fileName) {
                unload(plugin, reason: "its folder was removed", into: &changes)
            } else if identities[folder] != plugin.identity {
                unload(plugin, reason: "its files changed", into: &changes)
            }
        }

        // Names claimed by folders taken so far in this walk, and the plugin order.
        var claimed: [String: String] = [:]
        var order: [String] = []
        let overriddenBefore = overridden
        overridden = [:]
        for (folder, root) in folders {
            if let plugin = loaded[folder] {
                claimed[plugin.manifest.name] = folder
                order.append(plugin.manifest.name)
                continue
            }
            if heldOut.contains(folder) { continue }
            let identity = identities[folder] ?? []
            if var entry = quarantine[folder] {
                if Self.identityText(identity) == entry.identity { continue }
                // Blamed from outside the engine, when the page no longer said which files
                // the plugin had: the files as they are now are the ones quarantined.
                if entry.identity.isEmpty {
                    entry.identity = Self.identityText(identity)
                    quarantine[folder] = entry
                    continue
                }
                quarantine[folder] = nil
                onRelease?(folder)
                host.logger.info("the files of quarantined plugin \(entry.plugin) in \(folder) changed; trying it again")
            }
            if let failure = failures[folder], failure.identity == identity, !failure.dependsOnOtherFolders { continue }
            var name = lastComponent(folder)
            do throws(Refusal) {
                let (manifest, manifestPath) = try readManifest(in: folder)
                name = manifest.name
                if let other = claimed[manifest.name], root.isBundled, !self.root(of: other).isBundled {
                    // A plugin the user chose replaces the bundled one of its name: not an error.
                    overridden[folder] = Overridden(identity: identity, manifest: manifest, by: other)
                    failures[folder] = nil
                    if overriddenBefore[folder]?.by != other {
                        host.logger.info("plugin \(manifest.name) from \(other) replaces the bundled plugin \(manifest.name) in \(folder), which is not loaded")
                    }
                    continue
                }
                if let other = claimed[manifest.name] {
                    throw Refusal(
                        PluginError("\(manifestPath) names plugin '\(manifest.name)', already loaded from \(other), which comes first; rename one of them or remove the duplicate"),
                        dependsOnOtherFolders: true)
                }
                // Told before the library is even loaded: loading runs its initializers.
                onStarting?(manifest.name, folder, Self.identityText(identity))
                let prepared = try prepare(folder: folder, root: root, manifest: manifest, manifestPath: manifestPath)
                // A folder that comes first takes the name from one loaded later in the order,
                // as it would at start; only once its library is known to load, so that a
                // broken newcomer costs the loaded plugin nothing.
                if let later = loaded.values.first(where: { $0.manifest.name == manifest.name }) {
                    unload(later, reason: "\(folder) also holds plugin \(manifest.name) and comes first", into: &changes)
                }
                let plugin = start(prepared, folder: folder, identity: identity)
                loaded[folder] = plugin
                failures[folder] = nil
                claimed[manifest.name] = folder
                order.append(manifest.name)
                changes.events.append(.init(kind: .loaded, plugin: manifest.name, path: folder))
                host.logger.info("loaded plugin \(manifest.name) from \(folder): modules \(plugin.modules.map(\.name).joined(separator: ", ")); types \(registeredTypes(of: manifest.name).joined(separator: ", "))")
            } catch {
                let repeated = failures[folder]?.error == error.error.description
                failures[folder] = Failure(
                    identity: identity, error: error.error.description, dependsOnOtherFolders: error.dependsOnOtherFolders)
                if !repeated {
                    let status = PluginStatus(name: lastComponent(folder), path: folder, state: .failed, error: error.error.description)
                    changes.newFailures.append(status)
                    changes.events.append(.init(kind: .failed, plugin: name, path: folder, reason: error.error.description))
                    host.logger.error("plugin \(folder) was not loaded: \(error.error.description)")
                }
            }
        }
        for folder in failures.keys where !present.contains(folder) { failures[folder] = nil }

        host.registry.rank(plugins: order)
        host.forgetUnregisteredSchemas()
        host.pluginStatuses = folders.map { folder, _ in
            if let plugin = loaded[folder] { return status(of: plugin) }
            if let replaced = overridden[folder] {
                return PluginStatus(name: replaced.manifest.name, path: folder, state: .overridden, version: replaced.manifest.version)
            }
            if heldOut.contains(folder) {
                return PluginStatus(
                    name: (try? readManifest(in: folder))?.0.name ?? lastComponent(folder), path: folder, state: .heldOut,
                    error: "held out for bisect: the engine keeps ending outside any recorded plugin call, and the supervisor is looking for the plugin responsible by starting engines with halves of the plugins; it loads again once that plugin is found")
            }
            if let entry = quarantine[folder] {
                var status = PluginStatus(
                    name: entry.plugin, path: folder, state: .quarantined,
                    error: "quarantined: it \(entry.crash.summary); it loads again when its files change, or after `modhost plugins enable \(entry.plugin)`")
                status.crash = entry.crash
                // Not loaded, but its manifest still says which version crashed.
                status.version = (try? readManifest(in: folder))?.0.version
                return status
            }
            let failure = failures[folder]
            return PluginStatus(name: lastComponent(folder), path: folder, state: .failed, error: failure?.error ?? "not loaded")
        }
        logServingChanges()

        let after = servingSerials()
        changes.added = after.keys.filter { before[$0] == nil }.sorted()
        changes.removed = before.keys.filter { after[$0] == nil }.sorted()
        changes.changed = after.keys.filter { before[$0] != nil && before[$0] != after[$0] }.sorted()
        return changes
    }

    /// Takes a plugin out of quarantine by its name or folder; returns its folder, or nil when
    /// no quarantined plugin has that name. The next scan loads it.
    public func enable(_ nameOrFolder: String) -> String? {
        guard let entry = quarantine.values.first(where: { $0.plugin == nameOrFolder || $0.folder == nameOrFolder }) else {
            return nil
        }
        quarantine[entry.folder] = nil
        host.logger.info("plugin \(entry.plugin) in \(entry.folder) was enabled again after its quarantine")
        return entry.folder
    }

    /// The files a plugin was loaded from, as text: equal texts mean unchanged files.
    static func identityText(_ identity: [FileSystem.Identity?]) -> String {
        identity.map { item in
            item.map { "\($0.device):\($0.inode):\($0.size):\($0.modified).\($0.modifiedNanoseconds)" } ?? "-"
        }.joined(separator: " ")
    }

    /// Every loaded plugin: its name, folder, files' identity, and registered types and views.
    public func loadedPlugins() -> [(name: String, folder: String, identity: String, types: [String])] {
        loaded.values.sorted { $0.folder < $1.folder }.map {
            ($0.manifest.name, $0.folder, Self.identityText($0.identity), registeredTypes(of: $0.manifest.name) + host.viewNames(ofPlugin: $0.manifest.name))
        }
    }

    /// True when the folders look as the last scan left them: the same plugin folders and
    /// roots, and the same files in each.
    public func isCurrent() -> Bool {
        let folders = pluginFolders().map(\.folder)
        guard folders == lastScan.folders, rootStatuses().map(\.state) == lastScan.roots else { return false }
        return folders.allSatisfy { folder in
            let now = identity(of: folder)
            if heldOut.contains(folder) { return true }
            if let entry = quarantine[folder] { return entry.identity == Self.identityText(now) }
            return (loaded[folder]?.identity ?? overridden[folder]?.identity ?? failures[folder]?.identity) == now
        }
    }

    /// Runs every loaded module's `OnDestroy` (daemon shutdown).
    public func unloadAll() {
        var ignored = PluginChanges()
        for (_, plugin) in loaded.sorted(by: { $0.key < $1.key }) { unload(plugin, reason: "the daemon is stopping", into: &ignored) }
    }

    // MARK: - Loading

    /// A refusal, and whether it depends on other folders (so is checked on every scan).
    private struct Refusal: Error {
        var error: PluginError
        var dependsOnOtherFolders = false
        init(_ error: PluginError, dependsOnOtherFolders: Bool = false) {
            self.error = error
            self.dependsOnOtherFolders = dependsOnOtherFolders
        }
    }

    private func readManifest(in folder: String) throws(Refusal) -> (PluginManifest, String) {
        let manifestPath = folder + "/" + PluginManifest.fileName
        if let problem = FileSystem.writableByOthers(folder) { throw Refusal(PluginError(problem)) }
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readRegularFile(manifestPath)
        } catch where error.isMissing {
            throw Refusal(PluginError("\(folder) has no readable \(PluginManifest.fileName); a plugin folder holds plugin.json and its library (see `modhost new-plugin`)"))
        } catch {
            throw Refusal(PluginError("\(manifestPath) \(error.description)"))
        }
        do {
            return (try PluginManifest.parse(bytes, file: manifestPath), manifestPath)
        } catch {
            throw Refusal(error)
        }
    }

    /// A plugin whose library is loaded and whose module classes are found, before any of
    /// its code has run.
    private struct Prepared {
        var manifest: PluginManifest
        var moduleTypes: [(String, any Module.Type)]
    }

    private func prepare(
        folder: String, root: PluginRoot, manifest: PluginManifest, manifestPath: String
    ) throws(Refusal) -> Prepared {
        guard manifest.sdkVersion == ModifierKit.version else {
            throw Refusal(PluginError("\(manifestPath) says the plugin was built for ModifierKit \(manifest.sdkVersion), but this host has \(ModifierKit.version); rebuild the plugin against this SDK and set \"sdkVersion\": \"\(ModifierKit.version)\""))
        }
        let library = try libraryPath(for: manifest, in: folder, root: root, manifestPath: manifestPath)
        let image: LibraryImage
        do {
            image = try PluginCalls.run(plugin: manifest.name, folder: folder, .moduleSetup, lastComponent(library)) { () throws(PluginError) in
                try LibraryImage.load(library, plugin: folder)
            }
        } catch {
            throw Refusal(error)
        }
        images.append(image)

        var moduleTypes: [(String, any Module.Type)] = []
        for listed in manifest.modules {
            let qualified = manifest.qualifiedName(of: listed)
            guard let found = image.classNamed(qualified) else {
                throw Refusal(PluginError("module class '\(qualified)' was not found in \(library); check 'linux.modules' (and 'linux.swiftModule') in \(manifestPath), and that the class is public"))
            }
            guard let moduleType = PluginHostSupport.moduleType(found) else {
                throw Refusal(.ownSDKCopy(library: library, qualified: qualified))
            }
            moduleTypes.append((qualified, moduleType))
        }
        return Prepared(manifest: manifest, moduleTypes: moduleTypes)
    }

    /// Creates the modules and runs their `OnCreate`.
    private func start(_ prepared: Prepared, folder: String, identity: [FileSystem.Identity?]) -> Loaded {
        let manifest = prepared.manifest
        let context = host.appContext(forPlugin: manifest.name)
        var modules: [(name: String, definition: ModuleDefinition, instance: BaseModule)] = []
        for (qualified, moduleType) in prepared.moduleTypes {
            let (instance, definition) = PluginCalls.run(plugin: manifest.name, folder: folder, .moduleSetup, qualified) {
                let instance = moduleType.init(appContext: context)
                return (instance, instance.definition())
            }
            let name = definition.name ?? qualified
            PluginCalls.run(plugin: manifest.name, folder: folder, .onCreate, name) {
                host.registry.attributing(plugin: manifest.name, module: name) {
                    for hook in definition.onCreate { hook() }
                }
            }
            modules.append((name, definition, instance))
            host.addModule(instance, definition: definition, name: name, plugin: manifest.name)
        }
        // Schemas are built now, once per load, so a factory that fails to describe itself is
        // reported here rather than on every `initialize`.
        let problems = host.describeRegistrations(ofPlugin: manifest.name)
        return Loaded(manifest: manifest, folder: folder, identity: identity, modules: modules, problems: problems)
    }

    private func libraryPath(
        for manifest: PluginManifest, in folder: String, root: PluginRoot, manifestPath: String
    ) throws(Refusal) -> String {
        if let library = library(of: manifest, in: folder, root: root) { return library }
        throw Refusal(PluginError("\(folder)/\(manifest.library) does not exist; build the plugin and copy its library into the folder, or fix 'linux.library' in \(manifestPath)"))
    }

    /// The library the manifest names: in the plugin folder (even a link, which loading then
    /// refuses), or for a bundled plugin built by SwiftPM, next to the daemon.
    private func library(of manifest: PluginManifest, in folder: String, root: PluginRoot) -> String? {
        let own = folder + "/" + manifest.library
        if FileSystem.linkInfo(own) != nil { return own }
        guard root.isBundled else { return nil }
        return libraryFolders.map { $0 + "/" + manifest.library }.first(where: FileSystem.exists)
    }

    /// What a change to a plugin folder is judged by: the folder, its manifest and its
    /// library (the one the manifest names, when it can be read).
    private func identity(of folder: String) -> [FileSystem.Identity?] {
        let manifestPath = folder + "/" + PluginManifest.fileName
        var identity = [FileSystem.identity(folder), FileSystem.linkIdentity(manifestPath)]
        if let bytes = try? FileSystem.readRegularFile(manifestPath),
            let manifest = try? PluginManifest.parse(bytes, file: manifestPath)
        {
            let library = library(of: manifest, in: folder, root: root(of: folder)) ?? folder + "/" + manifest.library
            identity.append(FileSystem.linkIdentity(library))
        }
        return identity
    }

    private func root(of folder: String) -> PluginRoot {
        roots.first { folder == $0.path || folder.hasPrefix($0.path + "/") } ?? PluginRoot(path: folder)
    }

    // MARK: - Unloading and reporting

    private func unload(_ plugin: Loaded, reason: String, into changes: inout PluginChanges) {
        host.removeModules(ofPlugin: plugin.manifest.name, instances: plugin.modules.map(\.instance))
        for module in plugin.modules.reversed() {
            PluginCalls.run(plugin: plugin.manifest.name, folder: plugin.folder, .onDestroy, module.name) {
                host.registry.attributing(plugin: plugin.manifest.name, module: module.name) {
                    for hook in module.definition.onDestroy { hook() }
                }
            }
        }
        // What the plugin registered goes with it, whether or not its OnDestroy unregistered it.
        let leftovers = host.registry.unregisterAll(plugin: plugin.manifest.name)
        if !leftovers.isEmpty {
            host.logger.debug("plugin \(plugin.manifest.name): unregistered \(leftovers.joined(separator: ", "))")
        }
        loaded[plugin.folder] = nil
        changes.events.append(.init(kind: .unloaded, plugin: plugin.manifest.name, path: plugin.folder, reason: reason))
        host.logger.info("unloaded plugin \(plugin.manifest.name) (\(reason))")
    }

    private func registeredTypes(of plugin: String) -> [String] {
        host.registry.registrations(byPlugin: plugin).map(\.type)
    }

    private func status(of plugin: Loaded) -> PluginStatus {
        let name = plugin.manifest.name
        let registered = registeredTypes(of: name)
        let serving = registered.filter { host.registry.entry(for: $0)?.plugin == name }
        return PluginStatus(
            name: name, path: plugin.folder, state: .loaded, modules: plugin.modules.map(\.name), types: serving,
            hidden: registered.filter { !serving.contains($0) }, problems: plugin.problems, version: plugin.manifest.version)
    }

    /// The serving registration of each modifier type and plugin view, by name. (A view named
    /// like a modifier type counts once: the two are told apart by where they are used.)
    private func servingSerials() -> [String: UInt64] {
        // Views and modifier registrations count serials apart: the top bit, which neither
        // reaches, keeps a view's serial from ever equalling a registration's.
        var serials = host.servingViews.mapValues { $0 | 1 << 63 }
        for entry in host.registry.entries { serials[entry.type] = entry.serial }
        return serials
    }

    /// One log line whenever the plugins registering a type, or which of them serves it, change.
    private func logServingChanges() {
        var now: [String: [String]] = [:]
        for entry in host.registry.entries {
            now[entry.type] = host.registry.registrations(of: entry.type).map(\.plugin)
        }
        for (type, plugins) in now.sorted(by: { $0.key < $1.key }) where plugins.count > 1 && servingLog[type] != plugins {
            let hidden = plugins.dropFirst().map { "plugin \(describe($0))" }.joined(separator: ", ")
            let line = "modifier type '\(type)' is served by plugin \(describe(plugins[0])), which comes first; it hides \(hidden)"
            // A plugin the user chose in place of bundled ones is what the order is for.
            if !isBundled(plugins[0]) && plugins.dropFirst().allSatisfy(isBundled) {
                host.logger.info(line)
            } else {
                host.logger.warning(line)
            }
        }
        for (type, plugins) in now.sorted(by: { $0.key < $1.key }) where plugins.count == 1 {
            if let previous = servingLog[type], previous.count > 1, previous.first != plugins.first {
                host.logger.info("modifier type '\(type)' goes back to plugin \(describe(plugins[0])), since plugin \(describe(previous[0])) no longer registers it")
            }
        }
        servingLog = now
    }

    /// True when the loaded plugin of that name comes from a bundled root.
    private func isBundled(_ plugin: String) -> Bool {
        folder(ofLoaded: plugin).map { root(of: $0).isBundled } ?? false
    }

    private func describe(_ plugin: String) -> String {
        guard let folder = folder(ofLoaded: plugin) else { return plugin.isEmpty ? "(none)" : plugin }
        return "\(plugin) (\(folder))"
    }

    /// The folder the loaded plugin of that name comes from.
    private func folder(ofLoaded plugin: String) -> String? {
        loaded.values.first { $0.manifest.name == plugin }?.folder
    }

    /// Logs each root whose state changed since the last scan, and hands them to the host.
    private func reportRoots() {
        let statuses = rootStatuses()
        for status in statuses where rootLog[status.path] != status.state {
            if let message = status.message {
                switch (status.kind, status.state) {
                case (.bundled, _): host.logger.debug(message)
                case (.user, .missing): host.logger.info(message)
                default: host.logger.warning(message)
                }
            } else if rootLog[status.path] != nil {
                host.logger.info("plugin root \(status.path) exists now")
            }
            rootLog[status.path] = status.state
        }
        host.pluginRoots = statuses
    }
}

func lastComponent(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
}
