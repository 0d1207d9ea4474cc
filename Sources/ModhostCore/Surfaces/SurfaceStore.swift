/// One connection's surfaces by name (names are per connection) and the nodes they hold.
///
/// Every change to them goes through `commit` or `unmount`, which keep the host's node
/// budget, note the change for the surface watchers and run the lifecycle actions, so no
/// method repeats that bookkeeping.
final class SurfaceStore {
    // Unowned(unsafe): the session owns this store, and the host outlives both.
    private unowned(unsafe) let host: Host
    private unowned(unsafe) let session: Session
    private var surfaces: [String: Surface] = [:]
    /// Nodes of all these surfaces, as the node budget counts them.
    private(set) var nodeCount = 0

    init(host: Host, session: Session) {
        self.host = host
        self.session = session
    }

    subscript(name: String) -> Surface? { surfaces[name] }

    var count: Int { surfaces.count }

    /// The surfaces, by name.
    var sorted: [Surface] { surfaces.values.sorted { $0.name < $1.name } }

    /// Every surface, in no order.
    var all: Dictionary<String, Surface>.Values { surfaces.values }

    /// Makes a tree `reconciler` built the tree of surface `name`, a new surface when none
    /// has that name: the tree's modifiers join the session, the budget counts its nodes,
    /// what it ignores is reported, the nodes that left and entered run their
    /// `onDisappear` and `onAppear`, and the surface watchers will hear of it.
    /// A surface rebuilt by a new engine (`lifecycle` false) runs no actions: to its
    /// front-end, its views never left.
    @discardableResult
    func commit(_ built: Reconciler.Built, as name: String, by reconciler: Reconciler, lifecycle: Bool = true) -> Surface {
        let existing = surfaces[name]
        let surface = existing ?? Surface(name: name, root: built.root)
        let oldRoot = existing?.root
        surface.commit(built, session: session)
        if existing == nil { surfaces[name] = surface }
        account(surface, nodes: reconciler.builtNodeCount)
        surface.diagnose(reconciler.fresh, session: session)
        surface.report(reconciler.unknownProps, session: session)
        if !reconciler.deprecatedNames.isEmpty { surface.report(reconciler.deprecatedNames, session: session) }
        surface.diagnose(views: reconciler.freshViews, session: session)
        if lifecycle {
            if let left = built.leftInOrder {
                Lifecycle.run(leftInOrder: left, entered: built.entered)
            } else {
                Lifecycle.run(left: built.left, of: oldRoot, entered: built.entered)
            }
        }
        host.surfaceChanged(name, of: session)
        return surface
    }

    /// Why a surface goes.
    enum Ending {
        /// The front-end unmounted it: its nodes' `onDisappear` actions run.
        case unmounted
        /// Its connection closed: no `onDisappear` runs, since nobody is there to hear of it.
        case connectionClosed
    }

    /// Removes `surface`: its refreshes stop, its nodes leave the budget, and the surface
    /// watchers will see it gone.
    func unmount(_ surface: Surface, _ ending: Ending) {
        switch ending {
        case .unmounted: Lifecycle.removeAll(surface.root)
        case .connectionClosed: for node in surface.allNodes { node.refresh?.task?.cancel() }
        }
        account(surface, nodes: 0)
        surfaces[surface.name] = nil
        session.surfaceUnmounted(surface.name)
        host.surfaceChanged(surface.name, of: session)
    }

    /// Removes every surface, by name, for the connection that closed.
    func unmountAll() {
        for surface in sorted { unmount(surface, .connectionClosed) }
    }

    /// Sets `surface`'s node count, keeping this store's and the host's books.
    private func account(_ surface: Surface, nodes: Int) {
        let change = nodes - surface.nodeCount
        surface.nodeCount = nodes
        let wasHolding = nodeCount > 0
        nodeCount += change
        host.nodesChanged(by: change, holdingBefore: wasHolding, holdingNow: nodeCount > 0)
    }
}
