import ModhostWire
import ModifierKit

/// The resolved tree a `snapshot` returns.
enum Snapshot {
    /// SwiftUI's red, shown for destructive actions without a tint.
    static let destructiveRed = Color(red: UInt8(0xFF), green: 0x3B, blue: 0x30, alpha: 0xFF)

    /// `tint` and `swipeActions`, when the node's modifiers give it any.
    private static func effects(of node: NodeState) -> JSONObject {
        var object = JSONObject()
        if let tint = node.modifiers.compactMap(\.effect.tint).last { object["tint"] = .string(tint.hex) }
        let hasSwipeActions = node.modifiers.contains { !$0.effect.swipeActions.isEmpty }
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

    /// Appends the JSON text of `node` and its subtree to `out`: `{type, id, key?, props?,
    /// modifiers?, tint?, swipeActions?, children?}`, in that order. Written straight: a large
    /// tree's snapshot is mostly nodes that are a type, an id and props, and building a value
    /// per node first, then writing it, cost several times as much.
    static func write(_ node: NodeState, into out: inout [UInt8]) {
        JSONWriter.appendASCII(#"{"type":"#, to: &out)
        JSONWriter.writeString(node.kind.rawValue, into: &out)
        JSONWriter.appendASCII(#","id":"#, to: &out)
        JSONWriter.writeString(node.id, into: &out)
        if let key = node.key {
            JSONWriter.appendASCII(#","key":"#, to: &out)
            JSONWriter.writeString(key, into: &out)
        }
        if !node.props.isEmpty {
            JSONWriter.appendASCII(#","props":"#, to: &out)
            JSONWriter.write(.object(node.props), into: &out)
        }
        if !node.modifiers.isEmpty {
            JSONWriter.appendASCII(#","modifiers":["#, to: &out)
            for (index, modifier) in node.modifiers.enumerated() {
                JSONWriter.appendASCII(index == 0 ? #"{"$type":"# : #",{"$type":"#, to: &out)
                JSONWriter.writeString(modifier.type, into: &out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
            for (key, value) in effects(of: node) {
                out.append(UInt8(ascii: ","))
                JSONWriter.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                JSONWriter.write(value, into: &out)
            }
        }
        if !node.children.isEmpty {
            JSONWriter.appendASCII(#","children":["#, to: &out)
            for (index, child) in node.children.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(child, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
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
