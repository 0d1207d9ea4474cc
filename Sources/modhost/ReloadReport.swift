import Glibc
import ModhostClient
import ModhostWire

/// What `modhost reload` prints: one line per thing that happened in the rescan, the type
/// changes, and the state of the plugin folders asked about.
enum ReloadReport {
    /// `modhost reload [--json] [FOLDER...]`. When the connection closes during the rescan,
    /// a plugin it loaded crashed or hung the engine: the supervisor quarantines that plugin
    /// and starts a new engine, so this reconnects and reports the folders from `describe`,
    /// a quarantined one with its crash and how to bring it back.
    static func run(arguments: [String], socket path: String) -> Never {
        var rest = arguments
        let json = takeSwitch("--json", from: &rest)
        let folders = rest.map(absolutePath)
        let (client, _) = initializeOrExit(path)
        var result: JSONValue
        do {
            let response = try client.call("reload", timeoutMilliseconds: 60_000)
            if response["error"]?["code"] == .int(RPCErrorCode.engineRestarted) {
                // The connection outlived the engine: the next one answers on it.
                guard let plugins = try client.call("describe", timeoutMilliseconds: 30_000)["result"]?["plugins"]?.arrayValue else {
                    fail("the daemon's engine stopped during the rescan and its next engine did not describe its plugins", status: 1)
                }
                result = restartedResult(plugins)
                printReport(result, json: json, folders: folders)
            }
            guard let answer = response["result"] else {
                fail("reload failed: \(response["error"]?["message"]?.stringValue ?? response.jsonText)", status: 1)
            }
            result = answer
        } catch .closed {
            guard let plugins = pluginsOfTheNextEngine(path) else {
                fail("the daemon closed the connection during the rescan and no daemon answers on \(path) since", status: 1)
            }
            result = restartedResult(plugins)
        } catch {
            fail("\(error)", status: 1)
        }
        printReport(result, json: json, folders: folders)
    }

    /// The report of a rescan the engine did not survive: the next engine's plugins.
    private static func restartedResult(_ plugins: [JSONValue]) -> JSONValue {
        ["engineRestarted": true, "added": [], "removed": [], "changed": [], "events": [], "plugins": .array(plugins)]
    }

    private static func printReport(_ result: JSONValue, json: Bool, folders: [String]) -> Never {
        if json {
            printJSON(result)
        } else {
            if result["engineRestarted"] == true {
                printLine("the daemon's engine stopped during the rescan (a plugin crashed or hung it while loading); it restarted without that plugin")
                printLine(text(of: result, folders: folders.isEmpty ? quarantinedFolders(in: result) : folders, events: false))
            } else {
                printLine(text(of: result, folders: folders))
            }
        }
        exit(anyFailed(in: result, folders: folders) ? 1 : 0)
    }

    /// `describe`'s plugins from the engine that replaced one that ended, waiting up to 30 s
    /// for it; nil when none answers.
    private static func pluginsOfTheNextEngine(_ path: String) -> [JSONValue]? {
        var waited = 0
        while waited < 30_000 {
            if let client = try? BlockingClient(path: path),
               (try? client.call("initialize", params: ["protocolVersion": 1, "client": cliClientInfo]))?["result"] != nil,
               let plugins = (try? client.call("describe"))?["result"]?["plugins"]?.arrayValue {
                return plugins
            }
            usleep(50_000)
            waited += 50
        }
        return nil
    }

    private static func quarantinedFolders(in result: JSONValue) -> [String] {
        (result["plugins"]?.arrayValue ?? []).filter { $0["status"] == "quarantined" }.compactMap { $0["path"]?.stringValue }
    }

    /// The lines for a quarantined plugin: what it did (crashed the host while loading, or
    /// while running CALL), that it is quarantined, the crash (reason, call, where), and how
    /// to bring it back after a fix.
    static func quarantineLines(_ plugin: JSONValue, folder: String) -> [String] {
        let name = plugin["name"]?.stringValue ?? "?"
        let crash = plugin["crash"]
        let call = crash?["call"]?.stringValue ?? "?"
        let loading = ["module setup", "OnCreate", "schema"].contains(call)
        let reason = crash?["reason"]?.stringValue ?? "no reason given"
        let hung = reason.hasPrefix("hung")
        let what = "\(hung ? "hung" : "crashed") the host while \(loading ? "loading" : "running its code")"
        var lines = ["\(name) (\(folder)): \(what); it is now quarantined (not loaded)"]
        var inCall = "in \(call)"
        if let detail = crash?["detail"]?.stringValue, !detail.isEmpty { inCall += " for '\(detail)'" }
        lines.append("  reason: \(reason) \(inCall)")
        if let message = crash?["message"]?.stringValue, !message.isEmpty {
            lines.append("  where: \(message.split(whereSeparator: \.isNewline).joined(separator: " "))")
        }
        lines.append("  after fixing it: reinstall (a changed build is tried again by itself), or run `modhost plugins enable \(name)` to retry these files")
        lines.append("  `modhost plugins` lists it as quarantined until then")
        return lines
    }

    static func text(of result: JSONValue, folders: [String], events: Bool = true) -> String {
        var lines: [String] = []
        if events {
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
        }
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
            } else if plugin["status"] == "quarantined" {
                lines += quarantineLines(plugin, folder: folder)
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
