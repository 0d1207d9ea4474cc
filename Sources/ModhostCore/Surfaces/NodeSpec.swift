import ModhostWire

/// A node as a front-end sent it, checked: a known view type, an optional key, props,
/// modifier configs and children. Every error names the place (`root.children[3].type`).
struct NodeSpec {
    var kind: ViewKind
    var key: String?
    var props: JSONObject
    /// The modifier objects as sent (`$type` included), with their paths.
    var modifiers: [(type: String, params: JSONObject, path: String)]
    var children: [NodeSpec]
    var path: String

    /// Parses `value` found at `path`; `count` tallies nodes against the limit and `keys`
    /// catches duplicates anywhere in the surface.
    static func parse(
        _ value: JSONValue, at path: String, depth: Int, limits: SurfaceLimits, count: inout Int, keys: inout Set<String>
    ) throws(RPCError) -> NodeSpec {
        guard case let .object(object) = value else {
            throw .invalidParams("'\(path)' must be a node object", path: path, expected: "object", got: value.typeName)
        }
        guard depth <= limits.maxDepth else {
            throw .invalidParams("the tree is deeper than \(limits.maxDepth) levels at '\(path)'", path: path, expected: "at most \(limits.maxDepth) levels")
        }
        count += 1
        guard count <= limits.maxNodesPerSurface else {
            throw .invalidParams("a surface holds at most \(limits.maxNodesPerSurface) nodes", path: path, expected: "at most \(limits.maxNodesPerSurface) nodes")
        }
        let typeName = try object.require("type", at: path, as: .string)
        guard let kind = ViewKind(rawValue: typeName) else {
            throw .invalidParams(
                "'\(typeName)' at '\(path).type' is not a view this host knows; known views: \(ViewKind.names.joined(separator: ", "))",
                path: JSONPath.member("type", of: path), expected: "one of \(ViewKind.names.joined(separator: ", "))", got: typeName,
                extra: JSONObject([("known", .array(ViewKind.names.map { .string($0) }))]))
        }
        let key = try object.optional("key", at: path, as: .string)
        if let key {
            // Keys and index paths (`0/3/1`) name nodes in one namespace, so a key must not
            // look like a path.
            guard !key.isEmpty, !key.contains("/"), !key.allSatisfy(\.isNumber) else {
                throw .invalidParams("'\(path).key' must be a non-empty string without '/' that is not all digits (those name nodes by index path)", path: JSONPath.member("key", of: path), expected: "non-empty string without '/', not all digits", got: "\"\(key)\"")
            }
            guard keys.insert(key).inserted else {
                throw .invalidParams("key '\(key)' at '\(path).key' is used twice; keys are unique in a surface", path: JSONPath.member("key", of: path), expected: "a unique key", got: "\"\(key)\"")
            }
        }
        let props = try object.optional("props", at: path, as: .object) ?? JSONObject()

        var modifiers: [(String, JSONObject, String)] = []
        if let list = try object.optional("modifiers", at: path, as: .array) {
            guard list.count <= limits.maxModifiersPerNode else {
                throw .invalidParams("a node takes at most \(limits.maxModifiersPerNode) modifiers", path: JSONPath.member("modifiers", of: path), expected: "at most \(limits.maxModifiersPerNode) modifiers", got: "\(list.count)")
            }
            for (index, item) in list.enumerated() {
                let itemPath = JSONPath.element(index, of: JSONPath.member("modifiers", of: path))
                guard case let .object(config) = item else {
                    throw .invalidParams("'\(itemPath)' must be a modifier object {\"$type\": ...}", path: itemPath, expected: "object", got: item.typeName)
                }
                let type = try config.require("$type", at: itemPath, as: .string)
                modifiers.append((type, config, itemPath))
            }
        }

        var children: [NodeSpec] = []
        if let list = try object.optional("children", at: path, as: .array) {
            if !list.isEmpty && !kind.takesChildren {
                throw .invalidParams("a \(kind.rawValue) takes no children ('\(path).children')", path: JSONPath.member("children", of: path), expected: "no children", got: "\(list.count) children")
            }
            for (index, child) in list.enumerated() {
                let childPath = JSONPath.element(index, of: JSONPath.member("children", of: path))
                children.append(try parse(child, at: childPath, depth: depth + 1, limits: limits, count: &count, keys: &keys))
            }
        }
        return NodeSpec(kind: kind, key: key, props: props, modifiers: modifiers, children: children, path: path)
    }
}
