import Foundation
import ModhostConformance
import ModhostWire
import BlockingTests
import Testing

/// Built executables live next to the test binary (`<scratch>/<config>/`).
private func builtExecutable(_ name: String) throws -> String {
    let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    let path = folder.appendingPathComponent(name).path
    guard FileManager.default.isExecutableFile(atPath: path) else {
        throw ConformanceError("\(path) is missing: run `swift build` before `swift test`")
    }
    return path
}

@Suite(.serialized, .blocksItsThread, .timeLimit(.minutes(20))) struct ConformanceRunTests {
    @Test func realDaemonPassesEveryVector() throws {
        var lines: [String] = []
        let results = try Conformance.run(.init(spawn: try builtExecutable("modhostd"))) { lines.append($0) }
        #expect(results.count == Self.vectorCounts.values.reduce(0, +))
        #expect(lines.count == results.count + 1)
        #expect(lines.last?.hasSuffix("failed") == true)
        for result in results where !result.passed {
            Issue.record("\(result.line)")
        }
    }

    /// Every vector file and how many vectors it holds, pinned here rather than read from the
    /// files: a vector or a file that goes missing (or one added without updating this) fails.
    static let vectorCounts: [String: Int] = [
        "diagnostics": 27, "framing": 32, "gestures": 77, "handshake": 33, "jsonrpc": 57, "lifecycle": 15, "limits": 5,
        "methods": 21, "modules": 28, "styles": 162, "surfaces": 62, "swipe": 49, "symbols": 22, "update": 23, "views": 61,
        "watch": 21, "search": 32, "pluginviews": 15,
    ]

    @Test func everyVectorFileParsesWithItsPinnedCount() throws {
        let vectors = try Vector.load(folder: ProtocolFolder.vectors)
        let counts = Dictionary(grouping: vectors, by: \.file).mapValues(\.count)
        #expect(counts == Self.vectorCounts)
        #expect(vectors.count == 742)
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: ProtocolFolder.vectors).filter { $0.hasSuffix(".json") }
        #expect(Set(onDisk) == Set(Self.vectorCounts.keys.map { $0 + ".json" }))
    }

    /// The manifest the runner loads the Rating fixture with names the SDK version of this
    /// build: a new SDK version without it would leave the plugin-view vectors failing to load.
    @Test func theRatingFixturesManifestNamesThisSDKVersion() throws {
        let manifest = try JSONParser.parse(Array(try String(contentsOfFile: ProtocolFolder.vectors + "/fixtures/RatingFixture/plugin.json", encoding: .utf8).utf8))
        let version = try String(contentsOfFile: ProtocolFolder.path + "/../SDK/VERSION", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(manifest["sdkVersion"] == .string(version))
        #expect(manifest["linux"]?["modules"] == ["RatingModule", "PanelModule", "CaptionModule"])
    }

    /// The README says how many vectors there are: the number it names is the number there is.
    @Test func theReadmeNamesTheVectorCount() throws {
        let readme = try String(contentsOfFile: ProtocolFolder.path + "/../README.md", encoding: .utf8)
        let sentence = try #require(readme.range(of: "`protocol/vectors/` holds "), "the README no longer says how many vectors there are")
        let named = readme[sentence.upperBound...].prefix { $0.isNumber }
        #expect(Int(named) == Self.vectorCounts.values.reduce(0, +), "README.md names \(named) vectors")
    }

    /// The JSON files are generate.py's output, byte for byte: an edit made to a JSON file
    /// alone (which the next run of generate.py would undo), or to generate.py without running
    /// it, fails here.
    @Test func theCommittedVectorsAreWhatGeneratePyWrites() throws {
        var template = Array("/tmp/mhc-vectors-XXXXXX".utf8CString)
        let folder = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!)! })
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", ProtocolFolder.vectors + "/generate.py", folder]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        try waitForExit(process, seconds: 120)
        #expect(process.terminationStatus == 0)
        let generated = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let committed = try FileManager.default.contentsOfDirectory(atPath: ProtocolFolder.vectors).filter { $0.hasSuffix(".json") }.sorted()
        #expect(generated == committed)
        for name in generated {
            let made = FileManager.default.contents(atPath: folder + "/" + name)
            let kept = FileManager.default.contents(atPath: ProtocolFolder.vectors + "/" + name)
            #expect(made != nil && made == kept, "protocol/vectors/\(name) differs from what generate.py writes: run python3 protocol/vectors/generate.py")
        }
    }

    @Test func brokenHostFailsExactlyTheWrongVectors() throws {
        let fake = try FakeHost()
        defer { fake.stop() }
        let folder = try fake.vectors(brokenHostVectors)
        var lines: [String] = []
        let results = try Conformance.run(.init(socketPath: fake.socketPath, vectorsFolder: folder)) { lines.append($0) }
        let failed = Set(results.filter { !$0.passed }.map(\.name))
        #expect(results.count == 10)
        #expect(failed == [
            "fake/unknown method is -32601",
            "fake/describe answer",
            "fake/notification is not answered",
            "fake/snapshot answer",
            "fake/large integer id digit for digit",
        ], "\(lines.joined(separator: "\n"))")
        #expect(lines.last == "5 passed, 5 failed")
        // The schema violations are reported as such.
        #expect(results.first { $0.name == "fake/describe answer" }?.failure?.contains("schema violation") == true)
        #expect(results.first { $0.name == "fake/snapshot answer" }?.failure?.contains("result of snapshot") == true)
    }

    /// The committed vector itself, not only the copy in `brokenHostVectors`, fails a host
    /// that answers 9223372036854775807 with 9.223372036854776e+18.
    @Test func theInt64MaxIdVectorFailsAHostThatTurnsIdsIntoDoubles() throws {
        let fake = try FakeHost()
        defer { fake.stop() }
        let results = try Conformance.run(.init(socketPath: fake.socketPath, filter: "jsonrpc/large integer id digit for digit")) { _ in }
        #expect(results.map(\.name) == ["jsonrpc/large integer id digit for digit"])
        let failure = try #require(results.first?.failure)
        #expect(failure.contains("9223372036854775807") && failure.contains("e+18"), "\(failure)")
    }

    @Test func vectorsThatNeedHostOptionsAreSkippedOnAHostTheRunnerDidNotStart() throws {
        let fake = try FakeHost()
        defer { fake.stop() }
        let folder = try fake.vectors(#"""
            [{"name": "ping", "steps": [{"send": {"jsonrpc": "2.0", "id": 1, "method": "ping"}}, {"expect": {"id": 1, "result": {}}}]},
             {"name": "late frame", "hostArguments": ["--frame-timeout", "1"], "steps": [{"sendRaw": "00000064"}, {"expectClose": true}]}]
            """#)
        var lines: [String] = []
        let results = try Conformance.run(.init(socketPath: fake.socketPath, vectorsFolder: folder)) { lines.append($0) }
        #expect(results.map(\.passed) == [true, false])
        #expect(results.last?.failure == nil)
        #expect(lines == [
            "PASS fake/ping",
            "SKIP fake/late frame: needs a host started with --frame-timeout 1; run with --spawn",
            "1 skipped",
            "1 passed, 0 failed",
        ])
    }

    /// A vector that `requires` a controlled host is skipped, with its reason, against a host
    /// the runner did not start; the others run; a requirement the runner does not know is refused.
    @Test func controlledHostVectorsAreSkippedOnAHostTheRunnerDidNotStart() throws {
        let fake = try FakeHost()
        defer { fake.stop() }
        let folder = try fake.vectors(#"""
            [{"name": "ping", "steps": [{"send": {"jsonrpc": "2.0", "id": 1, "method": "ping"}}, {"expect": {"id": 1, "result": {}}}]},
             {"name": "no plugins but the bundled ones", "requires": "controlled-host", "initialize": true,
              "steps": [{"send": {"jsonrpc": "2.0", "id": 2, "method": "describe"}}, {"expect": {"id": 2, "result": {"plugins": [{"name": "nope"}]}}}]}]
            """#)
        var lines: [String] = []
        let results = try Conformance.run(.init(socketPath: fake.socketPath, vectorsFolder: folder)) { lines.append($0) }
        #expect(results.map(\.passed) == [true, false])
        #expect(results.last?.failure == nil)
        #expect(lines == [
            "PASS fake/ping",
            "SKIP fake/no plugins but the bundled ones: needs a controlled host (only the bundled plugins ExpoUI and SwipeActions, no other connections); run with --spawn",
            "1 skipped",
            "1 passed, 0 failed",
        ])
        // The committed vectors that need one are the whole-list ones, each beside an $includes one.
        let controlled = try Vector.load(folder: ProtocolFolder.vectors).filter { $0.requires == ["controlled-host"] }.map(\.fullName)
        #expect(controlled == [
            "handshake/initialize lists exactly the bundled modifier types, by type",
            "methods/describe lists exactly the bundled plugins",
            "modules/describe lists exactly the bundled modules",
            "watch/watch lists exactly the open connections",
        ])
        try #"[{"name": "x", "requires": "a-quiet-host", "steps": [{"sleep": 1}]}]"#.write(toFile: folder + "/fake.json", atomically: true, encoding: .utf8)
        #expect(throws: ConformanceError.self) { try Vector.load(folder: folder) }
    }

    @Test func aSpawnedHostIgnoresTheUsersOwnPluginsAndRuntimeFolder() throws {
        // A user whose plugin folder holds a broken plugin (its failure would be a diagnostic
        // before every `initialize` answer) still gets a clean run.
        var template = Array("/tmp/mhc-home-XXXXXX".utf8CString)
        let home = String(cString: template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!)! })
        defer { try? FileManager.default.removeItem(atPath: home) }
        let broken = home + "/.local/share/modhost/plugins/Broken"
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        try #"{"name": "Broken", "sdkVersion": "0.0.1", "linux": {"library": "libBroken.so", "modules": ["M"]}}"#
            .write(toFile: broken + "/plugin.json", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try builtExecutable("modhost"))
        process.arguments = ["conformance", "--spawn", try builtExecutable("modhostd")]
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home
        for key in ["XDG_DATA_HOME", "XDG_RUNTIME_DIR"] { environment[key] = nil }
        process.environment = environment
        let text = try runReadingStdout(process, seconds: 600)
        #expect(process.terminationStatus == 0, "\(text.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.prefix(5))")
        #expect(text.hasSuffix(" 0 failed\n"), "\(text.suffix(200))")
    }

    @Test func commandLineExitsNonZeroOnFailure() throws {
        let fake = try FakeHost()
        defer { fake.stop() }
        let folder = try fake.vectors(brokenHostVectors)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try builtExecutable("modhost"))
        process.arguments = ["conformance", "--socket", fake.socketPath, "--vectors", folder]
        let text = try runReadingStdout(process, seconds: 120)
        #expect(process.terminationStatus == 1)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 11)
        #expect(lines.last == "5 passed, 5 failed")
        #expect(lines.filter { $0.hasPrefix("FAIL ") }.count == 5)
    }
}

/// The vectors run against `FakeHost`: five of them hit its deliberate mistakes. The last is
/// jsonrpc.json's vector of the same name.
let brokenHostVectors = #"""
[
 {"name": "ping", "steps": [{"send": {"jsonrpc": "2.0", "id": 1, "method": "ping"}},
                            {"expect": {"$exact": {"jsonrpc": "2.0", "id": 1, "result": {}}}}]},
 {"name": "two pings in one write", "steps": [
   {"sendFrames": [{"jsonrpc": "2.0", "id": "a", "method": "ping"}, {"jsonrpc": "2.0", "id": "b", "method": "ping"}]},
   {"expect": {"id": "a", "result": {}}}, {"expect": {"id": "b", "result": {}}}]},
 {"name": "ping one byte per write", "steps": [{"send": {"jsonrpc": "2.0", "id": 1, "method": "ping"}, "chunk": 1},
                                               {"expect": {"id": 1, "result": {}}}]},
 {"name": "parse error", "steps": [{"sendText": "{\"jsonrpc\":"}, {"expect": {"id": null, "error": {"code": -32700}}}]},
 {"name": "initialize", "steps": [{"send": {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": 1}}},
                                  {"expect": {"id": 1, "result": {"protocolVersion": 1}}}]},
 {"name": "unknown method is -32601", "steps": [{"send": {"jsonrpc": "2.0", "id": 2, "method": "nope"}},
                                                {"expect": {"id": 2, "error": {"code": -32601}}}]},
 {"name": "describe answer", "initialize": true, "steps": [{"send": {"jsonrpc": "2.0", "id": 2, "method": "describe"}},
                                                          {"expect": {"id": 2, "result": {"$any": true}}}]},
 {"name": "notification is not answered", "steps": [{"send": {"jsonrpc": "2.0", "method": "ping"}}, {"quiet": 150}]},
 {"name": "snapshot answer", "initialize": true, "steps": [
   {"send": {"jsonrpc": "2.0", "id": 3, "method": "mount", "params": {"surface": "s", "root": {"type": "List"}}}},
   {"expect": {"id": 3, "result": {"surface": "s"}}},
   {"send": {"jsonrpc": "2.0", "id": 4, "method": "snapshot", "params": {"surface": "s"}}},
   {"expect": {"id": 4, "result": {"root": {"type": "List"}}}}]},
 {"name": "large integer id digit for digit", "steps": [{"sendText": "{\"jsonrpc\":\"2.0\",\"id\":9223372036854775807,\"method\":\"ping\"}"},
                                                        {"expect": {"id": 9223372036854775807, "result": {}}}]}
]
"""#
