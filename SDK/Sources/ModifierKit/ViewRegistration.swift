/// A view a module declares (``BaseModule/View(_:)``): its names, its props' schema and
/// events, and how the host makes it from a node's props.
public struct ViewRegistration {
    /// The view's Swift type name (`RatingView`).
    @_spi(ModhostHost) public let typeName: String
    /// The name front-ends give a node's `type`: the type name without a trailing `View`.
    @_spi(ModhostHost) public let name: String
    /// The view's events: its props' `EventDispatcher` properties, by property name, in order.
    @_spi(ModhostHost) public let events: [String]
    /// The props that hold views: its props' `Slot` properties, by property name, in order.
    @_spi(ModhostHost) public let slots: [String]
    /// For a view kept under an older name: what to use instead (``ViewDefinition/deprecated(use:)``).
    @_spi(ModhostHost) public internal(set) var replacement: String?
    /// The events whose payloads watchers must not see (``ExpoSwiftUI/ViewProps/secretEvents``).
    @_spi(ModhostHost) public let secretEvents: [String]
    private let schema: () -> [String: Any]
    private let make: (Dict, AppContext, ViewStateStore, Set<String>, Set<String>?, @escaping (String, Dict) -> Void) throws -> ViewInstance

    private init(
        typeName: String, name: String, events: [String], schema: @escaping () -> [String: Any],
        make: @escaping (Dict, AppContext, ViewStateStore, Set<String>, Set<String>?, @escaping (String, Dict) -> Void) throws -> ViewInstance
    ) {
        self.typeName = typeName
        self.name = name
        self.events = events
        self.slots = []
        self.secretEvents = []
        self.schema = schema
        self.make = make
    }

    /// A stand-in for the view `name` of a plugin that is not loaded (quarantined): it takes
    /// any props, has no events, and its body is empty. No plugin code runs in it.
    @_spi(ModhostHost) public static func inert(name: String) -> ViewRegistration {
        ViewRegistration(typeName: name, name: name, events: [], schema: { ["type": "object", "properties": [String: Any]()] }) { _, _, _, _, _, _ in
            ViewInstance(props: ExpoSwiftUI.ViewProps()) { RenderedBody(root: HeadlessElement("Group"), ignored: []) }
        }
    }

    init<V: ExpoSwiftUI.View>(_ type: V.Type) {
        typeName = String(describing: V.self)
        name = ViewRegistration.wireName(ofType: typeName)
        let sample = V.Props()
        let members = ViewRegistration.members(of: sample)
        let events = members.dispatchers.map(\.name)
        self.events = events
        self.secretEvents = V.Props.secretEvents.filter(events.contains)
        self.slots = members.slots.map(\.name)
        let textSlots = members.slots.filter(\.slot.takesText).map(\.name)
        let reflects = !members.dispatchers.isEmpty || !members.slots.isEmpty
        // What a view of this type holds decides what making one costs: props without events
        // need no reflection to connect them, a view without `@State` no state store. Learnt
        // once from a sample, since every instance of a type has the same stored properties.
        let hasState = Mirror(reflecting: V(props: sample)).children.contains { $0.value is AnyViewState }
        schema = {
            // A slot that takes text lists the string it takes, as a built-in view's does.
            var schema = V.Props.jsonSchema
            guard !textSlots.isEmpty else { return schema }
            var properties = schema["properties"] as? [String: Any] ?? [:]
            for name in textSlots {
                properties[name] = ["type": "string", "description": "The slot's text, shown as a Text; or a view (a node) in the slot"]
            }
            schema["properties"] = properties
            return schema
        }
        make = { params, appContext, state, filled, listened, send in
            // A slot's text is the slot's, not a field of the props record.
            var params = params
            var texts: [String: String] = [:]
            for name in textSlots { if let text = params.removeValue(forKey: name) as? String { texts[name] = text } }
            let props = try V.Props(from: params, appContext: appContext)
            if reflects {
                let members = ViewRegistration.members(of: props)
                // Only the events the front-end listens to are connected (`isListened`).
                for (name, dispatcher) in members.dispatchers where listened?.contains(name) ?? true {
                    dispatcher.connect { payload in send(name, payload) }
                }
                for (name, slot) in members.slots {
                    slot.name = name
                    slot.text = texts[name]
                    slot.isEmpty = !filled.contains(name) && slot.text == nil
                }
            }
            let view = hasState ? state.making { V(props: props) } : V(props: props)
            return ViewInstance(props: props) { RenderedBody.of(view) }
        }
    }

    /// `Rating` for `RatingView`; a type named `View` alone keeps its name.
    @_spi(ModhostHost) public static func wireName(ofType typeName: String) -> String {
        typeName.hasSuffix("View") && typeName.count > 4 ? String(typeName.dropLast(4)) : typeName
    }

    /// The JSON Schema of the view's props.
    @_spi(ModhostHost) public var propsSchema: [String: Any] { schema() }

    /// Decodes `params` into the view's props (a `FieldError` names a bad one), connects their
    /// events to `send(event, payload)`, and makes the view with its `@State`s from `state`.
    /// Runs plugin code: the host calls it as such.
    /// `filled` names the slots the node's props put a view in; `listened` the events its
    /// front-end listens to (nil: all of them).
    @_spi(ModhostHost) public func makeInstance(
        params: Dict, appContext: AppContext, state: ViewStateStore, filled: Set<String> = [], listened: Set<String>? = nil,
        send: @escaping (String, Dict) -> Void
    ) throws -> ViewInstance {
        try make(params, appContext, state, filled, listened, send)
    }

    /// The `EventDispatcher` and `Slot` properties of `props`, its own before its superclasses'.
    private static func members(of props: AnyObject) -> (dispatchers: [(name: String, dispatcher: EventDispatcher)], slots: [(name: String, slot: Slot)]) {
        var dispatchers: [(String, EventDispatcher)] = []
        var slots: [(String, Slot)] = []
        var mirror: Mirror? = Mirror(reflecting: props)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label else { continue }
                let name = label.hasPrefix("_") ? String(label.dropFirst()) : label
                if let dispatcher = child.value as? EventDispatcher { dispatchers.append((name, dispatcher)) }
                if let slot = child.value as? Slot { slots.append((name, slot)) }
            }
            mirror = current.superclassMirror
        }
        return (dispatchers, slots)
    }
}

/// A plugin view made for one node: its props, and its body evaluated on demand.
@_spi(ModhostHost) public final class ViewInstance {
    /// The props it was made from.
    public let props: ExpoSwiftUI.ViewProps
    private let renderBody: () -> RenderedBody

    init(props: ExpoSwiftUI.ViewProps, render: @escaping () -> RenderedBody) {
        self.props = props
        self.renderBody = render
    }

    /// Evaluates the view's body as it is now. Runs plugin code: the host calls it as such.
    public func render() -> RenderedBody { renderBody() }
}
