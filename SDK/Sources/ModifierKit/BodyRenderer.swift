// Evaluating a plugin view's body into a headless tree, and the rules of the controls in
// it: what a tap, typing, submitting or sliding does to each.

/// A value a body element shows (`text`, `isOn`, `systemName`, ...).
@_spi(ModhostHost) public enum ShownProp: Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)

    /// How a body shows `value`: a string, number or Bool as itself, a ``Convertible`` as its
    /// params value (`jsonValue`), anything else by its description; `nil` for a missing
    /// optional.
    public static func of(_ value: Any) -> ShownProp? {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first else { return nil }
            return of(wrapped.value)
        }
        switch value {
        case let string as String: return .string(string)
        case let bool as Bool: return .bool(bool)
        case let number as Double: return .number(number)
        case let number as Int: return .number(Double(number))
        case is JSNull: return nil
        case let convertible as any Convertible: return of(convertible.jsonValue)
        default: return .string(String(describing: value))
        }
    }
}

/// What a gesture did to an element: taken (with the value the control shows now, if it
/// shows one), or not, and why.
@_spi(ModhostHost) public enum ElementGestureOutcome {
    case taken(value: ShownProp?)
    case notTaken(reason: String)
}

/// One evaluated view of a plugin view's body: a primitive, its shown props, its children,
/// and for a control what its gestures do.
@_spi(ModhostHost) public final class HeadlessElement {
    /// What a control does, kept from the view it was evaluated from.
    enum Control {
        case none
        /// `Children()`: the node's children go here.
        case children
        /// A slot prop (`props.header`): its view goes here.
        case slot
        case button(action: () -> Void)
        case toggle(Binding<Bool>)
        /// A TextField, or with `secure` a SecureField (shows bullets, never the text).
        case textField(Binding<String>, onSubmit: (() -> Void)?, secure: Bool)
        case slider(Binding<Double>, bounds: ClosedRange<Double>, step: Double?)
        /// An option of a `Picker`: selects its tag.
        case option(select: () -> Void)
    }

    /// The primitive's name: `HStack`, `Text`, `Button`, `Toggle`, `Children`, ...
    public let type: String
    /// What it shows, in order.
    public internal(set) var props: [(String, ShownProp)]
    public internal(set) var children: [HeadlessElement] = []
    /// The innermost `tint` around it, if any.
    public internal(set) var tint: Color?
    /// Styles applied to it (`padding`, `font`, ...), in the order they apply.
    public internal(set) var styles: [ResolvedStyle] = []
    public internal(set) var isDisabled = false
    public internal(set) var isHidden = false
    var control: Control
    /// An option's value inside a `Picker` (``View/tag(_:)``, or its `ForEach` element's id).
    /// A plugin view whose body's root carries one is tagged so as a node (a TabView's Tab).
    public internal(set) var tag: AnyHashable?
    /// For a field: whether it is focused (``View/focused(_:)``).
    var focus: Binding<Bool>?
    /// `.onTapGesture` handlers on it, innermost first: a tap that nothing in it takes (on
    /// `Children()` or a slot: a tap on a node placed there) runs the one for its count.
    var taps: [ResolvedTap] = []
    /// `.simultaneousTapGesture` handlers on it: every tap that lands on it runs them.
    var simultaneousTaps: [() -> Void] = []
    /// `.onLongPressGesture` handlers on it, innermost first (on `Children()` or a slot: for a
    /// press on a node placed there that nothing nearer takes).
    var longPresses: [ResolvedLongPress] = []
    /// `.dismissGesture` handlers on it: the `dismiss` gesture runs them.
    var dismissals: [() -> Void] = []
    /// For a `Children()` inside a `Picker`: the node's children are options, each chosen by
    /// the tag its modifiers give it (``ModifierEffect/tag``).
    var childOptions: ChildOptions?

    /// How a `Picker` chooses among the node's children.
    struct ChildOptions {
        /// Sets the selection to `tag`; false when `tag` is not of the selection's type.
        let select: (AnyHashable) -> Bool
        /// Whether `tag` is the selection now.
        let isSelected: (AnyHashable) -> Bool
        /// A TabView's: only the selected option's content is shown, and an option is chosen
        /// by a tap on the option itself (its tab item), not on what it shows.
        var isExclusive = false

        /// Options bound to `selection`: a tag of its type selects, and the one equal to it now
        /// is selected.
        static func choosing<Value: Hashable>(_ selection: Binding<Value>, isExclusive: Bool) -> ChildOptions {
            let current = selection.wrappedValue
            var options = ChildOptions(
                select: { tag in
                    guard let value = tag.base as? Value else { return false }
                    selection.wrappedValue = value
                    return true
                },
                isSelected: { tag in (tag.base as? Value).map { $0 == current } ?? false })
            options.isExclusive = isExclusive
            return options
        }
    }

    init(_ type: String, props: [(String, ShownProp)] = [], control: Control = .none) {
        self.type = type
        self.props = props
        self.control = control
    }

    /// The element and those under it as `type(prop=value,…)[children]`, with `!disabled` and
    /// `!hidden` marks: `HStack(alignment=center)[Text(text=Hi) Button[Image(systemName=star)]]`.
    public var outline: String {
        let shown = props.map { name, value -> String in
            switch value {
            case let .string(text): return "\(name)=\(text)"
            case let .number(number): return "\(name)=\(number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number))"
            case let .bool(flag): return "\(name)=\(flag)"
            }
        }
        var text = type + (shown.isEmpty ? "" : "(" + shown.joined(separator: ",") + ")")
        if isDisabled { text += "!disabled" }
        if isHidden { text += "!hidden" }
        if !children.isEmpty { text += "[" + children.map(\.outline).joined(separator: " ") + "]" }
        return text
    }

    /// Whether this element is `Children()`, where the node's children are placed.
    public var placesChildren: Bool {
        if case .children = control { return true }
        return false
    }

    /// Whether the node's children placed here are a `Picker`'s options.
    public var selectsAmongChildren: Bool { childOptions != nil }

    /// Whether the node's children placed here are a `TabView`'s tabs: only the selected one's
    /// content is shown.
    public var showsOnlySelectedChild: Bool { childOptions?.isExclusive ?? false }

    /// The first element at or under this one that `matches`, read depth first.
    func first(where matches: (HeadlessElement) -> Bool) -> HeadlessElement? {
        if matches(self) { return self }
        for child in children { if let found = child.first(where: matches) { return found } }
        return nil
    }

    /// The element where the node's children go (`Children()`), the first in the body read
    /// depth first; nil when the body places none.
    public var childrenPlace: HeadlessElement? { first { $0.placesChildren } }

    /// Whether the node child tagged `tag` is the selection of the `Picker` around this
    /// `Children()`.
    public func isChildSelected(tagged tag: AnyHashable) -> Bool { childOptions?.isSelected(tag) ?? false }

    /// A tap on the node child tagged `tag`, placed by this `Children()`: a `Picker` around it
    /// selects the tag, when it is of the selection's type. Runs plugin code (the binding).
    public func selectChild(tagged tag: AnyHashable) -> ElementGestureOutcome {
        if let refusal = refusal { return .notTaken(reason: refusal) }
        guard let childOptions else { return .notTaken(reason: "the node's children are not a Picker's options here") }
        guard childOptions.select(tag) else {
            return .notTaken(reason: "its tag \(tag.base) is not of the Picker's selection type")
        }
        return .taken(value: ShownProp.of(tag.base))
    }

    /// The element at `path` under this one: child indices, outermost first.
    public func element(at path: [Int]) -> HeadlessElement? {
        var current = self
        for index in path {
            guard current.children.indices.contains(index) else { return nil }
            current = current.children[index]
        }
        return current
    }

    /// A single tap: a Button runs its action, a Toggle flips, a Picker option is selected.
    /// Runs plugin code (the action, the binding): the host calls it as such.
    public func tap() -> ElementGestureOutcome {
        if let refusal = refusal { return .notTaken(reason: refusal) }
        switch control {
        case let .button(action):
            action()
            return .taken(value: nil)
        case let .toggle(isOn):
            isOn.wrappedValue.toggle()
            return .taken(value: .bool(isOn.wrappedValue))
        case let .option(select):
            select()
            return .taken(value: nil)
        case .none, .children, .slot, .textField, .slider:
            if placedTap(count: 1) { return .taken(value: nil) }
            return .notTaken(reason: "a \(type) takes no tap; a Button, a Toggle, a Picker's options and a view with onTapGesture do")
        }
    }

    /// Runs the `.onTapGesture` handler for `count` taps, if the element has one: for a tap on
    /// it, or on a node placed by it, that nothing nearer took. Runs plugin code.
    public func placedTap(count: Int) -> Bool {
        guard refusal == nil, let handler = taps.first(where: { $0.count == count }) else { return false }
        handler.perform()
        return true
    }

    /// Runs the `.simultaneousTapGesture` handlers, if the element has any: after a tap on it,
    /// or on a node placed by it, whatever took it. Runs plugin code.
    public func placedSimultaneousTaps() -> Bool {
        guard refusal == nil, !simultaneousTaps.isEmpty else { return false }
        for action in simultaneousTaps { action() }
        return true
    }

    /// Whether tapping it may run a handler of the body's (a tap or simultaneous tap).
    public var hasTapHandlers: Bool { !taps.isEmpty || !simultaneousTaps.isEmpty }

    /// Runs the innermost `.onLongPressGesture` handler a press of `duration` seconds lasted
    /// long enough for (it sees the press start and end, then acts); false when none did.
    /// Runs plugin code.
    public func placedLongPress(duration: Double) -> Bool {
        guard refusal == nil, let press = longPresses.first(where: { duration >= $0.minimumDuration }) else { return false }
        press.onPressingChanged?(true)
        press.perform()
        press.onPressingChanged?(false)
        return true
    }

    /// Whether it has a long-press handler.
    public var hasLongPressHandlers: Bool { !longPresses.isEmpty }

    /// The first element at or under this one with a `.dismissGesture`, read depth first.
    public var dismissible: HeadlessElement? { first { !$0.dismissals.isEmpty } }

    /// Whether it has a `.dismissGesture`.
    public var hasDismissHandlers: Bool { !dismissals.isEmpty }

    /// The `dismiss` gesture: runs the `.dismissGesture` handlers; false when it has none or
    /// is disabled or hidden. Runs plugin code.
    public func dismiss() -> Bool {
        guard refusal == nil, !dismissals.isEmpty else { return false }
        for action in dismissals { action() }
        return true
    }

    /// The `Slot` element that places the slot `name`'s view, the first read depth first.
    public func slotPlace(named name: String) -> HeadlessElement? {
        first { element in
            guard case .slot = element.control else { return false }
            return element.props.contains { $0.0 == "name" && $0.1 == .string(name) }
        }
    }

    /// Typing `text` into a TextField: added at the end of its text, or in its place when
    /// `replacing` (as the `type` gesture does on a TextField node).
    public func type(_ text: String, replacing: Bool) -> ElementGestureOutcome {
        if let refusal = refusal { return .notTaken(reason: refusal) }
        guard case let .textField(binding, _, secure) = control else {
            return .notTaken(reason: "a \(type) is not typed into; a TextField is")
        }
        if let focus, !focus.wrappedValue { focus.wrappedValue = true }
        binding.wrappedValue = replacing ? text : binding.wrappedValue + text
        return .taken(value: .string(secure ? Self.masked(binding.wrappedValue) : binding.wrappedValue))
    }

    /// What a SecureField shows for `text`: a bullet per character.
    static func masked(_ text: String) -> String { String(repeating: "\u{2022}", count: text.count) }

    /// Submitting a TextField (the return key): its `onSubmit` runs.
    public func submit() -> ElementGestureOutcome {
        if let refusal = refusal { return .notTaken(reason: refusal) }
        guard case let .textField(binding, onSubmit, secure) = control else {
            return .notTaken(reason: "a \(type) is not submitted; a TextField is")
        }
        onSubmit?()
        if let focus, focus.wrappedValue { focus.wrappedValue = false }
        return .taken(value: .string(secure ? Self.masked(binding.wrappedValue) : binding.wrappedValue))
    }

    /// Sliding a Slider to `value`: clamped to its bounds and put on the nearest step.
    public func slide(to value: Double) -> ElementGestureOutcome {
        if let refusal = refusal { return .notTaken(reason: refusal) }
        guard case let .slider(binding, bounds, step) = control else {
            return .notTaken(reason: "a \(type) does not slide; a Slider does")
        }
        binding.wrappedValue = SliderSnapping.snapped(value, min: bounds.lowerBound, max: bounds.upperBound, step: step)
        return .taken(value: .number(binding.wrappedValue))
    }

    /// Why a gesture does not reach the element, if it does not.
    private var refusal: String? {
        if isHidden { return "the \(type) is hidden; hidden views are not hit" }
        if isDisabled { return "the \(type) is disabled" }
        return nil
    }
}

/// The state of one evaluation of a body. Only the SDK uses it: views are read through the
/// ``View/_render(into:)`` requirement, which each primitive implements.
public struct _BodyRenderer {
    /// Deeper than this, a view is taken to be endlessly recursive.
    static let maximumDepth = 256

    /// The elements made so far at the innermost open level, and those of the levels around
    /// it, outermost first: apart, so that a body of one level (most are) allocates no
    /// array of arrays and adds without reaching through one.
    private var current: [HeadlessElement] = []
    private var enclosing: [[HeadlessElement]] = []
    /// Views that have no headless form, by type name (reported to the front-end).
    private(set) var ignored: [String] = []
    /// The id of the innermost `ForEach` element around the view being read.
    private var elementID: AnyHashable?
    private var depth = 0

    init() {}

    /// Reads `view`, adding what it makes at the current level.
    mutating func render<V: View>(_ view: V) {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { return ignore("\(V.self)") }
        view._render(into: &self)
    }

    /// Reads a view whose type is erased.
    mutating func render(any view: any View) {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { return ignore("\(type(of: view))") }
        view._render(into: &self)
    }

    /// Notes a view that has no headless form.
    mutating func ignore(_ name: String) {
        if !ignored.contains(name) { ignored.append(name) }
    }

    /// Adds `element`, tagged with the innermost `ForEach` element's id.
    mutating func add(_ element: HeadlessElement) {
        // Copying an empty `AnyHashable?` in and out costs as much as the append.
        if let elementID, element.tag == nil { element.tag = elementID }
        current.append(element)
    }

    /// Adds `element` with the elements `content` makes as its children.
    mutating func add<Content: View>(_ element: HeadlessElement, containing content: Content) {
        element.children = elements(of: content)
        add(element)
    }

    /// The elements `content` makes, apart from the current level.
    mutating func elements<Content: View>(of content: Content) -> [HeadlessElement] {
        enclosing.append(current)
        current = []
        render(content)
        defer { current = enclosing.removeLast() }
        return current
    }

    /// Reads `content`, then changes each element it made at the current level.
    mutating func render<Content: View>(_ content: Content, changing change: (HeadlessElement) -> Void) {
        let start = current.count
        render(content)
        for element in current[start...] { change(element) }
    }

    /// Reads `view` as made from the `ForEach` element identified by `id`.
    mutating func render<V: View>(_ view: V, elementID id: AnyHashable) {
        let saved = elementID
        elementID = id
        defer { elementID = saved }
        render(view)
    }

    /// The top-level elements made.
    var elements: [HeadlessElement] { enclosing.first ?? current }
}

extension View {
    /// Reads this view through its ``body``, the default for views of a plugin's own. A view
    /// whose `Body` is `Never` has no headless form: it is left out and reported.
    public func _render(into renderer: inout _BodyRenderer) {
        if Body.self == Never.self { return renderer.ignore("\(Self.self)") }
        renderer.render(body)
    }
}

/// What evaluating a body made.
@_spi(ModhostHost) public struct RenderedBody {
    /// The body's root: its one top-level element, or a `Group` of several (none: an empty
    /// `Group`).
    public let root: HeadlessElement
    /// Views in the body that have no headless form, by type name.
    public let ignored: [String]

    /// Evaluates `view`'s body. Runs plugin code: the host calls it as such.
    public static func of<V: View>(_ view: V) -> RenderedBody {
        var renderer = _BodyRenderer()
        renderer.render(view.body)
        let elements = renderer.elements
        if elements.count == 1 { return RenderedBody(root: elements[0], ignored: renderer.ignored) }
        let group = HeadlessElement("Group")
        group.children = elements
        return RenderedBody(root: group, ignored: renderer.ignored)
    }
}

// MARK: - Primitives

extension EmptyView {
    public func _render(into renderer: inout _BodyRenderer) {}
}

extension TupleView {
    public func _render(into renderer: inout _BodyRenderer) {
        for child in children { renderer.render(any: child) }
    }
}

extension OptionalView {
    public func _render(into renderer: inout _BodyRenderer) {
        if let wrapped { renderer.render(wrapped) }
    }
}

extension Optional where Wrapped: View {
    public func _render(into renderer: inout _BodyRenderer) {
        if let view = self { renderer.render(view) }
    }
}

extension ConditionalView {
    public func _render(into renderer: inout _BodyRenderer) {
        switch self {
        case let .first(view): renderer.render(view)
        case let .second(view): renderer.render(view)
        }
    }
}

extension AnyView {
    public func _render(into renderer: inout _BodyRenderer) { renderer.render(any: view) }
}

extension Group {
    public func _render(into renderer: inout _BodyRenderer) { renderer.render(content) }
}

extension ForEach {
    public func _render(into renderer: inout _BodyRenderer) {
        for element in data { renderer.render(content(element), elementID: AnyHashable(element[keyPath: id])) }
    }
}

extension Shape {
    /// A shape in a body is an element named after its type (`Circle`), with a rounded
    /// rectangle's `cornerRadius`.
    public func _render(into renderer: inout _BodyRenderer) {
        let shape = _resolvedShape
        renderer.add(HeadlessElement("\(Self.self)", props: shape.cornerRadius.map { [("cornerRadius", .number($0))] } ?? []))
    }
}

extension UnevenRoundedRectangle {
    public func _render(into renderer: inout _BodyRenderer) {
        renderer.add(HeadlessElement("UnevenRoundedRectangle", props: [
            ("topLeadingRadius", .number(topLeadingRadius)), ("bottomLeadingRadius", .number(bottomLeadingRadius)),
            ("bottomTrailingRadius", .number(bottomTrailingRadius)), ("topTrailingRadius", .number(topTrailingRadius)),
        ]))
    }
}

extension Children {
    public func _render(into renderer: inout _BodyRenderer) { renderer.add(HeadlessElement("Children", control: .children)) }
}

extension Slot {
    public func _render(into renderer: inout _BodyRenderer) {
        if let text { return renderer.add(HeadlessElement("Text", props: [("text", .string(text))])) }
        renderer.add(HeadlessElement("Slot", props: [("name", .string(name)), ("filled", .bool(!isEmpty))], control: .slot))
    }
}

extension Text {
    public func _render(into renderer: inout _BodyRenderer) { renderer.add(HeadlessElement("Text", props: [("text", .string(content))])) }
}

extension Label {
    public func _render(into renderer: inout _BodyRenderer) {
        renderer.add(HeadlessElement("Label", props: [("title", .string(title)), ("systemImage", .string(systemImage))]))
    }
}

extension Image {
    public func _render(into renderer: inout _BodyRenderer) {
        renderer.add(HeadlessElement("Image", props: [(isSystemImage ? "systemName" : "name", .string(name))]))
    }
}

extension Spacer {
    public func _render(into renderer: inout _BodyRenderer) {
        renderer.add(HeadlessElement("Spacer", props: minLength.map { [("minLength", .number($0))] } ?? []))
    }
}

extension Button {
    public func _render(into renderer: inout _BodyRenderer) {
        let props: [(String, ShownProp)] = role.map { [("role", .string($0.name))] } ?? []
        renderer.add(HeadlessElement("Button", props: props, control: .button(action: action)), containing: label)
    }
}

extension HStack {
    public func _render(into renderer: inout _BodyRenderer) {
        var props: [(String, ShownProp)] = [("alignment", .string(alignment.name))]
        if let spacing { props.append(("spacing", .number(spacing))) }
        renderer.add(HeadlessElement("HStack", props: props), containing: content)
    }
}

extension VStack {
    public func _render(into renderer: inout _BodyRenderer) {
        var props: [(String, ShownProp)] = [("alignment", .string(alignment.name))]
        if let spacing { props.append(("spacing", .number(spacing))) }
        renderer.add(HeadlessElement("VStack", props: props), containing: content)
    }
}

extension ZStack {
    public func _render(into renderer: inout _BodyRenderer) {
        renderer.add(HeadlessElement("ZStack", props: [("alignment", .string(alignment.name))]), containing: content)
    }
}

extension ScrollView {
    public func _render(into renderer: inout _BodyRenderer) {
        let props: [(String, ShownProp)] = [("axes", .string(axes.name)), ("showsIndicators", .bool(showsIndicators))]
        renderer.add(HeadlessElement("ScrollView", props: props), containing: content)
    }
}

extension List {
    public func _render(into renderer: inout _BodyRenderer) { renderer.add(HeadlessElement("List"), containing: content) }
}

extension Section {
    public func _render(into renderer: inout _BodyRenderer) {
        var props: [(String, ShownProp)] = []
        if let header { props.append(("header", .string(header))) }
        if let footer { props.append(("footer", .string(footer))) }
        renderer.add(HeadlessElement("Section", props: props), containing: content)
    }
}

extension Toggle {
    public func _render(into renderer: inout _BodyRenderer) {
        renderer.add(HeadlessElement("Toggle", props: [("isOn", .bool(isOn.wrappedValue))], control: .toggle(isOn)), containing: label)
    }
}

extension TextField {
    public func _render(into renderer: inout _BodyRenderer) { renderer.add(element(secure: false)) }

    /// The field's element: with `secure`, a SecureField showing a bullet per character.
    func element(secure: Bool) -> HeadlessElement {
        let shown = secure ? HeadlessElement.masked(text.wrappedValue) : text.wrappedValue
        let props: [(String, ShownProp)] = [("text", .string(shown)), ("placeholder", .string(placeholder))]
        return HeadlessElement(secure ? "SecureField" : "TextField", props: props, control: .textField(text, onSubmit: onSubmit, secure: secure))
    }
}

extension SecureField {
    public func _render(into renderer: inout _BodyRenderer) { renderer.add(field.element(secure: true)) }
}

extension TapGestureView {
    public func _render(into renderer: inout _BodyRenderer) {
        renderer.render(content) { $0.taps.append(handler) }
    }
}

extension LongPressGestureView {
    public func _render(into renderer: inout _BodyRenderer) {
        renderer.render(content) { $0.longPresses.append(handler) }
    }
}

extension DismissGestureView {
    public func _render(into renderer: inout _BodyRenderer) {
        renderer.render(content) { $0.dismissals.append(action) }
    }
}

extension SimultaneousTapView {
    public func _render(into renderer: inout _BodyRenderer) {
        renderer.render(content) { $0.simultaneousTaps.append(action) }
    }
}

extension FocusedView {
    public func _render(into renderer: inout _BodyRenderer) {
        renderer.render(content) { element in
            element.focus = isFocused
            element.props.append(("focused", .bool(isFocused.wrappedValue)))
        }
    }
}

extension Slider {
    public func _render(into renderer: inout _BodyRenderer) {
        var props: [(String, ShownProp)] = [
            ("value", .number(value.wrappedValue)), ("min", .number(bounds.lowerBound)), ("max", .number(bounds.upperBound)),
        ]
        if let step { props.append(("step", .number(step))) }
        renderer.add(HeadlessElement("Slider", props: props, control: .slider(value, bounds: bounds, step: step)))
    }
}

extension Picker {
    public func _render(into renderer: inout _BodyRenderer) {
        let selection = self.selection
        let current = selection.wrappedValue
        let options = renderer.elements(of: content)
        for option in options {
            if option.placesChildren {
                option.childOptions = .choosing(selection, isExclusive: false)
                continue
            }
            // An option is a view whose tag is of the selection's type; others are shown as they are.
            guard let value = option.tag?.base as? SelectionValue else { continue }
            option.props.append(("tag", ShownProp.of(value) ?? .string(String(describing: value))))
            option.props.append(("selected", .bool(value == current)))
            option.control = .option(select: { selection.wrappedValue = value })
        }
        var props: [(String, ShownProp)] = [("title", .string(title))]
        if let systemImage { props.append(("systemImage", .string(systemImage))) }
        if let shown = ShownProp.of(current) { props.append(("selection", shown)) }
        let picker = HeadlessElement("Picker", props: props)
        picker.children = options
        renderer.add(picker)
    }
}

extension TabView {
    public func _render(into renderer: inout _BodyRenderer) {
        let content = renderer.elements(of: self.content)
        for place in content where place.placesChildren { place.childOptions = .choosing(selection, isExclusive: true) }
        var props: [(String, ShownProp)] = []
        if let shown = ShownProp.of(selection.wrappedValue) { props.append(("selection", shown)) }
        let element = HeadlessElement("TabView", props: props)
        element.children = content
        renderer.add(element)
    }
}

extension TaggedView {
    public func _render(into renderer: inout _BodyRenderer) {
        renderer.render(content) { $0.tag = tag }
    }
}

extension TintedView {
    public func _render(into renderer: inout _BodyRenderer) {
        renderer.render(content) { element in if element.tint == nil { element.tint = tint } }
    }
}

extension DisabledView {
    /// A disabled view disables everything in it.
    public func _render(into renderer: inout _BodyRenderer) {
        renderer.render(content) { element in if disabled { element.forEachInSubtree { $0.isDisabled = true } } }
    }
}

extension HiddenView {
    /// A hidden view hides everything in it.
    public func _render(into renderer: inout _BodyRenderer) {
        renderer.render(content) { $0.forEachInSubtree { $0.isHidden = true } }
    }
}

extension HeadlessElement {
    /// Runs `body` on this element and every element under it.
    func forEachInSubtree(_ body: (HeadlessElement) -> Void) {
        var pending = [self]
        while let element = pending.popLast() {
            body(element)
            pending += element.children
        }
    }
}

extension StyledView {
    public func _render(into renderer: inout _BodyRenderer) {
        renderer.render(content) { element in if let style { element.styles.append(style) } }
    }
}
