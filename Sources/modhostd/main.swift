import Glibc
import ModhostCore
import ModhostPlugins
import ModhostServer

// The daemon: parse flags, bind (or take systemd's socket), serve until SIGTERM/SIGINT.
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
do {
    let socket: ListeningSocket
    if let activated = ListeningSocket.fromSystemd(environment: environment) {
        socket = activated
    } else {
        socket = try ListeningSocket.bind(path: SocketPath.resolve(flag: options.socketPath, environment: environment))
    }
    var serverOptions = ServerOptions()
    serverOptions.maxFrameSize = options.maxFrameSize
    serverOptions.maxOutboundBytes = options.maxOutboundBytes
    let host = Host(logger: logger)

    // Plugins load, and their OnCreate hooks run, before the first connection is accepted.
    // The source tree this daemon was built from holds the bundled plugins' manifests.
    let sourceRoot = "/" + "\(#filePath)".split(separator: "/").dropLast(3).joined(separator: "/")
    let loader = PluginLoader(
        host: host,
        roots: PluginLocations.roots(
            extra: options.pluginFolders, environment: environment, includeBundled: options.loadsBundledPlugins,
            sourceRoot: sourceRoot),
        libraryFolders: PluginLocations.executableFolder().map { [$0] } ?? [])
    let removed = StaleCopies.remove(in: PluginLocations.oldCopiesFolder(environment: environment))
    if removed > 0 { logger.info("removed \(removed) folder(s) of library copies left by daemons that died") }
    loader.scan()

    let server = try Server(host: host, socket: socket, options: serverOptions)
    let reloader = PluginReloader(loader: loader, host: host, server: server)
    server.onHangup = { reloader.rescan() }
    host.reloadPlugins = { reloader.rescan().json(plugins: host.pluginStatuses) }
    try server.run { ServiceNotifier.notify("READY=1", environment: environment) }
    loader.unloadAll()
    logger.info("stopped")
    exit(0)
} catch {
    logger.error("\(error)")
    exit(1)
}
