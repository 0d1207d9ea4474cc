import ModhostWire
@_spi(ModhostHost) import ModifierKit

/// `initialize`, `ping`, `describe` and `reload`: the handshake, what the host offers, and a
/// rescan of its plugin folders.
enum LifecycleMethods {
    static func register(in registry: inout MethodRegistry) {
        registry.register("initialize", MethodHandler(requiresInitialize: false, run: initialize))
        registry.register("ping", MethodHandler(requiresInitialize: false, takesNoParams: true) { context throws(RPCError) in
            try context.params.expectNone()
            return .object(JSONObject())
        })
        registry.register("describe", MethodHandler { context throws(RPCError) in
            try context.params.expectNone()
            var result = offer(of: context.host)
            result["modules"] = .array(context.host.modules.map(\.info))
            result["plugins"] = .array(context.host.pluginStatuses.map(\.json))
            result["roots"] = .array(context.host.pluginRoots.map(\.json))
            return .object(result)
        })
        registry.register("enablePlugin", MethodHandler { context throws(RPCError) in
            let params = try context.params.object()
            let name = try params.require("name", at: "", as: .string)
            guard let enable = context.host.enablePlugin else { throw .methodNotFound("enablePlugin") }
            return try enable(name)
        })
        registry.register("reload", MethodHandler { context throws(RPCError) in
            try context.params.expectNone()
            // A host without plugin folders (tests drive the core directly) has no such method.
            guard let reload = context.host.reloadPlugins else { throw .methodNotFound("reload") }
            context.host.logger.info("\(context.session.peer): asked for a plugin rescan")
            return reload()
        })
    }

    private static func initialize(_ context: MethodContext) throws(RPCError) -> JSONValue {
        if context.session.isInitialized {
            throw .invalidRequest("'initialize' was already sent on this connection", path: "method")
        }
        let params = try context.params.object()
        let supported = context.host.configuration.protocolVersions
        let supportedList = supported.map(String.init).joined(separator: " or ")
        // Every protocolVersion error lists what this host speaks, so a client can retry.
        func versionError(_ detail: String, expected: String, got: String) -> RPCError {
            .invalidParams(
                detail, path: "protocolVersion", expected: expected, got: got,
                extra: JSONObject([("supported", .array(supported.map { .int($0) }))]))
        }
        guard let rawVersion = params["protocolVersion"] else {
            throw versionError("'protocolVersion' is required", expected: "integer", got: "nothing")
        }
        // JSON does not tell 1 from 1.0; both are version 1.
        guard let version = rawVersion.intValue else {
            throw versionError("'protocolVersion' must be an integer", expected: "integer", got: rawVersion.typeName)
        }
        guard supported.contains(version) else {
            throw versionError(
                "protocol version \(version) is not supported; this host speaks \(supportedList)", expected: supportedList,
                got: String(version))
        }
        let client = try params.optional("client", at: "", as: .object)
        if let client {
            _ = try client.optional("name", at: "client", as: .string)
            _ = try client.optional("version", at: "client", as: .string)
        }
        let strictParams = try params.optional("strictParams", at: "", as: .boolean) ?? false
        context.session.markInitialized(client: client, strictParams: strictParams)
        // Nothing is dropped silently: a new front-end hears of every plugin that failed.
        for status in context.host.pluginStatuses {
            switch status.state {
            case .failed: context.session.reportFailedPlugin(status)
            case .quarantined: context.session.reportCrashedPlugin(status)
            case .loaded, .overridden, .heldOut: break
            }
        }
        context.host.logger.info("\(context.session.peer): initialized by \(client?["name"]?.stringValue ?? "an unnamed client")")

        var result = JSONObject()
        result["protocolVersion"] = .int(version)
        result["server"] = [
            "name": .string(context.host.configuration.serverName),
            "version": .string(context.host.configuration.serverVersion),
            "sdkVersion": .string(ModifierKit.version),
        ]
        if strictParams { result["strictParams"] = true }
        // What an `update` may send instead of a whole tree: a front-end that sees it sends patches.
        result["patchOps"] = .array(PatchOperation.allCases.map { .string($0.rawValue) })
        for (key, value) in offer(of: context.host) { result[key] = value }
        return .object(result)
    }

    /// The lists `initialize` and `describe` share.
    private static func offer(of host: Host) -> JSONObject {
        JSONObject([
            ("modifiers", .array(host.modifierInfos())), ("views", .array(host.viewNames.map { .string($0) })),
            ("viewInfo", .array(host.viewInfos)),
        ])
    }
}
