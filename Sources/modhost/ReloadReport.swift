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
        for (key, label) in [("added", "types added"), ("removed", "types removed"), ("changed", "types now served by other code")] {
            let types = result[key]?.arrayValue?.compactMap(\.stringValue) ?? []
            if !types.isEmpty { lines.append("\(label): \(types.joined(separator: ", "))") }
        }
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
            } else {
                lines.append("\(name) (\(folder)): failed: \(plugin["error"]?.stringValue ?? "no reason given")")
            }
        }
        return lines.joined(separator: "\n")
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
