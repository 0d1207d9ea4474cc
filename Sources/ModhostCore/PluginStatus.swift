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
    /// Modifier types the plugin registered.
    public var types: [String]

    public init(name: String, path: String, state: State, error: String? = nil, modules: [String] = [], types: [String] = []) {
        self.name = name
        self.path = path
        self.state = state
        self.error = error
        self.modules = modules
        self.types = types
    }

    public var json: JSONValue {
        var object = JSONObject()
        object["name"] = .string(name)
        object["path"] = .string(path)
        object["status"] = .string(state.rawValue)
        if let error { object["error"] = .string(error) }
        object["modules"] = .array(modules.map { .string($0) })
        object["types"] = .array(types.map { .string($0) })
        return .object(object)
    }
}
