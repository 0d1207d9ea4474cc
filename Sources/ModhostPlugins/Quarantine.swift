import ModhostCore
import ModhostWire

/// A plugin that crashed or hung the engine: its folder is not loaded again while its files
/// are the ones that crashed (`identity`), unless a person enables it.
public struct QuarantineEntry: Sendable, Equatable {
    public var folder: String
    public var plugin: String
    /// `PluginLoader.identityText` of the folder's files when the plugin was started.
    public var identity: String
    public var crash: PluginCrash

    public init(folder: String, plugin: String, identity: String, crash: PluginCrash) {
        self.folder = folder
        self.plugin = plugin
        self.identity = identity
        self.crash = crash
    }

    public var json: JSONValue {
        ["folder": .string(folder), "plugin": .string(plugin), "identity": .string(identity), "crash": crash.json]
    }

    /// Reads what `json` wrote (the supervisor hands the list to each new engine).
    public init?(json: JSONValue) {
        guard let folder = json["folder"]?.stringValue, let plugin = json["plugin"]?.stringValue,
            let identity = json["identity"]?.stringValue, let crash = json["crash"].flatMap(PluginCrash.init(json:))
        else { return nil }
        self.init(folder: folder, plugin: plugin, identity: identity, crash: crash)
    }
}
