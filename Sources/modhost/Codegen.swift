import Foundation
import ModhostCodegen
import ModhostClient
import ModhostWire

/// `modhost codegen ts [--out DIR] [--client-import SPEC] [--plugins DIR]... [--no-bundled-plugins]`:
/// writes `modifiers.js` and `modifiers.d.ts` from what the daemon on the socket describes, or,
/// given plugin folders, from what a one-shot `modhostd --describe` loads from them.
func runCodegen(arguments: [String], socketPath: String, socketFlag: String?) -> Never {
    var rest = Array(arguments.dropFirst())
    if rest.first == "client" { runClientCodegen(arguments: Array(rest.dropFirst())) }
    guard rest.first == "ts" else {
        let hint = rest.first.flatMap { Suggestion.closest(to: $0, among: ["ts", "client"]) }.map { " (did you mean '\($0)'?)" } ?? ""
        fail("codegen takes a target: codegen ts (TypeScript for plugins), or codegen client (the JS client's own helpers)\(hint)\n\(usage)", status: 2)
    }
    rest.removeFirst()
    let out = takeFlag("--out", from: &rest, help: usage) ?? "modhost-generated"
    var generator = TypeScriptGenerator()
    if let specifier = takeFlag("--client-import", from: &rest, help: usage) { generator.clientImport = specifier }
    var pluginFolders: [String] = []
    while let folder = takeFlag("--plugins", from: &rest, help: usage) { pluginFolders.append(absolutePath(folder)) }
    let noBundled = rest.contains("--no-bundled-plugins")
    rest.removeAll { $0 == "--no-bundled-plugins" }
    guard rest.isEmpty else {
        let known = ["--out", "--client-import", "--plugins", "--no-bundled-plugins", "--socket"]
        let hint = Suggestion.closest(to: rest[0], among: known).map { " (did you mean '\($0)'?)" } ?? ""
        fail("codegen ts: unexpected arguments \(rest.joined(separator: " "))\(hint)\n\(usage)", status: 2)
    }
    if socketFlag != nil && (!pluginFolders.isEmpty || noBundled) {
        fail("codegen ts: give --socket (a running daemon) or --plugins/--no-bundled-plugins (plugin folders), not both", status: 2)
    }

    let describe = pluginFolders.isEmpty && !noBundled
        ? describeFromDaemon(socketPath: socketPath)
        : describeFromPluginFolders(pluginFolders, bundled: !noBundled)
    let files: [String: String]
    do {
        files = try generator.files(describeResult: describe)
    } catch {
        fail("codegen ts: the describe result cannot be read: \(error)", status: 1)
    }
    do {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            try text.write(toFile: out + "/" + name, atomically: true, encoding: .utf8)
        }
    } catch {
        fail("codegen ts: cannot write \(out): \(error)", status: 1)
    }
    let types = describe["modifiers"]?.arrayValue?.count ?? 0
    let modules = describe["modules"]?.arrayValue?.count ?? 0
    printLine("wrote \(out)/\(TypeScriptGenerator.moduleFile) and \(out)/\(TypeScriptGenerator.declarationFile): \(types) modifier type(s), \(modules) module(s)")
    // A plugin folder that was asked for and did not load has no types in the output: say so.
    let failed = (describe["plugins"]?.arrayValue ?? []).filter { plugin in
        guard plugin["status"]?.stringValue == "failed", let path = plugin["path"]?.stringValue else { return false }
        return pluginFolders.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }
    for plugin in failed {
        let name = plugin["name"]?.stringValue ?? plugin["path"]?.stringValue ?? "?"
        printError("modhost: codegen ts: plugin \(name) (\(plugin["path"]?.stringValue ?? "")) did not load, so its types are missing: \(plugin["error"]?.stringValue ?? "")")
    }
    exit(failed.isEmpty ? 0 : 1)
}

/// `modhost codegen client [--root DIR]`: writes the JS client's generated helpers for the
/// bundled plugins (and the list of them this CLI's generator keeps) under DIR, the
/// repository's root (default: the current folder), from the bundled plugins alone.
private func runClientCodegen(arguments: [String]) -> Never {
    var rest = arguments
    let root = takeFlag("--root", from: &rest, help: usage) ?? "."
    guard rest.isEmpty else {
        fail("codegen client: unexpected arguments \(rest.joined(separator: " ")) (it takes --root DIR)\n\(usage)", status: 2)
    }
    let describe = describeFromPluginFolders([], bundled: true, withoutUserPlugins: true)
    // Output from plugins that did not load would drop their helpers: refuse to write it.
    let plugins = describe["plugins"]?.arrayValue ?? []
    for name in ClientNames.bundledPlugins.sorted() {
        guard let plugin = plugins.first(where: { $0["name"]?.stringValue == name }), plugin["status"]?.stringValue == "loaded" else {
            let error = plugins.first { $0["name"]?.stringValue == name }?["error"]?.stringValue ?? "it was not found beside modhostd"
            fail("codegen client: the bundled plugin \(name) did not load, so nothing was written: \(error)", status: 1)
        }
    }
    let files: [String: String]
    do {
        files = try ClientHelpersGenerator().files(describeResult: describe)
    } catch {
        fail("codegen client: \(error)", status: 1)
    }
    do {
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let target = root + "/" + path
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: target, atomically: true, encoding: .utf8)
            printLine("wrote \(target)")
        }
    } catch {
        fail("codegen client: cannot write under \(root): \(error)", status: 1)
    }
    exit(0)
}

/// `initialize` then `describe` on the daemon at `socketPath`.
private func describeFromDaemon(socketPath: String) -> JSONValue {
    let client: BlockingClient
    do {
        client = try BlockingClient(path: socketPath)
    } catch {
        fail("codegen ts: no daemon answers at \(socketPath) (\(error)); start one, or give --plugins DIR to read plugin folders without one", status: 1)
    }
    return resultOrExit(initializeOrExit(client).client, "describe")
}

/// Runs the `modhostd` beside this `modhost` with `--describe`, which loads the plugins as the
/// daemon would and prints the describe result; its stderr (plugin load failures) passes through.
/// `withoutUserPlugins`: the user plugin folder is not read (an empty `XDG_DATA_HOME`), so
/// that only the plugins asked for describe themselves.
private func describeFromPluginFolders(_ folders: [String], bundled: Bool, withoutUserPlugins: Bool = false) -> JSONValue {
    guard let binFolder = PluginLocations.executableFolder() else { fail("codegen ts: cannot find the folder of this executable", status: 1) }
    let daemon = binFolder + "/modhostd"
    guard FileManager.default.isExecutableFile(atPath: daemon) else {
        fail("codegen ts: no modhostd beside modhost (\(daemon)); reading plugin folders needs it", status: 1)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: daemon)
    process.arguments = ["--describe", "--log-level", "warning"] + folders.flatMap { ["--plugins", $0] } + (bundled ? [] : ["--no-bundled-plugins"])
    var emptyDataHome: String? = nil
    if withoutUserPlugins {
        let folder = NSTemporaryDirectory() + "modhost-codegen-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        emptyDataHome = folder
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = folder
        process.environment = environment
    }
    defer { if let emptyDataHome { try? FileManager.default.removeItem(atPath: emptyDataHome) } }
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch { fail("codegen ts: cannot run \(daemon): \(error)", status: 1) }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
        fail("codegen ts: \(daemon) --describe failed (status \(process.terminationStatus))", status: 1)
    }
    do {
        return try JSONParser.parse([UInt8](data))
    } catch {
        fail("codegen ts: \(daemon) --describe printed no JSON: \(error)", status: 1)
    }
}
