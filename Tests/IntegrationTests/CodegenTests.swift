import Foundation
import ModhostCodegen
import ModhostWire
import BlockingTests
import Testing

/// Tools the codegen tests run besides the built products.
enum CodegenTools {
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let tsc = find("tsc")
    static let node = find("node")
    static let noTsc = "tsc is not installed (scripts/install-deps installs Debian's node-typescript)"
    static let noNode = "node is not installed (scripts/install-deps installs nodejs)"

    /// The files the tests add next to the generated ones (usage files, node scripts).
    static let fixtures = repositoryRoot + "/Tests/Fixtures/Codegen"
    static let client = repositoryRoot + "/clients/js"
}

/// A folder of generated files, made an ES module package, with the fixture files named.
struct GeneratedFolder {
    let path: String

    init(in folder: TemporaryFolder, name: String, adding files: [String]) throws {
        path = folder.path + "/" + name
        for file in files {
            try FileManager.default.copyItem(atPath: CodegenTools.fixtures + "/" + file, toPath: path + "/" + file)
        }
        try #"{"type":"module"}"#.write(toFile: path + "/package.json", atomically: true, encoding: .utf8)
    }

    /// `tsc --strict --noEmit` over the declarations and `files`, with `@modhost/client`
    /// mapped to the JS client's declarations in this tree.
    func typecheck(_ files: [String]) throws -> RunResult {
        let config: JSONValue = [
            "compilerOptions": [
                "target": "ES2022", "lib": ["ES2022"], "module": "node16", "moduleResolution": "node16",
                "strict": true, "noEmit": true, "types": [], "baseUrl": ".",
                "paths": ["@modhost/client": [.string(CodegenTools.client + "/index.d.ts")]],
            ],
            "files": .array((["modifiers.d.ts"] + files).map { .string($0) }),
        ]
        try config.jsonText.write(toFile: path + "/tsconfig.json", atomically: true, encoding: .utf8)
        return try run(URL(fileURLWithPath: CodegenTools.tsc!), ["-p", path, "--strict", "--noEmit"])
    }

    /// Runs a node script of this folder against the daemon at `socket`.
    func node(_ script: String, socket: String) throws -> RunResult {
        try run(
            URL(fileURLWithPath: CodegenTools.node!), [path + "/" + script],
            environment: ["MODHOST_SOCKET": socket, "MODHOST_CLIENT": CodegenTools.client + "/src/index.js"])
    }

    func text(_ file: String) throws -> String { try String(contentsOfFile: path + "/" + file, encoding: .utf8) }
}

@Suite("modhost codegen ts", .serialized, .blocksItsThread, .timeLimit(.minutes(20)))
struct CodegenTests {
    let folder = TemporaryFolder()

    /// `modhost ARGS` with this test's own (empty) user plugin folder.
    func modhost(_ arguments: [String]) throws -> RunResult {
        try run(BuiltProducts.executable("modhost"), arguments, environment: PluginFixtures.environment(folder))
    }

    /// A plugin root holding the HostileNames fixture.
    func hostileRoot() throws -> String {
        let root = folder.path + "/plugins"
        try PluginFixtures.make(in: root, folder: "HostileNames", name: "HostileNames", library: "libHostileNamesFixture.so", modules: ["HostileNamesModule"])
        return root
    }

    @Test(.enabled(if: CodegenTools.tsc != nil, Comment(rawValue: CodegenTools.noTsc)))
    func theBundledPluginsGetTheClientsHelpersAndImportingBothNeverClashes() throws {
        let daemon = try DaemonProcess(folder: folder, environment: PluginFixtures.environment(folder))
        let result = try modhost(["--socket", daemon.socketPath, "codegen", "ts", "--out", folder.path + "/bundled"])
        #expect(result.status == 0, "\(result.stderr)")
        let generated = try GeneratedFolder(in: folder, name: "bundled", adding: ["bundled-usage.ts", "import-both.ts"])
        // Each type the daemon serves: the client's helper, or a config type of its own.
        let served = try daemon.initializedClient().call("describe")["result"]?["modifiers"]?.arrayValue?.compactMap { $0["type"]?.stringValue } ?? []
        #expect(served.contains("swipeActions") && served.contains("refreshable"))
        let types = try generated.text("modifiers.d.ts")
        for type in served {
            #expect(types.contains("{ $type: \"\(type)\"") || types.contains("export { \(type) } from \"@modhost/client\";"), "\(type)")
        }
        for helper in ClientNames.helpers where served.contains(helper.type) {
            #expect(types.contains("export { \(helper.name) } from \"@modhost/client\";"), "\(helper.name)")
            #expect(!types.contains("function \(helper.name)("), "\(helper.name)")
        }
        let checked = try generated.typecheck(["bundled-usage.ts", "import-both.ts"])
        #expect(checked.status == 0 && checked.stdout.isEmpty, "\(checked.stdout)\(checked.stderr)")
    }

    @Test(.enabled(if: CodegenTools.tsc != nil, Comment(rawValue: CodegenTools.noTsc)))
    func theClientsHandWrittenTypesMatchTheBundledPluginsSchemas() throws {
        // The plain output (a factory per type, no client helpers) is what the client's
        // hand-written types are compared with.
        let daemon = try DaemonProcess(folder: folder, environment: PluginFixtures.environment(folder))
        let describe = try #require(try daemon.initializedClient().call("describe")["result"])
        var generator = TypeScriptGenerator()
        generator.usesClientHelpers = false
        let out = folder.path + "/bundled-plain"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for (name, text) in try generator.files(describeResult: describe) {
            try text.write(toFile: out + "/" + name, atomically: true, encoding: .utf8)
        }
        let generated = try GeneratedFolder(in: folder, name: "bundled-plain", adding: ["client-compat.ts"])
        let checked = try generated.typecheck(["client-compat.ts"])
        #expect(checked.status == 0 && checked.stdout.isEmpty, "\(checked.stdout)\(checked.stderr)")
    }

    /// The JS client's helpers for the bundled plugins and the list of them are generated
    /// files, committed: they must be what `modhost codegen client` writes from the plugins
    /// as built now. (After changing a bundled plugin's modifiers, run it: docs/codegen.md.)
    @Test func theClientsGeneratedHelpersAreWhatCodegenClientWritesNow() throws {
        let root = folder.path + "/client"
        let result = try modhost(["codegen", "client", "--root", root])
        #expect(result.status == 0, "\(result.stderr)")
        for path in ClientHelpersGenerator.allFiles {
            let written = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            let committed = try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
            #expect(written == committed, "\(path) is stale: run `.build/release/modhost codegen client` in the repository's root (after `swift build -c release`), then build again")
        }
    }

    @Test(.enabled(if: CodegenTools.node != nil, Comment(rawValue: CodegenTools.noNode)))
    func theGeneratorsListOfTheClientsNamesIsTheClientsOwn() throws {
        // The values: what the client's module exports, as node sees it.
        let script = "import(process.argv[1]).then((m) => console.log(JSON.stringify(Object.keys(m))))"
        let listed = try run(URL(fileURLWithPath: CodegenTools.node!), ["-e", script, CodegenTools.client + "/src/index.js"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let values = Set(try JSONParser.parse(listed.stdout).arrayValue?.compactMap(\.stringValue) ?? [])
        #expect(values == ClientNames.values, "missing: \(values.subtracting(ClientNames.values).sorted()); extra: \(ClientNames.values.subtracting(values).sorted())")
        // The types: what its declaration files export.
        var types: Set<String> = []
        for file in ["index.d.ts", "view-props.d.ts", "src/generated/bundled-modifiers.d.ts"] {
            let text = try String(contentsOfFile: CodegenTools.client + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard words.first == "export" else { continue }
                let rest = words.dropFirst().drop { $0 == "declare" }
                if let kind = rest.first, ["type", "interface", "class", "namespace"].contains(kind), rest.count > 1 {
                    types.insert(String(rest[rest.startIndex + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
                }
            }
        }
        #expect(types == ClientNames.types, "missing: \(types.subtracting(ClientNames.types).sorted()); extra: \(ClientNames.types.subtracting(types).sorted())")
        // Each helper is one of the client's values, and its re-exported types its types.
        for helper in ClientNames.helpers {
            #expect(values.contains(helper.name), "\(helper.name)")
            for type in helper.types { #expect(types.contains(type), "\(type)") }
        }
    }

    @Test(.enabled(if: CodegenTools.tsc != nil, Comment(rawValue: CodegenTools.noTsc)))
    func hostileNamesFromPluginFoldersGetDistinctValidIdentifiersThatPassTscStrict() throws {
        let root = try hostileRoot()
        let result = try modhost(["codegen", "ts", "--plugins", root, "--no-bundled-plugins", "--out", folder.path + "/hostile"])
        #expect(result.status == 0, "\(result.stderr)")
        let generated = try GeneratedFolder(in: folder, name: "hostile", adding: ["hostile-usage.ts"])
        let types = try generated.text("modifiers.d.ts")
        for declaration in [
            "function _3d(", "function class_(", "function Foo(", "function foo_2(", "function aB(", "function aB_2(",
            "function a_b(", "function default_(", "function constructor(", "function unnamed(", "function requireHostileNamesModule(",
        ] {
            #expect(types.contains("export declare \(declaration)"), "\(declaration)")
        }
        let checked = try generated.typecheck(["hostile-usage.ts"])
        #expect(checked.status == 0 && checked.stdout.isEmpty, "\(checked.stdout)\(checked.stderr)")
    }

    @Test(.enabled(if: CodegenTools.tsc != nil, Comment(rawValue: CodegenTools.noTsc)))
    func declaredEventPayloadsTypeTheListenersAndPassTscStrict() throws {
        // A describe result with declared payloads of other shapes than the bundled plugins'
        // (Tests/Fixtures/Codegen/events.json, a module event payload too) goes through the
        // generator directly.
        let describe = try JSONParser.parse(String(contentsOfFile: CodegenTools.fixtures + "/events.json", encoding: .utf8))
        let out = folder.path + "/events"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        // Plain output: these types carry the bundled plugins' names, whose factories would
        // otherwise be the client's helpers (typed by the client, not by these payloads).
        var generator = TypeScriptGenerator()
        generator.usesClientHelpers = false
        for (name, text) in try generator.files(describeResult: describe) {
            try text.write(toFile: out + "/" + name, atomically: true, encoding: .utf8)
        }
        let generated = try GeneratedFolder(in: folder, name: "events", adding: ["events-usage.ts"])
        let checked = try generated.typecheck(["events-usage.ts"])
        #expect(checked.status == 0 && checked.stdout.isEmpty, "\(checked.stdout)\(checked.stderr)")
    }

    @Test(.enabled(if: CodegenTools.tsc != nil, Comment(rawValue: CodegenTools.noTsc)))
    func aTooLooseTypeFailsTheCheck() throws {
        // The usage files' @ts-expect-error lines are what catch loose types: with a wrong
        // enum value allowed, tsc must report the unused directive.
        let root = try hostileRoot()
        let result = try modhost(["codegen", "ts", "--plugins", root, "--no-bundled-plugins", "--out", folder.path + "/loose"])
        #expect(result.status == 0, "\(result.stderr)")
        let generated = try GeneratedFolder(in: folder, name: "loose", adding: ["hostile-usage.ts"])
        let types = try generated.text("modifiers.d.ts")
        try types.replacingOccurrences(of: #"mode?: "default" | "fast" | "2d";"#, with: "mode?: string;")
            .write(toFile: generated.path + "/modifiers.d.ts", atomically: true, encoding: .utf8)
        let checked = try generated.typecheck(["hostile-usage.ts"])
        #expect(checked.status != 0)
        #expect(checked.stdout.contains("Unused '@ts-expect-error' directive"), "\(checked.stdout)")
    }

    @Test(.enabled(if: CodegenTools.node != nil, Comment(rawValue: CodegenTools.noNode)))
    func theGeneratedFactoriesAndAccessorsWorkAgainstARealDaemon() throws {
        let root = try hostileRoot()
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let out = folder.path + "/runtime"
        let result = try modhost([
            "codegen", "ts", "--plugins", root, "--no-bundled-plugins", "--out", out,
            "--client-import", CodegenTools.client + "/src/index.js",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let generated = try GeneratedFolder(in: folder, name: "runtime", adding: ["mount-hostile.mjs"])
        let ran = try generated.node("mount-hostile.mjs", socket: daemon.socketPath)
        #expect(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
        let answer = try JSONParser.parse(ran.stdout)
        // The wire keeps the original names: types, module and function.
        let types: JSONValue = ["3d", "class", "Foo", "foo", "a-b", "aB", "a_b", "default", "constructor", "✨"]
        #expect(answer["types"] == types)
        #expect(answer["snapshot"]?["root"]?["modifiers"]?.arrayValue?.compactMap { $0["$type"] } == types.arrayValue)
        #expect(answer["aB"] == ["yes", "yes"])
        #expect(answer["class"] == "echo")
    }

    /// A plugin root holding the Rating fixture (views `Rating` and `Panel`).
    func ratingRoot() throws -> String {
        let root = folder.path + "/views-plugins"
        try PluginFixtures.make(in: root, folder: "Rating", name: "RatingFixture", library: "libRatingFixture.so", modules: ["RatingModule", "PanelModule"])
        return root
    }

    @Test(.enabled(if: CodegenTools.tsc != nil && CodegenTools.node != nil, Comment(rawValue: CodegenTools.noTsc)))
    func pluginViewsGetTypedPropsAndHelpersThatMountOnARealDaemon() throws {
        let root = try ratingRoot()
        let out = folder.path + "/views"
        let result = try modhost([
            "codegen", "ts", "--plugins", root, "--no-bundled-plugins", "--out", out, "--client-import", CodegenTools.client + "/src/index.js",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let generated = try GeneratedFolder(in: folder, name: "views", adding: ["views-usage.ts", "mount-views.mjs"])
        let types = try generated.text("modifiers.d.ts")
        #expect(types.contains("export declare const Rating: $client.NativeViewHelper<RatingProps>;"), "\(types)")
        #expect(types.contains("onValueChange?: (event: $client.NativeViewEvent) => void;"), "\(types)")
        #expect(try generated.text("modifiers.js").contains(#"export const Rating = $nativeViewHelper("Rating");"#))
        // tsc, with @modhost/client mapped to this tree's client (the import is a path here).
        try types.replacingOccurrences(of: JSONValue.string(CodegenTools.client + "/src/index.js").jsonText, with: #""@modhost/client""#)
            .write(toFile: generated.path + "/modifiers.d.ts", atomically: true, encoding: .utf8)
        let checked = try generated.typecheck(["views-usage.ts"])
        #expect(checked.status == 0 && checked.stdout.isEmpty, "\(checked.stdout)\(checked.stderr)")

        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let ran = try generated.node("mount-views.mjs", socket: daemon.socketPath)
        #expect(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
        #expect(try JSONParser.parse(ran.stdout) == ["seen": [3], "handled": true, "type": "Rating"])
    }

    @Test(.enabled(if: CodegenTools.node != nil, Comment(rawValue: CodegenTools.noNode)))
    func theBundledFactoriesMountOnARealDaemon() throws {
        let daemon = try DaemonProcess(folder: folder, environment: PluginFixtures.environment(folder))
        let result = try modhost([
            "--socket", daemon.socketPath, "codegen", "ts", "--out", folder.path + "/bundled-runtime",
            "--client-import", CodegenTools.client + "/src/index.js",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let generated = try GeneratedFolder(in: folder, name: "bundled-runtime", adding: ["mount-bundled.mjs"])
        let ran = try generated.node("mount-bundled.mjs", socket: daemon.socketPath)
        #expect(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
        let answer = try JSONParser.parse(ran.stdout)
        let root = answer["snapshot"]?["root"]
        #expect(root?["modifiers"]?.arrayValue?.compactMap { $0["$type"]?.stringValue } == ["swipeActions", "padding", "font", "background", "onAppear"])
        #expect(root?["styles"]?[2] == ["$style": "background", "color": "#FF000080", "shape": "capsule"])
        // The generated module's helpers are the client's own functions.
        #expect(answer["same"] == true)
        // The accessor calls ExpoUI.completeRefresh by its name: the host answers that no
        // refresh 'none' is running.
        #expect(answer["completeRefresh"] == "rejected -32003")
    }

    @Test func theOutputIsTheSameFromTheDaemonAndFromPluginFoldersAndFromRunToRun() throws {
        let root = try hostileRoot()
        let daemon = try DaemonProcess(arguments: ["--plugins", root], folder: folder, environment: PluginFixtures.environment(folder))
        var outputs: [[String: String]] = []
        for (index, arguments) in [
            ["--socket", daemon.socketPath, "codegen", "ts"], ["--socket", daemon.socketPath, "codegen", "ts"],
            ["codegen", "ts", "--plugins", root],
        ].enumerated() {
            let out = folder.path + "/run\(index)"
            let result = try modhost(arguments + ["--out", out])
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(try [
                "modifiers.js": String(contentsOfFile: out + "/modifiers.js", encoding: .utf8),
                "modifiers.d.ts": String(contentsOfFile: out + "/modifiers.d.ts", encoding: .utf8),
            ])
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0] == outputs[2])
        #expect(outputs[0]["modifiers.d.ts"]?.contains("plugins: ExpoUI, HostileNames, SwipeActions.") == true)
    }

    @Test func modhostdDescribePrintsTheDescribeResultWithoutASocketAndReportsLoadFailuresOnStderr() throws {
        let root = try hostileRoot()
        // A plugin folder whose library is missing fails to load, and says so.
        try PluginFixtures.make(in: root, folder: "Broken", name: "Broken", copyLibrary: false)
        let result = try run(
            BuiltProducts.executable("modhostd"), ["--describe", "--plugins", root, "--no-bundled-plugins"],
            environment: PluginFixtures.environment(folder))
        #expect(result.status == 0, "\(result.stderr)")
        let describe = try JSONParser.parse(result.stdout)
        #expect(describe["modifiers"]?.arrayValue?.count == 10)
        #expect(describe["modules"]?[0]?["name"] == "hostile-names")
        #expect(describe["plugins"]?.arrayValue?.contains { $0["name"] == "Broken" && $0["status"] == "failed" } == true)
        #expect(result.stderr.contains("Broken"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/modhost"), "no socket folder is made")
    }

    @Test func usageMistakesExit2AndAMissingDaemonSaysHowToWorkWithoutOne() throws {
        let noLanguage = try modhost(["codegen"])
        #expect(noLanguage.status == 2 && noLanguage.stderr.contains("codegen ts"), "\(noLanguage.stderr)")
        let both = try modhost(["--socket", folder.path + "/s.sock", "codegen", "ts", "--plugins", folder.path])
        #expect(both.status == 2 && both.stderr.contains("not both"), "\(both.stderr)")
        let stray = try modhost(["codegen", "ts", "--outt", folder.path])
        #expect(stray.status == 2 && stray.stderr.contains("unexpected arguments --outt") && stray.stderr.contains("(did you mean '--out'?)"), "\(stray.stderr)")
        let typo = try modhost(["codegen", "tss"])
        #expect(typo.status == 2 && typo.stderr.contains("(did you mean 'ts'?)"), "\(typo.stderr)")
        let noDaemon = try modhost(["--socket", folder.path + "/none.sock", "codegen", "ts", "--out", folder.path + "/x"])
        #expect(noDaemon.status == 1 && noDaemon.stderr.contains("--plugins DIR"), "\(noDaemon.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/x"))
    }

    @Test func aPluginFolderThatDoesNotLoadIsReportedAndExits1() throws {
        let root = try hostileRoot()
        try PluginFixtures.make(in: root, folder: "Broken", name: "Broken", copyLibrary: false)
        let result = try modhost(["codegen", "ts", "--plugins", root, "--no-bundled-plugins", "--out", folder.path + "/partial"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("plugin Broken (\(root)/Broken) did not load, so its types are missing"), "\(result.stderr)")
        // What did load is still written.
        #expect(result.stdout.contains("10 modifier type(s), 1 module(s)"), "\(result.stdout)")
    }
}
