import ModhostWire
@_spi(ModhostHost) import ModifierKit

/// The resolved tree a `snapshot` returns.
enum Snapshot {
    /// SwiftUI's red, shown for destructive actions without a tint.
    static let destructiveRed = Color(red: UInt8(0xFF), green: 0x3B, blue: 0x30, alpha: 0xFF)

    /// `tint`, `styles`, `handlers`, `hidden`, `refreshing`, `search`, `sheet` and `swipeActions`, when the
    /// node's modifiers give it any (`disabled` is written by `write`, which knows the
    /// nodes around).
    private static func effects(of node: NodeState) -> JSONObject {
        var object = JSONObject()
        if let tint = node.modifiers.compactMap(\.effect.tint).last { object["tint"] = .string(tint.hex) }
        var styles: [JSONValue] = []
        var handlers = Set<String>()
        for instance in node.modifiers {
            let effect = instance.effect
            styles += effect.styles.map(style)
            if let shape = effect.contentShape { styles.append(.object(shapeMembers(shape, into: members(("$style", "contentShape"))))) }
            if !effect.taps.isEmpty { handlers.insert("tap") }
            if !effect.longPresses.isEmpty { handlers.insert("longPress") }
            if !effect.appearActions.isEmpty { handlers.insert("appear") }
            if !effect.disappearActions.isEmpty { handlers.insert("disappear") }
            if effect.refreshAction != nil { handlers.insert("refresh") }
            if !effect.submits.isEmpty { handlers.insert("submit") }
        }
        if !styles.isEmpty { object["styles"] = .array(styles) }
        if !handlers.isEmpty { object["handlers"] = .array(handlerOrder.filter(handlers.contains).map { .string($0) }) }
        if node.hidesItself { object["hidden"] = true }
        if node.kind == .list || node.kind == .scrollView,
            node.outward.contains(where: { $0.modifiers.contains { $0.effect.refreshAction != nil } })
        {
            object["refreshing"] = .bool(node.refresh?.isRefreshing ?? false)
        }
        // The values are read through the plugin's bindings: plugin code, run as such.
        if let field = Gestures.searchField(of: node) {
            let instance = node.modifiers[field.modifier]
            var search = JSONObject()
            PluginCalls.run(plugin: instance.plugin, .body, instance.type) {
                search = JSONObject([
                    ("text", .string(field.search.text.wrappedValue)), ("prompt", field.search.prompt.map { .string($0) } ?? .null),
                    ("placement", .string(field.search.placement.name)), ("modifier", .int(Int64(field.modifier))),
                ])
            }
            object["search"] = .object(search)
        }
        if let found = Gestures.sheetDetents(of: node) {
            let instance = node.modifiers[found.modifier]
            var selection = PresentationDetent.large
            PluginCalls.run(plugin: instance.plugin, .body, instance.type) { selection = found.detents.selection.wrappedValue }
            object["sheet"] = .object(JSONObject([
                ("detents", .array(found.detents.detents.map(detent))), ("selection", detent(selection)), ("modifier", .int(Int64(found.modifier))),
            ]))
        }
        let hasSwipeActions = node.modifiers.contains { $0.effect.hasSwipeActions }
        if hasSwipeActions && node.isListRow {
            var swipe = JSONObject()
            var fullSwipe = JSONObject()
            for edge in [HorizontalEdge.leading, .trailing] {
                let actions = node.swipeActions(on: edge)
                swipe[name(edge)] = .array(actions.map { action($0.action, modifier: $0.modifier) })
                fullSwipe[name(edge)] = .bool(actions.first?.allowsFullSwipe ?? false)
            }
            swipe["allowsFullSwipe"] = .object(fullSwipe)
            swipe["revealed"] = node.revealed.map { .string(name($0)) } ?? .null
            object["swipeActions"] = .object(swipe)
        }
        return object
    }

    /// The order `handlers` lists a node's handlers in.
    static let handlerOrder = ["tap", "longPress", "appear", "disappear", "refresh", "submit"]

    /// A style as the snapshot shows it: `{"$style": name, ...}`.
    static func style(_ style: ResolvedStyle) -> JSONValue {
        var object = JSONObject()
        switch style {
        case let .padding(insets):
            object = members(("$style", "padding"), ("top", number(insets.top)), ("leading", number(insets.leading)), ("bottom", number(insets.bottom)), ("trailing", number(insets.trailing)))
        case let .frame(frame):
            object["$style"] = "frame"
            let sizes: [(String, Double?)] = [
                ("width", frame.width), ("height", frame.height), ("minWidth", frame.minWidth), ("idealWidth", frame.idealWidth),
                ("maxWidth", frame.maxWidth), ("minHeight", frame.minHeight), ("idealHeight", frame.idealHeight),
                ("maxHeight", frame.maxHeight),
            ]
            // JSON has no infinity: a frame that fills the space offered says so in words.
            for (name, size) in sizes { if let size { object[name] = size.isInfinite ? "infinity" : number(size) } }
            object["alignment"] = .string(frame.alignment.name)
        case let .background(color, shape):
            object = members(("$style", "background"), ("color", .string(color.hex)))
            if let shape { object = shapeMembers(shape, into: object) }
        case let .foregroundStyle(color): object = members(("$style", "foregroundStyle"), ("color", .string(color.hex)))
        case let .font(font):
            object["$style"] = "font"
            if let style = font.style { object["style"] = .string(style.rawValue) }
            if let family = font.family { object["family"] = .string(family) }
            if let size = font.size { object["size"] = number(size) }
            if let weight = font.weight { object["weight"] = .string(weight.rawValue) }
            if let design = font.design { object["design"] = .string(design.rawValue) }
        case let .opacity(value): object = members(("$style", "opacity"), ("value", number(value)))
        case let .cornerRadius(radius): object = members(("$style", "cornerRadius"), ("radius", number(radius)))
        case let .border(color, width): object = members(("$style", "border"), ("color", .string(color.hex)), ("width", number(width)))
        case let .listRowBackground(color): object = members(("$style", "listRowBackground"), ("color", .string(color.hex)))
        case let .badge(value): object = members(("$style", "badge"), ("value", .string(value)))
        case let .deleteDisabled(disabled): object = members(("$style", "deleteDisabled"), ("disabled", .bool(disabled)))
        case let .named(named):
            object["$style"] = .string(named.name)
            for argument in named.arguments {
                switch argument.value {
                case let .number(value): object[argument.label] = number(value)
                case let .string(value): object[argument.label] = .string(value)
                case let .bool(value): object[argument.label] = .bool(value)
                case let .color(value): object[argument.label] = .string(value.hex)
                }
            }
        }
        return .object(object)
    }

    /// A detent as Expo UI writes it: `"medium"`, `"large"`, `{"fraction": 0.3}`, `{"height": 200}`.
    static func detent(_ detent: PresentationDetent) -> JSONValue {
        switch detent {
        case .medium: return "medium"
        case .large: return "large"
        case let .fraction(fraction): return ["fraction": number(fraction)]
        case let .height(height): return ["height": number(height)]
        }
    }

    private static func members(_ pairs: (String, JSONValue)...) -> JSONObject { JSONObject(pairs) }

    /// A size or amount: written as an integer when it is one (`16`, not `16.0`).
    private static func number(_ value: Double) -> JSONValue {
        if value.rounded() == value, abs(value) < 1e15 { return .int(Int64(value)) }
        return .double(value)
    }

    /// `object` with `shape` and, for a rounded rectangle, `cornerRadius`.
    private static func shapeMembers(_ shape: ResolvedShape, into object: JSONObject) -> JSONObject {
        var object = object
        object["shape"] = .string(shape.name)
        if let radius = shape.cornerRadius { object["cornerRadius"] = number(radius) }
        return object
    }

    /// Appends the JSON text of `node` and its subtree to `out`: `{type, id, key?, props?,
    /// events?, value?, modifiers?, tint?, styles?, handlers?, disabled?, hidden?, refreshing?, search?, sheet?, swipeActions?,
    /// symbol?, option?, body?, children?, slots?}`, in that order. Written straight: a large tree's snapshot is mostly nodes
    /// that are a type, an id and props, and building a value per node first, then writing
    /// it, cost several times as much. `insideDisabled`: a node around this one is disabled.
    /// `options`: the node is a child placed by this `Children()` of a Picker (its `option`
    /// shows its tag and whether it is the selection).
    static func write(
        _ node: NodeState, insideDisabled: Bool = false, options: (owner: NodeState, element: HeadlessElement)? = nil, into out: inout [UInt8]
    ) {
        JSONWriter.appendASCII(#"{"type":"#, to: &out)
        JSONWriter.writeString(node.typeName, into: &out)
        JSONWriter.appendASCII(#","id":"#, to: &out)
        JSONWriter.writeString(node.id, into: &out)
        if let key = node.key {
            JSONWriter.appendASCII(#","key":"#, to: &out)
            JSONWriter.writeString(key, into: &out)
        }
        if let status = node.pluginView?.type.quarantine {
            JSONWriter.appendASCII(#","quarantined":"#, to: &out)
            JSONWriter.writeString(status.name, into: &out)
        }
        if !node.props.isEmpty {
            JSONWriter.appendASCII(#","props":"#, to: &out)
            JSONWriter.write(.object(node.props), into: &out)
            // A Text with `markdownEnabled` shows its text's inline Markdown: the runs.
            if node.kind == .text, node.props["markdownEnabled"] == true, case let .string(text)? = node.props["text"] {
                JSONWriter.appendASCII(#","markdown":"#, to: &out)
                JSONWriter.write(.array(InlineMarkdown.runs(of: text).map(\.json)), into: &out)
            }
        }
        if !node.events.isEmpty {
            JSONWriter.appendASCII(#","events":"#, to: &out)
            JSONWriter.write(.array(node.events.map { .string($0) }), into: &out)
        }
        if let value = node.value {
            JSONWriter.appendASCII(#","value":"#, to: &out)
            JSONWriter.write(value.json, into: &out)
        }
        let isDisabled = insideDisabled || (!node.modifiers.isEmpty && node.disablesItself)
        if !node.modifiers.isEmpty {
            JSONWriter.appendASCII(#","modifiers":["#, to: &out)
            for (index, modifier) in node.modifiers.enumerated() {
                JSONWriter.appendASCII(index == 0 ? #"{"$type":"# : #",{"$type":"#, to: &out)
                JSONWriter.writeString(modifier.type, into: &out)
                if let status = modifier.quarantine {
                    JSONWriter.appendASCII(#","quarantined":"#, to: &out)
                    JSONWriter.writeString(status.name, into: &out)
                }
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        // Most nodes have no modifiers and are neither disabled nor refreshable: nothing to add.
        if !node.modifiers.isEmpty || isDisabled || node.kind == .list || node.kind == .scrollView {
            var effects = effects(of: node)
            if isDisabled { effects = insertingDisabled(into: effects) }
            for (key, value) in effects {
                out.append(UInt8(ascii: ","))
                JSONWriter.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                JSONWriter.write(value, into: &out)
            }
        }
        if let symbol = node.symbol {
            JSONWriter.appendASCII(#","symbol":"#, to: &out)
            JSONWriter.write(symbol.json, into: &out)
        }
        if let options {
            var option = JSONObject()
            if let tag = node.tag {
                if let shown = ShownProp.of(tag.base) { option["tag"] = json(shown) }
                option["selected"] = .bool(node.isSelectedOption(of: options.owner, by: options.element))
            }
            JSONWriter.appendASCII(#","option":"#, to: &out)
            JSONWriter.write(.object(option), into: &out)
        }
        var childOptions: (owner: NodeState, element: HeadlessElement)?
        if let view = node.pluginView {
            JSONWriter.appendASCII(#","body":"#, to: &out)
            write(view.body.root, at: "0", into: &out)
            if let place = view.body.root.childrenPlace, place.selectsAmongChildren { childOptions = (node, place) }
        }
        if !node.children.isEmpty {
            JSONWriter.appendASCII(#","children":["#, to: &out)
            for (index, child) in node.children.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(child, insideDisabled: isDisabled, options: childOptions, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        let slots = node.slots
        if !slots.isEmpty {
            JSONWriter.appendASCII(#","slots":{"#, to: &out)
            for (index, slot) in slots.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.writeString(slot.name, into: &out)
                out.append(UInt8(ascii: ":"))
                write(slot.node, insideDisabled: isDisabled, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `effects` with `disabled: true` after `handlers` (before `hidden`, `refreshing`,
    /// `swipeActions`).
    private static func insertingDisabled(into effects: JSONObject) -> JSONObject {
        var result = JSONObject()
        var inserted = false
        for (key, value) in effects {
            if !inserted && (key == "hidden" || key == "refreshing" || key == "search" || key == "sheet" || key == "swipeActions") {
                result["disabled"] = true
                inserted = true
            }
            result[key] = value
        }
        if !inserted { result["disabled"] = true }
        return result
    }

    static func action(_ action: ResolvedSwipeAction, modifier: Int) -> JSONValue {
        var object = JSONObject()
        object["id"] = .string(action.id)
        object["label"] = action.label.map { .string($0) } ?? .null
        object["systemImage"] = action.systemImage.map { .string($0) } ?? .null
        // Swipe actions show the filled variant of their symbols, as in SwiftUI.
        object["symbolVariant"] = action.systemImage == nil ? .null : "fill"
        let tint = action.tint ?? (action.role == .destructive ? destructiveRed : nil)
        object["tint"] = tint.map { .string($0.hex) } ?? .null
        switch action.role {
        case .destructive?: object["role"] = "destructive"
        case .cancel?: object["role"] = "cancel"
        default: object["role"] = .null
        }
        object["modifier"] = .int(Int64(modifier))
        return .object(object)
    }

    static func name(_ edge: HorizontalEdge) -> String { edge == .leading ? "leading" : "trailing" }
}
