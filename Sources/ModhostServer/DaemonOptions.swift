import ModhostCore

/// `modhostd`'s command line.
public struct DaemonOptions: Sendable, Equatable {
    public var socketPath: String?
    public var maxFrameSize = 16 * 1024 * 1024
    public var maxOutboundBytes = 64 * 1024 * 1024
    /// `--max-outbound-total BYTES`: output queued for all connections together.
    public var maxTotalOutboundBytes = 256 * 1024 * 1024
    /// `--max-buffered BYTES`: bytes of unfinished frames held across all connections.
    public var maxBufferedBytes = 256 * 1024 * 1024
    /// `--max-nodes N`: nodes across all surfaces of all connections.
    public var maxNodes = 1_000_000
    public var logLevel: LogLevel = .info
    /// Extra plugin folders (`--plugins`, repeatable), loaded before the user folder and the
    /// bundled plugins.
    public var pluginFolders: [String] = []
    /// `--no-bundled-plugins`: skip the plugins that ship with the daemon.
    public var loadsBundledPlugins = true
    /// `--write-timeout SECONDS`: a client that reads none of its queued replies for this long
    /// is disconnected.
    public var writeTimeoutSeconds = 30.0
    /// `--frame-timeout SECONDS`: a frame must be complete this long after its first byte.
    public var frameTimeoutSeconds = 30.0
    /// `--plugin-timeout SECONDS`: a plugin call a request makes that runs longer is a hang.
    public var pluginTimeoutSeconds = 1.0
    /// `--plugin-setup-timeout SECONDS`: the same for the calls that load or unload a plugin.
    public var pluginSetupTimeoutSeconds = 10.0
    /// `--watch-settle MS`: how long the plugin folders must be quiet before a change to them
    /// makes a rescan.
    public var watchSettleMilliseconds: UInt64 = 150
    /// `--engine-memory-limit SIZE`: an engine whose resident memory passes it is ended by its
    /// supervisor (0: no limit).
    public var engineMemoryLimitBytes: Int64 = 2 * 1024 * 1024 * 1024
    /// `--engine`: run as the engine of a supervising modhostd (internal).
    public var isEngine = false
    /// `--no-supervisor` makes this false: the host runs in this process, and a plugin that
    /// crashes takes the daemon down (for debugging, and as the benchmark's baseline).
    public var isSupervised = true
    /// `--describe`: load the plugins, print the `describe` result as JSON and exit, without a
    /// socket (what `modhost codegen ts --plugins DIR` reads).
    public var describesOnly = false
    /// The arguments as given, minus `--engine`, for the engines a supervisor starts.
    public var arguments: [String] = []

    public enum Action: Equatable, Sendable {
        case serve(DaemonOptions)
        case help
        case version
    }

    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    public static let usage = """
        usage: modhostd [options]

        Serves Modhost front-ends on a Unix socket (length-prefixed JSON-RPC 2.0).

        options:
          --socket PATH        socket to listen on (default: $MODHOST_SOCKET, else
                               $XDG_RUNTIME_DIR/modhost/modhost.sock, else
                               /tmp/modhost-$UID/modhost.sock)
          --max-frame BYTES    largest frame accepted (default 16M; suffixes K, M)
          --max-outbound BYTES output a client may have queued (default 64M;
                               suffixes K, M): reading a client stops while 1M of
                               its replies wait; a batch whose reply passes it
                               runs no more requests (they get error -32001);
                               pushed events past it close a client not reading
          --max-outbound-total BYTES
                               output all clients together may have queued
                               (default 256M; suffixes K, M): past it, pushed
                               events close the client holding the most
          --max-buffered BYTES bytes of unfinished frames held across all clients
                               (default 256M; suffixes K, M); past it, clients in
                               the middle of a frame wait, but the one whose
                               frame began first
          --max-nodes N        nodes across all surfaces of all clients (default
                               1000000); a client may grow to an equal share of
                               it among the clients holding nodes
          --plugins DIR        also load plugins from DIR (a folder of plugin
                               folders, or one plugin folder); repeatable. Searched
                               before $XDG_DATA_HOME/modhost/plugins and the bundled
                               plugins
          --no-bundled-plugins do not load the plugins that ship with modhostd
          --no-supervisor      run the host in this process: no restart after a
                               plugin crash, no quarantine (for debuggers)
          --write-timeout S    close a client that reads none of its queued replies
                               for S seconds (default 30)
          --frame-timeout S    a frame must arrive whole within S seconds of its
                               first byte, else an error ends the connection
                               (default 30)
          --plugin-timeout S   a call into plugin code for a request (factory, body,
                               action, function, async task) that runs longer than
                               S seconds (default 1) is a hang: the engine is
                               restarted and the plugin quarantined
          --plugin-setup-timeout S
                               the same for the calls that load or unload a plugin
                               (module set-up, OnCreate, OnDestroy; default 10)
          --watch-settle MS    rescan the plugin folders MS milliseconds after the
                               last change seen in them (default 150; from 1 to
                               3600000): longer for copies that pause, such as
                               over a network; reload and SIGHUP rescan at once
          --engine-memory-limit SIZE
                               an engine whose resident memory passes SIZE
                               (default 2G; suffixes K, M, G; 0 for no limit)
                               is ended, and the plugin whose call was running
                               quarantined
          --log-level LEVEL    debug, info, warning or error (default info)
          --describe           load the plugins (--plugins, --no-bundled-plugins),
                               print what `describe` would answer as JSON and exit,
                               without opening a socket; load failures go to stderr
          --version            print the version and exit
          --help               print this help and exit
        """

    public static func parse(_ arguments: [String]) throws(UsageError) -> Action {
        var options = DaemonOptions()
        var index = 0
        func value(for flag: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(description: "\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            var argument = arguments[index]
            var inline: String? = nil
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                inline = String(argument[argument.index(after: eq)...])
                argument = String(argument[..<eq])
            }
            func take() throws(UsageError) -> String {
                if let inline { return inline }
                return try value(for: argument)
            }
            switch argument {
            case "--help", "-h": return .help
            case "--version": return .version
            case "--socket": options.socketPath = try take()
            case "--plugins": options.pluginFolders.append(try take())
            case "--no-bundled-plugins": options.loadsBundledPlugins = false
            case "--engine": options.isEngine = true
            case "--no-supervisor": options.isSupervised = false
            case "--describe": options.describesOnly = true
            case "--frame-timeout":
                options.frameTimeoutSeconds = try seconds(try take(), flag: argument, from: 1, to: 86400, example: "30")
            case "--write-timeout":
                options.writeTimeoutSeconds = try seconds(try take(), flag: argument, from: 1, to: 86400, example: "30")
            case "--plugin-timeout":
                options.pluginTimeoutSeconds = try seconds(try take(), flag: argument, above: 0, to: 3600, example: "1 or 0.5")
            case "--plugin-setup-timeout":
                options.pluginSetupTimeoutSeconds = try seconds(try take(), flag: argument, above: 0, to: 3600, example: "10 or 2.5")
            case "--watch-settle":
                let text = try take()
                guard let milliseconds = UInt64(text), milliseconds >= 1, milliseconds <= 3_600_000 else {
                    throw UsageError(description: "--watch-settle takes milliseconds from 1 to 3600000, such as 150, not '\(text)'")
                }
                options.watchSettleMilliseconds = milliseconds
            case "--engine-memory-limit": options.engineMemoryLimitBytes = try memorySize(try take(), flag: argument)
            case "--max-frame": options.maxFrameSize = try byteCount(try take(), flag: argument, max: Int(UInt32.max))
            case "--max-outbound": options.maxOutboundBytes = try byteCount(try take(), flag: argument, max: Int.max / 2)
            case "--max-outbound-total": options.maxTotalOutboundBytes = try byteCount(try take(), flag: argument, max: Int.max / 2)
            case "--max-buffered": options.maxBufferedBytes = try byteCount(try take(), flag: argument, max: Int.max / 2)
            case "--max-nodes":
                let text = try take()
                guard let count = Int(text), count >= 1, count <= 1_000_000_000 else {
                    throw UsageError(description: "--max-nodes takes a count from 1 to 1000000000, such as 1000000, not '\(text)'")
                }
                options.maxNodes = count
            case "--log-level":
                let name = try take()
                guard let level = LogLevel(name: name) else {
                    throw UsageError(description: "--log-level takes debug, info, warning or error, not '\(name)'")
                }
                options.logLevel = level
            default:
                throw UsageError(description: "unknown option '\(arguments[index])'")
            }
            index += 1
        }
        options.arguments = arguments.filter { $0 != "--engine" }
        return .serve(options)
    }

    /// A number of seconds from `lowest` (or above `lowest`, excluded) to `highest`.
    static func seconds(
        _ text: String, flag: String, from lowest: Int? = nil, above excluded: Int? = nil, to highest: Int, example: String
    ) throws(UsageError) -> Double {
        let bottom = Double(lowest ?? excluded ?? 0)
        guard let seconds = Double(text), lowest == nil ? seconds > bottom : seconds >= bottom, seconds <= Double(highest) else {
            throw UsageError(description: "\(flag) takes seconds from \(lowest ?? excluded ?? 0) to \(highest), such as \(example), not '\(text)'")
        }
        return seconds
    }

    /// The smallest engine memory limit: an engine with its plugins loaded takes tens of MiB,
    /// so a smaller one would end every engine.
    public static let minimumEngineMemoryLimit: Int64 = 64 * 1024 * 1024

    /// `0` (no limit), or from 64M up: `65536K`, `512M`, `2G` (binary units).
    static func memorySize(_ text: String, flag: String) throws(UsageError) -> Int64 {
        var digits = Substring(text)
        var unit: Int64 = 1
        switch digits.last {
        case "K", "k": unit = 1 << 10; digits = digits.dropLast()
        case "M", "m": unit = 1 << 20; digits = digits.dropLast()
        case "G", "g": unit = 1 << 30; digits = digits.dropLast()
        default: break
        }
        let expected = "\(flag) takes a memory size of at least 64M (suffixes K, M, G), such as 2G or 512M, or 0 for no limit"
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }) else {
            throw UsageError(description: "\(expected), not '\(text)'")
        }
        guard let number = Int64(digits), number <= Int64.max / 2 / unit else { throw UsageError(description: "\(expected), not '\(text)', which is too large") }
        let bytes = number * unit
        guard bytes == 0 || bytes >= minimumEngineMemoryLimit else {
            throw UsageError(description: "\(expected), not '\(text)', which is too small for an engine")
        }
        return bytes
    }

    /// `1024`, `64K`, `16M` (binary units).
    static func byteCount(_ text: String, flag: String, max: Int) throws(UsageError) -> Int {
        var digits = Substring(text)
        var unit = 1
        switch digits.last {
        case "K", "k": unit = 1024; digits = digits.dropLast()
        case "M", "m": unit = 1024 * 1024; digits = digits.dropLast()
        default: break
        }
        guard let number = Int(digits), number >= 1, number <= max / unit else {
            throw UsageError(description: "\(flag) takes a byte count from 1 to \(max) (suffixes K, M), not '\(text)'")
        }
        return number * unit
    }
}
