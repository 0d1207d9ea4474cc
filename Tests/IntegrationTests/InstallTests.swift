import Foundation
import ModhostWire
import BlockingTests
import Testing

/// `scripts/install` into a temporary prefix. The script builds in release mode; here it
/// installs the products this test run already has (`--from-build`), which is the same copy
/// and keeps the suite from building the package a second time.
struct Installation {
    let folder: TemporaryFolder
    let prefix: String
    let unitFolder: String

    static let script = URL(fileURLWithPath: repositoryRoot + "/scripts/install")

    init(in folder: TemporaryFolder = TemporaryFolder(), arguments: [String] = []) throws {
        self.folder = folder
        prefix = folder.path + "/prefix"
        unitFolder = arguments.firstIndex(of: "--unit-dir").map { arguments[$0 + 1] } ?? prefix + "/share/systemd/user"
        let result = try Self.run(["--prefix", prefix, "--from-build", BuiltProducts.folder.path] + arguments)
        guard result.status == 0 else { throw HarnessError("scripts/install failed:\n\(result.stdout)\(result.stderr)") }
    }

    func executable(_ name: String) -> URL { URL(fileURLWithPath: prefix + "/bin/" + name) }

    /// Runs the script where it cannot reach the user's own systemd (`--uninstall` asks it
    /// whether the units are in use).
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> RunResult {
        let runtime = TemporaryFolder()
        return try IntegrationTests.run(
            script, arguments,
            environment: ["XDG_RUNTIME_DIR": runtime.path, "DBUS_SESSION_BUS_ADDRESS": ""].merging(environment) { $1 })
    }

    /// Every path under `folder`, relative to it.
    static func tree(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
    }
}

@Suite("scripts/install", .blocksItsThread, .timeLimit(.minutes(20)))
struct InstallTests {
    @Test func theInstalledBinariesLoadTheSDKLibraryFromThePrefix() throws {
        let installed = try Installation()
        for name in ["modhostd", "modhost"] {
            let ldd = try run(URL(fileURLWithPath: "/usr/bin/env"), ["ldd", installed.executable(name).path])
            #expect(ldd.status == 0, "\(ldd.stderr)")
            #expect(ldd.stdout.contains("libModifierKit.so => \(installed.prefix)/bin/../lib/modhost/libModifierKit.so"), "\(ldd.stdout)")
            #expect(!ldd.stdout.contains("not found"), "\(ldd.stdout)")
        }
    }

    @Test func theInstalledDaemonServesItsOwnBundledPluginsAndTheInstalledCLITalksToIt() throws {
        let installed = try Installation()
        let daemon = try DaemonProcess(executable: installed.executable("modhostd"), folder: installed.folder)

        let pong = try run(installed.executable("modhost"), ["--socket", daemon.socketPath, "ping"])
        #expect(pong.status == 0, "\(pong.stderr)")
        #expect(pong.stdout.hasPrefix("pong from \(daemon.socketPath)"), "\(pong.stdout)")

        let call = try run(installed.executable("modhost"), ["--socket", daemon.socketPath, "call", "describe"])
        #expect(call.status == 0, "\(call.stderr)")
        let described = try #require(try JSONParser.parse(call.stdout)["result"])
        let bundled = installed.prefix + "/lib/modhost/plugins"
        let swipe = try #require(described["plugins"]?.arrayValue?.first { $0["name"] == "SwipeActions" })
        #expect(swipe["status"] == "loaded", "\(swipe.jsonText)")
        #expect(swipe["path"] == .string(bundled + "/SwipeActions"))
        #expect(described["modifiers"]?.arrayValue?.contains { $0["type"] == "swipeActions" } == true)
        // The bundled plugins are the prefix's alone: the source tree it was built from is not a root.
        let roots = described["roots"]?.arrayValue ?? []
        #expect(roots.filter { $0["kind"] == "bundled" }.compactMap { $0["path"]?.stringValue } == [bundled], "\(roots)")
        #expect(!roots.contains { ($0["path"]?.stringValue ?? "").hasPrefix(repositoryRoot) }, "\(roots)")
    }

    @Test func aPluginScaffoldedByTheInstalledCLIBuildsAgainstTheInstalledSDKAndLoads() throws {
        let installed = try Installation()
        let package = installed.folder.path + "/hello"
        let made = try run(installed.executable("modhost"), ["new-plugin", "Hello", package])
        try #require(made.status == 0, "\(made.stderr)")
        let manifest = try String(contentsOfFile: package + "/Package.swift", encoding: .utf8)
        #expect(manifest.contains(".package(path: \"\(installed.prefix)/share/modhost/SDK\")"), "\(manifest)")

        // install.sh builds in release mode, installs into the daemon's user plugin folder and
        // asks the daemon, through the installed modhost it names, to load it.
        let daemon = try DaemonProcess(executable: installed.executable("modhostd"), folder: installed.folder)
        let root = installed.folder.path + "/data/modhost/plugins"
        let result = try run(URL(fileURLWithPath: package + "/install.sh"), [], environment: [
            "MODHOST_SOCKET": daemon.socketPath, "XDG_DATA_HOME": installed.folder.path + "/data", "MODHOST": "",
        ])
        try #require(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Hello (\(root)/Hello): loaded, serving hello"), "\(result.stdout)\n\(daemon.log)")

        let client = try daemon.initializedClient()
        let modifiers = try #require(client.call("describe")["result"]?["modifiers"]?.arrayValue)
        #expect(modifiers.first { $0["type"] == "hello" }?["plugin"] == "Hello", "\(modifiers)")
        #expect(modifiers.contains { $0["type"] == "swipeActions" })
    }

    @Test func theSystemctlHintIsGivenOnlyWhenSystemdReadsTheUnitFolder() throws {
        let folder = TemporaryFolder()
        let prefix = folder.path + "/prefix"
        // The user's own folders, as systemd would find them, are temporary ones here.
        let environment = ["XDG_CONFIG_HOME": folder.path + "/config", "XDG_DATA_HOME": folder.path + "/data"]
        let enable = "to run the daemon on demand: systemctl --user daemon-reload && systemctl --user enable --now modhostd.socket"

        // PREFIX/share/systemd/user of a prefix of its own: not a folder systemd reads.
        let elsewhere = try Installation.run(["--prefix", prefix, "--from-build", BuiltProducts.folder.path], environment: environment)
        #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
        #expect(!elsewhere.stdout.contains(enable), "\(elsewhere.stdout)")
        #expect(elsewhere.stdout.contains("the units are in \(prefix)/share/systemd/user, which systemctl --user does not read"), "\(elsewhere.stdout)")
        #expect(elsewhere.stdout.contains("--unit-dir \(folder.path)/config/systemd/user"), "\(elsewhere.stdout)")
        #expect(elsewhere.stdout.contains("systemctl --user link \(prefix)/share/systemd/user/modhostd.socket"), "\(elsewhere.stdout)")
        #expect(elsewhere.stdout.contains("or run the daemon yourself: \(prefix)/bin/modhostd"), "\(elsewhere.stdout)")

        // $XDG_CONFIG_HOME/systemd/user is one.
        let read = try Installation.run(
            ["--prefix", prefix, "--from-build", BuiltProducts.folder.path, "--unit-dir", folder.path + "/config/systemd/user"],
            environment: environment)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains(enable), "\(read.stdout)")
        #expect(!read.stdout.contains("does not read"), "\(read.stdout)")
    }

    @Test func uninstallRemovesExactlyWhatTheInstallPutAndTheFoldersItMade() throws {
        let folder = TemporaryFolder()
        // A prefix that holds files of its own, and units in a folder of their own.
        try FileManager.default.createDirectory(atPath: folder.path + "/prefix/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path + "/prefix/share", withIntermediateDirectories: true)
        try "mine".write(toFile: folder.path + "/prefix/bin/own-tool", atomically: true, encoding: .utf8)
        let before = Installation.tree(folder.path)
        let units = folder.path + "/config/systemd/user"

        let first = try Installation(in: folder, arguments: ["--unit-dir", units])
        #expect(FileManager.default.fileExists(atPath: units + "/modhostd.service"))
        // A second install replaces the first; it still knows which folders the first made.
        _ = try Installation(in: folder, arguments: ["--unit-dir", units])
        let manifest = try String(contentsOfFile: first.prefix + "/share/modhost/install-manifest", encoding: .utf8)
        #expect(manifest.contains("\ndir \(folder.path)/config\n"), "\(manifest)")
        #expect(!manifest.contains("\ndir \(first.prefix)/bin\n"), "\(manifest)")

        let removed = try Installation.run(["--uninstall", "--prefix", first.prefix])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(Installation.tree(folder.path) == before)
        #expect(try String(contentsOfFile: folder.path + "/prefix/bin/own-tool", encoding: .utf8) == "mine")

        let again = try Installation.run(["--uninstall", "--prefix", first.prefix])
        #expect(again.status == 1)
        #expect(again.stderr.contains("nothing to uninstall"), "\(again.stderr)")
    }

    @Test func theInstalledInspectorRunsFromThePrefixAndServesItsPage() throws {
        let installed = try Installation()
        let daemon = try DaemonProcess(executable: installed.executable("modhostd"), folder: installed.folder)
        let inspector = try RunningCLI(["--socket", daemon.socketPath, "inspect"], executable: installed.executable("modhost"))
        let url = try CLIInspectTests.inspectorURL(inspector)
        #expect(try CLIInspectTests.status(of: url + "inspector.js") == "200")
        inspector.process.terminate()
        #expect(try inspector.waitForExit().status == 0)
        let manifest = try String(contentsOfFile: installed.prefix + "/share/modhost/install-manifest", encoding: .utf8)
        for file in ["inspector/server.mjs", "inspector/static/index.html", "clients/js/src/index.js", "clients/js/package.json"] {
            #expect(manifest.contains("file \(installed.prefix)/share/modhost/\(file)\n"), "\(file) in \(manifest)")
        }
    }

    @Test func theInstalledServiceStartsTheInstalledDaemon() throws {
        let installed = try Installation()
        let service = try String(contentsOfFile: installed.unitFolder + "/modhostd.service", encoding: .utf8)
        let lines = service.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("ExecStart=") } == ["ExecStart=\(installed.prefix)/bin/modhostd"])
        #expect(lines.contains { $0.hasPrefix("ExecReload=") })
        #expect(FileManager.default.fileExists(atPath: installed.unitFolder + "/modhostd.socket"))
    }

    @Test(.enabled(if: SystemdAnalyze.unavailable == nil, Comment(rawValue: SystemdAnalyze.unavailable ?? "")))
    func theInstalledUnitsPassSystemdAnalyzeVerify() throws {
        let installed = try Installation()
        let result = try SystemdAnalyze.verify(
            [installed.unitFolder + "/modhostd.socket", installed.unitFolder + "/modhostd.service"], in: installed.folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // Warnings (an unknown key, a value it ignores) do not change the status: there must be none.
        #expect(result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stdout)\(result.stderr)")
    }
}

/// `systemd-analyze --user verify`, run with a home and runtime folder of its own (it needs a
/// runtime folder to set up a user manager, and must not read the user's unit folders).
enum SystemdAnalyze {
    static let tool = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].first { FileManager.default.isExecutableFile(atPath: $0) }

    static func verify(_ units: [String], in folder: TemporaryFolder) throws -> RunResult {
        let home = folder.path + "/systemd-home"
        try FileManager.default.createDirectory(atPath: home + "/run", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return try run(URL(fileURLWithPath: tool ?? "systemd-analyze"), ["--user", "verify"] + units, environment: [
            "HOME": home, "XDG_RUNTIME_DIR": home + "/run", "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data",
            "SYSTEMD_LOG_COLOR": "0", "SYSTEMD_PAGER": "",
        ])
    }

    /// Why the units cannot be verified here, or nil when they can: the tool verifies a unit
    /// that is certainly valid.
    static let unavailable: String? = {
        guard tool != nil else { return "systemd-analyze is not installed (Debian package systemd)" }
        do {
            let folder = TemporaryFolder()
            let unit = folder.path + "/probe.service"
            try "[Service]\nExecStart=/bin/sh -c true\n".write(toFile: unit, atomically: true, encoding: .utf8)
            let result = try verify([unit], in: folder)
            guard result.status == 0 else {
                return "systemd-analyze --user verify cannot run here (it fails on a valid unit): \(result.stderr.split(separator: "\n").first ?? "")"
            }
            return nil
        } catch {
            return "systemd-analyze cannot run here: \(error)"
        }
    }()
}
