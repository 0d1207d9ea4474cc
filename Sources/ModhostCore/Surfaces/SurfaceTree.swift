import ModhostWire
import ModifierKit

/// Where a modifier instance sits, updated when reconciliation moves it, so that its events
/// always name the node and modifier index the front-end knows now.
final class ModifierAddress {
    let type: String
    var surface: String = ""
    var node: String = ""
    var index: Int = 0
    weak var session: Session?

    init(type: String) { self.type = type }
}

/// One live modifier: built by its plugin's factory, kept while its type and params stay the
/// same, with what its body does to the node.
final class ModifierInstance {
    let type: String
    let params: JSONObject
    let modifier: any ViewModifier
    let effect: ModifierEffect
    let address: ModifierAddress
    let plugin: String

    init(type: String, params: JSONObject, modifier: any ViewModifier, effect: ModifierEffect, address: ModifierAddress, plugin: String) {
        self.type = type
        self.params = params
        self.modifier = modifier
        self.effect = effect
        self.address = address
        self.plugin = plugin
    }
}

/// A node of a surface's headless view tree.
final class NodeState {
    let kind: ViewKind
    let key: String?
    let props: JSONObject
    var modifiers: [ModifierInstance]
    var children: [NodeState] = []
    /// The key, or the index path from the root (`0/3/1`).
    var id: String = ""
    /// A direct child of a List, or of a Section inside a List: only rows get swipe actions.
    var isListRow = false
    /// The edge whose actions are showing.
    var revealed: HorizontalEdge?

    init(kind: ViewKind, key: String?, props: JSONObject, modifiers: [ModifierInstance]) {
        self.kind = kind
        self.key = key
        self.props = props
        self.modifiers = modifiers
    }

    /// Swipe actions per edge, accumulated over the node's modifiers in order.
    func swipeActions(on edge: HorizontalEdge) -> [(action: ResolvedSwipeAction, modifier: Int, allowsFullSwipe: Bool)] {
        guard isListRow else { return [] }
        var result: [(ResolvedSwipeAction, Int, Bool)] = []
        for (index, instance) in modifiers.enumerated() {
            for group in instance.effect.swipeActions where group.edge == edge {
                for action in group.actions { result.append((action, index, group.allowsFullSwipe)) }
            }
        }
        return result
    }
}

/// Reconciliation counts, as `update` returns them.
public struct ReconcileCounts: Equatable, Sendable {
    public var created = 0
    public var updated = 0
    public var unchanged = 0
    public var removed = 0

    public init(created: Int = 0, updated: Int = 0, unchanged: Int = 0, removed: Int = 0) {
        self.created = created
        self.updated = updated
        self.unchanged = unchanged
        self.removed = removed
    }

    var json: JSONValue {
        ["created": .int(Int64(created)), "updated": .int(Int64(updated)), "unchanged": .int(Int64(unchanged)), "removed": .int(Int64(removed))]
    }
}

/// A mounted tree owned by one connection.
final class Surface {
    let name: String
    private(set) var root: NodeState
    private var nodesByID: [String: NodeState] = [:]

    init(name: String, root: NodeState) {
        self.name = name
        self.root = root
    }

    func node(_ id: String) -> NodeState? { nodesByID[id] }

    /// Every node once (keyed nodes are indexed under their index path too).
    var allNodes: [NodeState] {
        var seen = Set<ObjectIdentifier>()
        return nodesByID.values.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// Takes a newly built tree: assigns ids, list-row flags and modifier addresses.
    func commit(_ newRoot: NodeState, session: Session) {
        root = newRoot
        nodesByID = [:]
        assign(newRoot, path: "0", parent: nil, grandparent: nil, session: session)
    }

    private func assign(_ node: NodeState, path: String, parent: NodeState?, grandparent: NodeState?, session: Session) {
        node.id = node.key ?? path
        node.isListRow = parent?.kind == .list || (parent?.kind == .section && grandparent?.kind == .list)
        if !node.isListRow || node.modifiers.allSatisfy({ $0.effect.swipeActions.isEmpty }) { node.revealed = nil }
        if let edge = node.revealed, node.swipeActions(on: edge).isEmpty { node.revealed = nil }
        nodesByID[node.id] = node
        // A keyed node answers to its index path too.
        if node.key != nil, nodesByID[path] == nil { nodesByID[path] = node }
        for (index, instance) in node.modifiers.enumerated() {
            instance.address.surface = name
            instance.address.node = node.id
            instance.address.index = index
            instance.address.session = session
        }
        for (index, child) in node.children.enumerated() {
            assign(child, path: path + "/" + String(index), parent: node, grandparent: parent, session: session)
        }
    }
}
