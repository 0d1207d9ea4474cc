import ModhostWire
@_spi(ModhostHost) import ModifierKit

/// A step a patch took on the committed tree, undone (in reverse) when a later step fails:
/// a patch changes the tree in place, so that what it costs follows what it changes, and is
/// still all or nothing.
enum PatchUndo {
    case keyAdded(String)
    case keyRemoved(String, NodeState)
    case inserted(parent: NodeState, index: Int)
    case removed(parent: NodeState, index: Int, node: NodeState)
    case moved(parent: NodeState, from: Int, to: Int)
    /// `old` was at `index` of `parent` (or the root, for no parent); its next state is now.
    case replaced(parent: NodeState?, index: Int, old: NodeState)
    /// `old`'s children and slot views were handed to its next state.
    case adopted(from: NodeState)
}

/// What one patch pass keeps besides `Reconciler`'s own state.
struct PatchPass {
    var root: NodeState
    var undo: [PatchUndo] = []
    /// Nodes that left, in the order they did.
    var left: [NodeState] = []
    /// Parents whose children moved, with the first index whose path may have changed.
    var shifted: [(parent: NodeState, from: Int)] = []
    var symbolUpdates: [(node: NodeState, symbol: SymbolState?)] = []
    /// Modifier instances the pass built that are still in the tree.
    var made = Set<ObjectIdentifier>()
}

/// The operations of a patch, as `update`'s `patch` names them.
enum PatchOperation: String, CaseIterable {
    case set, insert, remove, move
}

extension Reconciler {
    /// Applies `ops` (an `update`'s `patch`) to `surface`'s tree in place: each op acts on the
    /// tree as the ops before it left it, and builds what a whole-tree `update` of the
    /// resulting tree would build for the nodes it names, no more. On an error every op is
    /// undone and the surface is as it was. The result is committed like a whole tree.
    mutating func applyPatch(_ ops: [JSONValue], to surface: Surface) throws(RPCError) -> Built {
        isUpdate = true
        nodeCount.count = surface.nodeCount
        // Taken for the pass (so that adding a key does not copy the whole index) and handed back.
        nodesByKey = surface.nodesByKey
        surface.nodesByKey = [:]
        patch = PatchPass(root: surface.root)
        for (index, op) in ops.enumerated() {
            do {
                try apply(op, at: JSONPath.element(index, of: "patch"))
            } catch {
                rollBack()
                surface.nodesByKey = nodesByKey
                throw error
            }
        }
        let pass = patch!
        // Kept: the modifiers in the tree now that were there before the patch.
        let total = surface.modifierCount + counts.created - counts.removed
        counts.unchanged = total - pass.made.count
        return Built(
            root: pass.root, nodesByKey: nodesByKey, attachment: attachment, moves: moves, entered: entered, left: left,
            leftInOrder: pass.left, viewPlaces: viewPlaces, symbolUpdates: pass.symbolUpdates, modifierCount: total,
            shifted: pass.shifted)
    }

    private mutating func apply(_ value: JSONValue, at place: String) throws(RPCError) {
        guard case let .object(op) = value else {
            throw .invalidParams("'\(place)' must be a patch operation {\"op\": ...}", path: place, expected: "object", got: value.typeName)
        }
        let name = try op.require("op", at: place, as: .string)
        guard let kind = PatchOperation(rawValue: name) else {
            let known = PatchOperation.allCases.map(\.rawValue)
            let suggestion = Suggestion.closest(to: name, among: known)
            throw .invalidParams(
                "unknown patch operation '\(name)' at '\(place).op'; known: \(known.joined(separator: ", "))\(Suggestion.hint(suggestion))",
                path: JSONPath.member("op", of: place), expected: "one of \(known.joined(separator: ", "))", got: name,
                extra: Suggestion.data(known: known, suggestion: suggestion))
        }
        switch kind {
        case .set: try set(op, at: place)
        case .insert: try insert(op, at: place)
        case .remove:
            let node = try find(op, "node", at: place)
            let (parent, index) = try position(of: node, kind, at: place)
            parent.children.remove(at: index)
            patch!.undo.append(.removed(parent: parent, index: index, node: node))
            forgetKeys(under: node)
            countRemoved(node)
            patch!.shifted.append((parent, index))
        case .move:
            let node = try find(op, "node", at: place)
            let (parent, from) = try position(of: node, kind, at: place)
            let before = try sibling(op, in: parent, at: place)
            guard before !== node else {
                throw .invalidParams(
                    "'\(place).before' names the node being moved", path: JSONPath.member("before", of: place),
                    expected: "another child of the node's parent, or null for the end", got: node.id)
            }
            parent.children.remove(at: from)
            let to = before.map { $0.index(in: parent)! } ?? parent.children.count
            parent.children.insert(node, at: to)
            node.indexHint = Int32(truncatingIfNeeded: to)
            patch!.undo.append(.moved(parent: parent, from: from, to: to))
            patch!.shifted.append((parent, min(from, to)))
        }
    }

    /// `set`: the node's `props`, `events` and `modifiers`, each replaced when the op has it
    /// (`null` clears it), the rest kept, its children (and, without `props`, its slot views)
    /// kept as they are.
    private mutating func set(_ op: JSONObject, at place: String) throws(RPCError) {
        let node = try find(op, "node", at: place)
        let parent = node.parent
        let index: Int
        if let parent {
            guard let found = node.index(in: parent) else { throw slotError(node, op: "set", at: place) }
            index = found
        } else {
            index = 0
        }
        // The node as it is (its slot views apart), the members the op has in place of its own.
        var object = node.spec(deep: false)
        for member in ["props", "events", "modifiers"] { if let value = op[member] { object[member] = value } }
        let setsProps = op["props"] != nil
        let path = Self.indexPath(of: node)
        let depth = Self.depth(of: node)
        if let key = node.key {
            nodesByKey[key] = nil
            patch!.undo.append(.keyRemoved(key, node))
        }
        // The node is checked again as its next state, and is still one node.
        nodeCount.count -= 1
        let symbols = Self.environment(above: node)
        let next = try relocating(from: path, to: place) { () throws(RPCError) in
            let spec = try NodeSpec.check(.object(object), at: path, depth: depth, host: host, count: &nodeCount)
            return try build(
                spec, reusing: node, parent: parent, grandparent: parent?.parent?.kind, path: path, depth: depth, symbols: symbols,
                keeping: node, keepingSlots: !setsProps)
        }
        if let parent {
            parent.children[index] = next
        } else {
            patch!.root = next
        }
        patch!.undo.append(.replaced(parent: parent, index: index, old: node))
    }

    /// `insert`: a new node (and its subtree) under `parent`, before its child `before`, or last.
    private mutating func insert(_ op: JSONObject, at place: String) throws(RPCError) {
        let parent = try find(op, "parent", at: place)
        guard parent.kind.takesChildren else {
            throw .invalidParams(
                "'\(place).parent' is a \(parent.typeName), which takes no children", path: JSONPath.member("parent", of: place),
                expected: "a node whose view takes children", got: parent.id)
        }
        let before = try sibling(op, in: parent, at: place)
        let index = before.map { $0.index(in: parent)! } ?? parent.children.count
        guard let value = op["node"] else {
            let member = JSONPath.member("node", of: place)
            throw .invalidParams("'\(member)' is required", path: member, expected: "node object", got: "nothing")
        }
        try NodeSpec.checkChild(value, of: parent.kind, at: JSONPath.member("node", of: place))
        let path = NodeSpec.indexPath(ofChild: index, of: Self.indexPath(of: parent))
        let depth = Self.depth(of: parent) + 1
        let symbols = Self.environment(inside: parent)
        let node = try relocating(from: path, to: JSONPath.member("node", of: place)) { () throws(RPCError) in
            let spec = try NodeSpec.check(value, at: path, depth: depth, host: host, count: &nodeCount)
            return try build(spec, reusing: nil, parent: parent, grandparent: parent.parent?.kind, path: path, depth: depth, symbols: symbols)
        }
        parent.children.insert(node, at: index)
        node.indexHint = Int32(truncatingIfNeeded: index)
        patch!.undo.append(.inserted(parent: parent, index: index))
        // Unkeyed nodes are renamed when a later patch moves what is above them.
        if node.key == nil || node.hasUnkeyedBelow {
            for ancestor in parent.outward {
                if ancestor.hasUnkeyedBelow { break }
                ancestor.hasUnkeyedBelow = true
            }
        }
        patch!.shifted.append((parent, index + 1))
    }

    /// Hands `kept`'s children to `node`, its next state (a `set`); what the system images
    /// under them show follows the node's new modifiers (`symbols`: the environment inside
    /// the node, its own modifiers applied).
    mutating func keepChildren(of kept: NodeState, in node: NodeState, symbols: SymbolEnvironment) {
        patch?.undo.append(.adopted(from: kept))
        node.children = kept.children
        if kept.hasUnkeyedBelow { node.hasUnkeyedBelow = true }
        for child in node.children { child.parent = node }
        let symbolsMayChange =
            kept.modifiers.contains { $0.effectStore.changesSymbols } || node.modifiers.contains { $0.effectStore.changesSymbols }
        guard symbolsMayChange, patch != nil else { return }
        for child in node.children { refreshSymbols(child, around: symbols) }
        for slot in kept.slots { refreshSymbols(slot.node, around: symbols) }
    }

    /// What the system images at and under `node` show in `around`, applied at commit.
    private mutating func refreshSymbols(_ node: NodeState, around: SymbolEnvironment) {
        let symbols = node.modifiers.contains { $0.effectStore.changesSymbols } ? around.inside(node.modifiers, node: node.id) : around
        var symbol: SymbolState?
        if symbols.isActive, let systemName = SymbolState.systemName(of: node) {
            symbol = SymbolState(systemName: systemName, environment: symbols, previous: node.symbol, entered: false)
        }
        patch!.symbolUpdates.append((node, symbol))
        for child in node.children { refreshSymbols(child, around: symbols) }
        for slot in node.slots { refreshSymbols(slot.node, around: symbols) }
    }

    /// Undoes every step of the pass, last first.
    private mutating func rollBack() {
        while let step = patch!.undo.popLast() {
            switch step {
            case let .keyAdded(key): nodesByKey[key] = nil
            case let .keyRemoved(key, node): nodesByKey[key] = node
            case let .inserted(parent, index): parent.children.remove(at: index)
            case let .removed(parent, index, node): parent.children.insert(node, at: index)
            case let .moved(parent, from, to): parent.children.insert(parent.children.remove(at: to), at: from)
            case let .replaced(parent, index, old):
                if let parent { parent.children[index] = old } else { patch!.root = old }
            case let .adopted(from: old):
                for child in old.children { child.parent = old }
                for slot in old.slots { slot.node.parent = old }
            }
        }
    }

    /// Drops the keys of `node` and the nodes under it from the index.
    private mutating func forgetKeys(under node: NodeState) {
        if let key = node.key, nodesByKey[key] === node {
            nodesByKey[key] = nil
            patch!.undo.append(.keyRemoved(key, node))
        }
        for child in node.children { forgetKeys(under: child) }
        for slot in node.slots { forgetKeys(under: slot.node) }
    }

    /// The node that member `member` of the op at `place` names, by key or index path, in the
    /// tree as the ops before left it.
    private func find(_ op: JSONObject, _ member: String, at place: String) throws(RPCError) -> NodeState {
        let id = try op.require(member, at: place, as: .string)
        guard let node = Surface.node(id, root: patch!.root, keys: nodesByKey) else {
            throw .invalidParams(
                "'\(place).\(member)' names no node of surface '\(attachment.surface)': '\(id)' is neither a key in it nor an index path (0, 0/2, …) of one",
                path: JSONPath.member(member, of: place), expected: "the key or index path of a node in the surface", got: id)
        }
        return node
    }

    /// The child of `parent` that the op's `before` names, or nil for none (the end).
    private func sibling(_ op: JSONObject, in parent: NodeState, at place: String) throws(RPCError) -> NodeState? {
        guard let value = op["before"], !value.isNull else { return nil }
        let before = try find(op, "before", at: place)
        guard before.parent === parent, before.index(in: parent) != nil else {
            throw .invalidParams(
                "'\(place).before' names node '\(value.stringValue ?? "")', which is not a child of '\(parent.id)'",
                path: JSONPath.member("before", of: place), expected: "a child of the parent, or null for the end", got: value.stringValue ?? "")
        }
        return before
    }

    /// Where `node` is among its parent's children; the root and slot views have no such place.
    private func position(of node: NodeState, _ kind: PatchOperation, at place: String) throws(RPCError) -> (NodeState, Int) {
        let name = kind.rawValue
        guard let parent = node.parent else {
            throw .invalidParams(
                "'\(place).node' names the root, which a patch cannot \(name); send the whole tree as 'root' to replace it",
                path: JSONPath.member("node", of: place), expected: "a node below the root", got: node.id)
        }
        guard let index = node.index(in: parent) else { throw slotError(node, op: name, at: place) }
        return (parent, index)
    }

    private func slotError(_ node: NodeState, op: String, at place: String) -> RPCError {
        .invalidParams(
            "'\(place).node' names '\(node.id)', the view in a slot prop of its parent; a patch cannot \(op) it: set the parent's props instead",
            path: JSONPath.member("node", of: place), expected: "a node that is a child, not a slot's view", got: node.id)
    }

    /// Runs `work`, which names places in the tree (`root.children[3]…`, from `indexPath`), and
    /// moves an error's place to the request's (`patch[2].node…`), where the front-end sent it.
    private func relocating<T>(from indexPath: String, to place: String, _ work: () throws(RPCError) -> T) throws(RPCError) -> T {
        do {
            return try work()
        } catch {
            throw error.relocated(from: NodeSpec.paramsPath(ofNode: indexPath), to: place)
        }
    }

    /// The index path of `node` in the tree as it is now (`0/3/1`; `0/3/header` in a slot).
    static func indexPath(of node: NodeState) -> String {
        guard node.parent != nil else { return "0" }
        var steps: [(index: Int, slot: String?)] = []
        var current = node
        while let parent = current.parent {
            if let index = current.index(in: parent) {
                steps.append((index, nil))
            } else if let slot = parent.slots.first(where: { $0.node === current }) {
                steps.append((0, slot.name))
            }
            current = parent
        }
        var path = "0"
        for step in steps.reversed() {
            if let slot = step.slot { path += "/" + slot } else { path = NodeSpec.indexPath(ofChild: step.index, of: path) }
        }
        return path
    }

    /// How deep `node` is: the root is 1.
    static func depth(of node: NodeState) -> Int {
        var depth = 0
        for _ in node.outward { depth += 1 }
        return depth
    }

    /// What the symbol modifiers around `node` make of the system images at it.
    static func environment(above node: NodeState) -> SymbolEnvironment {
        node.parent.map { environment(inside: $0) } ?? SymbolEnvironment()
    }

    /// What the symbol modifiers of `node` and around it make of the images under it.
    static func environment(inside node: NodeState) -> SymbolEnvironment {
        // Few nodes have symbol modifiers: those few are collected, then applied from the root.
        var around: [NodeState] = []
        for ancestor in node.outward where ancestor.modifiers.contains(where: { $0.effectStore.changesSymbols }) { around.append(ancestor) }
        var symbols = SymbolEnvironment()
        for ancestor in around.reversed() { symbols = symbols.inside(ancestor.modifiers, node: ancestor.id) }
        return symbols
    }
}

extension RPCError {
    /// The error with its place (`data.path`, and where the message quotes it) under `place`
    /// rather than `prefix`.
    func relocated(from prefix: String, to place: String) -> RPCError {
        guard case var .object(data) = data, let path = data["path"]?.stringValue, path.hasPrefix(prefix) else { return self }
        let rest = path.dropFirst(prefix.count)
        guard rest.isEmpty || rest.first == "." || rest.first == "[" else { return self }
        data["path"] = .string(place + rest)
        var moved = self
        moved.data = .object(data)
        moved.message = message.replacing("'" + prefix, with: "'" + place)
        return moved
    }
}

extension Surface {
    /// After a patch: the ids (index paths, for unkeyed nodes) of the nodes that moved, and
    /// the places of their modifiers.
    func renameShifted(_ shifted: [(parent: NodeState, from: Int)]) {
        var first: [ObjectIdentifier: (parent: NodeState, from: Int)] = [:]
        for entry in shifted {
            let id = ObjectIdentifier(entry.parent)
            if let known = first[id], known.from <= entry.from { continue }
            first[id] = entry
        }
        for (parent, from) in first.values {
            // Only unkeyed nodes are named by their place; a parent with none below keeps its
            // children's names, however many moved. A parent a later op removed is gone.
            guard parent.hasUnkeyedBelow, parent.outward.reversed().first === root else { continue }
            let path = Reconciler.indexPath(of: parent)
            for index in from..<parent.children.count {
                rename(parent.children[index], path: NodeSpec.indexPath(ofChild: index, of: path))
            }
        }
    }

    private func rename(_ node: NodeState, path: String) {
        if node.key == nil, node.id != path {
            node.id = path
            node.pluginView?.nodeID = path
            for instance in node.modifiers { instance.address.node = path }
        }
        guard node.hasUnkeyedBelow else { return }
        for (index, child) in node.children.enumerated() { rename(child, path: NodeSpec.indexPath(ofChild: index, of: path)) }
        for slot in node.slots { rename(slot.node, path: path + "/" + slot.name) }
    }
}
