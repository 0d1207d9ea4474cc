import ModhostWire

/// What the host knows of one plugin folder, as `describe` lists it.
public struct PluginStatus: Sendable, Equatable {
    public enum State: String, Sendable {
        case loaded
        case failed
        /// It crashed or hung the host: not loaded again until its files change or a person
        /// enables it.
        case quarantined
        /// A bundled plugin that a `--plugins` or user plugin of the same name, listed before
        /// it, replaces: not loaded, and not an error.
        case overridden
        /// Not loaded for a while: the supervisor is bisecting the plugins to find the one
        /// behind crashes that no plugin call explains, and this engine runs without it.
        case heldOut = "held-out"
    }

    public var name: String
    /// The plugin's own version from its manifest (`version` in `plugin.json`), when it names one.
    public var version: String?
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
    /// Why a quarantined plugin is quarantined.
    public var crash: PluginCrash?

    public init(
        name: String, path: String, state: State, error: String? = nil, modules: [String] = [], types: [String] = [],
        hidden: [String] = [], problems: [String] = [], version: String? = nil
    ) {
        self.name = name
        self.version = version
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
        if let version { object["version"] = .string(version) }
        object["path"] = .string(path)
        object["status"] = .string(state.rawValue)
        if let error { object["error"] = .string(error) }
        object["modules"] = .array(modules.map { .string($0) })
        object["types"] = .array(types.map { .string($0) })
        if !hidden.isEmpty { object["hidden"] = .array(hidden.map { .string($0) }) }
        if !problems.isEmpty { object["problems"] = .array(problems.map { .string($0) }) }
        if let crash { object["crash"] = crash.json }
        return .object(object)
    }
}

/// A crash or hang of the host in a plugin's code, as its supervisor saw it.
public struct PluginCrash: Sendable, Equatable {
    /// The kind of plugin call (`PluginCalls.Kind.name`): "factory", "body", "OnCreate", ...
    public var call: String
    /// The modifier type or module the call was for.
    public var detail: String
    /// What ended the engine: "SIGILL", "SIGSEGV", "exit status 3", "hung for 5.0 s".
    public var reason: String
    /// The last message the Swift runtime printed ("Fatal error: ..."), if any.
    public var message: String
    /// The request being handled: `{pid, id, method}` of the front-end that sent it.
    public var request: JSONValue?
    /// The types the plugin served when it crashed (empty when it crashed before registering).
    public var types: [String]

    public init(call: String, detail: String, reason: String, message: String, request: JSONValue? = nil, types: [String] = []) {
        self.call = call
        self.detail = detail
        self.reason = reason
        self.message = message
        self.request = request
        self.types = types
    }

    public var json: JSONValue {
        var object = JSONObject()
        object["call"] = .string(call)
        object["detail"] = .string(detail)
        object["reason"] = .string(reason)
        object["message"] = .string(message)
        if let request { object["request"] = request }
        object["types"] = .array(types.map { .string($0) })
        return .object(object)
    }

    /// Reads what `json` wrote; nil when a member is missing or of the wrong kind.
    public init?(json: JSONValue) {
        guard let call = json["call"]?.stringValue, let detail = json["detail"]?.stringValue,
            let reason = json["reason"]?.stringValue, let message = json["message"]?.stringValue
        else { return nil }
        self.init(
            call: call, detail: detail, reason: reason, message: message, request: json["request"],
            types: json["types"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }

    /// What happened, in which call, to follow "it": "crashed the host with SIGILL in its
    /// body for 'faulty' (Fatal error: ...)", "hung for more than 5.0 s in its body for ...".
    public var summary: String {
        let what: String
        if call == "bisect" {
            // "found by bisecting 5 unattributed engine ends"
            return "was \(reason): the engine ended outside any recorded plugin call only while it was loaded\(message.isEmpty ? "" : " (\(message))")"
        } else if reason.hasPrefix("hung") {
            what = reason
        } else if reason.hasPrefix("used ") {
            // "used 2.1 GiB, past the 2.0 GiB engine memory limit"
            what = "made the host use \(reason.dropFirst(5)),"
        } else if reason.hasPrefix("exit") {
            what = "ended the host with \(reason)"
        } else {
            what = "crashed the host with \(reason)"
        }
        return "\(what) in its \(call) for '\(detail)'\(message.isEmpty ? "" : " (\(message))")"
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
