import ModhostWire

/// What the host knows of one plugin folder, as `describe` lists it.
public struct PluginStatus: Sendable, Equatable {
    public enum State: String, Sendable {
        case loaded
        case failed
    }

    public var name: String
    /// The plugin's folder.
    public var path: String
    public var state: State
    /// Why it failed: names the file and the fix.
    public var error: String?
    /// Module names (`Name(...)` in each definition) of a loaded plugin.
    public var modules: [String]
    /// Modifier types the plugin serves.
    public var types: [String]
    /// Types the plugin registered that a plugin ranked before it serves.
    public var hidden: [String]
    /// What went wrong in a loaded plugin without stopping it (a factory that could not be
    /// described, say), one sentence each.
    public var problems: [String]

    public init(
        name: String, path: String, state: State, error: String? = nil, modules: [String] = [], types: [String] = [],
        hidden: [String] = [], problems: [String] = []
    ) {
        self.name = name
        self.path = path
        self.state = state
        self.error = error
        self.modules = modules
        self.types = types
        self.hidden = hidden
        self.problems = problems
    }

    public var json: JSONValue {
        var object = JSONObject()
        object["name"] = .string(name)
        object["path"] = .string(path)
        object["status"] = .string(state.rawValue)
        if let error { object["error"] = .string(error) }
        object["modules"] = .array(modules.map { .string($0) })
        object["types"] = .array(types.map { .string($0) })
        if !hidden.isEmpty { object["hidden"] = .array(hidden.map { .string($0) }) }
        if !problems.isEmpty { object["problems"] = .array(problems.map { .string($0) }) }
        return .object(object)
    }
}

/// One folder the host searches for plugins, as `describe` lists it.
public struct PluginRootStatus: Sendable, Equatable {
    /// Where the root comes from: `--plugins`, the user's data folder, or the daemon's own.
    public enum Kind: String, Sendable {
        case flag
        case user
        case bundled
    }

    public enum State: String, Sendable {
        /// A folder: its plugins are loaded and it is watched.
        case ok
        /// Nothing there yet: its nearest existing parent is watched, so creating it loads it.
        case missing
        /// Something that is not a folder: nothing is loaded from it until it is fixed.
        case notAFolder = "not-a-folder"
    }

    public var path: String
    public var kind: Kind
    public var state: State
    /// What is wrong and what to do, when the state is not `ok`.
    public var message: String?

    public init(path: String, kind: Kind, state: State, message: String? = nil) {
        self.path = path
        self.kind = kind
        self.state = state
        self.message = message
    }

    public var json: JSONValue {
        var object = JSONObject()
        object["path"] = .string(path)
        object["kind"] = .string(kind.rawValue)
        object["status"] = .string(state.rawValue)
        if let message { object["message"] = .string(message) }
        return .object(object)
    }
}
