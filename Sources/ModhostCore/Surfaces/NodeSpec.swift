import ModhostWire

/// A node as a front-end sent it, checked: a known view type, an optional key, props,
/// modifier configs, and its children (as sent: each is checked when it is built). Every
/// error names the place (`root.children[3].type`).
struct NodeSpec {
    var kind: ViewKind
    var key: String?
    var props: JSONObject
    /// The modifier objects as sent (`$type` included).
    var modifiers: [(type: String, params: JSONObject)]
    /// The children as sent, not checked yet.
    var children: [JSONValue]

    /// The params path of the node at `trail` (child indices from the root):
    /// `root.children[3].children[0]`. Paths are rendered only when something names the
    /// place: building one string per node of a large tree would cost more than the rest.
    static func path(_ trail: [Int]) -> String {
        var path = "root"
        for index in trail { path += ".children[" + String(index) + "]" }
        return path
    }

    /// `root.children[3].modifiers[1]`.
    static func modifierPath(_ trail: [Int], index: Int) -> String {
        path(trail) + ".modifiers[" + String(index) + "]"
    }

    /// Checks `value`, the node at `trail` (its children are checked as they are built);
    /// `count` tallies nodes against the limit. Keys used twice are caught by `Reconciler`,
    /// which indexes them.
    static func check(
        _ value: JSONValue, trail: [Int], limits: SurfaceLimits, count: inout Int
    ) throws(RPCError) -> NodeSpec {
        guard case let .object(object) = value else {
            let path = path(trail)
            throw .invalidParams("'\(path)' must be a node object", path: path, expected: "object", got: value.typeName)
        }
        guard trail.count < limits.maxDepth else {
            let path = path(trail)
            throw .invalidParams("the tree is deeper than \(limits.maxDepth) levels at '\(path)'", path: path, expected: "at most \(limits.maxDepth) levels")
        }
        count += 1
        guard count <= limits.maxNodesPerSurface else {
            throw .invalidParams("a surface holds at most \(limits.maxNodesPerSurface) nodes", path: path(trail), expected: "at most \(limits.maxNodesPerSurface) nodes")
        }
        let typeName = try object.require("type", at: path(trail), as: .string)
        guard let kind = ViewKind(name: typeName) else {
            let path = path(trail)
            throw .invalidParams(
                "'\(typeName)' at '\(path).type' is not a view this host knows; known views: \(ViewKind.names.joined(separator: ", "))",
                path: JSONPath.member("type", of: path), expected: "one of \(ViewKind.names.joined(separator: ", "))", got: typeName,
                extra: JSONObject([("known", .array(ViewKind.names.map { .string($0) }))]))
        }
        let key = try object.optional("key", at: path(trail), as: .string)
        if let key {
            // Keys and index paths (`0/3/1`) name nodes in one namespace, so a key must not
            // look like a path.
            guard !key.isEmpty, !key.utf8.contains(UInt8(ascii: "/")), !key.allSatisfy(\.isNumber) else {
                let path = path(trail)
                throw .invalidParams("'\(path).key' must be a non-empty string without '/' that is not all digits (those name nodes by index path)", path: JSONPath.member("key", of: path), expected: "non-empty string without '/', not all digits", got: "\"\(key)\"")
            }
        }
        let props = try object.optional("props", at: path(trail), as: .object) ?? JSONObject()

        var modifiers: [(String, JSONObject)] = []
        if let list = try object.optional("modifiers", at: path(trail), as: .array) {
            guard list.count <= limits.maxModifiersPerNode else {
                throw .invalidParams("a node takes at most \(limits.maxModifiersPerNode) modifiers", path: JSONPath.member("modifiers", of: path(trail)), expected: "at most \(limits.maxModifiersPerNode) modifiers", got: "\(list.count)")
            }
            modifiers.reserveCapacity(list.count)
            for (index, item) in list.enumerated() {
                guard case let .object(config) = item else {
                    let itemPath = modifierPath(trail, index: index)
                    throw .invalidParams("'\(itemPath)' must be a modifier object {\"$type\": ...}", path: itemPath, expected: "object", got: item.typeName)
                }
                let type = try config.require("$type", at: modifierPath(trail, index: index), as: .string)
                modifiers.append((type, config))
            }
        }

        var children: [JSONValue] = []
        if let list = try object.optional("children", at: path(trail), as: .array) {
            if !list.isEmpty && !kind.takesChildren {
                let path = path(trail)
                throw .invalidParams("a \(kind.rawValue) takes no children ('\(path).children')", path: JSONPath.member("children", of: path), expected: "no children", got: "\(list.count) children")
            }
            children = list
        }
        return NodeSpec(kind: kind, key: key, props: props, modifiers: modifiers, children: children)
    }
}
