import Glibc
import ModhostClient
import ModhostWire

/// `modhost watch [--json] [--topics a,b]`: prints every notification the daemon sends to any
/// connection, one line each, as it comes. Runs until Ctrl-C. When a plugin crashes or hangs
/// the engine the connection stays (the next engine keeps the watch): the `engineRestarted`
/// notification is printed and watching goes on. When the daemon goes away it says so and
/// exits 1.
enum WatchCommand {
    static func run(arguments: [String], socket: String) -> Never {
        var rest = arguments
        let json = takeSwitch("--json", from: &rest)
        let topics = takeFlag("--topics", from: &rest).map { $0.split(separator: ",").map { $0.trimmingWhitespace } }
        guard rest.isEmpty else { fail("watch: unexpected arguments \(rest.joined(separator: " "))", status: 2) }
        let (client, _) = initializeOrExit(socket)
        let params: JSONValue? = topics.map { ["topics": .array($0.map { .string($0) })] }
        let answer: JSONValue
        do { answer = try client.call("watch", params: params) } catch { fail("\(error)", status: 1) }
        guard let result = answer["result"] else {
            var message = "watch failed: \(answer["error"]?["message"]?.stringValue ?? answer.jsonText)"
            // The topic the daemon suggests is one of its names: say it as the flag takes it.
            if answer["error"]?["data"]?["path"]?.stringValue?.hasPrefix("topics") == true {
                message += " (--topics takes a comma-separated list)"
            }
            fail(message, status: answer["error"]?["code"] == .int(RPCErrorCode.invalidParams) ? 2 : 1)
        }
        let watching = (result["topics"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", ")
        let me = result["connection"]?["id"]?.intValue.map { "#\($0)" } ?? "?"
        printError("modhost: watching \(watching) on \(socket) as connection \(me); Ctrl-C stops")
        while true {
            let message: JSONValue
            do {
                message = try client.receive(timeoutMilliseconds: -1)
            } catch ClientError.closed {
                fail("the daemon closed the connection (it stopped, or its engine ended with no supervisor to keep the connection); watching ended", status: 1)
            } catch {
                fail("watching ended: \(error)", status: 1)
            }
            if message["method"] == "engineRestarted" {
                // This connection's own news: a new engine serves it, with the same watch.
                let restart = message["params"] ?? .null
                printLine(json ? compactJSON(["method": "engineRestarted", "params": restart]) : "\(now())  this connection  engineRestarted  \(engineRestartedSummary(restart)); watching goes on")
                continue
            }
            guard message["method"] == "watched", let watched = message["params"] else { continue }
            printLine(json ? compactJSON(watched) : line(for: watched, at: now()))
        }
    }

    /// One readable line: time, connection, kind, summary.
    static func line(for watched: JSONValue, at time: String) -> String {
        let method = watched["method"]?.stringValue ?? "?"
        return "\(time)  \(connection(watched["connection"]))  \(method)  \(summary(method: method, params: watched["params"] ?? .null))"
    }

    /// `#3 mail-demo (pid 812)`.
    static func connection(_ info: JSONValue?) -> String {
        var text = "#" + (info?["id"]?.intValue.map(String.init) ?? "?")
        if let client = info?["client"]?.stringValue { text += " " + client }
        if let pid = info?["pid"]?.intValue { text += " (pid \(pid))" }
        return text
    }

    static func summary(method: String, params: JSONValue) -> String {
        switch method {
        case "event":
            let node = "\(params["surface"]?.stringValue ?? "?")/\(params["node"]?.stringValue ?? "?")"
            // A view's own event names its view and event (`main/save Button onPress`); a
            // modifier's, the modifier's index on the node.
            if let view = params["view"]?.stringValue, case let .object(payload)? = params["payload"], payload.count == 1,
               let (name, body) = Array(payload).first {
                return "\(node) \(view) \(name): \(compactJSON(body))"
            }
            let place = "\(node) modifier \(params["modifier"]?.intValue.map(String.init) ?? "?")"
            return "\(place): \(compactJSON(params["payload"] ?? .null))"
        case "diagnostic":
            var text = "\(params["severity"]?.stringValue ?? "?") \(params["code"]?.stringValue ?? "?")"
            if let surface = params["surface"]?.stringValue { text += " [\(surface)\(params["node"]?.stringValue.map { "/" + $0 } ?? "")]" }
            return text + ": " + (params["message"]?.stringValue ?? "")
        case "pluginsChanged":
            let parts = ["added", "removed", "changed"].compactMap { key -> String? in
                let types = params[key]?.arrayValue?.compactMap(\.stringValue) ?? []
                return types.isEmpty ? nil : "\(key) \(types.joined(separator: ", "))"
            }
            return parts.isEmpty ? "no type changed" : parts.joined(separator: "; ")
        case "moduleEvent":
            return "\(params["module"]?.stringValue ?? "?").\(params["event"]?.stringValue ?? "?") \(compactJSON(params["payload"] ?? .null))"
        case "surface":
            let name = params["surface"]?.stringValue ?? "?"
            guard let root = params["root"], root != .null else { return "\(name): gone (unmounted, or its connection closed)" }
            return "\(name): \(nodeCount(root)) node(s) under a \(root["type"]?.stringValue ?? "?")"
        default:
            return compactJSON(params)
        }
    }

    /// `plugin-crashed: plugin Faulty, body for 'faulty': SIGILL: ...; surfaces rebuilt: inbox;
    /// failed: old (over the node budget)`: an `engineRestarted` notification's params in a line.
    static func engineRestartedSummary(_ params: JSONValue) -> String {
        var text = params["reason"]?.stringValue ?? "?"
        if let plugin = params["plugin"]?.stringValue {
            text += ": plugin \(plugin)"
            if let call = params["call"]?.stringValue { text += ", \(call)" + (params["detail"]?.stringValue.map { " for '\($0)'" } ?? "") }
        }
        if let message = params["message"]?.stringValue { text += ": \(message)" }
        let surfaces = params["surfaces"]?.arrayValue ?? []
        let rebuilt = surfaces.filter { $0["status"] == "rebuilt" }.compactMap { $0["surface"]?.stringValue }
        let failed = surfaces.filter { $0["status"] == "failed" }.map { entry in
            "\(entry["surface"]?.stringValue ?? "?") (\(entry["error"]?["message"]?.stringValue ?? "no error given"))"
        }
        text += "; surfaces rebuilt: " + (rebuilt.isEmpty ? "none" : rebuilt.joined(separator: ", "))
        if !failed.isEmpty { text += "; not rebuilt: " + failed.joined(separator: ", ") }
        return text
    }

    /// The nodes of a snapshot tree.
    private static func nodeCount(_ node: JSONValue) -> Int {
        1 + (node["children"]?.arrayValue ?? []).reduce(0) { $0 + nodeCount($1) }
    }

    /// The local time of day, `HH:MM:SS.mmm`.
    static func now() -> String {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        var seconds = spec.tv_sec
        var parts = tm()
        localtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = Int(spec.tv_nsec / 1_000_000)
        let ms = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(ms)"
    }
}
