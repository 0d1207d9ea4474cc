import ModhostWire
@_spi(ModhostHost) import ModifierKit

/// `mount`, `update`, `unmount`, `snapshot` and `interact`: surfaces owned by a connection.
enum SurfaceMethods {
    static func register(in registry: inout MethodRegistry) {
        registry.register("mount", MethodHandler(run: mount))
        registry.register("update", MethodHandler(run: update))
        registry.register("unmount", MethodHandler { context throws(RPCError) in
            let params = try context.params.object()
            let name = try params.require("surface", at: "", as: .string)
            context.session.surfaces.unmount(try surface(name, of: context), .unmounted)
            return .object(JSONObject())
        })
        // Written as text: a large tree's snapshot is the largest reply the host makes.
        registry.register("snapshot", MethodHandler(writing: { context, out throws(RPCError) in
            let params = try context.params.object()
            let found = try surface(try params.require("surface", at: "", as: .string), of: context)
            JSONWriter.appendASCII(#"{"root":"#, to: &out)
            Snapshot.write(found.root, into: &out)
            out.append(UInt8(ascii: "}"))
        }))
        registry.register("interact", MethodHandler(run: Gestures.interact))
    }

    /// The caller's surface by name. Another connection's surface of that name is, to this
    /// caller, a surface that does not exist.
    static func surface(_ name: String, of context: MethodContext) throws(RPCError) -> Surface {
        guard let found = context.session.surfaces[name] else {
            let mine = context.session.surfaces.sorted.map(\.name)
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
        let surfaces = context.session.surfaces
        guard surfaces[name] == nil else {
            throw .invalidParams("surface '\(name)' is already mounted on this connection; update it or unmount it first", path: "surface", expected: "a new surface name", got: name)
        }
        guard surfaces.count < limits.maxSurfacesPerConnection else {
            throw .invalidParams("a connection mounts at most \(limits.maxSurfacesPerConnection) surfaces", path: "surface", expected: "at most \(limits.maxSurfacesPerConnection) surfaces")
        }
        var reconciler = Reconciler(host: context.host, session: context.session, surface: name, replacing: 0)
        let built = try logged(context) { () throws(RPCError) in try reconciler.build(root: try rootParam(params), reusing: nil) }
        context.session.recordCommit(of: surfaces.commit(built, as: name, by: reconciler), params: params)
        return ["surface": .string(name)]
    }

    /// Mounts surface `name` again in a new engine from the params of the request that last
    /// committed it, without lifecycle actions; the request is kept as before.
    static func remount(_ name: String, params: JSONObject, session: Session) throws(RPCError) {
        guard session.surfaces[name] == nil else { return }
        var reconciler = Reconciler(host: session.host, session: session, surface: name, replacing: 0)
        let built = try reconciler.build(root: try rootParam(params), reusing: nil)
        session.recordCommit(of: session.surfaces.commit(built, as: name, by: reconciler, lifecycle: false), params: params)
    }

    private static func update(_ context: MethodContext) throws(RPCError) -> JSONValue {
        let params = try context.params.object()
        let existing = try surface(try params.require("surface", at: "", as: .string), of: context)
        var reconciler = Reconciler(host: context.host, session: context.session, surface: existing.name, replacing: existing.nodeCount)
        if let ops = try patchParam(params) {
            let built = try logged(context) { () throws(RPCError) in try reconciler.applyPatch(ops, to: existing) }
            context.session.recordPatch(of: context.session.surfaces.commit(built, as: existing.name, by: reconciler), params: params)
            return result(of: reconciler)
        }
        let built = try logged(context) { () throws(RPCError) in try reconciler.build(root: try rootParam(params), reusing: existing.root) }
        context.session.recordCommit(of: context.session.surfaces.commit(built, as: existing.name, by: reconciler), params: params)
        return result(of: reconciler)
    }

    /// Applies the `patch` of an `update` that surface `name` took (`params`) in a new engine,
    /// without lifecycle actions; the request is kept as before.
    static func repatch(_ name: String, params: JSONObject, session: Session) throws(RPCError) {
        guard let existing = session.surfaces[name], let ops = try patchParam(params) else { return }
        var reconciler = Reconciler(host: session.host, session: session, surface: name, replacing: existing.nodeCount)
        let built = try reconciler.applyPatch(ops, to: existing)
        session.recordPatch(of: session.surfaces.commit(built, as: name, by: reconciler, lifecycle: false), params: params)
    }

    /// `update`'s result: the counts, and the symbol transitions it ran.
    private static func result(of reconciler: Reconciler) -> JSONValue {
        // Images entering or leaving with a symbol transition: a leaving one is gone from the
        // snapshot, so the answer is where a front-end sees that its transition ran.
        let transitions = reconciler.symbolTransitions
        guard !transitions.isEmpty, case var .object(result) = reconciler.counts.json else { return reconciler.counts.json }
        result["symbolTransitions"] = .array(transitions)
        return .object(result)
    }

    /// Runs `build`, logging a refusal for the node budget: the daemon's owner should learn
    /// that the budget, not a front-end's mistake, turned a request down.
    private static func logged<T>(_ context: MethodContext, _ build: () throws(RPCError) -> T) throws(RPCError) -> T {
        do {
            return try build()
        } catch {
            if error.code == RPCErrorCode.overBudget { context.host.logger.warning("\(context.session.peer): \(error.message)") }
            throw error
        }
    }

    /// The `patch` param, when the update sends one instead of `root`.
    private static func patchParam(_ params: JSONObject) throws(RPCError) -> [JSONValue]? {
        guard let value = params["patch"], !value.isNull else { return nil }
        if let root = params["root"], !root.isNull {
            throw .invalidParams(
                "an update sends either 'root' (the whole tree) or 'patch' (what changed), not both", path: "patch",
                expected: "no 'root' beside 'patch'", got: "both")
        }
        guard case let .array(ops) = value else {
            throw .invalidParams("'patch' must be an array of operations ({\"op\": \"set\", ...})", path: "patch", expected: "array", got: value.typeName)
        }
        return ops
    }

    /// The `root` param, required.
    private static func rootParam(_ params: JSONObject) throws(RPCError) -> JSONValue {
        guard let root = params["root"] else {
            throw .invalidParams("'root' is required", path: "root", expected: "node object", got: "nothing")
        }
        return root
    }
}
