import Glibc
import ModhostCore
import ModifierKit

/// A folder that holds plugin folders (or is one).
public struct PluginRoot: Sendable, Equatable {
    public var path: String
    /// Bundled plugins may find their library next to the daemon, where the build puts it.
    public var isBundled: Bool

    public init(path: String, isBundled: Bool = false) {
        self.path = path
        self.isBundled = isBundled
    }
}

/// What changed in the registered modifier types after a scan.
public struct PluginChanges: Equatable, Sendable {
    public var added: [String]
    public var removed: [String]
    /// Plugin folders that failed in this scan (failures already reported are not repeated).
    public var newFailures: [PluginStatus] = []
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty }
}

/// Finds plugin folders, refuses unsafe or broken ones with a message naming the file and the
/// fix, loads the rest (dlopen, module classes by name, `OnCreate`), and on rescans unloads
/// the removed and reloads the changed. Libraries are never `dlclose`d: Swift code that
/// registered anything must stay mapped.
///
/// Each library is loaded from a private copy, one per version of the file: `cp` over a
/// mapped library rewrites the pages of running code (a crash), and `dlopen` of a path it
/// already loaded returns the old code. Copies live in `loadFolder` until the daemon stops.
public final class PluginLoader {
    public let roots: [PluginRoot]
    /// Where bundled plugins' libraries are looked for when not in their folder.
    public let libraryFolders: [String]
    /// Where libraries are copied before loading (this daemon's own folder).
    public let loadFolder: String
    private let host: Host

    private struct Loaded {
        var manifest: PluginManifest
        var folder: String
        var manifestIdentity: FileSystem.Identity?
        var libraryIdentity: FileSystem.Identity?
        var modules: [(name: String, definition: ModuleDefinition, instance: AnyObject)]
    }

    private var loaded: [String: Loaded] = [:]
    /// Failures by folder with the identity of what failed, so an unchanged failure is not
    /// logged again on every scan.
    private var failures: [String: (identity: [FileSystem.Identity?], error: String)] = [:]
    /// The private copy made of each version of a library.
    private var copies: [FileSystem.Identity: String] = [:]

    public init(host: Host, roots: [PluginRoot], libraryFolders: [String], loadFolder: String) {
        self.host = host
        self.roots = roots
        self.libraryFolders = libraryFolders
        self.loadFolder = loadFolder
        PluginHostSupport.onReplace { [logger = host.logger] old, new in
            logger.warning("modifier type '\(new.type)' of plugin \(old.plugin.isEmpty ? "(none)" : old.plugin) is replaced by plugin \(new.plugin.isEmpty ? "(none)" : new.plugin)")
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

    /// Folders worth watching for changes: the roots and every plugin folder.
    public func watchedFolders() -> [String] {
        roots.map(\.path).filter(FileSystem.isDirectory) + pluginFolders().map(\.folder)
    }

    /// Brings the loaded set in line with the folders: unloads removed or changed plugins,
    /// loads new ones, updates `host.pluginStatuses`, and returns the type changes.
    @discardableResult
    public func scan() -> PluginChanges {
        let before = Set(ViewModifierRegistry.entries.map(\.type))
        let folders = pluginFolders()
        let present = Set(folders.map(\.folder))

        for (folder, plugin) in loaded.sorted(by: { $0.key < $1.key }) {
            let manifestPath = folder + "/" + PluginManifest.fileName
            if !present.contains(folder) || !FileSystem.exists(manifestPath) {
                unload(plugin, reason: "its folder was removed")
            } else if FileSystem.identity(manifestPath) != plugin.manifestIdentity
                || libraryPath(for: plugin.manifest, in: folder, root: root(of: folder)).flatMap(FileSystem.identity) != plugin.libraryIdentity
            {
                unload(plugin, reason: "its files changed")
            }
        }

        var statuses: [PluginStatus] = []
        var newFailures: [PluginStatus] = []
        // Loaded plugins keep their names, even when a new folder sorts before theirs.
        var namesSeen: [String: String] = [:]
        for (folder, plugin) in loaded { namesSeen[plugin.manifest.name] = folder }
        for (folder, root) in folders {
            if let plugin = loaded[folder] {
                statuses.append(status(of: plugin))
                continue
            }
            let identity = failureIdentity(folder)
            if let failure = failures[folder], failure.identity == identity {
                statuses.append(PluginStatus(name: lastComponent(folder), path: folder, state: .failed, error: failure.error))
                continue
            }
            do {
                let plugin = try load(folder: folder, root: root, namesSeen: namesSeen)
                loaded[folder] = plugin
                failures[folder] = nil
                namesSeen[plugin.manifest.name] = folder
                statuses.append(status(of: plugin))
                host.logger.info("loaded plugin \(plugin.manifest.name) from \(folder): modules \(plugin.modules.map(\.name).joined(separator: ", ")); types \(types(of: plugin.manifest.name).joined(separator: ", "))")
            } catch {
                failures[folder] = (identity, error.description)
                let status = PluginStatus(name: lastComponent(folder), path: folder, state: .failed, error: error.description)
                statuses.append(status)
                newFailures.append(status)
                host.logger.error("plugin \(folder) was not loaded: \(error.description)")
            }
        }
        for folder in failures.keys where !present.contains(folder) { failures[folder] = nil }
        host.pluginStatuses = statuses

        let after = Set(ViewModifierRegistry.entries.map(\.type))
        return PluginChanges(
            added: after.subtracting(before).sorted(), removed: before.subtracting(after).sorted(), newFailures: newFailures)
    }

    /// Runs every loaded module's `OnDestroy` (daemon shutdown).
    public func unloadAll() {
        for (_, plugin) in loaded.sorted(by: { $0.key < $1.key }) { unload(plugin, reason: "the daemon is stopping") }
    }

    private func root(of folder: String) -> PluginRoot {
        roots.first { folder == $0.path || folder.hasPrefix($0.path + "/") } ?? PluginRoot(path: folder)
    }

    private func failureIdentity(_ folder: String) -> [FileSystem.Identity?] {
        let manifestPath = folder + "/" + PluginManifest.fileName
        var identity = [FileSystem.identity(folder), FileSystem.identity(manifestPath)]
        if let bytes = FileSystem.read(manifestPath),
            let manifest = try? PluginManifest.parse(bytes, file: manifestPath)
        {
            identity.append(libraryPath(for: manifest, in: folder, root: root(of: folder)).flatMap(FileSystem.identity))
        }
        return identity
    }

    private func libraryPath(for manifest: PluginManifest, in folder: String, root: PluginRoot) -> String? {
        let own = folder + "/" + manifest.library
        if FileSystem.exists(own) { return own }
        guard root.isBundled else { return nil }
        return libraryFolders.map { $0 + "/" + manifest.library }.first(where: FileSystem.exists)
    }

    private func load(folder: String, root: PluginRoot, namesSeen: [String: String]) throws(PluginError) -> Loaded {
        let manifestPath = folder + "/" + PluginManifest.fileName
        guard let bytes = FileSystem.read(manifestPath) else {
            throw PluginError("\(folder) has no readable \(PluginManifest.fileName); a plugin folder holds plugin.json and its library (see `modhost new-plugin`)")
        }
        for path in [folder, manifestPath] {
            if let problem = FileSystem.writableByOthers(path) { throw PluginError(problem) }
        }
        let manifest = try PluginManifest.parse(bytes, file: manifestPath)
        if let other = namesSeen[manifest.name] {
            throw PluginError("\(manifestPath) names plugin '\(manifest.name)', already loaded from \(other); rename one of them or remove the duplicate")
        }
        guard manifest.sdkVersion == ModifierKit.version else {
            throw PluginError("\(manifestPath) says the plugin was built for ModifierKit \(manifest.sdkVersion), but this host has \(ModifierKit.version); rebuild the plugin against this SDK and set \"sdkVersion\": \"\(ModifierKit.version)\"")
        }
        guard let library = libraryPath(for: manifest, in: folder, root: root) else {
            throw PluginError("\(folder)/\(manifest.library) does not exist; build the plugin and copy its library into the folder, or fix 'linux.library' in \(manifestPath)")
        }
        if let problem = FileSystem.writableByOthers(library) { throw PluginError(problem) }
        guard let identity = FileSystem.identity(library) else {
            throw PluginError("cannot read \(library): \(String(cString: strerror(errno)))")
        }
        let loadPath = try privateCopy(of: library, identity: identity)
        guard dlopen(loadPath, RTLD_NOW | RTLD_LOCAL) != nil else {
            let reason = (dlerror().map { String(cString: $0) } ?? "unknown error").replacing(loadPath, with: library)
            throw PluginError("cannot load \(library): \(reason); rebuild it with this toolchain and SDK")
        }

        var moduleTypes: [(String, any Module.Type)] = []
        for listed in manifest.modules {
            let qualified = manifest.qualifiedName(of: listed)
            guard let found = _typeByName(qualified) else {
                throw PluginError("module class '\(qualified)' was not found in \(library); check 'linux.modules' (and 'linux.swiftModule') in \(manifestPath), and that the class is public")
            }
            guard let moduleType = PluginHostSupport.moduleType(found) else {
                throw PluginError("class '\(qualified)' in \(library) is not a Module of this host's ModifierKit: the plugin carries its own copy of the SDK (installed twice). Depend on the ModifierKit product of the SDK package (a dynamic library) instead of copying or statically linking its sources")
            }
            moduleTypes.append((qualified, moduleType))
        }

        let context = host.appContext(forPlugin: manifest.name)
        var modules: [(name: String, definition: ModuleDefinition, instance: AnyObject)] = []
        for (qualified, moduleType) in moduleTypes {
            let instance = moduleType.init(appContext: context)
            let definition = instance.definition()
            let name = definition.name ?? qualified
            PluginHostSupport.attributing(plugin: manifest.name, module: name) {
                for hook in definition.onCreate { hook() }
            }
            modules.append((name, definition, instance))
        }
        return Loaded(
            manifest: manifest, folder: folder, manifestIdentity: FileSystem.identity(manifestPath),
            libraryIdentity: identity, modules: modules)
    }

    private func privateCopy(of library: String, identity: FileSystem.Identity) throws(PluginError) -> String {
        if let copy = copies[identity] { return copy }
        FileSystem.makeFolders(loadFolder)
        let copy = "\(loadFolder)/\(copies.count + 1)-\(lastComponent(library))"
        guard FileSystem.copy(library, to: copy) else {
            throw PluginError("cannot copy \(library) to \(copy) for loading: \(String(cString: strerror(errno)))")
        }
        copies[identity] = copy
        return copy
    }

    /// Removes the private copies (the mapped code stays valid).
    public func removeCopies() {
        for copy in copies.values { unlink(copy) }
        rmdir(loadFolder)
    }

    private func unload(_ plugin: Loaded, reason: String) {
        for module in plugin.modules.reversed() {
            PluginHostSupport.attributing(plugin: plugin.manifest.name, module: module.name) {
                for hook in module.definition.onDestroy { hook() }
            }
        }
        for leftover in types(of: plugin.manifest.name) {
            host.logger.warning("plugin \(plugin.manifest.name) left '\(leftover)' registered after OnDestroy; unregistering it")
            ViewModifierRegistry.unregister(leftover)
        }
        loaded[plugin.folder] = nil
        host.logger.info("unloaded plugin \(plugin.manifest.name) (\(reason))")
    }

    private func types(of plugin: String) -> [String] {
        ViewModifierRegistry.entries.filter { $0.plugin == plugin }.map(\.type)
    }

    private func status(of plugin: Loaded) -> PluginStatus {
        PluginStatus(
            name: plugin.manifest.name, path: plugin.folder, state: .loaded, modules: plugin.modules.map(\.name),
            types: types(of: plugin.manifest.name))
    }
}

func lastComponent(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
}
