import ModhostWire
import ModifierKit

/// `interact`: simulated gestures on a node, with SwiftUI's swipe-action rules.
enum Gestures {
    static let names = ["swipe", "tapAction", "tap"]

    static func interact(_ context: MethodContext) throws(RPCError) -> JSONValue {
        let params = try context.params.object()
        let surface = try SurfaceMethods.surface(try params.require("surface", at: "", as: .string), of: context)
        let nodeID = try params.require("node", at: "", as: .string)
        guard let node = surface.node(nodeID) else {
            throw .invalidParams("no node '\(nodeID)' in surface '\(surface.name)' (nodes are named by key or by index path such as 0/2/1)", path: "node", expected: "a node key or index path", got: nodeID)
        }
        let gesture = try params.require("gesture", at: "", as: .string)
        switch gesture {
        case "swipe": return try swipe(node, params: params)
        case "tapAction": return try tapAction(node, params: params)
        case "tap":
            return unhandled("nothing on node '\(node.id)' handles taps")
        default:
            throw .invalidParams("unknown gesture '\(gesture)'; gestures: \(names.joined(separator: ", "))", path: "gesture", expected: "one of \(names.joined(separator: ", "))", got: gesture)
        }
    }

    private static func edge(_ params: JSONObject) throws(RPCError) -> HorizontalEdge {
        let name = try params.require("edge", at: "", as: .string)
        switch name {
        case "leading": return .leading
        case "trailing": return .trailing
        default: throw .invalidParams("'edge' must be \"leading\" or \"trailing\"", path: "edge", expected: "leading or trailing", got: name)
        }
    }

    private static func swipe(_ node: NodeState, params: JSONObject) throws(RPCError) -> JSONValue {
        let edge = try edge(params)
        let full = try params.optional("full", at: "", as: .boolean) ?? false
        guard node.isListRow else { return unhandled("node '\(node.id)' is not a List row; only rows have swipe actions") }
        let actions = node.swipeActions(on: edge)
        guard let first = actions.first else {
            return unhandled("node '\(node.id)' has no \(Snapshot.name(edge)) swipe actions")
        }
        if full && first.allowsFullSwipe {
            // A full swipe performs the first action, nearest the edge, and the row closes.
            node.revealed = nil
            perform(first.action, of: node.modifiers[first.modifier])
            return ["handled": true, "performed": .string(first.action.id), "modifier": .int(Int64(first.modifier)), "revealed": []]
        }
        node.revealed = edge
        return ["handled": true, "edge": .string(Snapshot.name(edge)), "revealed": .array(actions.map { .string($0.action.id) })]
    }

    private static func tapAction(_ node: NodeState, params: JSONObject) throws(RPCError) -> JSONValue {
        let id = try params.require("id", at: "", as: .string)
        guard let edge = node.revealed else {
            return unhandled("no swipe actions are revealed on node '\(node.id)'; swipe first")
        }
        guard let match = node.swipeActions(on: edge).first(where: { $0.action.id == id }) else {
            return unhandled("action '\(id)' is not among the revealed \(Snapshot.name(edge)) actions of node '\(node.id)'")
        }
        node.revealed = nil
        perform(match.action, of: node.modifiers[match.modifier])
        return ["handled": true, "performed": .string(id), "modifier": .int(Int64(match.modifier))]
    }

    private static func perform(_ action: ResolvedSwipeAction, of instance: ModifierInstance) {
        PluginCalls.run(plugin: instance.plugin, .action, instance.type) { action.perform() }
    }

    private static func unhandled(_ reason: String) -> JSONValue {
        ["handled": false, "reason": .string(reason)]
    }
}
