import Glibc
import ModhostCore
import ModhostPlugins
import ModhostServer
import ModhostSupervisor
import ModhostClient
import ModhostWire

// The daemon. By default a small supervisor: parse flags, bind (or take systemd's socket) and
// run the host in an engine process (`--engine`) that it restarts when a plugin crashes it.
let environment = SocketPath.processEnvironment()
let options: DaemonOptions
do {
    switch try DaemonOptions.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help:
        print(DaemonOptions.usage)
        exit(0)
    case .version:
        print("modhostd \(ModhostVersion.current) (protocol 1)")
        exit(0)
    case let .serve(parsed):
        options = parsed
    }
} catch {
    let text = "modhostd: \(error)\n\(DaemonOptions.usage)\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
    exit(2)
}

let logger = Logger.standardError(level: options.logLevel)

// Each connection takes a descriptor: use all the system allows this user (an engine inherits it).
if !options.isEngine {
    var limit = rlimit()
    if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 && limit.rlim_cur < limit.rlim_max {
        let before = limit.rlim_cur
        limit.rlim_cur = limit.rlim_max
        if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 {
            logger.info("raised the open-files limit from \(before) to \(limit.rlim_max), the hard limit")
        }
    }
}

/// The loader of the plugin folders `options` name. Run from a build of the source tree, the
/// tree holds the bundled plugins' manifests and the build put their libraries next to this
/// daemon; an installed daemon has its own copies.
func pluginLoader(for host: Host) -> PluginLoader {
    let sourceRoot = InstallLayout.sourceTree(builtFrom: "\(#filePath)")
    return PluginLoader(
        host: host,
        roots: PluginLocations.roots(
            extra: options.pluginFolders, environment: environment, includeBundled: options.loadsBundledPlugins,
            sourceRoot: sourceRoot),
        libraryFolders: sourceRoot == nil ? [] : PluginLocations.executableFolder().map { [$0] } ?? [])
}

/// `--describe`: the plugins loaded as the daemon loads them, and the `describe` answer of a
/// session of that host printed on stdout; no socket, no supervisor.
func printDescribe() -> Never {
    let host = Host(logger: logger)
    let loader = pluginLoader(for: host)
    loader.scan()
    let session = host.openSession(peer: "modhostd --describe") { _ in }
    _ = session.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["protocolVersion": 1]])
    let response = session.handle(["jsonrpc": "2.0", "id": 2, "method": "describe"])
    session.close()
    loader.unloadAll()
    guard let result = response?["result"] else {
        logger.error("describe failed: \(response?.jsonText ?? "no answer")")
        exit(1)
    }
    var bytes: [UInt8] = []
    JSONWriter.writePretty(result, into: &bytes)
    bytes.append(0x0A)
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
        if written <= 0 { exit(1) }
        offset += written
    }
    exit(0)
}

if options.describesOnly { printDescribe() }

/// The host, its plugins and every connection on `socket`. Under a supervisor (`link`), plugin
/// calls are recorded for it and quarantined plugins are skipped.
func runHost(on socket: ListeningSocket, link: EngineLink?) throws {
    var serverOptions = ServerOptions()
    serverOptions.maxFrameSize = options.maxFrameSize
    serverOptions.maxOutboundBytes = options.maxOutboundBytes
    serverOptions.maxTotalOutboundBytes = options.maxTotalOutboundBytes
    serverOptions.maxBufferedBytes = options.maxBufferedBytes
    serverOptions.writeTimeoutMilliseconds = UInt64(options.writeTimeoutSeconds * 1000)
    serverOptions.frameTimeoutMilliseconds = UInt64(options.frameTimeoutSeconds * 1000)
    serverOptions.journalsSessions = link?.holdsConnections ?? false
    let host = Host(logger: logger)
    host.limits.maxNodes = options.maxNodes
    link?.recordPluginCalls()

    // Plugins load, and their OnCreate hooks run, before the first connection is accepted.
    let loader = pluginLoader(for: host)
    link?.attach(loader, logger: logger)
    loader.scan()
    link?.publishTypes(of: loader)

    let server = try Server(host: host, socket: socket, options: serverOptions)
    if let link, link.holdsConnections {
        server.onAccept = { socket, journal, number in link.hold(socket: socket, journal: journal, number: number, logger: logger) }
    }
    let reloader = PluginReloader(loader: loader, host: host, server: server, settleMilliseconds: options.watchSettleMilliseconds)
    reloader.afterRescan = { link?.publishTypes(of: loader) }
    server.onHangup = { reloader.rescan() }
    if let link {
        link.listen(on: server.loop) {
            logger.info("the supervisor asks for a rescan of the plugin folders")
            reloader.rescan()
        }
        server.onStop.append { link.stopListening() }
        link.onHandOver = { server.handOver() }
        // Said before the channel closes; the supervisor starts the next engine once this exits.
        server.onHandedOver = { link.handedOver() }
    }
    host.reloadPlugins = { reloader.rescan().json(plugins: host.pluginStatuses) }
    host.enablePlugin = { name throws(RPCError) in try reloader.enable(name) { link?.enabled($0) } }
    // The host keeps closures that capture it, the reloader and the loader, and the server
    // one that captures the reloader: let them go on the way out, so that all this is freed
    // (scripts/memcheck counts definite leaks at exit).
    defer {
        host.reloadPlugins = nil
        host.enablePlugin = nil
        server.onHangup = nil
        server.onHandedOver = nil
        link?.onHandOver = nil
        reloader.afterRescan = nil
    }
    try server.run {
        guard let link else { return ServiceNotifier.notify("READY=1", environment: environment) }
        // The connections the last engine served go on here, where it stopped: once the socket
        // listens, so that a rebuilt surface whose plugin breaks the listener (as it did the
        // last engine's) is met by the liveness probe, not by an engine that cannot start.
        if link.holdsConnections {
            server.adopt(link.adopted, restart: link.restart ?? EngineRestart(reason: "engine-crashed", message: "the last engine ended"),
                highestNumber: link.highestNumber)
        }
        link.ready()
    }
    loader.unloadAll()
    logger.info(link == nil ? "stopped" : "engine stopped")
}

do {
    if options.isEngine {
        // fd 3: the supervisor's listening socket; 4: the engine page; 5: the control channel;
        // 6: the custody channel.
        // A SIGHUP before the loop handles it must not end the engine: it scans as it starts.
        signal(SIGHUP, SIG_IGN)
        guard EngineLink.dieWithSupervisor(environment: environment) else {
            logger.error("the supervisor that started this engine is gone; stopping")
            exit(1)
        }
        guard let link = EngineLink(pageFD: 4, controlFD: 5, custodyFD: 6) else {
            throw ListenError(description: "--engine is for modhostd's own use: run modhostd without it")
        }
        do {
            try runHost(on: ListeningSocket.inherited(fd: 3), link: link)
        } catch {
            // An engine that cannot serve ends at once, without exit handlers (a sanitizer's
            // leak check cannot run while the supervisor traces it): the supervisor decides
            // what comes next.
            logger.error("\(error)")
            _exit(1)
        }
        // Exit handlers run only once the supervisor has let go of this engine (as it stops it,
        // or once it has read the hand-over). A stop it did not ask for, a SIGTERM sent to the
        // engine alone, is never let go of: that engine ends without them.
        guard EngineLink.waitUntilUntraced(milliseconds: 3000) else {
            logger.warning("the supervisor still traces this engine 3 s after it stopped (a stop it did not ask for); ending without exit handlers")
            _exit(0)
        }
        exit(0)
    }
    let socket: ListeningSocket
    if let activated = ListeningSocket.fromSystemd(environment: environment) {
        socket = activated
    } else {
        let path = SocketPath.resolve(flag: options.socketPath, environment: environment)
        socket = try ListeningSocket.bind(path: path, isExplicit: path != SocketPath.defaultPath(environment: environment))
    }
    // Older daemons kept library copies beside the default socket; a daemon serving there
    // clears what dead ones left (one on a socket elsewhere leaves that folder alone).
    let oldCopies = SocketPath.defaultFolder(environment: environment)
    if socket.displayPath.hasPrefix(oldCopies + "/") {
        let removed = StaleCopies.remove(in: oldCopies)
        if removed > 0 { logger.info("removed \(removed) folder(s) of library copies left by daemons that died") }
    }
    if !options.isSupervised {
        try runHost(on: socket, link: nil)
        exit(0)
    }
    var policy = Supervisor.Policy()
    policy.pluginTimeoutNanoseconds = Int64(options.pluginTimeoutSeconds * 1_000_000_000)
    policy.setupTimeoutNanoseconds = Int64(options.pluginSetupTimeoutSeconds * 1_000_000_000)
    policy.engineMemoryLimitBytes = options.engineMemoryLimitBytes
    let supervisor = try Supervisor(socket: socket, engineArguments: options.arguments, environment: environment, logger: logger, policy: policy)
    supervisor.run()
    logger.info("stopped")
    exit(0)
} catch {
    logger.error("\(error)")
    exit(1)
}
