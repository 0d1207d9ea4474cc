import ModhostWire

/// The host-wide subscription: `watch` relays a copy of every notification the host sends to
/// any connection (`watched`), for tools such as `modhost watch` and inspectors.
public enum Watch {
    /// What can be watched: the notifications the host sends, by method, and `surfaces`, the
    /// trees of every connection's surfaces as they change.
    public static let topics = defaultTopics + [surfacesTopic]
    /// What `watch` without topics watches: the notifications. `surfaces` is asked for by
    /// name, since it costs a snapshot of a tree for every change of it.
    public static let defaultTopics = ["event", "diagnostic", "pluginsChanged", "moduleEvent"]
    /// The topic of surface trees, and the `method` its `watched` notifications carry.
    public static let surfacesTopic = "surfaces"
    public static let surfaceMethod = "surface"
    /// The method of the relayed copies.
    public static let notificationMethod = "watched"

    /// `{id, client?, pid?}`: a connection as `watch` names it.
    public static func connectionInfo(_ session: Session) -> JSONValue {
        var info = JSONObject()
        info["id"] = .int(session.connectionID)
        if let name = session.clientInfo?["name"]?.stringValue { info["client"] = .string(name) }
        if let pid = session.pid { info["pid"] = .int(Int64(pid)) }
        return .object(info)
    }

    /// The params of a `watched` notification: which connection got which notification.
    static func notification(method: String, params: JSONValue, deliveredTo recipient: Session) -> JSONValue {
        .object(JSONObject([("connection", connectionInfo(recipient)), ("method", .string(method)), ("params", params)]))
    }
}

/// `watch` and `unwatch`.
enum WatchMethods {
    static func register(in registry: inout MethodRegistry) {
        registry.register("watch", MethodHandler(run: watch))
        registry.register("unwatch", MethodHandler { context throws(RPCError) in
            try context.params.expectNone()
            let wasWatching = context.session.watchedTopics != nil
            context.host.setWatching(context.session, topics: nil)
            return ["watching": .bool(wasWatching)]
        })
    }

    private static func watch(_ context: MethodContext) throws(RPCError) -> JSONValue {
        let session = context.session
        // Watching shows the events, diagnostics and module events of every front-end, with
        // their data: that is for the user who runs the host, never for anyone else. The
        // transport refuses other users at accept already; this holds even if it did not.
        let owner = context.host.configuration.ownerUID
        guard let uid = session.peerUID, uid == owner else {
            let who = session.peerUID.map { "this connection's uid is \($0)" } ?? "this connection's uid is not known"
            throw .notPermitted(
                "'watch' shows what every connection receives, so only the host's own user (uid \(owner)) may open it; \(who)",
                method: "watch", reason: "peer-uid")
        }
        let params = try context.params.object()
        for key in params.keys where key != "topics" {
            let suggestion = Suggestion.closest(to: key, among: ["topics"])
            throw .invalidParams(
                "'watch' takes only 'topics'; '\(key)' is not one of its params\(Suggestion.hint(suggestion))", path: key,
                expected: "no member", got: key, extra: Suggestion.data(suggestion: suggestion))
        }
        let topics: [String]
        if let given = try params.optional("topics", at: "", as: .array) {
            guard !given.isEmpty else {
                throw .invalidParams("'topics' is empty; leave it out to watch everything", path: "topics", expected: "at least one topic", got: "[]")
            }
            var names: [String] = []
            for (index, element) in given.enumerated() {
                let path = JSONPath.element(index, of: "topics")
                guard let name = element.stringValue else {
                    throw .invalidParams("'\(path)' must be a string", path: path, expected: "string", got: element.typeName)
                }
                guard Watch.topics.contains(name) else {
                    let suggestion = Suggestion.closest(to: name, among: Watch.topics)
                    let extra = Suggestion.data(known: Watch.topics, suggestion: suggestion)
                    throw .invalidParams(
                        "unknown topic '\(name)'; topics: \(Watch.topics.joined(separator: ", "))\(Suggestion.hint(suggestion))", path: path,
                        expected: "one of \(Watch.topics.joined(separator: ", "))", got: name, extra: extra)
                }
                if !names.contains(name) { names.append(name) }
            }
            topics = names
        } else {
            topics = Watch.defaultTopics
        }
        context.host.setWatching(session, topics: Set(topics))
        context.host.logger.info("\(session.peer): watches \(topics.joined(separator: ", "))")
        var result = JSONObject()
        result["topics"] = .array(Watch.topics.filter(topics.contains).map { .string($0) })
        result["connection"] = Watch.connectionInfo(session)
        result["connections"] = .array(context.host.openSessions.filter(\.isInitialized).map(Watch.connectionInfo))
        // A page that draws the surfaces starts from all of them; `watched` then brings changes.
        if topics.contains(Watch.surfacesTopic) { result["surfaces"] = .array(context.host.allSurfaceTrees()) }
        return .object(result)
    }
}
