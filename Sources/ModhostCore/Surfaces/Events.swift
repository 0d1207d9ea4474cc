import ModhostWire
@_spi(ModhostHost) import ModifierKit

/// Diagnostic codes: every place where the host ignores something on purpose.
public enum DiagnosticCode {
    /// A swipeActions modifier on a node that is not a List row (SwiftUI ignores it too).
    public static let swipeActionsOutsideList = "swipe-actions-outside-list"
    /// A symbol modifier on a node with no system image at or under it (nothing to act on).
    public static let symbolsWithoutImage = "symbols-without-image"
    /// A modifier with no effect without a screen (a glass effect, an animation): recorded only.
    public static let noHeadlessEffect = "no-headless-effect"
    /// An event whose top-level key is not its modifier's `$type` (dropped).
    public static let eventKeyMismatch = "event-key-mismatch"
    /// An event payload with values JSON cannot carry (dropped).
    public static let eventNotJSON = "event-not-json"
    /// A view inside swipe-actions content that is not a button (not shown).
    public static let ignoredView = "ignored-view"
    /// A plugin folder that could not be loaded.
    public static let pluginLoadFailed = "plugin-load-failed"
    /// A mounted modifier whose type was unregistered (its plugin was removed).
    public static let modifierTypeRemoved = "modifier-type-removed"
    /// A plugin that crashed or hung the host and is quarantined.
    public static let pluginCrashed = "plugin-crashed"
    /// Notifications in a batch left unrun because the batch's reply passed its budget
    /// (requests get an over-budget error response instead).
    public static let batchNotificationsNotRun = "batch-notifications-not-run"
    /// A params key the modifier does not declare (ignored; an error in strict mode).
    public static let unknownParam = "unknown-param"
    /// A node prop its view does not list (kept as sent; an error in strict mode).
    public static let unknownProp = "unknown-prop"
    /// A modifier whose plugin is quarantined: mounted inert (an error in strict mode).
    public static let quarantinedModifier = "quarantined-modifier"
    /// A plugin view whose plugin is quarantined: mounted inert (an error in strict mode).
    public static let quarantinedView = "quarantined-view"
    /// A mounted plugin view whose type no plugin serves any more (kept until its props change).
    public static let viewTypeRemoved = "view-type-removed"
    /// A prop or event of a host view named as before Expo UI SDK 58 (served; once per connection).
    public static let deprecatedName = "deprecated-name"
}

extension Session {
    /// Sends a `diagnostic` notification to this session's front-end.
    public func diagnostic(
        _ severity: String, code: String, message: String, surface: String? = nil, node: String? = nil, path: String? = nil,
        extra: JSONObject = JSONObject()
    ) {
        var params = JSONObject()
        params["severity"] = .string(severity)
        params["code"] = .string(code)
        params["message"] = .string(message)
        if let surface { params["surface"] = .string(surface) }
        if let node { params["node"] = .string(node) }
        if let path { params["path"] = .string(path) }
        for (key, value) in extra { params[key] = value }
        notify(method: "diagnostic", params: .object(params))
    }

    /// A plugin the host could not load, as a diagnostic.
    public func reportFailedPlugin(_ status: PluginStatus) {
        diagnostic(
            "error", code: DiagnosticCode.pluginLoadFailed,
            message: "plugin at \(status.path) was not loaded: \(status.error ?? "unknown error")", path: status.path)
    }

    /// A quarantined plugin, as a diagnostic that names the crash and, when a front-end's
    /// request was running, that request (`crash.request`: `{pid, id, method}`).
    public func reportCrashedPlugin(_ status: PluginStatus) {
        guard let crash = status.crash else { return }
        var params = JSONObject()
        params["severity"] = "error"
        params["code"] = .string(DiagnosticCode.pluginCrashed)
        params["message"] = .string("plugin \(status.name) at \(status.path) is quarantined: it \(crash.summary). Its types \(crash.types.isEmpty ? "(none known)" : crash.types.joined(separator: ", ")) are unavailable until its files change or `modhost plugins enable \(status.name)`")
        params["path"] = .string(status.path)
        params["plugin"] = .string(status.name)
        params["crash"] = crash.json
        notify(method: "diagnostic", params: .object(params))
    }

    /// An event a modifier dispatched: delivered to this (the owning) connection only when
    /// its one top-level key is the modifier's `$type`; otherwise a diagnostic says why not.
    func deliverEvent(_ payload: Dict, from address: ModifierAddress) {
        var place: String { "modifier \(address.index) ('\(address.type)') of node '\(address.node)' in surface '\(address.surface)'" }
        guard payload.count == 1, payload[address.type] != nil else {
            let keys = payload.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
            diagnostic(
                "error", code: DiagnosticCode.eventKeyMismatch,
                message: "\(place) dispatched an event keyed \(keys.isEmpty ? "by nothing" : keys); events must have exactly one top-level key, the modifier's $type '\(address.type)'. The event was dropped",
                surface: address.surface, node: address.node)
            return
        }
        let json: JSONValue
        do {
            json = try ValueBridge.jsonValue(payload)
        } catch {
            diagnostic(
                "error", code: DiagnosticCode.eventNotJSON,
                message: "\(place) dispatched an event whose value at '\(error.path)' is a \(error.typeName), which JSON cannot carry. The event was dropped",
                surface: address.surface, node: address.node, path: error.path)
            return
        }
        notify(method: "event", params: [
            "surface": .string(address.surface), "node": .string(address.node), "modifier": .int(Int64(address.index)),
            "payload": json,
        ])
    }
}

extension Session {
    /// The view events of `node` that `trigger` sends (a Button's `onPress`, a Toggle's
    /// `onIsOnChange`, …), to this, the owning, connection: `{surface, node, view, payload}`,
    /// with no `modifier`, since no modifier sent it. The payload's one member is the event's
    /// name; its value holds the event's member (`{"isOn": true}`), or is `{}` for an event
    /// without one. Each is sent only when the node's `events` lists it, SDK 58's name first.
    func sendViewEvents(_ trigger: ViewEvent.Trigger, value: JSONValue? = nil, of node: NodeState, in surface: String) {
        if node.events.isEmpty { return }
        for event in node.kind.viewEvents where event.trigger == trigger && node.listens(to: event.name) {
            let body: JSONValue = event.member.flatMap { member in value.map { .object(JSONObject([(member.name, $0)])) } } ?? .object(JSONObject())
            notify(method: "event", params: .object(JSONObject([
                ("surface", .string(surface)), ("node", .string(node.id)), ("view", .string(node.typeName)),
                ("payload", .object(JSONObject([(event.name, body)]))),
            ])))
        }
    }
}
