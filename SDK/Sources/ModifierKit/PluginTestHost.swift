// A stand-in for modhostd inside a plugin's own tests. It lives in ModifierKit itself rather
// than in a second product of the SDK package: a second library target depending on
// ModifierKit would link the SDK's code into the test binary a second time, next to the
// dynamic library the plugin links, and registrations would then land in one copy's registry
// while the tests read the other's. Here it is the same code the daemon loads, it reaches the
// host's view of the SDK (describing mode, the unknown-key counter, the evaluator) without
// opening that view to plugin code, and a scaffolded package needs no second dependency.

import Synchronization

/// Runs a plugin's modules the way modhostd does, inside a test, with a registry of its own.
///
/// Creating it creates each module with `init(appContext:)`, reads its `definition()` and
/// runs its ``OnCreate`` hooks; what they register goes to this host only. Then a test asks
/// what the plugin serves, through the same doors front-ends use: the registered types
/// (``types``), each one's params schema as `describe` shows it (``paramsSchema(of:)``), a
/// modifier built from params by the registered factory (``makeModifier(_:)``, which fails
/// as the daemon does, naming the field), what its body does and the events it sends
/// (``HostedModifier``), the module functions (``call(_:_:module:)``) and module events
/// (``moduleEvents``), and the views the modules declare, made from a node's props
/// (``makeView(_:props:slots:)``). ``destroy()`` runs ``OnDestroy``.
///
/// ```swift
/// let host = PluginTestHost(modules: [RibbonModule.self])
/// defer { host.destroy() }
/// #expect(host.types == ["ribbon"])
/// let ribbon = try host.makeModifier(["$type": "ribbon", "text": "New"])
/// ```
///
/// Such tests name the params as front-ends do, never the modifier's Swift properties, so
/// they keep compiling when those are renamed.
public final class PluginTestHost {
    /// The name the registrations are attributed to, as a plugin's manifest names it.
    public let plugin: String
    /// The context every module, factory and function gets; its log goes where `log` said.
    public let appContext: AppContext
    /// The modules' names (``Name``, else the class name), in the order they were created.
    public let moduleNames: [String]

    private let registry = ModifierRegistry()
    private let modules: [(name: String, definition: ModuleDefinition, instance: BaseModule)]
    /// The modules' definitions, in order (their views, for ``views``).
    var moduleDefinitions: [ModuleDefinition] { modules.map(\.definition) }
    private let sentModuleEvents = ModuleEventLog()
    private var isDestroyed = false

    /// Creates `modules` in order, as the daemon does when it loads a plugin whose manifest
    /// lists them, and runs their ``OnCreate`` hooks. `plugin` is the plugin's name (the
    /// registrations' owner); `log` receives what the plugin logs (`appContext.log`).
    public init(plugin: String = "PluginUnderTest", modules: [any Module.Type], hostVersion: String = "test", log: PluginLog = .silent) {
        self.plugin = plugin
        let context = AppContext(hostVersion: hostVersion, log: log)
        self.appContext = context
        let events = sentModuleEvents
        var created: [(name: String, definition: ModuleDefinition, instance: BaseModule)] = []
        for moduleType in modules {
            let instance = moduleType.init(appContext: context)
            let definition = instance.definition()
            let name = definition.name ?? String(describing: moduleType)
            let declared = definition.events
            // As the host: an event the module did not declare with `Events` is not sent.
            PluginHostSupport.setEventSink(of: instance) { event, payload in
                guard declared.contains(event) else { return }
                events.events.withLock { $0.append(ModuleEvent(module: name, name: event, payload: payload)) }
            }
            registry.attributing(plugin: plugin, module: name) {
                for hook in definition.onCreate { hook() }
            }
            created.append((name, definition, instance))
        }
        self.modules = created
        self.moduleNames = created.map(\.name)
    }

    // MARK: - What the plugin serves

    /// The modifier types the modules registered and still serve, sorted: what `describe`
    /// lists under `modifiers` for this plugin.
    public var types: [String] { registry.entries.map(\.type) }

    /// The description `type` was registered with, if any.
    public func description(of type: String) throws(PluginTestError) -> String? {
        try entry(for: type).description
    }

    /// The JSON Schema of `type`'s params, as `describe` gives it: `$schema` and `title`, the
    /// `$type` property (`{"const": type}`) and one per field, with `required` listing `$type`
    /// and then the required fields. The host learns it by building the modifier once in
    /// describing mode (fields keep their defaults); so does this. Errors when the type is not
    /// registered, when its factory throws in describing mode, or when it does not build a
    /// ``Record`` (the daemon then describes nothing and logs the same sentence).
    public func paramsSchema(of type: String) throws(PluginTestError) -> [String: Any] {
        let described = try describedSchema(of: entry(for: type))
        guard let described = Self.withoutOrder(described) as? [String: Any] else { return [:] }
        var schema = described
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["title"] = type
        var properties = described["properties"] as? [String: Any] ?? [:]
        properties["$type"] = ["const": type] as [String: Any]
        schema["properties"] = properties
        schema["required"] = ["$type"] + ((described["required"] as? [Any]) ?? [])
        return schema
    }

    /// The JSON Schema of the payload `type`'s events carry, when its registration declared
    /// one (`register(_:event:factory:)`); `describe` shows it as `event`.
    public func eventSchema(of type: String) throws(PluginTestError) -> [String: Any]? {
        PluginHostSupport.eventSchema(of: try entry(for: type)).flatMap { Self.withoutOrder($0) as? [String: Any] }
    }

    /// Params for `type` made from its schema alone: every field's default, and for each
    /// required field without one a value of its JSON type (a string, `1`, `true`, `[]`, `{}`,
    /// the first `enum` case, a colour for a `color` string). What a test needs to build the
    /// modifier without naming its fields; a field whose converter wants more than its JSON
    /// type says (a pattern of its own) may still refuse the value.
    public func exampleParams(of type: String) throws(PluginTestError) -> Dict {
        let schema = try paramsSchema(of: type)
        var params: Dict = ["$type": type]
        let properties = schema["properties"] as? [String: Any] ?? [:]
        for (key, property) in properties where key != "$type" {
            guard let property = property as? [String: Any] else { continue }
            if let value = property["default"] {
                params[key] = value
            } else if let value = Self.example(of: property) {
                params[key] = value
            }
        }
        return params
    }

    /// A value that `schema` accepts, made from its JSON type; `nil` when it says none.
    static func example(of schema: [String: Any]) -> Any? {
        if let cases = schema["enum"] as? [Any], let first = cases.first { return first }
        if let constant = schema["const"] { return constant }
        if let options = schema["anyOf"] as? [Any] {
            // The first option that is not `null`: an optional field given a value.
            for case let option as [String: Any] in options where option["type"] as? String != "null" {
                if let value = example(of: option) { return value }
            }
            return JSNull()
        }
        switch schema["type"] as? String {
        case "string": return schema["format"] as? String == "color" ? "#FF9500" : "example"
        case "integer": return 1
        case "number": return 1.5
        case "boolean": return true
        case "array": return [Any]()
        case "null": return JSNull()
        case "object":
            var object: Dict = [:]
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for case let key as String in schema["required"] as? [Any] ?? [] {
                if let property = properties[key] as? [String: Any], let value = example(of: property) { object[key] = value }
            }
            return object
        default: return nil
        }
    }

    // MARK: - Modifiers

    /// Builds a modifier from `params` (the `{"$type": ..., ...}` object a front-end sends)
    /// through the factory registered for its `$type`, with a dispatcher that keeps what it
    /// sends, and reads its body as the daemon does.
    ///
    /// Throws what the daemon would answer with `invalidParams`: an unknown or missing
    /// `$type`, or a field the params do not fit, named by its place in the params
    /// (`PluginTestError.path`, `actions[0].id`) and the type it expected. A key no field
    /// declares is not an error, as in the daemon (unless a connection asks for
    /// `strictParams`): it is listed in ``HostedModifier/unknownParams``.
    public func makeModifier(_ params: Dict) throws(PluginTestError) -> HostedModifier {
        guard let type = params["$type"] as? String else {
            throw PluginTestError(
                "a modifier's params need '$type', the name of a registered type (\(Self.list(types)))", path: "$type",
                expected: "a registered modifier type", got: params["$type"].map(describe) ?? "nothing")
        }
        let entry = try entry(for: type)
        let sent = SentEvents()
        let dispatcher = EventDispatcher(modifierType: type) { sent.payloads.append($0) }
        let counted = PluginHostSupport.unknownKeysCounted
        let modifier: any ViewModifier
        do {
            modifier = try entry.factory(params, appContext, dispatcher)
        } catch let error as FieldError {
            throw PluginTestError(
                "\(error.description) (at '\(error.path)')", path: error.path, expected: error.type, got: error.value ?? "nothing",
                cause: error)
        } catch {
            throw PluginTestError("modifier '\(type)' refused its params: \(error)", path: "", cause: error)
        }
        var unknown: [UnknownParam] = []
        if PluginHostSupport.unknownKeysCounted != counted, let schema = try? describedSchema(of: entry) {
            Self.findUnknown(in: params, schema: schema, at: "", isModifier: true, into: &unknown)
        }
        var effect = ModifierEvaluator.evaluate(modifier)
        effect.resolveSwipeActions()
        return HostedModifier(type: type, modifier: modifier, effect: effect, unknownParams: unknown, sent: sent)
    }

    // MARK: - Module functions and events

    /// Calls the module function `name` (of the module named `module`, or of the first module
    /// that has one) with `arguments`, as a front-end's `callFunction` does; see
    /// ``ModuleFunction/call(_:appContext:)``. An ``AsyncFunction`` needs ``callAsync(_:_:module:)``.
    public func call(_ name: String, _ arguments: [Any] = [], module: String? = nil) throws -> Any? {
        try function(name, module: module).call(arguments, appContext: appContext)
    }

    /// Calls the module function `name`, synchronous or not, with `arguments`.
    public func callAsync(_ name: String, _ arguments: [Any] = [], module: String? = nil) async throws -> Any? {
        try await function(name, module: module).callAsync(arguments, appContext: appContext)
    }

    /// The module events sent so far (`sendEvent`), oldest first; undeclared ones are dropped,
    /// as the daemon drops them.
    public var moduleEvents: [ModuleEvent] { sentModuleEvents.events.withLock { $0 } }

    // MARK: - Unloading

    /// Runs the modules' ``OnDestroy`` hooks (the last module created first), as the daemon
    /// does when it unloads the plugin, then removes whatever they left registered (the
    /// daemon does that too). Returns the types they left: empty when `OnDestroy` unregisters
    /// all that `OnCreate` registered. Calling it again does nothing.
    @discardableResult
    public func destroy() -> [String] {
        guard !isDestroyed else { return [] }
        isDestroyed = true
        for module in modules.reversed() {
            registry.attributing(plugin: plugin, module: module.name) {
                for hook in module.definition.onDestroy { hook() }
            }
            PluginHostSupport.setEventSink(of: module.instance, nil)
        }
        return registry.unregisterAll(plugin: plugin)
    }

    // MARK: - Helpers

    /// The schema the SDK makes of `entry`'s record, with its `x-order` members (the fields'
    /// declaration order), or the daemon's sentence about why there is none.
    private func describedSchema(of entry: ViewModifierRegistry.Entry) throws(PluginTestError) -> [String: Any] {
        let described: [String: Any]?
        do {
            described = try PluginHostSupport.paramsSchema(of: entry, appContext: appContext)
        } catch {
            throw PluginTestError(
                "the factory of '\(entry.type)' threw when built with its defaults (\(error)), so its params are not described",
                path: "", cause: error)
        }
        guard let described else {
            throw PluginTestError("the factory of '\(entry.type)' does not build a Record, so its params are not described", path: "")
        }
        return described
    }

    private func entry(for type: String) throws(PluginTestError) -> ViewModifierRegistry.Entry {
        guard let entry = registry.entry(for: type) else {
            throw PluginTestError(
                "unknown modifier type '\(type)'; known types: \(Self.list(types))", path: "$type",
                expected: types.isEmpty ? "a registered modifier type" : "one of \(types.joined(separator: ", "))", got: type)
        }
        return entry
    }

    private func function(_ name: String, module: String?) throws(PluginTestError) -> ModuleFunction {
        let candidates = modules.filter { module == nil || $0.name == module }
        guard let found = candidates.lazy.compactMap({ $0.definition.functions.first { $0.name == name } }).first else {
            let known = candidates.flatMap { $0.definition.functions.map(\.name) }
            throw PluginTestError(
                "no module function '\(name)'\(module.map { " in module '\($0)'" } ?? ""); declared: \(known.isEmpty ? "none" : known.joined(separator: ", "))",
                path: "", expected: known.isEmpty ? "a declared function" : "one of \(known.joined(separator: ", "))", got: name)
        }
        return found
    }

    private static func list(_ types: [String]) -> String {
        types.isEmpty ? "none (no module registered any)" : types.joined(separator: ", ")
    }

    /// `value` without the SDK's `x-order` members, which `describe` turns into the order of
    /// `properties` and drops.
    static func withoutOrder(_ value: Any?) -> Any? {
        switch value {
        case let array as [Any]: return array.map { withoutOrder($0) as Any }
        case let object as [String: Any]:
            var result: [String: Any] = [:]
            for (key, member) in object where key != "x-order" { result[key] = withoutOrder(member) }
            return result
        default: return value
        }
    }

    /// The keys of `value` that `schema` does not declare, as the daemon finds them: into
    /// objects (`properties`) and arrays (`items`), through optional fields (`anyOf`).
    static func findUnknown(in value: Any, schema: [String: Any], at path: String, isModifier: Bool, into found: inout [UnknownParam]) {
        if let object = value as? [String: Any] {
            guard let schema = branch(of: schema, having: "properties"), let properties = schema["properties"] as? [String: Any] else { return }
            let order = (schema["x-order"] as? [Any])?.compactMap { $0 as? String } ?? properties.keys.sorted()
            let known = order.filter { $0 != "$type" }
            for key in object.keys.sorted() {
                if isModifier && key == "$type" { continue }
                let place = path.isEmpty ? key : path + "." + key
                guard let property = properties[key] as? [String: Any] else {
                    found.append(UnknownParam(path: place, key: key, known: known, suggestion: TypoSuggestion.closest(to: key, among: known)))
                    continue
                }
                findUnknown(in: object[key]!, schema: property, at: place, isModifier: false, into: &found)
            }
        } else if let array = value as? [Any] {
            guard let schema = branch(of: schema, having: "items"), let items = schema["items"] as? [String: Any] else { return }
            for (index, element) in array.enumerated() {
                findUnknown(in: element, schema: items, at: "\(path)[\(index)]", isModifier: false, into: &found)
            }
        }
    }

    private static func branch(of schema: [String: Any], having member: String) -> [String: Any]? {
        if schema[member] != nil { return schema }
        for case let option as [String: Any] in schema["anyOf"] as? [Any] ?? [] {
            if let found = branch(of: option, having: member) { return found }
        }
        return nil
    }
}

/// What the daemon would answer a front-end whose params, type or call it refuses
/// (`invalidParams`), as ``PluginTestHost`` reports it.
public struct PluginTestError: Error, CustomStringConvertible {
    /// The message, naming the place and what was expected: `Field 'text' of type String is
    /// required but missing (at 'text')`.
    public let message: String
    /// Where in the params the problem is (`text`, `actions[0].id`, `$type`); empty when the
    /// error is about the params as a whole.
    public let path: String
    /// What was expected there (a field's Swift type, such as `String` or `Color?`), if known.
    public let expected: String?
    /// What was found there (`nothing` for a missing value), if known.
    public let got: String?
    /// The error behind it: the ``FieldError`` a record threw, or what a factory threw.
    public let cause: (any Error)?

    /// An error with `message` at `path`.
    public init(_ message: String, path: String, expected: String? = nil, got: String? = nil, cause: (any Error)? = nil) {
        self.message = message
        self.path = path
        self.expected = expected
        self.got = got
        self.cause = cause
    }

    /// The message.
    public var description: String { message }
}

/// A key of a modifier's params that none of its records declares, most often a misspelt
/// param. The daemon ignores it and tells the front-end so (or, for a connection that asked
/// for `strictParams`, refuses the params).
public struct UnknownParam: Equatable, Sendable, CustomStringConvertible {
    /// Where it is in the params: `trailling`, `actions[0].lable`.
    public let path: String
    /// The key itself.
    public let key: String
    /// The keys declared where it is, in declaration order.
    public let known: [String]
    /// The declared key it most likely meant, when one is close enough to be a typo.
    public let suggestion: String?

    /// The daemon's sentence about it: `'lable' is not a param of this modifier, so it is
    /// ignored. Did you mean 'label'? Declared there: id, label`.
    public var description: String {
        let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
        return "'\(path)' is not a param of this modifier, so it is ignored.\(hint) Declared there: \(known.isEmpty ? "nothing" : known.joined(separator: ", "))"
    }
}

/// An event a module sent with `sendEvent`, as ``PluginTestHost/moduleEvents`` keeps it.
public struct ModuleEvent: @unchecked Sendable {
    /// The name of the module that sent it.
    public let module: String
    /// The event's name, one the module declared with ``Events``.
    public let name: String
    /// The payload, as params values.
    public let payload: Dict
}

/// The module events a ``PluginTestHost`` kept; module sinks may be called from any thread.
final class ModuleEventLog: Sendable {
    let events = Mutex<[ModuleEvent]>([])
}

/// The payloads one modifier's dispatcher was handed.
final class SentEvents {
    var payloads: [Dict] = []
}

/// A modifier ``PluginTestHost`` built from params: the modifier, what its body does, and the
/// events it has sent.
public struct HostedModifier {
    /// Its `$type`.
    public let type: String
    /// The modifier the factory built. A test that knows its Swift type may cast it; one that
    /// checks only what front-ends see keeps to the members below.
    public let modifier: any ViewModifier
    /// What its `body(content:)` does to the node, as the daemon reads it once the modifier is
    /// built: its swipe actions (each with `perform()`, what a front-end's swipe-action tap
    /// runs), tap, long-press, appear, disappear, refresh and submit handlers, styles, tint,
    /// and the views the daemon ignores.
    public let effect: ModifierEffect
    /// The params keys none of its fields declares, in the order of their paths.
    public let unknownParams: [UnknownParam]
    private let sent: SentEvents

    init(type: String, modifier: any ViewModifier, effect: ModifierEffect, unknownParams: [UnknownParam], sent: SentEvents) {
        self.type = type
        self.modifier = modifier
        self.effect = effect
        self.unknownParams = unknownParams
        self.sent = sent
    }

    /// Every payload its `eventDispatcher` was handed so far, oldest first: `[type: [...]]`.
    /// The daemon delivers these to the front-end, and refuses one whose key is not the
    /// modifier's `$type`; ``eventPayloads`` reads the ones it delivers.
    public var events: [Dict] { sent.payloads }

    /// The payloads the daemon would deliver (the value under the `$type` key of each event),
    /// oldest first.
    public var eventPayloads: [Dict] { sent.payloads.compactMap { $0.count == 1 ? $0[type] as? Dict : nil } }

    /// Taps the node `count` times, as a front-end's `tap` does: the innermost tap handler
    /// around the content that takes `count` taps (``View/onTapGesture(count:perform:)``, or a
    /// button whose label holds the content) runs; a double tap is not two taps. Returns
    /// false when none takes `count`.
    @discardableResult
    public func tap(count: Int = 1) -> Bool {
        guard let handler = effect.taps.first(where: { $0.count == count }) else { return false }
        handler.perform()
        return true
    }

    /// Runs the swipe action whose ``ResolvedSwipeAction/id`` is `id`, as a front-end that
    /// picks it does. Returns false when the body has no such action.
    @discardableResult
    public func performSwipeAction(_ id: String) -> Bool {
        guard let action = effect.swipeActions.lazy.flatMap(\.actions).first(where: { $0.id == id }) else { return false }
        action.perform()
        return true
    }
}

/// "Did you mean": the daemon's rule, for ``UnknownParam/suggestion``.
enum TypoSuggestion {
    /// The candidate closest to `name` when it is close enough to be a typo, by the daemon's rule
    /// for "did you mean" (`Suggestion.closest` in ModhostWire, which the SDK cannot import): an
    /// optimal-string-alignment distance, compared case-insensitively, of at most 1 for names up
    /// to 4 characters, 2 up to 8, and 3 beyond; ties go to the earlier candidate.
    static func closest(to name: String, among candidates: [String]) -> String? {
        let wanted = Array(name.lowercased().unicodeScalars)
        guard !wanted.isEmpty else { return nil }
        let limit = wanted.count <= 4 ? 1 : wanted.count <= 8 ? 2 : 3
        var best: (name: String, distance: Int)? = nil
        for candidate in candidates where candidate != name {
            let other = Array(candidate.lowercased().unicodeScalars)
            if abs(other.count - wanted.count) > limit { continue }
            let distance = alignmentDistance(wanted, other)
            guard distance <= limit, best == nil || distance < best!.distance else { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbours each count one.
    static func alignmentDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        var older = [Int](repeating: 0, count: width)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, older[j - 2] + 1)
                }
                current[j] = value
            }
            (older, previous, current) = (previous, current, older)
        }
        return previous[b.count]
    }
}

// MARK: - Views

extension PluginTestHost {
    /// The views the modules declare (``BaseModule/View(_:)``), by the name a node's `type`
    /// gives them, in declaration order: what `describe` lists under `views` for this plugin.
    public var views: [String] { viewRegistrations.map(\.name) }

    private var viewRegistrations: [ViewRegistration] { moduleDefinitions.flatMap(\.views) }

    /// Makes the view `name` from a node's `props`, as the daemon does when a node of that
    /// type enters a surface: the props decoded (a bad one throws, naming it as the daemon
    /// does), the view made, its body evaluated. `slots` names the slot props the node fills.
    /// The result keeps the events the view sends and its `@State` across ``HostedView/update(props:)``.
    public func makeView(_ name: String, props: Dict = [:], slots: Set<String> = []) throws(PluginTestError) -> HostedView {
        guard let registration = viewRegistrations.first(where: { $0.name == name }) else {
            throw PluginTestError(
                "no view is named '\(name)' (\(views.isEmpty ? "the modules declare none" : "views: " + views.joined(separator: ", ")))",
                path: "type", expected: "a declared view", got: name)
        }
        let view = HostedView(registration: registration, appContext: appContext)
        try view.update(props: props, slots: slots)
        return view
    }
}

/// A view ``PluginTestHost/makeView(_:props:slots:)`` made, as a node of a surface holds it:
/// its body as the daemon shows it, the gestures a front-end's `interact` sends to a control in
/// it (named by the element's path, `0/2`, as the snapshot's `body` names it), and the events
/// it has sent.
public final class HostedView {
    private let registration: ViewRegistration
    private let appContext: AppContext
    private let state = ViewStateStore()
    private var instance: ViewInstance?
    private var rendered: RenderedBody?
    /// Every event the view sent, oldest first: its name (the props' dispatcher property) and
    /// payload.
    public private(set) var events: [(name: String, payload: Dict)] = []

    init(registration: ViewRegistration, appContext: AppContext) {
        self.registration = registration
        self.appContext = appContext
    }

    /// The view's events, as `describe` lists them.
    public var eventNames: [String] { registration.events }

    /// Makes the view again from new props, keeping its `@State`, as an `update` does.
    public func update(props: Dict, slots: Set<String> = []) throws(PluginTestError) {
        do {
            let made = try registration.makeInstance(params: props, appContext: appContext, state: state, filled: slots) { [weak self] name, payload in
                self?.events.append((name, payload))
            }
            instance = made
            rendered = made.render()
        } catch let error as FieldError {
            throw PluginTestError(
                "\(error.description) (at 'props.\(error.path)')", path: error.path, expected: error.type, got: error.value ?? "nothing", cause: error)
        } catch {
            throw PluginTestError("view '\(registration.name)' refused its props: \(error)", path: "", cause: error)
        }
    }

    /// The body as the daemon's snapshot shows it: `type(prop=value,…)[children]` per element,
    /// for instance `HStack(alignment=center)[Text(text=Hi) Button[Image(systemName=star)]]`.
    public var outline: String { rendered?.root.outline ?? "" }

    /// Views in the body that have no headless form (the daemon reports each one).
    public var ignoredViews: [String] { rendered?.ignored ?? [] }

    /// A tap on the element at `path`: a Button's action, a Toggle's flip, a Picker option.
    /// Returns whether it was taken (a disabled or hidden element, or one that takes no tap,
    /// is not); the body is evaluated again after, as the daemon does.
    @discardableResult public func tap(_ path: String) -> Bool { act(path) { $0.tap() } }

    /// Typing `text` into the TextField at `path` (appended, or in place of its text).
    @discardableResult public func type(_ text: String, into path: String, replacing: Bool = false) -> Bool {
        act(path) { $0.type(text, replacing: replacing) }
    }

    /// Submitting the TextField at `path`.
    @discardableResult public func submit(_ path: String) -> Bool { act(path) { $0.submit() } }

    /// Sliding the Slider at `path` to `value` (clamped, on its step).
    @discardableResult public func slide(_ path: String, to value: Double) -> Bool { act(path) { $0.slide(to: value) } }

    private func act(_ path: String, _ gesture: (HeadlessElement) -> ElementGestureOutcome) -> Bool {
        guard let root = rendered?.root else { return false }
        var steps = path.split(separator: "/")
        guard steps.first == "0" else { return false }
        steps.removeFirst()
        let indices = steps.compactMap { Int($0) }
        guard indices.count == steps.count, let element = root.element(at: indices) else { return false }
        guard case .taken = gesture(element) else { return false }
        rendered = instance?.render()
        return true
    }

}
