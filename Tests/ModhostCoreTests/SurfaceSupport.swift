@_spi(ModhostHost) import ModhostCore
import ModhostWire
@_spi(ModhostHost) import ModifierKit
import SwipeActions
import Synchronization
import Testing

// Support for the surface and swipe-rule tests: the real SwipeActions plugin, test
// modifiers written in the shape plugin authors use, all registered once in a registry the
// test hosts share (read only, so suites run in parallel), and an in-memory client that
// separates the notifications a frame caused from its response.

// MARK: - Test modifiers

/// Type names of the test modifiers.
enum SurfaceTestTypes {
    /// The real SwipeActions plugin's modifier.
    static let swipe = "swipeActions"
    /// Dispatches its events under the wrong top-level key (`swipeActions`).
    static let wrongKey = "wrongKey"
    /// Dispatches an event holding a value JSON cannot carry.
    static let notJSON = "notJSON"
    /// Keeps its dispatcher so a test can fire it outside any frame.
    static let deferred = "deferred"
    /// Refuses its params (with an error that is not a field error) when `refuse` is true.
    static let refusing = "refusing"
    /// Puts a bare Text among its swipe actions, beside a button.
    static let ignoring = "ignoring"

    static let all = [swipe, wrongKey, notJSON, deferred, refusing, ignoring]

    /// Registers them, and the SwipeActions plugin's module as a host loads it.
    static func register(in registry: ModifierRegistry) {
        registry.attributing(plugin: "SwipeActions", module: "SwipeActionsModule") {
            SwipeActionsModule(appContext: AppContext(hostVersion: "test", log: .silent)).definition().onCreate.forEach { $0() }
        }
        registry.attributing(plugin: "CoreTests", module: "SurfaceTestModule") {
            ViewModifierRegistry.register(wrongKey) { params, appContext, eventDispatcher in
                try SurfaceTestWrongKeyModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register(notJSON) { params, appContext, eventDispatcher in
                try SurfaceTestNotJSONModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register(deferred) { params, appContext, eventDispatcher in
                try SurfaceTestDeferredModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register(refusing) { params, appContext, _ in
                try SurfaceTestRefusingModifier(checking: params, appContext: appContext)
            }
            ViewModifierRegistry.register(ignoring) { params, appContext, _ in
                try SurfaceTestIgnoringModifier(from: params, appContext: appContext)
            }
        }
    }
}

extension ModifierRegistry {
    /// Every test modifier type and the SwipeActions plugin's, registered once; the test
    /// hosts share it and never change it.
    static let tests: ModifierRegistry = {
        let registry = ModifierRegistry()
        SurfaceTestTypes.register(in: registry)
        InteractionTypes.register(in: registry)
        return registry
    }()
}

enum SurfaceTestRole: String, Enumerable {
    case destructive
    case cancel

    var buttonRole: ButtonRole {
        switch self {
        case .destructive: return .destructive
        case .cancel: return .cancel
        }
    }
}

/// `{id, label, systemImage?, tint?, role?}`
final class SurfaceTestAction: Record {
    @Field(.required) var id: String = ""
    @Field var label: String = ""
    @Field var systemImage: String?
    @Field var tint: Color?
    @Field var role: SurfaceTestRole?
}

/// Misbehaves: dispatches under `swipeActions`, not its own `$type`.
struct SurfaceTestWrongKeyModifier: ViewModifier, Record {
    @Field var trailing: [SurfaceTestAction] = []

    var eventDispatcher: EventDispatcher?

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        self.eventDispatcher = eventDispatcher
    }

    func body(content: Content) -> some View {
        content
            .swipeActions(edge: .trailing, allowsFullSwipe: true) {
                ForEach(trailing, id: \.id) { action in
                    Button(role: action.role?.buttonRole) {
                        eventDispatcher?(["swipeActions": ["id": action.id]])
                    } label: {
                        Text(action.label)
                    }
                }
            }
    }
}

/// Something JSON cannot carry.
struct SurfaceTestOpaque {
    var when = 42
}

/// Misbehaves: dispatches a payload holding a `SurfaceTestOpaque`.
struct SurfaceTestNotJSONModifier: ViewModifier, Record {
    @Field var trailing: [SurfaceTestAction] = []

    var eventDispatcher: EventDispatcher?

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        self.eventDispatcher = eventDispatcher
    }

    func body(content: Content) -> some View {
        content
            .swipeActions(edge: .trailing, allowsFullSwipe: false) {
                ForEach(trailing, id: \.id) { action in
                    Button {
                        eventDispatcher?([SurfaceTestTypes.notJSON: ["id": action.id, "at": SurfaceTestOpaque()]])
                    } label: {
                        Text(action.label)
                    }
                }
            }
    }
}

/// Dispatchers kept by `SurfaceTestDeferredModifier`, by the `tag` param, so that a test can
/// fire an event at a time of its own choosing (outside any frame).
final class SurfaceTestDispatchers: @unchecked Sendable {
    static let shared = SurfaceTestDispatchers()
    private let lock = Mutex<Void>(())
    private var byTag: [String: EventDispatcher] = [:]

    func keep(_ dispatcher: EventDispatcher, tag: String) {
        lock.withLock { _ in byTag[tag] = dispatcher }
    }

    func dispatcher(_ tag: String) -> EventDispatcher? {
        lock.withLock { _ in byTag[tag] }
    }
}

/// `{"$type": "surfaceTestDeferred", "tag": "..."}`: no view effect; keeps its dispatcher.
struct SurfaceTestDeferredModifier: ViewModifier, Record {
    @Field(.required) var tag: String = ""

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        if !tag.isEmpty { SurfaceTestDispatchers.shared.keep(eventDispatcher, tag: tag) }
    }

    func body(content: Content) -> some View { content }
}

/// Why `SurfaceTestRefusingModifier` refused.
struct SurfaceTestRefusal: Error, CustomStringConvertible {
    var description: String { "this modifier was told to refuse" }
}

/// `{"$type": "surfaceTestRefusing", "refuse": Bool}`: the factory throws when `refuse` is true.
struct SurfaceTestRefusingModifier: ViewModifier, Record {
    @Field var refuse: Bool = false

    init() {}

    init(checking params: Dict, appContext: AppContext) throws {
        try self = .init(from: params, appContext: appContext)
        if refuse { throw SurfaceTestRefusal() }
    }

    func body(content: Content) -> some View { content }
}

/// Puts a Text among its swipe actions (not shown; the host says so) beside a button "ok".
struct SurfaceTestIgnoringModifier: ViewModifier, Record {
    /// The button's title: changing it rebuilds the modifier.
    @Field var label: String = "ok"

    init() {}

    func body(content: Content) -> some View {
        content
            .swipeActions(edge: .trailing, allowsFullSwipe: false) {
                Text("not a button")
                Button(label) {}
            }
    }
}

// MARK: - Node builders

enum SurfaceJSON {
    /// A node `{type, key?, props?, modifiers?, children?}`.
    static func node(
        _ type: String, key: String? = nil, props: JSONObject? = nil, modifiers: [JSONValue] = [], children: [JSONValue]? = nil
    ) -> JSONValue {
        var object = JSONObject()
        object["type"] = .string(type)
        if let key { object["key"] = .string(key) }
        if let props { object["props"] = .object(props) }
        if !modifiers.isEmpty { object["modifiers"] = .array(modifiers) }
        if let children { object["children"] = .array(children) }
        return .object(object)
    }

    /// A text node.
    static func text(_ text: String, key: String? = nil, modifiers: [JSONValue] = []) -> JSONValue {
        node("Text", key: key, props: JSONObject([("text", .string(text))]), modifiers: modifiers)
    }

    /// A swipe action `{id, label?, systemImage?, tint?, role?}`.
    static func action(
        _ id: String, label: String? = nil, systemImage: String? = nil, tint: String? = nil, role: String? = nil
    ) -> JSONValue {
        var object = JSONObject()
        object["id"] = .string(id)
        if let label { object["label"] = .string(label) }
        if let systemImage { object["systemImage"] = .string(systemImage) }
        if let tint { object["tint"] = .string(tint) }
        if let role { object["role"] = .string(role) }
        return .object(object)
    }

    /// A modifier of `type` with `leading`/`trailing` actions and `allowsFullSwipe`.
    static func swipe(
        _ type: String = SurfaceTestTypes.swipe, leading: [JSONValue]? = nil, trailing: [JSONValue]? = nil,
        allowsFullSwipe: Bool? = nil
    ) -> JSONValue {
        var object = JSONObject()
        object["$type"] = .string(type)
        if let leading { object["leading"] = .array(leading) }
        if let trailing { object["trailing"] = .array(trailing) }
        if let allowsFullSwipe { object["allowsFullSwipe"] = .bool(allowsFullSwipe) }
        return .object(object)
    }

    /// A modifier `{"$type": type, ...params}`.
    static func modifier(_ type: String, _ params: [(String, JSONValue)] = []) -> JSONValue {
        .object(JSONObject([("$type", .string(type))] + params))
    }

    /// A list row (HStack) with a key, a text and the given modifiers.
    static func row(_ key: String, modifiers: [JSONValue] = []) -> JSONValue {
        node("HStack", key: key, modifiers: modifiers, children: [text(key)])
    }

    /// `{"type": "List", "children": rows}`.
    static func list(_ rows: [JSONValue], key: String? = nil) -> JSONValue {
        node("List", key: key, children: rows)
    }
}

// MARK: - Client

/// What one frame brought back: the notifications it caused, then its response.
struct SurfaceExchange {
    /// Every frame appended to `replies`, in order.
    var frames: [JSONValue]
    /// Frames without `id` that have a `method` (event, diagnostic).
    var notifications: [JSONValue]
    /// The frame with an `id` (the response), if any.
    var response: JSONValue?

    var result: JSONValue? { response?["result"] }
    var error: JSONValue? { response?["error"] }
    var errorCode: Int64? { error?["code"]?.intValue }
    var errorMessage: String? { error?["message"]?.stringValue }
    var errorPath: String? { error?["data"]?["path"]?.stringValue }
    var events: [JSONValue] { notifications.filter { $0["method"] == "event" }.compactMap { $0["params"] } }
    var diagnostics: [JSONValue] { notifications.filter { $0["method"] == "diagnostic" }.compactMap { $0["params"] } }
}

/// A front-end talking to a `Host` in memory, with ids of its own.
final class SurfaceClient {
    let host: Host
    let session: Session
    /// Notifications the host pushed through `send` (outside the handling of a frame).
    var pushed: [JSONValue] = []
    private var nextID: Int64 = 1

    init(host: Host, peer: String = "surface-test", pid: Int32? = nil, peerUID: UInt32? = nil) {
        self.host = host
        var holder: SurfaceClient?
        self.session = host.openSession(peer: peer, pid: pid, peerUID: peerUID) { bytes in
            holder?.received(bytes)
        }
        holder = self
        // `holder` is captured by reference; a retain cycle for the length of a test is fine.
        _ = holder
    }

    private func received(_ bytes: [UInt8]) {
        pushed += (try? surfaceDecodeFrames(bytes)) ?? [.string("undecodable pushed bytes")]
    }

    /// An initialized client on `host` (a new host when none is given).
    static func initialized(
        host: Host = Host(registry: .tests), peer: String = "surface-test", pid: Int32? = nil, peerUID: UInt32? = nil, clientName: String = "surface-tests",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SurfaceClient {
        let client = SurfaceClient(host: host, peer: peer, pid: pid, peerUID: peerUID)
        let answer = try client.call("initialize", ["protocolVersion": 1, "client": ["name": .string(clientName), "version": "1"]])
        try #require(answer.result != nil, "initialize failed: \(String(describing: answer.response))", sourceLocation: sourceLocation)
        return client
    }

    /// Sends one request and splits what came back.
    func call(_ method: String, _ params: JSONValue? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> SurfaceExchange {
        let id = nextID
        nextID += 1
        var request = JSONObject()
        request["jsonrpc"] = "2.0"
        request["id"] = .int(id)
        request["method"] = .string(method)
        if let params { request["params"] = params }
        var out: [UInt8] = []
        session.receive(frame: Array(JSONValue.object(request).jsonText.utf8), replies: &out)
        let frames = try surfaceDecodeFrames(out)
        var notifications: [JSONValue] = []
        var responses: [JSONValue] = []
        for frame in frames {
            if frame["id"] == nil, frame["method"] != nil { notifications.append(frame) } else { responses.append(frame) }
        }
        try #require(responses.count == 1, "expected one response to '\(method)', got \(responses.count)", sourceLocation: sourceLocation)
        #expect(responses[0]["id"] == .int(id), "the response carries the request's id", sourceLocation: sourceLocation)
        #expect(frames.last == responses[0], "the response comes after the notifications", sourceLocation: sourceLocation)
        return SurfaceExchange(frames: frames, notifications: notifications, response: responses[0])
    }

    func mount(_ surface: String = "main", _ root: JSONValue) throws -> SurfaceExchange {
        try call("mount", ["surface": .string(surface), "root": root])
    }

    func update(_ surface: String = "main", _ root: JSONValue) throws -> SurfaceExchange {
        try call("update", ["surface": .string(surface), "root": root])
    }

    func unmount(_ surface: String = "main") throws -> SurfaceExchange {
        try call("unmount", ["surface": .string(surface)])
    }

    func snapshot(_ surface: String = "main") throws -> SurfaceExchange {
        try call("snapshot", ["surface": .string(surface)])
    }

    /// The snapshot's `root`, required to be there.
    func root(_ surface: String = "main", sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        let answer = try snapshot(surface)
        return try #require(answer.result?["root"], "snapshot failed: \(String(describing: answer.response))", sourceLocation: sourceLocation)
    }

    func swipe(_ node: String, edge: String, full: Bool? = nil, surface: String = "main") throws -> SurfaceExchange {
        var params = JSONObject([("surface", .string(surface)), ("node", .string(node)), ("gesture", "swipe"), ("edge", .string(edge))])
        if let full { params["full"] = .bool(full) }
        return try call("interact", .object(params))
    }

    func tapAction(_ node: String, id: String, surface: String = "main") throws -> SurfaceExchange {
        try call("interact", ["surface": .string(surface), "node": .string(node), "gesture": "tapAction", "id": .string(id)])
    }

    /// Requires the exchange to have succeeded and returns its result.
    @discardableResult
    func ok(_ exchange: SurfaceExchange, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        try #require(exchange.result, "expected success, got \(String(describing: exchange.response))", sourceLocation: sourceLocation)
    }
}

/// Splits `bytes` into whole frames and parses each.
func surfaceDecodeFrames(_ bytes: [UInt8]) throws -> [JSONValue] {
    var decoder = FrameDecoder()
    decoder.append(contentsOf: bytes)
    var values: [JSONValue] = []
    while let frame = try decoder.nextFrame() {
        values.append(try JSONParser.parse(Array(frame)))
    }
    #expect(decoder.bufferedByteCount == 0, "bytes left over after the last whole frame")
    return values
}

/// A snapshot node's child by indices: `child(root, 1, 0)` is `root.children[1].children[0]`.
func surfaceChild(_ node: JSONValue?, _ indices: Int...) -> JSONValue? {
    var current = node
    for index in indices { current = current?["children"]?[index] }
    return current
}

/// The ids of a snapshot row's actions on `edge`.
func surfaceActionIDs(_ node: JSONValue?, _ edge: String) -> [String]? {
    node?["swipeActions"]?[edge]?.arrayValue?.compactMap { $0["id"]?.stringValue }
}
