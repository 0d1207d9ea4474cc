import ModhostPlugins
import ModhostWire

/// What the supervisor and its engine tell each other on the control channel (fd 5 of the
/// engine, a socket pair), one message a line, both ways. The supervisor owns the quarantine:
/// it hands each new engine the list as the engine starts, and the engine tells it of every
/// quarantine that ends. Nothing about the quarantine travels in the environment.
enum EngineControl: Equatable {
    // Supervisor to engine, as the engine starts:
    /// A quarantined plugin: the engine does not load its folder while its files are the ones
    /// that crashed.
    case quarantined(QuarantineEntry)
    /// A plugin held out of this engine while the supervisor bisects (`Bisect`): the engine
    /// does not load its folder until it is released.
    case heldOut(folder: String)
    /// The quarantine list is complete: the engine may load plugins.
    case quarantineListed
    // Supervisor to engine, later:
    /// Rescan the plugin folders (the supervisor got SIGHUP, or changed what is held out or
    /// quarantined).
    case rescan
    /// A plugin held out no longer is: the next rescan loads it. (`quarantined` may come later
    /// too: the plugin held out is the culprit, and its hold becomes a quarantine.)
    case releaseHeld(folder: String)
    /// Hand every connection over and stop (an upgrade in place): stop accepting and reading,
    /// finish what was read, and leave the connections to the supervisor, which starts the
    /// new build's engine on them.
    case handOver

    // Engine to supervisor:
    /// A person enabled the quarantined plugin in this folder: forget its quarantine.
    case enable(folder: String)
    /// The quarantined plugin's files changed, so the engine loads it again: forget it too.
    case release(folder: String)
    /// The plugins the engine has loaded, after each scan (what a bisection searches).
    case loaded([LoadedPlugin])
    /// The engine finished and left its connections (after `handOver`); it exits next.
    case handedOver

    /// The message as a line, newline included.
    var line: String {
        switch self {
        case let .quarantined(entry): return "quarantined \(entry.json.jsonText)\n"
        case .quarantineListed: return "quarantine-listed\n"
        case .rescan: return "rescan\n"
        case .handOver: return "hand-over\n"
        case .handedOver: return "handed-over\n"
        case let .enable(folder): return "enable \(folder)\n"
        case let .release(folder): return "release \(folder)\n"
        // Folders as JSON text: a newline in one stays on the line.
        case let .heldOut(folder): return "held-out \(JSONValue.string(folder).jsonText)\n"
        case let .releaseHeld(folder): return "release-held \(JSONValue.string(folder).jsonText)\n"
        case let .loaded(plugins):
            let list = JSONValue.array(plugins.map { plugin in
                ["folder": .string(plugin.folder), "plugin": .string(plugin.plugin), "identity": .string(plugin.identity),
                 "types": .array(plugin.types.map { .string($0) })]
            })
            return "loaded \(list.jsonText)\n"
        }
    }

    /// Takes the complete lines out of `buffer` (without their newlines), leaving a partial one.
    static func takeLines(from buffer: inout [UInt8]) -> [String] {
        var lines: [String] = []
        while let newline = buffer.firstIndex(of: 10) {
            lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
            buffer.removeSubrange(...newline)
        }
        return lines
    }

    /// The longest control line read (a `loaded` list of 1024 long folders fits).
    static let longestLine = 4 << 20

    /// Drops a partial line longer than `limit` (an engine whose plugin writes to the channel
    /// without end must not grow the supervisor); true when it did.
    static func dropOverlong(_ buffer: inout [UInt8], limit: Int = longestLine) -> Bool {
        guard buffer.count > limit else { return false }
        buffer = []
        return true
    }

    /// Reads a line `line` wrote (without its newline); nil for anything else.
    init?(line: String) {
        switch line {
        case "quarantine-listed":
            self = .quarantineListed
            return
        case "rescan":
            self = .rescan
            return
        case "hand-over":
            self = .handOver
            return
        case "handed-over":
            self = .handedOver
            return
        default: break
        }
        guard let space = line.firstIndex(of: " ") else { return nil }
        let argument = String(line[line.index(after: space)...])
        switch line[..<space] {
        case "enable": self = .enable(folder: argument)
        case "release": self = .release(folder: argument)
        case "held-out", "release-held":
            guard let folder = (try? JSONParser.parse(Array(argument.utf8)))?.stringValue else { return nil }
            self = line.hasPrefix("held-out") ? .heldOut(folder: folder) : .releaseHeld(folder: folder)
        case "loaded":
            guard let list = (try? JSONParser.parse(Array(argument.utf8)))?.arrayValue else { return nil }
            var plugins: [LoadedPlugin] = []
            for item in list {
                guard let folder = item["folder"]?.stringValue, let plugin = item["plugin"]?.stringValue,
                    let identity = item["identity"]?.stringValue, let types = item["types"]?.arrayValue
                else { return nil }
                plugins.append(LoadedPlugin(folder: folder, plugin: plugin, identity: identity, types: types.compactMap(\.stringValue)))
            }
            self = .loaded(plugins)
        case "quarantined":
            guard let json = try? JSONParser.parse(Array(argument.utf8)), let entry = QuarantineEntry(json: json) else { return nil }
            self = .quarantined(entry)
        default: return nil
        }
    }
}
