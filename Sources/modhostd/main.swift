import Glibc
import ModhostCore
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
    let server = try Server(host: host, socket: socket, options: serverOptions)
    try server.run { ServiceNotifier.notify("READY=1", environment: environment) }
    logger.info("stopped")
    exit(0)
} catch {
    logger.error("\(error)")
    exit(1)
}
