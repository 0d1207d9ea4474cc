@_spi(ModhostHost) import ModhostCore
import ModhostWire
@_spi(ModhostHost) import ModifierKit
import Synchronization

// Test modifiers and a test module for the interaction suites: gestures, lifecycle, refresh,
// submit, styles and module functions, written as plugin authors write them, registered in
// the registry the test hosts share (`ModifierRegistry.tests`).

enum InteractionTypes {
    /// `{tag, count = 1}`: a tap handler that sends `{tag}`.
    static let tap = "interactionTap"
    /// `{tag, minimumDuration = 0.5}`: a long-press handler that sends `{tag}`, and
    /// `{tag, pressing}` when the press starts and ends.
    static let press = "interactionPress"
    /// `{tag}`: sends `{tag, phase: "appear" | "disappear"}`.
    static let lifecycle = "interactionLifecycle"
    /// `{disabled = false, hidden = false, shape = false, background?}`.
    static let state = "interactionState"
    /// `{tag}`: wraps the content in a Button that sends `{tag}`.
    static let button = "interactionButton"
    /// `{}`: a refreshable whose action sends `{id}` and waits for `Refresher.complete(id)`.
    static let refresh = "interactionRefresh"
    /// `{tag}`: an onSubmit that sends `{tag}`.
    static let submit = "interactionSubmit"
    /// `{tag}`: an onSubmit for search (SwiftUI's `onSubmit(of: .search)`) that sends `{tag}`.
    static let searchSubmit = "interactionSearchSubmit"
    /// `{text}`: a search field showing `text`, which typing writes.
    static let search = "interactionSearch"
    /// `{}`: padding then a red background, then a title font.
    static let styled = "interactionStyled"
    /// `{value}`: padding of `value`; its factory counts its calls in `CountedProbe.built`.
    static let counted = "interactionCounted"
    /// `{value, number = false}`: SwiftUI's `tag(value)`, a String (a Double with `number`).
    static let tagged = "interactionTagged"

    /// Registers the probes, as the module of a plugin named `CoreTests` would.
    static func register(in registry: ModifierRegistry) {
        registry.attributing(plugin: "CoreTests", module: "InteractionTestModule") { registerProbes() }
    }

    private static func registerProbes() {
        ViewModifierRegistry.register(tap) { params, context, dispatcher in try TapProbe(from: params, appContext: context, eventDispatcher: dispatcher) }
        ViewModifierRegistry.register(press) { params, context, dispatcher in try PressProbe(from: params, appContext: context, eventDispatcher: dispatcher) }
        ViewModifierRegistry.register(lifecycle) { params, context, dispatcher in try LifecycleProbe(from: params, appContext: context, eventDispatcher: dispatcher) }
        ViewModifierRegistry.register(state) { params, context, _ in try StateProbe(from: params, appContext: context) }
        ViewModifierRegistry.register(button) { params, context, dispatcher in try ButtonProbe(from: params, appContext: context, eventDispatcher: dispatcher) }
        ViewModifierRegistry.register(refresh) { params, context, dispatcher in try RefreshProbe(from: params, appContext: context, eventDispatcher: dispatcher) }
        ViewModifierRegistry.register(submit) { params, context, dispatcher in try SubmitProbe(from: params, appContext: context, eventDispatcher: dispatcher) }
        ViewModifierRegistry.register(searchSubmit) { params, context, dispatcher in try SearchSubmitProbe(from: params, appContext: context, eventDispatcher: dispatcher) }
        ViewModifierRegistry.register(search) { params, context, _ in try SearchProbe(from: params, appContext: context) }
        ViewModifierRegistry.register(styled) { params, context, _ in try StyledProbe(from: params, appContext: context) }
        ViewModifierRegistry.register(tagged) { params, context, _ in try TaggedProbe(from: params, appContext: context) }
        ViewModifierRegistry.register(counted) { params, context, _ in
            // Not when a host builds it to describe its params (other suites call describe).
            if !context.isDescribing { CountedProbe.built.withLock { $0 += 1 } }
            return try CountedProbe(from: params, appContext: context)
        }
    }
}

struct TapProbe: ViewModifier, Record {
    @Field var tag: String = ""
    @Field var count: Int = 1
    var dispatch: EventDispatcher?
    init() {}
    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        dispatch = eventDispatcher
    }
    func body(content: Content) -> some View {
        content.onTapGesture(count: count) { dispatch?([InteractionTypes.tap: ["tag": tag]]) }
    }
}

struct PressProbe: ViewModifier, Record {
    @Field var tag: String = ""
    @Field var minimumDuration: Double = 0.5
    var dispatch: EventDispatcher?
    init() {}
    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        dispatch = eventDispatcher
    }
    func body(content: Content) -> some View {
        content.onLongPressGesture(minimumDuration: minimumDuration) {
            dispatch?([InteractionTypes.press: ["tag": tag]])
        } onPressingChanged: { pressing in
            dispatch?([InteractionTypes.press: ["tag": tag, "pressing": pressing]])
        }
    }
}

struct LifecycleProbe: ViewModifier, Record {
    @Field var tag: String = ""
    var dispatch: EventDispatcher?
    init() {}
    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        dispatch = eventDispatcher
    }
    func body(content: Content) -> some View {
        content
            .onAppear { dispatch?([InteractionTypes.lifecycle: ["tag": tag, "phase": "appear"]]) }
            .onDisappear { dispatch?([InteractionTypes.lifecycle: ["tag": tag, "phase": "disappear"]]) }
    }
}

struct StateProbe: ViewModifier, Record {
    @Field var disabled: Bool = false
    @Field var hidden: Bool = false
    @Field var shape: Bool = false
    @Field var background: Color?
    init() {}
    @ViewBuilder func body(content: Content) -> some View {
        let base = content.disabled(disabled)
        if hidden {
            base.hidden()
        } else if shape {
            base.contentShape(Rectangle())
        } else if let background {
            base.background(background)
        } else {
            base
        }
    }
}

struct TaggedProbe: ViewModifier, Record {
    @Field var value: String = ""
    @Field var number: Bool = false
    init() {}
    @ViewBuilder func body(content: Content) -> some View {
        if number { content.tag(Double(value) ?? 0) } else { content.tag(value) }
    }
}

struct ButtonProbe: ViewModifier, Record {
    @Field var tag: String = ""
    var dispatch: EventDispatcher?
    init() {}
    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        dispatch = eventDispatcher
    }
    func body(content: Content) -> some View {
        Button { dispatch?([InteractionTypes.button: ["tag": tag]]) } label: { content }
    }
}

/// Refreshes waiting for their completion, by id.
enum Refresher {
    private static let state = Mutex<(next: Int, waiting: [String: CheckedContinuation<Void, Never>])>((1, [:]))

    /// Waits until `complete` is called with the id it announces: `r` and a number, after
    /// `tag` when one is given (so that a test finds its own among those of tests running
    /// beside it).
    static func begin(tag: String = "", _ announce: @Sendable (String) -> Void) async {
        await withCheckedContinuation { continuation in
            let id = state.withLock { state in
                defer { state.next += 1 }
                let id = "\(tag)r\(state.next)"
                state.waiting[id] = continuation
                return id
            }
            announce(id)
        }
    }

    /// The ids of the refreshes waiting that begin with `tag`, oldest first.
    static func pendingIDs(tagged tag: String) -> [String] {
        state.withLock { state in
            state.waiting.keys.filter { $0.hasPrefix(tag) }.sorted { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
        }
    }

    /// Resumes the refresh `id`; false when none is waiting under it.
    static func complete(_ id: String) -> Bool {
        guard let continuation = state.withLock({ $0.waiting.removeValue(forKey: id) }) else { return false }
        continuation.resume()
        return true
    }
}

struct RefreshFailed: Error, CustomStringConvertible {
    let id: String
    var description: String { "no refresh '\(id)' is in progress" }
}

/// An `EventDispatcher` carried into a `@Sendable` action: the host runs both on its thread.
struct SendableDispatcher: @unchecked Sendable {
    let dispatcher: EventDispatcher?
}

struct RefreshProbe: ViewModifier, Record {
    var dispatch: EventDispatcher?
    init() {}
    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        dispatch = eventDispatcher
    }
    func body(content: Content) -> some View {
        let carried = SendableDispatcher(dispatcher: dispatch)
        return content.refreshable {
            await Refresher.begin { id in carried.dispatcher?([InteractionTypes.refresh: ["id": id]]) }
        }
    }
}

struct SubmitProbe: ViewModifier, Record {
    @Field var tag: String = ""
    var dispatch: EventDispatcher?
    init() {}
    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        dispatch = eventDispatcher
    }
    func body(content: Content) -> some View {
        content.onSubmit { dispatch?([InteractionTypes.submit: ["tag": tag]]) }
    }
}

struct SearchSubmitProbe: ViewModifier, Record {
    @Field var tag: String = ""
    var dispatch: EventDispatcher?
    init() {}
    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        dispatch = eventDispatcher
    }
    func body(content: Content) -> some View {
        content.onSubmit(of: .search) { dispatch?([InteractionTypes.searchSubmit: ["tag": tag]]) }
    }
}

/// The text a `SearchProbe` field shows: a class, so that the binding can write it.
final class SearchText {
    var value: String
    init(_ value: String) { self.value = value }
}

struct SearchProbe: ViewModifier, Record {
    @Field var text: String = ""
    init() {}
    func body(content: Content) -> some View {
        let shown = SearchText(text)
        return content.searchable(text: Binding(get: { shown.value }, set: { shown.value = $0 }))
    }
}

struct CountedProbe: ViewModifier, Record {
    static let built = Mutex(0)
    @Field var value: Double = 0
    init() {}
    func body(content: Content) -> some View { content.padding(value) }
}

struct StyledProbe: ViewModifier, Record {
    init() {}
    func body(content: Content) -> some View {
        content.padding().background(.red, in: RoundedRectangle(cornerRadius: 4)).font(.title)
    }
}

/// A module with functions and an event, added to a test host by `InteractionModule.add(to:)`.
final class InteractionModule: Module {
    func definition() -> ModuleDefinition {
        Name("Probe")
        Events("onPing")
        Function("add") { (a: Int, b: Int) in a + b }
        Function("completeRefresh") { (id: String) throws in
            guard Refresher.complete(id) else { throw RefreshFailed(id: id) }
        }
        Function("ping") { (text: String) in self.sendEvent("onPing", ["text": text]) }
        Function("undeclared") { self.sendEvent("onSomethingElse") }
        AsyncFunction("echo") { (text: String) async -> String in
            await Task.yield()
            return text
        }
        AsyncFunction("waitForRefresh") { () async -> String in
            await Refresher.begin { _ in }
            return "done"
        }
        AsyncFunction("waitForTaggedRefresh") { (tag: String) async -> String in
            await Refresher.begin(tag: tag) { _ in }
            return "done"
        }
    }

    /// Adds a new instance of the module to `host`, as the plugin loader would.
    static func add(to host: Host) {
        let module = InteractionModule(appContext: host.appContext(forPlugin: "interaction-tests"))
        host.addModule(module, definition: module.definition(), name: "Probe", plugin: "interaction-tests")
    }
}
