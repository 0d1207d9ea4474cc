import Glibc
import ModhostCore
import ModhostClient
import ModhostWire

// What every command shares: failing with a message, printing, flags, the connection.

/// The `client` the CLI names in `initialize`.
let cliClientInfo: JSONValue = ["name": "modhost-cli", "version": .string(ModhostVersion.current)]

func fail(_ message: String, status: Int32) -> Never {
    printError("modhost: \(message)")
    exit(status)
}

/// One line to stderr.
func printError(_ line: String) { writeAll(line + "\n", to: 2) }

/// One line to stdout, written at once (not through a buffer): a reader at the end of a
/// pipe sees each line as it is printed.
func printLine(_ line: String) { writeAll(line + "\n", to: 1) }

/// Writes all of `text` to `descriptor` (a broken pipe ends the process, as for any tool).
func writeAll(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            exit(descriptor == 1 ? 1 : 2)
        }
        bytes = bytes.dropFirst(written)
    }
}

func printJSON(_ value: JSONValue) {
    var bytes: [UInt8] = []
    JSONWriter.writePretty(value, into: &bytes)
    printLine(String(decoding: bytes, as: UTF8.self))
}

/// `value` as JSON on one line.
func compactJSON(_ value: JSONValue) -> String { value.jsonText }

/// Whether stdout (1) or stdin (0) is a terminal.
func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

/// Takes `--flag VALUE` or `--flag=VALUE` out of `arguments`; a flag without its value
/// fails with `help` after the message.
func takeFlag(_ flag: String, from arguments: inout [String], help: String? = nil) -> String? {
    guard let at = arguments.firstIndex(where: { $0 == flag || $0.hasPrefix(flag + "=") }) else { return nil }
    if arguments[at].hasPrefix(flag + "=") {
        defer { arguments.remove(at: at) }
        return String(arguments[at].dropFirst(flag.count + 1))
    }
    guard at + 1 < arguments.count else { fail("\(flag) needs a value" + (help.map { "\n" + $0 } ?? ""), status: 2) }
    defer { arguments.removeSubrange(at...at + 1) }
    return arguments[at + 1]
}

/// Takes a `--switch` without value out of `arguments`; whether it was there.
func takeSwitch(_ name: String, from arguments: inout [String]) -> Bool {
    guard let at = arguments.firstIndex(of: name) else { return false }
    arguments.remove(at: at)
    return true
}

func connectOrExit(_ path: String) -> BlockingClient {
    do { return try BlockingClient(path: path) } catch { fail("\(error)", status: 1) }
}

/// A connection that has completed `initialize`; its result.
func initializeOrExit(_ path: String) -> (client: BlockingClient, server: JSONValue) {
    initializeOrExit(connectOrExit(path))
}

/// `client` once it has completed `initialize`; its result.
func initializeOrExit(_ client: BlockingClient) -> (client: BlockingClient, server: JSONValue) {
    do {
        let handshake = try client.call("initialize", params: ["protocolVersion": 1, "client": cliClientInfo])
        guard let result = handshake["result"] else { fail("initialize failed: \(handshake["error"]?.jsonText ?? handshake.jsonText)", status: 1) }
        return (client, result)
    } catch {
        fail("\(error)", status: 1)
    }
}

/// Calls `method` on an initialized connection; its result, or exits 1 with the error.
func resultOrExit(_ client: BlockingClient, _ method: String, params: JSONValue? = nil) -> JSONValue {
    do {
        let response = try client.call(method, params: params)
        guard let result = response["result"] else {
            fail("\(method) failed: \(response["error"]?["message"]?.stringValue ?? response.jsonText)", status: 1)
        }
        return result
    } catch {
        fail("\(error)", status: 1)
    }
}

/// What to tell a person about an error response beyond its JSON: the server's "did you
/// mean", and (`oneShot`: from `modhost call`) for a surface that is not there, why a call on
/// a connection of its own cannot see it.
func hints(for response: JSONValue, oneShot: Bool) -> [String] {
    guard let error = response["error"] else { return [] }
    var lines: [String] = []
    if let suggestion = error["data"]?["suggestion"]?.stringValue {
        lines.append("did you mean '\(suggestion)'?")
    }
    if oneShot, error["data"]?["path"] == "surface", error["data"]?["expected"] == "a surface mounted by this connection" {
        lines.append("surfaces belong to the connection that mounted them, and `modhost call` opens a new connection each time: use `modhost session` to mount and then use a surface on one connection")
    }
    return lines
}
