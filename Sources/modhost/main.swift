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
      reload [FOLDER...]         ask the daemon to rescan its plugin folders now and
                                 print what changed; with FOLDERs, also print what the
                                 daemon made of each plugin folder (exits 1 if one failed)
      plugins enable NAME        let a quarantined plugin (one that crashed or hung the
                                 daemon) load again, and print what the daemon made of it
      new-plugin NAME [DIR] [--sdk PATH]
                                 write a SwiftPM package for a new modifier plugin
                                 (default DIR ./NAME); --sdk names the SDK package to
                                 build against, by default the source tree's SDK for
                                 a modhost run from a build of the tree, and
                                 PREFIX/share/modhost/SDK for an installed one
      conformance [--spawn CMD] [--vectors DIR] [--schemas DIR] [--filter TEXT]
                                 run the protocol conformance vectors against the
                                 daemon on the socket (or one started with CMD)
      codegen ts [--out DIR] [--client-import SPEC] [--plugins DIR]... [--no-bundled-plugins]
                                 write DIR/modifiers.js and DIR/modifiers.d.ts (default
                                 DIR ./modhost-generated): one typed factory per modifier
                                 type and one typed accessor per native module, from the
                                 daemon's describe (or, with --plugins or
                                 --no-bundled-plugins, from plugin folders, loaded by a
                                 one-shot modhostd beside modhost: no daemon needed);
                                 the output imports the JS client from SPEC (default
                                 @modhost/client). Names and rules: docs/codegen.md
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

let sdkFlag = takeFlag("--sdk", from: &arguments, help: usage)
let socketFlag = takeFlag("--socket", from: &arguments, help: usage)
guard let command = arguments.first else { fail("no command given\n\(usage)", status: 2) }
let path = SocketPath.resolve(flag: socketFlag, environment: SocketPath.processEnvironment())

func connectOrExit() -> BlockingClient {
    do { return try BlockingClient(path: path) } catch { fail("\(error)", status: 1) }
}

switch command {
case "help", "--help", "-h":
    print(usage)
case "codegen":
    runCodegen(arguments: arguments, socketPath: path, socketFlag: socketFlag)
case "conformance":
    runConformance(arguments: Array(arguments.dropFirst()), socketFlag: socketFlag, defaultSocket: path)
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
case "plugins":
    guard arguments.count == 3, arguments[1] == "enable" else { fail("plugins takes: enable NAME\n\(usage)", status: 2) }
    let client = connectOrExit()
    do {
        let handshake = try client.call(
            "initialize", params: ["protocolVersion": 1, "client": ["name": "modhost-cli", "version": "0.1.0"]])
        if let error = handshake["error"] { fail("initialize failed: \(error.jsonText)", status: 1) }
        let response = try client.call("enablePlugin", params: ["name": .string(arguments[2])])
        guard let result = response["result"] else {
            fail(response["error"]?["message"]?.stringValue ?? response.jsonText, status: 1)
        }
        let folders = (result["plugins"]?.arrayValue ?? []).filter { $0["name"]?.stringValue == arguments[2] }.compactMap { $0["path"]?.stringValue }
        print(ReloadReport.text(of: result, folders: folders))
        exit(ReloadReport.anyFailed(in: result, folders: folders) ? 1 : 0)
    } catch {
        fail("\(error)", status: 1)
    }
case "reload":
    let client = connectOrExit()
    do {
        let handshake = try client.call(
            "initialize", params: ["protocolVersion": 1, "client": ["name": "modhost-cli", "version": "0.1.0"]])
        if let error = handshake["error"] { fail("initialize failed: \(error.jsonText)", status: 1) }
        let response = try client.call("reload")
        guard let result = response["result"] else { fail("reload failed: \(response["error"]?.jsonText ?? response.jsonText)", status: 1) }
        let folders = arguments.dropFirst().map(absolutePath)
        print(ReloadReport.text(of: result, folders: folders))
        exit(ReloadReport.anyFailed(in: result, folders: folders) ? 1 : 0)
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
case "new-plugin":
    guard arguments.count == 2 || arguments.count == 3 else { fail("new-plugin takes NAME and an optional DIR\n\(usage)", status: 2) }
    let name = arguments[1]
    let folder = arguments.count == 3 ? arguments[2] : name
    // The SDK package of the source tree this CLI runs from, or of the installed copy.
    let sdkPath = absolutePath(sdkFlag ?? InstallLayout.sdk(sourceTree: InstallLayout.sourceTree(builtFrom: "\(#filePath)")) ?? "SDK")
    var info = stat()
    guard stat(sdkPath + "/Package.swift", &info) == 0 else {
        fail("no SDK package at \(sdkPath); pass --sdk PATH (the SDK folder of a Modhost checkout, or share/modhost/SDK of an installed one)", status: 1)
    }
    do {
        try Scaffold.write(name: name, to: folder, sdkPath: sdkPath, modhostPath: PluginLocations.executableFolder().map { $0 + "/modhost" } ?? "modhost")
    } catch {
        fail("\(error)", status: 1)
    }
    print("wrote \(folder): build and install it with \(folder)/install.sh (see \(folder)/README.md)")
default:
    fail("unknown command '\(command)'\n\(usage)", status: 2)
}
