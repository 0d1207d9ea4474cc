import Glibc
import ModhostClient
import ModhostWire

// `modhost`: talk to a running modhostd from a terminal.
let usage = """
    usage: modhost [--socket PATH] COMMAND

    commands:
      ping                       check that the daemon answers
      call METHOD [JSON-PARAMS]  send one request on a connection of its own and print
                                 the response as JSON (initialize is sent first unless
                                 METHOD is initialize or ping); exits 1 when the response
                                 is an error
      session [FILE]             send many requests on one connection, a line each from
                                 FILE or stdin: METHOD [JSON-PARAMS] or a JSON-RPC message;
                                 prints every response and notification; exits 1 if a
                                 response was an error
      watch [--json] [--topics LIST]
                                 print every event, diagnostic, pluginsChanged and
                                 moduleEvent the daemon sends to any connection, a line
                                 each, until Ctrl-C (LIST: comma-separated topics);
                                 exits 1 when the daemon goes away
      inspect [--port N] [--open]
                                 serve a live page of every surface of every connection
                                 on 127.0.0.1 (port N, default a free one), behind a
                                 random token in the URL it prints; gestures on the page
                                 reach the owning front-ends; needs node (20+); --open
                                 opens it with xdg-open
      plugins [--json]           list the plugin folders: NAME VERSION STATUS TYPES ERROR
      plugins enable NAME        let a quarantined plugin (one that crashed or hung the
                                 daemon) load again, and print what the daemon made of it
      reload [--json] [FOLDER...]
                                 ask the daemon to rescan its plugin folders now and
                                 print what changed; with FOLDERs, also print what the
                                 daemon made of each plugin folder (exits 1 if one failed)
      version [--json]           print the versions of modhost and of the daemon (server,
                                 protocol, SDK); exits 1 when the daemon is not reachable
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
      codegen client [--root DIR]
                                 (re)write the JS client's generated helpers for the
                                 bundled plugins under DIR, this repository's root
                                 (default .), from the bundled plugins alone
      help                       print this help

    --json prints the data behind a table or report as JSON instead.
    The socket is found as modhostd finds it: --socket, $MODHOST_SOCKET,
    $XDG_RUNTIME_DIR/modhost/modhost.sock, /tmp/modhost-$UID/modhost.sock.
    """

var arguments = Array(CommandLine.arguments.dropFirst())

let sdkFlag = takeFlag("--sdk", from: &arguments, help: usage)
let socketFlag = takeFlag("--socket", from: &arguments, help: usage)
guard let command = arguments.first else { fail("no command given\n\(usage)", status: 2) }
let path = SocketPath.resolve(flag: socketFlag, environment: SocketPath.processEnvironment())

switch command {
case "help", "--help", "-h":
    printLine(usage)
case "codegen":
    runCodegen(arguments: arguments, socketPath: path, socketFlag: socketFlag)
case "conformance":
    runConformance(arguments: Array(arguments.dropFirst()), socketFlag: socketFlag, defaultSocket: path)
case "ping":
    guard arguments.count == 1 else { fail("ping takes no arguments\n\(usage)", status: 2) }
    let client = connectOrExit(path)
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    do {
        let response = try client.call("ping")
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        if let error = response["error"] { fail("ping failed: \(error.jsonText)", status: 1) }
        let micros = (end.tv_sec - start.tv_sec) * 1_000_000 + (end.tv_nsec - start.tv_nsec) / 1000
        printLine("pong from \(path) in \(micros) µs")
    } catch {
        fail("\(error)", status: 1)
    }
case "plugins":
    var rest = Array(arguments.dropFirst())
    let json = takeSwitch("--json", from: &rest)
    if rest.first == "enable" {
        guard rest.count == 2, !json else { fail("plugins enable takes one NAME\n\(usage)", status: 2) }
        let (client, _) = initializeOrExit(path)
        let result = resultOrExit(client, "enablePlugin", params: ["name": .string(rest[1])])
        let folders = (result["plugins"]?.arrayValue ?? []).filter { $0["name"]?.stringValue == rest[1] }.compactMap { $0["path"]?.stringValue }
        printLine(ReloadReport.text(of: result, folders: folders))
        exit(ReloadReport.anyFailed(in: result, folders: folders) ? 1 : 0)
    }
    guard rest.isEmpty else {
        let hint = Suggestion.closest(to: rest[0], among: ["enable"]).map { " (did you mean '\($0)'?)" } ?? ""
        fail("plugins takes --json, or: enable NAME; not '\(rest.joined(separator: " "))'\(hint)\n\(usage)", status: 2)
    }
    let (client, _) = initializeOrExit(path)
    let plugins = resultOrExit(client, "describe")["plugins"]?.arrayValue ?? []
    if json { printJSON(.array(plugins)) } else { printLine(PluginsTable.text(of: plugins)) }
case "reload":
    ReloadReport.run(arguments: Array(arguments.dropFirst()), socket: path)
case "version":
    VersionCommand.run(arguments: Array(arguments.dropFirst()), socket: path)
case "inspect":
    InspectCommand.run(arguments: Array(arguments.dropFirst()), socket: path, mainFile: "\(#filePath)")
case "watch":
    WatchCommand.run(arguments: Array(arguments.dropFirst()), socket: path)
case "session":
    SessionCommand.run(arguments: Array(arguments.dropFirst()), socket: path)
case "call":
    guard arguments.count == 2 || arguments.count == 3 else { fail("call takes METHOD and optional JSON params\n\(usage)", status: 2) }
    let method = arguments[1]
    var params: JSONValue? = nil
    if arguments.count == 3 {
        do { params = try JSONParser.parse(arguments[2]) } catch { fail("JSON-PARAMS is not valid JSON: \(error)", status: 2) }
    }
    let client = method != "initialize" && method != "ping" ? initializeOrExit(path).client : connectOrExit(path)
    do {
        let response = try client.call(method, params: params)
        printJSON(response)
        for hint in hints(for: response, oneShot: true) { printError("hint: \(hint)") }
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
    printLine("wrote \(folder): build and install it with \(folder)/install.sh (see \(folder)/README.md)")
default:
    let commands = ["ping", "call", "session", "watch", "inspect", "plugins", "reload", "version", "new-plugin", "conformance", "codegen", "help"]
    let hint = Suggestion.hint(Suggestion.closest(to: command, among: commands))
    // The hint and where the help is, not the help itself: 60 lines of it would bury the hint.
    fail("unknown command '\(command)'\(hint)\nrun 'modhost --help' for the list of commands", status: 2)
}
