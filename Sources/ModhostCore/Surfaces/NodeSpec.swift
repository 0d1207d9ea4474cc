import ModhostWire
@_spi(ModhostHost) import ModifierKit

/// A node as a front-end sent it, checked: a known view type, an optional key, props,
/// modifier configs, and its children (as sent: each is checked when it is built). Every
/// error names the place (`root.children[3].type`).
struct NodeSpec {
    var kind: ViewKind
    /// For `kind == .plugin`: the plugin view serving `typeName`, or nil when no plugin
    /// serves it (an error, unless the node it replaces is of that type: see `Reconciler`).
    var pluginView: PluginViewType?
    /// The `type` as sent.
    var typeName: String
    /// The slot props that hold a view (`header`), taken out of `props`: each a node,
    /// checked when it is built, at index path `PATH/header`.
    var slots: [(name: String, node: JSONValue)] = []
    var key: String?
    var props: JSONObject
    /// The view's own events the front-end listens to (`events`), checked.
    var events: [String]
    /// For a view that shows a value (TextField, Toggle, Slider): the props the host reads.
    var control: ControlProps?
    /// The modifier objects as sent (`$type` included).
    var modifiers: [(type: String, params: JSONObject)]
    /// The children as sent, not checked yet.
    var children: [JSONValue]

    /// The params path of the node whose index path is `indexPath`: `0/3/1` is
    /// `root.children[3].children[1]`. Paths are rendered only when something names the
    /// place: building one string per node of a large tree would cost more than the rest.
    static func paramsPath(ofNode indexPath: String) -> String {
        var path = "root"
        for step in indexPath.split(separator: "/").dropFirst() {
            // A slot's node (`0/header`) is the view in its parent's prop.
            if step.first?.isNumber == true { path += ".children[" + step + "]" } else { path = JSONPath.member(String(step), of: path + ".props") }
        }
        return path
    }

    /// The index path of child `index` of the node at `path`: `0/3` and 1 give `0/3/1`.
    /// Written in one go: every node of a tree gets one, and two appends and a number
    /// formatted on its own cost several times as much.
    static func indexPath(ofChild index: Int, of path: String) -> String {
        var digits = 1
        var rest = index
        while rest >= 10 { rest /= 10; digits += 1 }
        var parent = path
        return parent.withUTF8 { parent in
            String(unsafeUninitializedCapacity: parent.count + 1 + digits) { buffer in
                _ = buffer.initialize(fromContentsOf: parent)
                buffer[parent.count] = UInt8(ascii: "/")
                var value = index
                for position in stride(from: parent.count + digits, to: parent.count, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                return parent.count + 1 + digits
            }
        }
    }

    /// `root.children[3].modifiers[1]`.
    static func paramsPath(ofModifier index: Int, onNode indexPath: String) -> String {
        paramsPath(ofNode: indexPath) + ".modifiers[" + String(index) + "]"
    }

    /// Checks `value`, the node at index path `indexPath` and `depth` levels deep (the root
    /// is 1); its children are checked as they are built. `count` tallies nodes against the
    /// limit. Keys used twice are caught by `Reconciler`, which indexes them.
    static func check(
        _ value: JSONValue, at indexPath: String, depth: Int, host: Host, count: inout NodeBudget
    ) throws(RPCError) -> NodeSpec {
        let limits = host.limits
        guard case let .object(object) = value else {
            let path = paramsPath(ofNode: indexPath)
            throw .invalidParams("'\(path)' must be a node object", path: path, expected: "object", got: value.typeName)
        }
        guard depth <= limits.maxDepth else {
            let path = paramsPath(ofNode: indexPath)
            throw .invalidParams("the tree is deeper than \(limits.maxDepth) levels at '\(path)'", path: path, expected: "at most \(limits.maxDepth) levels")
        }
        count.count += 1
        guard count.count <= count.limit else { throw count.exceeded(at: paramsPath(ofNode: indexPath)) }
        let typeName = try object.require("type", at: paramsPath(ofNode: indexPath), as: .string)
        // Built-in names first: a plain `switch`, where most nodes are decided.
        let kind = ViewKind(name: typeName) ?? .plugin
        let pluginView = kind == .plugin ? host.pluginView(named: typeName) : nil
        let key = try object.optional("key", at: paramsPath(ofNode: indexPath), as: .string)
        if let key {
            // Keys and index paths (`0/3/1`) name nodes in one namespace, so a key must not
            // look like a path.
            guard !key.isEmpty, !key.utf8.contains(UInt8(ascii: "/")), !isAllNumbers(key) else {
                let path = paramsPath(ofNode: indexPath)
                throw .invalidParams("'\(path).key' must be a non-empty string without '/' that is not all digits (those name nodes by index path)", path: JSONPath.member("key", of: path), expected: "non-empty string without '/', not all digits", got: "\"\(key)\"")
            }
        }
        var props = try object.optional("props", at: paramsPath(ofNode: indexPath), as: .object) ?? JSONObject()
        var slots: [(name: String, node: JSONValue)] = []
        let slotNames = pluginView?.registration.slots ?? kind.slots
        if !slotNames.isEmpty, !props.isEmpty {
            for name in slotNames {
                guard let value = props[name] else { continue }
                // A slot that takes text too (its props schema lists it) keeps a string as a prop.
                let takesText = pluginView.map { $0.textSlots.contains(name) } ?? (kind != .plugin && kind.knownProps.contains(name))
                switch value {
                case .null: props[name] = nil
                case .object:
                    props[name] = nil
                    slots.append((name, value))
                case .string where takesText: continue
                default:
                    let place = JSONPath.member(name, of: paramsPath(ofNode: indexPath) + ".props")
                    throw .invalidParams(
                        "'\(place)' holds a view of the \(typeName) (a slot): it must be a node object {\"type\": ...}\(takesText ? ", a string" : "") or null",
                        path: place, expected: takesText ? "a node object, a string or null" : "a node object or null", got: value.typeName)
                }
            }
        }
        var events: [String] = []
        if let list = try object.optional("events", at: paramsPath(ofNode: indexPath), as: .array) {
            if kind == .plugin {
                // An unknown type's events are checked once it is known (see `Reconciler`).
                events = try checkEvents(list, of: typeName, known: pluginView?.events ?? [], at: indexPath, unchecked: pluginView == nil)
            } else {
                events = try checkEvents(list, of: kind.rawValue, known: kind.events, at: indexPath)
            }
        }
        let control = kind.showsValue ? try ControlProps.check(props, of: kind, at: paramsPath(ofNode: indexPath)) : nil

        // Labelled as the stored property is: a differently labelled array would be copied
        // into a new one when the spec is made.
        var modifiers: [(type: String, params: JSONObject)] = []
        if let list = try object.optional("modifiers", at: paramsPath(ofNode: indexPath), as: .array) {
            guard list.count <= limits.maxModifiersPerNode else {
                throw .invalidParams("a node takes at most \(limits.maxModifiersPerNode) modifiers", path: JSONPath.member("modifiers", of: paramsPath(ofNode: indexPath)), expected: "at most \(limits.maxModifiersPerNode) modifiers", got: "\(list.count)")
            }
            modifiers.reserveCapacity(list.count)
            for (index, item) in list.enumerated() {
                guard case let .object(config) = item else {
                    let itemPath = paramsPath(ofModifier: index, onNode: indexPath)
                    throw .invalidParams("'\(itemPath)' must be a modifier object {\"$type\": ...}", path: itemPath, expected: "object", got: item.typeName)
                }
                let type = try config.require("$type", at: paramsPath(ofModifier: index, onNode: indexPath), as: .string)
                modifiers.append((type, config))
            }
        }

        var children: [JSONValue] = []
        if let list = try object.optional("children", at: paramsPath(ofNode: indexPath), as: .array) {
            if !list.isEmpty && !kind.takesChildren {
                let path = paramsPath(ofNode: indexPath)
                throw .invalidParams("a \(kind.rawValue) takes no children ('\(path).children')", path: JSONPath.member("children", of: path), expected: "no children", got: "\(list.count) children")
            }
            if kind.onlyChildKind != nil {
                for (index, child) in list.enumerated() {
                    try checkChild(child, of: kind, at: JSONPath.element(index, of: JSONPath.member("children", of: paramsPath(ofNode: indexPath))))
                }
            }
            children = list
        }
        return NodeSpec(
            kind: kind, pluginView: pluginView, typeName: typeName, slots: slots, key: key, props: props, events: events, control: control,
            modifiers: modifiers, children: children)
    }

    /// Checks that `child`, at params path `place`, may be a child of a view of `kind`: a
    /// Text's children are Texts (its segments).
    static func checkChild(_ child: JSONValue, of kind: ViewKind, at place: String) throws(RPCError) {
        guard let only = kind.onlyChildKind, child["type"]?.stringValue != only.rawValue else { return }
        let member = JSONPath.member("type", of: place)
        let got = child["type"]?.stringValue ?? child.typeName
        throw .invalidParams(
            "'\(member)': a \(kind.rawValue)'s children are its segments, each a \(only.rawValue) (got \(got))", path: member,
            expected: only.rawValue, got: got)
    }

    /// Whether every character of `key` is a number. Keys nearly always start with an ASCII
    /// character that is not a digit, which decides it without reading characters.
    private static func isAllNumbers(_ key: String) -> Bool {
        if let first = key.utf8.first, first < 0x80, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) { return false }
        return key.allSatisfy(\.isNumber)
    }
}
