import Glibc
import ModhostServer
import ModhostWire

// `modhost`: talk to a running modhostd from a terminal.
let usage = """
    usage: modhost [--socket PATH] COMMAND

    commands:
      ping                       check that the daemon answers
      call METHOD [JSON-PARAMS]  send one request and print the response as JSON
                                 (initialize is sent first unless METHOD is initialize
                                 or ping); exits 1 when the response is an error
      help                       print this help

    The socket is found as modhostd finds it: --socket, $MODHOST_SOCKET,
    $XDG_RUNTIME_DIR/modhost/modhost.sock, /tmp/modhost-$UID/modhost.sock.
    """

func fail(_ message: String, status: Int32) -> Never {
    let text = "modhost: \(message)\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
    exit(status)
}

func printJSON(_ value: JSONValue) {
    var bytes: [UInt8] = []
    JSONWriter.writePretty(value, into: &bytes)
    print(String(decoding: bytes, as: UTF8.self))
}

var arguments = Array(CommandLine.arguments.dropFirst())
var socketFlag: String? = nil
if let at = arguments.firstIndex(where: { $0 == "--socket" || $0.hasPrefix("--socket=") }) {
    if arguments[at].hasPrefix("--socket=") {
        socketFlag = String(arguments[at].dropFirst("--socket=".count))
        arguments.remove(at: at)
    } else {
        guard at + 1 < arguments.count else { fail("--socket needs a value\n\(usage)", status: 2) }
        socketFlag = arguments[at + 1]
        arguments.removeSubrange(at...at + 1)
    }
}
guard let command = arguments.first else { fail("no command given\n\(usage)", status: 2) }
let path = SocketPath.resolve(flag: socketFlag, environment: SocketPath.processEnvironment())

func connectOrExit() -> BlockingClient {
    do { return try BlockingClient(path: path) } catch { fail("\(error)", status: 1) }
}

switch command {
case "help", "--help", "-h":
    print(usage)
case "ping":
    guard arguments.count == 1 else { fail("ping takes no arguments\n\(usage)", status: 2) }
    let client = connectOrExit()
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    do {
        let response = try client.call("ping")
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        if let error = response["error"] { fail("ping failed: \(error.jsonText)", status: 1) }
        let micros = (end.tv_sec - start.tv_sec) * 1_000_000 + (end.tv_nsec - start.tv_nsec) / 1000
        print("pong from \(path) in \(micros) µs")
    } catch {
        fail("\(error)", status: 1)
    }
case "call":
    guard arguments.count == 2 || arguments.count == 3 else { fail("call takes METHOD and optional JSON params\n\(usage)", status: 2) }
    let method = arguments[1]
    var params: JSONValue? = nil
    if arguments.count == 3 {
        do { params = try JSONParser.parse(arguments[2]) } catch { fail("JSON-PARAMS is not valid JSON: \(error)", status: 2) }
    }
    let client = connectOrExit()
    do {
        if method != "initialize" && method != "ping" {
            let handshake = try client.call(
                "initialize", params: ["protocolVersion": 1, "client": ["name": "modhost-cli", "version": "0.1.0"]])
            if let error = handshake["error"] { fail("initialize failed: \(error.jsonText)", status: 1) }
        }
        let response = try client.call(method, params: params)
        printJSON(response)
        exit(response["error"] == nil ? 0 : 1)
    } catch {
        fail("\(error)", status: 1)
    }
default:
    fail("unknown command '\(command)'\n\(usage)", status: 2)
}
