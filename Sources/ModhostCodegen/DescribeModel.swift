import ModhostWire

/// One registered modifier type, as `describe` lists it.
public struct ModifierDescription: Equatable, Sendable {
    /// The `$type` string, exactly as the wire carries it.
    public var type: String
    public var plugin: String
    /// The params object's JSON Schema.
    public var params: JSONValue
    public var description: String?
    /// The JSON Schema of the object the modifier dispatches under its `$type` key, when the
    /// plugin declares one.
    public var event: JSONValue?
    /// How the factory takes the params (ModifierInfo `arguments`); nil: one options object.
    public var arguments: [ModifierArgumentDescription]? = nil
}

/// One positional argument of a modifier's factory (ModifierInfo `arguments`).
public enum ModifierArgumentDescription: Equatable, Sendable {
    /// A value that sets `keys`.
    case value(keys: [String])
    /// An object of the params no `value` argument sets.
    case options
    /// A value that sets `keys`, or an options object.
    case valueOrOptions(keys: [String])

    /// The entry as `describe` lists it.
    var jsonValue: JSONValue {
        switch self {
        case let .value(keys): return ["kind": "value", "keys": .array(keys.map { .string($0) })]
        case .options: return ["kind": "options"]
        case let .valueOrOptions(keys): return ["kind": "valueOrOptions", "keys": .array(keys.map { .string($0) })]
        }
    }
}

/// One function of a module.
public struct ModuleFunctionDescription: Equatable, Sendable {
    public var name: String
    public var isAsync: Bool
    public var arguments: [JSONValue]
    /// `nil`: the function returns nothing (the host answers `null`).
    public var result: JSONValue?
    public var description: String?
}

/// One event a module sends, with its payload's schema when the plugin declares one.
public struct ModuleEventDescription: Equatable, Sendable {
    public var name: String
    public var payload: JSONValue?
}

/// One native module, as `describe` lists it.
public struct ModuleDescription: Equatable, Sendable {
    public var name: String
    public var plugin: String
    public var functions: [ModuleFunctionDescription]
    public var events: [ModuleEventDescription]
}

/// One view a plugin declares, as `describe`'s `viewInfo` lists it.
public struct ViewDescription: Equatable, Sendable {
    /// The node type front-ends give it (`Rating`).
    public var name: String
    public var plugin: String
    public var module: String
    /// Its Swift type's name (`RatingView`).
    public var typeName: String
    /// Its props' JSON Schema.
    public var props: JSONValue
    /// Its events, in order.
    public var events: [String]
    /// Its props that hold views (slots), in order.
    public var slots: [String] = []
    /// For a view kept under an older name: what to use instead.
    public var deprecated: String? = nil
}

/// The part of a `describe` result the generator uses, sorted by name so that the output
/// does not depend on the order the daemon loaded plugins in.
public struct DescribeModel: Equatable, Sendable {
    public var modifiers: [ModifierDescription]
    public var modules: [ModuleDescription]
    /// The views of plugins (`viewInfo` entries with a `plugin`; the host's own views are the
    /// client's).
    public var views: [ViewDescription] = []

    /// Reads a `describe` result (the `result` member of the response). Members the
    /// generator does not use are ignored; members it needs are checked, and an error names
    /// the place (`modifiers[3].type`) and what was expected.
    public init(describeResult result: JSONValue) throws(CodegenError) {
        guard case let .object(object) = result else {
            throw CodegenError(path: "result", expected: "the describe result object", got: result.typeName)
        }
        var modifiers: [ModifierDescription] = []
        for (index, entry) in try Self.array(object["modifiers"], at: "modifiers").enumerated() {
            let path = "modifiers[\(index)]"
            modifiers.append(ModifierDescription(
                type: try Self.string(entry["type"], at: path + ".type"),
                plugin: entry["plugin"]?.stringValue ?? "",
                params: try Self.schema(entry["params"], at: path + ".params") ?? ["type": "object"],
                description: entry["description"]?.stringValue,
                event: try Self.schema(entry["event"], at: path + ".event"),
                arguments: try Self.arguments(entry["arguments"], at: path + ".arguments")))
        }
        var modules: [ModuleDescription] = []
        for (index, entry) in try Self.array(object["modules"], at: "modules", optional: true).enumerated() {
            let path = "modules[\(index)]"
            var functions: [ModuleFunctionDescription] = []
            for (position, function) in try Self.array(entry["functions"], at: path + ".functions", optional: true).enumerated() {
                let at = "\(path).functions[\(position)]"
                var arguments: [JSONValue] = []
                for (argument, schema) in try Self.array(function["arguments"], at: at + ".arguments", optional: true).enumerated() {
                    arguments.append(try Self.schema(schema, at: "\(at).arguments[\(argument)]") ?? .bool(true))
                }
                functions.append(ModuleFunctionDescription(
                    name: try Self.string(function["name"], at: at + ".name"),
                    isAsync: function["async"]?.boolValue ?? false,
                    arguments: arguments,
                    result: try Self.schema(function["result"], at: at + ".result"),
                    description: function["description"]?.stringValue))
            }
            var events: [ModuleEventDescription] = []
            for (position, event) in try Self.array(entry["events"], at: path + ".events", optional: true).enumerated() {
                // A name, or `{name, payload}` for a plugin that declares the payload.
                if case let .string(name) = event {
                    events.append(ModuleEventDescription(name: name, payload: nil))
                } else {
                    let at = "\(path).events[\(position)]"
                    events.append(ModuleEventDescription(
                        name: try Self.string(event["name"], at: at + ".name"), payload: try Self.schema(event["payload"], at: at + ".payload")))
                }
            }
            modules.append(ModuleDescription(
                name: try Self.string(entry["name"], at: path + ".name"), plugin: entry["plugin"]?.stringValue ?? "",
                functions: functions.sorted { TypeScriptNames.precedes($0.name, $1.name) },
                events: events.sorted { TypeScriptNames.precedes($0.name, $1.name) }))
        }
        var views: [ViewDescription] = []
        for (index, entry) in try Self.array(object["viewInfo"], at: "viewInfo", optional: true).enumerated() {
            guard let plugin = entry["plugin"]?.stringValue else { continue }
            let path = "viewInfo[\(index)]"
            views.append(ViewDescription(
                name: try Self.string(entry["name"], at: path + ".name"), plugin: plugin,
                module: entry["module"]?.stringValue ?? "", typeName: entry["typeName"]?.stringValue ?? "",
                props: try Self.schema(entry["props"], at: path + ".props") ?? ["type": "object"],
                events: entry["events"]?.objectValue?.keys ?? [],
                slots: entry["slots"]?.arrayValue?.compactMap(\.stringValue) ?? [],
                deprecated: entry["deprecated"]?.stringValue))
        }
        self.views = views.sorted { TypeScriptNames.precedes($0.name, $1.name) }
        self.modifiers = modifiers.sorted { TypeScriptNames.precedes($0.type, $1.type) }
        self.modules = modules.sorted { TypeScriptNames.precedes($0.name, $1.name) }
    }

    private static func array(_ value: JSONValue?, at path: String, optional: Bool = false) throws(CodegenError) -> [JSONValue] {
        switch value {
        case let .array(items)?: return items
        case nil where optional: return []
        case nil: throw CodegenError(path: path, expected: "an array", got: "nothing")
        case let other?: throw CodegenError(path: path, expected: "an array", got: other.typeName)
        }
    }

    private static func string(_ value: JSONValue?, at path: String) throws(CodegenError) -> String {
        guard case let .string(text)? = value else {
            throw CodegenError(path: path, expected: "a string", got: value?.typeName ?? "nothing")
        }
        return text
    }

    /// ModifierInfo `arguments`: absent is nil (one options object).
    private static func arguments(_ value: JSONValue?, at path: String) throws(CodegenError) -> [ModifierArgumentDescription]? {
        guard let value, value != .null else { return nil }
        var arguments: [ModifierArgumentDescription] = []
        for (index, entry) in try array(value, at: path).enumerated() {
            let at = "\(path)[\(index)]"
            let kind = try string(entry["kind"], at: at + ".kind")
            func keys() throws(CodegenError) -> [String] {
                var keys: [String] = []
                for (position, key) in try array(entry["keys"], at: at + ".keys").enumerated() {
                    keys.append(try string(key, at: "\(at).keys[\(position)]"))
                }
                guard !keys.isEmpty else { throw CodegenError(path: at + ".keys", expected: "at least one key", got: "[]") }
                return keys
            }
            switch kind {
            case "value": arguments.append(.value(keys: try keys()))
            case "options": arguments.append(.options)
            case "valueOrOptions": arguments.append(.valueOrOptions(keys: try keys()))
            default: throw CodegenError(path: at + ".kind", expected: "value, options or valueOrOptions", got: kind.jsonQuoted)
            }
        }
        return arguments
    }

    /// A schema member: absent and `null` are "none".
    private static func schema(_ value: JSONValue?, at path: String) throws(CodegenError) -> JSONValue? {
        switch value {
        case nil, .null?: return nil
        case let .object(object)?: return .object(object)
        case let .bool(flag)?: return .bool(flag)
        case let other?: throw CodegenError(path: path, expected: "a JSON Schema object", got: other.typeName)
        }
    }
}

extension TypeScriptNames {
    /// The order the generator sorts names in: by Unicode scalar values, which does not
    /// depend on locale or on Unicode normalisation.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.map(\.value).lexicographicallyPrecedes(b.unicodeScalars.map(\.value))
    }
}
