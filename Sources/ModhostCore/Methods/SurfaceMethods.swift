import ModhostWire
import ModifierKit

/// `mount`, `update`, `unmount`, `snapshot` and `interact`: surfaces owned by a connection.
enum SurfaceMethods {
    static func register(in registry: inout MethodRegistry) {
        registry.register("mount", MethodHandler(run: mount))
        registry.register("update", MethodHandler(run: update))
        registry.register("unmount", MethodHandler { context throws(RPCError) in
            let params = try context.params.object()
            let name = try params.require("surface", at: "", as: .string)
            _ = try surface(name, of: context)
            context.host.surfaces[ObjectIdentifier(context.session)]?[name] = nil
            return .object(JSONObject())
        })
        registry.register("snapshot", MethodHandler { context throws(RPCError) in
            let params = try context.params.object()
            let found = try surface(try params.require("surface", at: "", as: .string), of: context)
            return ["root": Snapshot.node(found.root)]
        })
        registry.register("interact", MethodHandler(run: Gestures.interact))
    }

    /// The caller's surface by name. Another connection's surface of that name is, to this
    /// caller, a surface that does not exist.
    static func surface(_ name: String, of context: MethodContext) throws(RPCError) -> Surface {
        guard let found = context.host.surfaces[ObjectIdentifier(context.session)]?[name] else {
            let mine = (context.host.surfaces[ObjectIdentifier(context.session)] ?? [:]).keys.sorted()
            throw .invalidParams(
                "no surface '\(name)' on this connection\(mine.isEmpty ? "" : "; mounted: \(mine.joined(separator: ", "))")",
                path: "surface", expected: "a surface mounted by this connection", got: name)
        }
        return found
    }

    private static func mount(_ context: MethodContext) throws(RPCError) -> JSONValue {
        let params = try context.params.object()
        let name = try params.require("surface", at: "", as: .string)
        let limits = context.host.limits
        guard !name.isEmpty, name.utf8.count <= limits.maxSurfaceNameLength else {
            throw .invalidParams("a surface name has 1 to \(limits.maxSurfaceNameLength) bytes", path: "surface", expected: "1 to \(limits.maxSurfaceNameLength) bytes", got: "\(name.utf8.count) bytes")
        }
        let owned = context.host.surfaces[ObjectIdentifier(context.session)] ?? [:]
        guard owned[name] == nil else {
            throw .invalidParams("surface '\(name)' is already mounted on this connection; update it or unmount it first", path: "surface", expected: "a new surface name", got: name)
        }
        guard owned.count < limits.maxSurfacesPerConnection else {
            throw .invalidParams("a connection mounts at most \(limits.maxSurfacesPerConnection) surfaces", path: "surface", expected: "at most \(limits.maxSurfacesPerConnection) surfaces")
        }
        let spec = try parseRoot(params, limits: limits)
        var reconciler = Reconciler(host: context.host)
        let root = try reconciler.build(spec, reusing: nil)
        let surface = Surface(name: name, root: root)
        surface.commit(root, session: context.session)
        context.host.surfaces[ObjectIdentifier(context.session), default: [:]][name] = surface
        diagnose(reconciler.fresh, in: surface, session: context.session)
        return ["surface": .string(name)]
    }

    private static func update(_ context: MethodContext) throws(RPCError) -> JSONValue {
        let params = try context.params.object()
        let existing = try surface(try params.require("surface", at: "", as: .string), of: context)
        let spec = try parseRoot(params, limits: context.host.limits)
        var reconciler = Reconciler(host: context.host)
        let root = try reconciler.build(spec, reusing: existing.root)
        existing.commit(root, session: context.session)
        diagnose(reconciler.fresh, in: existing, session: context.session)
        return reconciler.counts.json
    }

    private static func parseRoot(_ params: JSONObject, limits: SurfaceLimits) throws(RPCError) -> NodeSpec {
        guard let root = params["root"] else {
            throw .invalidParams("'root' is required", path: "root", expected: "node object", got: "nothing")
        }
        var count = 0
        var keys = Set<String>()
        return try NodeSpec.parse(root, at: "root", depth: 1, limits: limits, count: &count, keys: &keys)
    }

    /// Diagnostics for what newly built modifiers do that the host ignores on purpose.
    private static func diagnose(_ fresh: [(instance: ModifierInstance, path: String)], in surface: Surface, session: Session) {
        for (instance, path) in fresh {
            guard let node = surface.node(instance.address.node) else { continue }
            if !instance.effect.swipeActions.isEmpty && !node.isListRow {
                session.diagnostic(
                    "warning", code: DiagnosticCode.swipeActionsOutsideList,
                    message: "modifier \(instance.address.index) ('\(instance.type)') on node '\(node.id)' adds swipe actions, but the node is not a List row (a direct child of a List, or of a Section in a List); like SwiftUI, the host ignores them",
                    surface: surface.name, node: node.id, path: path)
            }
            for view in instance.effect.ignored {
                session.diagnostic(
                    "warning", code: DiagnosticCode.ignoredView,
                    message: "modifier \(instance.address.index) ('\(instance.type)') on node '\(node.id)' put a \(view) among its swipe actions; only buttons are shown",
                    surface: surface.name, node: node.id, path: path)
            }
        }
    }
}
