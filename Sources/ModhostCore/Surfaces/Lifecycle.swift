/// `onAppear` and `onDisappear`: the actions that run when nodes enter and leave a surface's
/// tree. They run once the tree is committed, all `onDisappear` first (the old tree's nodes,
/// depth first, parent before children), then all `onAppear` (the new tree's nodes in the
/// same order); on a node by modifier index, in a modifier innermost first. The events they
/// send go out before the response of the request that changed the tree.
enum Lifecycle {
    /// Runs the actions of a committed change: `left` names nodes of `oldRoot` (if any) that
    /// are gone, `entered` lists the new nodes in pre-order.
    static func run(left: Set<ObjectIdentifier>, of oldRoot: NodeState?, entered: [NodeState]) {
        if let oldRoot, !left.isEmpty {
            for node in oldRoot.subtree where left.contains(ObjectIdentifier(node)) { disappear(node) }
        }
        for node in entered { appear(node) }
    }

    /// Runs the actions of a committed patch: `left` lists the nodes gone, in the order they
    /// went (each subtree parent first), `entered` the new nodes in the same order.
    static func run(leftInOrder left: [NodeState], entered: [NodeState]) {
        for node in left { disappear(node) }
        for node in entered { appear(node) }
    }

    /// Runs the `onDisappear` actions of every node of the tree under `root` (an unmount).
    static func removeAll(_ root: NodeState) {
        for node in root.subtree { disappear(node) }
    }

    /// A node that leaves: its refresh stops, and its `onDisappear` actions run.
    private static func disappear(_ node: NodeState) {
        node.refresh?.task?.cancel()
        for instance in node.modifiers where !instance.effectStore.isInert {
            for action in instance.effect.disappearActions {
                PluginCalls.run(plugin: instance.plugin, .action, instance.type) { action() }
            }
        }
    }

    private static func appear(_ node: NodeState) {
        for instance in node.modifiers where !instance.effectStore.isInert {
            for action in instance.effect.appearActions {
                PluginCalls.run(plugin: instance.plugin, .action, instance.type) { action() }
            }
        }
    }

}
