@_spi(ModhostHost) import ModifierKit
import ModhostWire

// Views with events of their own (a Button's action, a TextField's text, a Toggle's and a
// Slider's value): which events each view has, the props the host reads, the value a
// control shows, and how `initialize` and `describe` describe them (`viewInfo`).

/// One of a view's own events: its name, what makes the view send it, and the one member its
/// payload carries, as Expo UI's native view sends it (`onIsOnChange {isOn}`).
struct ViewEvent: Sendable {
    /// What a person does that sends the event.
    enum Trigger: Sendable { case press, valueChange, submit, editingChange }

    let name: String
    let trigger: Trigger
    /// The payload's member and its JSON Schema type (`isOn`, `boolean`); nil: the payload is `{}`.
    let member: (name: String, type: String)?
    /// For a name kept from before Expo UI SDK 58: the name that replaced it. Both are served;
    /// a node listing the old one gets a `deprecated-name` warning.
    let replacedBy: String?

    init(_ name: String, _ trigger: Trigger, member: (String, String)? = nil, replacedBy: String? = nil) {
        self.name = name
        self.trigger = trigger
        self.member = member.map { (name: $0.0, type: $0.1) }
        self.replacedBy = replacedBy
    }
}

/// A prop kept from before Expo UI SDK 58, and what replaced it (a prop or a modifier).
struct DeprecatedProp: Sendable {
    let name: String
    let replacement: String
}

extension ViewKind {
    /// The view's own events, SDK 58's names first, then those they replaced. Most views
    /// have none.
    var viewEvents: [ViewEvent] {
        switch self {
        case .button: return Self.buttonEvents
        case .textField: return Self.textFieldEvents
        case .toggle: return Self.toggleEvents
        case .slider: return Self.sliderEvents
        case .image: return Self.imageEvents
        case .list, .section, .hStack, .vStack, .zStack, .text, .label, .spacer, .scrollView, .plugin: return []
        }
    }

    private static let buttonEvents = [ViewEvent("onPress", .press)]
    /// SDK 58's `<Image onPress>`: the image takes taps (Expo UI adds a tap gesture for it).
    private static let imageEvents = [ViewEvent("onPress", .press)]
    private static let textFieldEvents = [
        ViewEvent("onTextChange", .valueChange, member: ("value", "string")),
        ViewEvent("onSubmit", .submit, member: ("value", "string")),
        ViewEvent("onChangeText", .valueChange, member: ("value", "string"), replacedBy: "onTextChange"),
    ]
    private static let toggleEvents = [
        ViewEvent("onIsOnChange", .valueChange, member: ("isOn", "boolean")),
        ViewEvent("onValueChange", .valueChange, member: ("value", "boolean"), replacedBy: "onIsOnChange"),
    ]
    private static let sliderEvents = [
        ViewEvent("onValueChange", .valueChange, member: ("value", "number")),
        ViewEvent("onEditingChanged", .editingChange, member: ("isEditing", "boolean")),
    ]

    /// The names of the view's own events, which a node's `events` may list, in the order
    /// `viewInfo` lists them.
    public var events: [String] { Self.eventNames[self] ?? [] }

    private static let eventNames: [ViewKind: [String]] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0, $0.viewEvents.map(\.name)) })

    /// The view's event `name`, if it has one.
    func event(named name: String) -> ViewEvent? { viewEvents.first { $0.name == name } }

    /// Props kept from before SDK 58, with what replaced them.
    var deprecatedProps: [DeprecatedProp] {
        switch self {
        case .image: return Self.imageDeprecated
        default: return []
        }
    }

    private static let imageDeprecated = [DeprecatedProp(name: "systemImage", replacement: "the prop 'systemName'")]

    /// Whether the host keeps a value the view shows (`ShownValue`): a text, a switch's
    /// state or a slider's position, which gestures change.
    var showsValue: Bool { self == .textField || self == .toggle || self == .slider }

    /// A JSON Schema of the view's props: those the host interprets (Button, TextField,
    /// Toggle, Slider) and those it passes through for the front-end, in Expo UI's names. A
    /// prop not listed is reported (`unknown-prop`).
    var propsSchema: JSONValue {
        // `testID`, as every Expo UI view takes it, shown in the snapshot with the other props.
        func schema(_ properties: [(String, JSONValue)]) -> JSONValue {
            ["type": "object", "properties": .object(JSONObject(properties + [("testID", ["type": "string"])]))]
        }
        let string: JSONValue = ["type": "string"]
        let number: JSONValue = ["type": "number"]
        let color: JSONValue = ["type": "string", "format": "color"]
        let alignment: JSONValue = ["type": "string"]
        switch self {
        case .list: return schema([("listStyle", string)])
        case .section: return schema([("title", string), ("header", string), ("footer", string)])
        case .hStack, .vStack: return schema([("alignment", alignment), ("spacing", number)])
        case .zStack: return schema([("alignment", alignment)])
        case .scrollView: return schema([("axes", ["enum": ["vertical", "horizontal", "both"]]), ("showsIndicators", ["type": "boolean"])])
        case .text:
            return schema([
                ("text", string), ("size", number), ("weight", string), ("design", string), ("color", color), ("lineLimit", ["type": "integer"]),
                ("markdownEnabled", ["type": "boolean"]),
            ])
        case .label: return schema([("title", string), ("systemImage", string), ("color", color)])
        // `systemImage`: the name front-ends used before Expo UI's `systemName`.
        case .image:
            return schema([
                ("systemName", string), ("systemImage", string), ("size", number), ("color", color),
                // How much of a variable symbol is filled; shown with the props.
                ("variableValue", ["type": "number", "minimum": 0, "maximum": 1]),
            ])
        case .spacer: return schema([("minLength", number)])
        case .button:
            return schema([("label", string), ("role", ["enum": ["default", "cancel", "destructive", "close"]]), ("systemImage", string)])
        case .textField:
            return schema([("defaultValue", string), ("placeholder", string)])
        case .toggle:
            return schema([("isOn", ["type": "boolean", "default": false]), ("label", string), ("systemImage", string)])
        case .slider:
            return schema([
                ("value", ["type": "number"]), ("min", ["type": "number", "default": 0]), ("max", ["type": "number", "default": 1]),
                ("step", ["type": "number", "minimum": 0]),
            ])
        // A plugin view's props are its plugin's (`PluginViewType.propsSchema`).
        case .plugin: return schema([])
        }
    }

    /// The names of the props `propsSchema` lists, in its order.
    var knownProps: [String] { Self.knownPropNames[self] ?? [] }

    private static let knownPropNames: [ViewKind: [String]] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0, $0.propsSchema["properties"]?.objectValue?.keys ?? []) })

    /// A JSON Schema of what `event` carries under its name in a payload.
    static func payloadSchema(of event: ViewEvent) -> JSONValue {
        guard let member = event.member else { return ["type": "object", "properties": .object(JSONObject()), "required": []] }
        return [
            "type": "object", "properties": .object(JSONObject([(member.name, .object(JSONObject([("type", .string(member.type))])))])),
            "required": [.string(member.name)],
        ]
    }

    /// The view's entry in `viewInfo`: `{name, children, props, events}`, and `slots` when
    /// it has any.
    var info: JSONValue {
        var info = JSONObject([
            ("name", .string(rawValue)), ("children", .bool(takesChildren)), ("props", propsSchema),
            ("events", .object(JSONObject(viewEvents.map { ($0.name, Self.payloadSchema(of: $0)) }))),
        ])
        if !slots.isEmpty { info["slots"] = .array(slots.map { .string($0) }) }
        return .object(info)
    }

    /// `viewInfo` as `initialize` and `describe` give it: one entry per view, in `names` order.
    public static var infos: [JSONValue] { builtIn.map(\.info) }
}

/// What a control shows now: a TextField's text, a Toggle's state, a Slider's value. A
/// gesture changes it at once; an `update` sets a Toggle's and a Slider's from their props
/// again (they are controlled), and keeps a TextField's (it is not).
enum ShownValue: Equatable {
    case text(String)
    case isOn(Bool)
    case number(Double)

    var json: JSONValue {
        switch self {
        case let .text(text): return .string(text)
        case let .isOn(isOn): return .bool(isOn)
        case let .number(value):
            // Written as an integer when it is one, as the snapshot writes sizes.
            if value.rounded() == value, abs(value) < 1e15 { return .int(Int64(value)) }
            return .double(value)
        }
    }

    var text: String? { if case let .text(text) = self { return text } else { return nil } }
    var isOn: Bool? { if case let .isOn(isOn) = self { return isOn } else { return nil } }
}

/// A Slider's bounds and step, from its props.
struct SliderRange: Equatable {
    var min: Double
    var max: Double
    var step: Double?

    /// `value` within min…max: what a Slider shows for a value out of its bounds.
    func clamped(_ value: Double) -> Double { Swift.min(Swift.max(value, min), max) }

    /// `value` clamped, then on the nearest step (the SDK's rule, which a plugin's Slider
    /// follows too).
    func snapped(_ value: Double) -> Double { SliderSnapping.snapped(value, min: min, max: max, step: step) }
}

/// The props of a control that the host reads, checked: the value they make it show, and a
/// Slider's range. Only these props are type-checked; the others pass through.
struct ControlProps {
    var shown: ShownValue
    var range: SliderRange?

    /// Reads `props` of a view of `kind` whose params path is `path` (`root.children[0]`);
    /// nil for a view that shows no value.
    static func check(_ props: JSONObject, of kind: ViewKind, at path: @autoclosure () -> String) throws(RPCError) -> ControlProps? {
        func propsPath() -> String { JSONPath.member("props", of: path()) }
        switch kind {
        case .textField:
            let text = try props.optional("defaultValue", at: propsPath(), as: .string)
            return ControlProps(shown: .text(text ?? ""))
        case .toggle:
            let isOn = try props.optional("isOn", at: propsPath(), as: .boolean)
            return ControlProps(shown: .isOn(isOn ?? false))
        case .slider:
            let min = try props.optional("min", at: propsPath(), as: .number) ?? 0
            let max = try props.optional("max", at: propsPath(), as: .number) ?? 1
            guard max >= min else {
                let place = JSONPath.member("max", of: propsPath())
                throw .invalidParams(
                    "'\(place)' must not be below 'min' (\(ShownValue.number(min).json.jsonText)): a Slider's range is min…max",
                    path: place, expected: "a number >= \(ShownValue.number(min).json.jsonText)", got: ShownValue.number(max).json.jsonText)
            }
            var step = try props.optional("step", at: propsPath(), as: .number)
            if let given = step, !(given >= 0) {
                let place = JSONPath.member("step", of: propsPath())
                throw .invalidParams(
                    "'\(place)' must be a number of at least 0 (0 or none: the Slider is continuous)", path: place,
                    expected: "a number >= 0", got: ShownValue.number(given).json.jsonText)
            }
            // Expo UI SDK 58: `step={0}` is a continuous slider, as is no step.
            if step == 0 { step = nil }
            let range = SliderRange(min: min, max: max, step: step)
            let value = try props.optional("value", at: propsPath(), as: .number) ?? min
            return ControlProps(shown: .number(range.clamped(value)), range: range)
        case .list, .section, .hStack, .vStack, .zStack, .text, .label, .image, .button, .spacer, .scrollView, .plugin:
            return nil
        }
    }
}

extension NodeSpec {
    /// Checks a node's `events` (an array, `list`) for a view of `kind` at index path
    /// `indexPath`: distinct names of the view's own events.
    /// With `unchecked`, only the form is checked (strings, distinct), not the names.
    static func checkEvents(
        _ list: [JSONValue], of view: String, known: [String], at indexPath: String, unchecked: Bool = false
    ) throws(RPCError) -> [String] {
        var names: [String] = []
        names.reserveCapacity(list.count)
        for (index, item) in list.enumerated() {
            func place() -> String { JSONPath.element(index, of: JSONPath.member("events", of: paramsPath(ofNode: indexPath))) }
            guard case let .string(name) = item else {
                throw .invalidParams("'\(place())' must be a string, the name of an event", path: place(), expected: "string", got: item.typeName)
            }
            guard unchecked || known.contains(name) else {
                let suggestion = Suggestion.closest(to: name, among: known)
                let article = "AEIOU".contains(view.first ?? "X") ? "an" : "a"
                let theirs = known.isEmpty ? "\(article) \(view) has no events of its own" : "\(article) \(view)'s events: \(known.joined(separator: ", "))"
                throw .invalidParams(
                    "'\(name)' at '\(place())' is not an event of this view; \(theirs)\(Suggestion.hint(suggestion))", path: place(),
                    expected: known.isEmpty ? "no events (\(article) \(view) has none)" : "one of \(known.joined(separator: ", "))",
                    got: name, extra: Suggestion.data(known: known, suggestion: suggestion))
            }
            guard !names.contains(name) else {
                throw .invalidParams("'\(name)' at '\(place())' is listed twice; events are distinct", path: place(), expected: "distinct event names", got: name)
            }
            names.append(name)
        }
        return names
    }
}
