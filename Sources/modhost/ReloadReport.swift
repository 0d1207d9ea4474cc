import Glibc
import ModhostWire

/// What `modhost reload` prints: one line per thing that happened in the rescan, the type
/// changes, and the state of the plugin folders asked about.
enum ReloadReport {
    static func text(of result: JSONValue, folders: [String]) -> String {
        var lines: [String] = []
        for event in result["events"]?.arrayValue ?? [] {
            let plugin = event["plugin"]?.stringValue ?? "?"
            let path = event["path"]?.stringValue ?? "?"
            let reason = event["reason"]?.stringValue
            switch event["event"]?.stringValue {
            case "loaded": lines.append("loaded \(plugin) from \(path)")
            case "unloaded": lines.append("unloaded \(plugin) from \(path)\(reason.map { " (\($0))" } ?? "")")
            default: lines.append("failed \(path): \(reason ?? "no reason given")")
            }
        }
        for (key, label) in [("added", "types added"), ("removed", "types removed")] {
            let types = result[key]?.arrayValue?.compactMap(\.stringValue) ?? []
            if !types.isEmpty { lines.append("\(label): \(types.joined(separator: ", "))") }
        }
        let (reloaded, moved) = changedTypes(in: result)
        if !reloaded.isEmpty { lines.append("types reloaded with their plugin: \(reloaded.joined(separator: ", "))") }
        if !moved.isEmpty { lines.append("types now served by another plugin: \(moved.joined(separator: ", "))") }
        if lines.isEmpty { lines.append("nothing changed") }
        for folder in folders {
            guard let plugin = status(of: folder, in: result) else {
                lines.append("\(folder): not a plugin folder the daemon knows (is it inside one of its plugin roots? see `modhost call describe`)")
                continue
            }
            let name = plugin["name"]?.stringValue ?? "?"
            if plugin["status"] == "loaded" {
                let types = plugin["types"]?.arrayValue?.compactMap(\.stringValue) ?? []
                var line = "\(name) (\(folder)): loaded, serving \(types.isEmpty ? "no types" : types.joined(separator: ", "))"
                let hidden = plugin["hidden"]?.arrayValue?.compactMap(\.stringValue) ?? []
                if !hidden.isEmpty { line += "; \(hidden.joined(separator: ", ")) served by a plugin that comes first" }
                lines.append(line)
                for problem in plugin["problems"]?.arrayValue?.compactMap(\.stringValue) ?? [] { lines.append("  problem: \(problem)") }
            } else if plugin["status"] == "overridden" {
                let all = result["plugins"]?.arrayValue ?? []
                lines.append("\(name) (\(folder)): not loaded, \(PluginsTable.note(on: plugin, among: all))")
            } else {
                lines.append("\(name) (\(folder)): failed: \(plugin["error"]?.stringValue ?? "no reason given")")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The `changed` types, split: those whose serving plugin was unloaded and loaded again
    /// from the same folder in this rescan (reinstalled, even with the same files: new code
    /// serves them, but not another plugin's), and those another plugin serves now, each
    /// with that plugin (`swipeActions (SwipeActions in FOLDER)`).
    static func changedTypes(in result: JSONValue) -> (reloaded: [String], moved: [String]) {
        let events = result["events"]?.arrayValue ?? []
        func happened(_ kind: String, at path: String) -> Bool {
            events.contains { $0["event"]?.stringValue == kind && $0["path"]?.stringValue == path }
        }
        var reloaded: [String] = []
        var moved: [String] = []
        for type in result["changed"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            let server = result["plugins"]?.arrayValue?.first {
                $0["status"] == "loaded" && $0["types"]?.arrayValue?.contains(.string(type)) == true
            }
            guard let server, let path = server["path"]?.stringValue else {
                moved.append(type)
                continue
            }
            if happened("unloaded", at: path) && happened("loaded", at: path) {
                reloaded.append(type)
            } else {
                moved.append("\(type) (\(server["name"]?.stringValue ?? "?") in \(path))")
            }
        }
        return (reloaded, moved)
    }

    static func anyFailed(in result: JSONValue, folders: [String]) -> Bool {
        folders.contains { status(of: $0, in: result)?["status"] != "loaded" }
    }

    private static func status(of folder: String, in result: JSONValue) -> JSONValue? {
        result["plugins"]?.arrayValue?.first { $0["path"]?.stringValue == folder }
    }
}

/// `path` from the working folder, without a trailing `/`.
func absolutePath(_ path: String) -> String {
    var result = path
    if !path.hasPrefix("/") {
        var buffer = [CChar](repeating: 0, count: 4096)
        if getcwd(&buffer, buffer.count) != nil {
            let cwd = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            result = cwd + "/" + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
        }
    }
    while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
    return result
}
