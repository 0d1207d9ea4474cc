import ModhostWire

/// How many nodes one tree being built may have: the least of the per-surface limit, the
/// connection's fair share of the host's node budget (`SurfaceLimits.maxNodes`), and what is
/// left of that budget. Which of the three binds decides the error.
///
/// The fair share is the budget divided by the connections holding nodes, the one asking
/// included: a connection alone may use all of it, and once others hold nodes no connection
/// grows past an equal part. Nodes already held are never taken back, so a request that does
/// not grow its surface (an update to a tree of the same size or smaller) is never refused
/// for the budget.
struct NodeBudget {
    enum Bound {
        case surface, share, total
    }

    /// Nodes checked so far.
    var count = 0
    let limit: Int
    let bound: Bound
    let limits: SurfaceLimits
    /// The connection's nodes on its other surfaces.
    let held: Int
    /// The budget's nodes held by every connection, this surface's old tree left out.
    let heldByAll: Int
    /// Connections holding nodes, the asking one included.
    let holders: Int

    /// A budget for a tree that replaces one of `replacing` nodes on a surface of `session`.
    init(host: Host, session: Session, replacing old: Int) {
        limits = host.limits
        let own = session.surfaces.nodeCount
        held = own - old
        heldByAll = host.totalNodes - old
        holders = host.sessionsHoldingNodes + (own == 0 ? 1 : 0)
        let share = limits.maxNodes / holders - held
        let left = limits.maxNodes - heldByAll
        let growth = max(old, min(share, left))
        if limits.maxNodesPerSurface <= growth {
            (limit, bound) = (limits.maxNodesPerSurface, .surface)
        } else {
            (limit, bound) = (growth, share <= left ? .share : .total)
        }
    }

    /// The error for a tree that has more nodes than `limit`, at the node `path`.
    func exceeded(at path: String) -> RPCError {
        switch bound {
        case .surface:
            return .invalidParams("a surface holds at most \(limit) nodes", path: path, expected: "at most \(limit) nodes")
        case .share:
            let share = limits.maxNodes / holders
            return .overBudget(
                "this connection may hold \(share) nodes, its fair share of the host's \(limits.maxNodes) (--max-nodes) among the \(holders) connections holding nodes; it holds \(held) on other surfaces, so this tree may have \(limit), and '\(path)' is past that. Unmount surfaces or send smaller trees",
                reason: "node-share", limit: limit, path: path,
                extra: JSONObject([("share", .int(Int64(share))), ("held", .int(Int64(held))), ("connections", .int(Int64(holders)))]))
        case .total:
            return .overBudget(
                "the host's node budget of \(limits.maxNodes) (--max-nodes) is nearly spent: all connections hold \(heldByAll) nodes, so this tree may have \(limit), and '\(path)' is past that. Retry once other surfaces are unmounted",
                reason: "node-budget", limit: limit, path: path,
                extra: JSONObject([("budget", .int(Int64(limits.maxNodes))), ("heldByAll", .int(Int64(heldByAll)))]))
        }
    }
}
