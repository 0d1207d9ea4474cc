import Foundation
import ModhostClient
import ModhostWire

/// A host started by the runner (`--spawn CMD`): `CMD --socket <temporary path>`, with an
/// empty `XDG_DATA_HOME` and `XDG_RUNTIME_DIR` of its own, so that the user's plugins and
/// runtime folder play no part in the result.
public final class SpawnedHost {
    public let socketPath: String
    private let folder: String
    private let process = Process()

    public init(command: String, arguments: [String] = [], seconds: Double = 30) throws(ConformanceError) {
        let words = command.split(separator: " ").map(String.init) + arguments
        guard let executable = words.first else { throw ConformanceError("--spawn needs a command") }
        var template = Array("/tmp/mhc-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ConformanceError("cannot create a temporary folder")
        }
        folder = String(cString: made)
        socketPath = folder + "/host.sock"
        process.executableURL = URL(fileURLWithPath: executable.contains("/") ? executable : Self.which(executable) ?? executable)
        process.arguments = Array(words.dropFirst()) + ["--socket", socketPath]
        var environment = ProcessInfo.processInfo.environment
        for key in ["MODHOST_SOCKET", "LISTEN_PID", "LISTEN_FDS", "NOTIFY_SOCKET"] { environment[key] = nil }
        for (key, name) in [("XDG_DATA_HOME", "data"), ("XDG_RUNTIME_DIR", "runtime")] {
            let own = folder + "/" + name
            mkdir(own, 0o700)
            environment[key] = own
        }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw ConformanceError("cannot start \(command): \(error)") }
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let client = try? BlockingClient(path: socketPath) {
                client.close()
                return
            }
            if !process.isRunning { throw ConformanceError("\(command) exited with status \(process.terminationStatus) before accepting connections") }
            usleep(20_000)
        }
        stop()
        throw ConformanceError("\(command) did not accept connections on \(socketPath) within \(Int(seconds)) s")
    }

    /// The executable `command` runs: its first word, or that word found on `PATH`.
    public static func executable(of command: String) -> String? {
        guard let first = command.split(separator: " ").first.map(String.init) else { return nil }
        return first.contains("/") ? first : which(first)
    }

    private static func which(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// SIGTERM, wait, remove the temporary folder.
    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    deinit { stop() }
}

/// `modhost conformance` as a library call.
public enum Conformance {
    public struct Options: Sendable {
        public var socketPath: String?
        public var spawn: String?
        public var vectorsFolder: String
        public var schemasFolder: String
        public var filter: String?

        public init(socketPath: String? = nil, spawn: String? = nil, vectorsFolder: String = ProtocolFolder.vectors,
                    schemasFolder: String = ProtocolFolder.schemas, filter: String? = nil) {
            self.socketPath = socketPath
            self.spawn = spawn
            self.vectorsFolder = vectorsFolder
            self.schemasFolder = schemasFolder
            self.filter = filter
        }
    }

    /// Runs the vectors, printing through `output` one line per vector, a line counting the
    /// skipped ones if any, and the closing `N passed, N failed` line; returns the results.
    ///
    /// Vectors that need host options (`Vector.hostArguments`) run, after the others, on a
    /// host started with them for each set of options, when the runner starts hosts
    /// (`--spawn`); against a host given by `--socket` they are skipped, and so are the
    /// vectors that need a controlled host (`Vector.controlledHost`), each with its reason.
    public static func run(_ options: Options, output: (String) -> Void) throws(ConformanceError) -> [VectorResult] {
        let schemas = try SchemaRegistry(folder: options.schemasFolder)
        var vectors = try Vector.load(folder: options.vectorsFolder)
        if let filter = options.filter { vectors = vectors.filter { $0.fullName.contains(filter) } }
        guard options.spawn != nil || options.socketPath != nil else { throw ConformanceError("give --socket PATH or --spawn CMD") }
        var groups: [(arguments: [String], fixture: Bool, vectors: [Vector])] = []
        for vector in vectors {
            if let index = groups.firstIndex(where: { $0.arguments == vector.hostArguments && $0.fixture == vector.needsRatingFixture }) {
                groups[index].vectors.append(vector)
            } else {
                groups.append((vector.hostArguments, vector.needsRatingFixture, [vector]))
            }
        }
        groups.sort { ($0.arguments.isEmpty && !$0.fixture ? 0 : 1) < ($1.arguments.isEmpty && !$1.fixture ? 0 : 1) }
        var results: [VectorResult] = []
        for group in groups {
            func skipAll(_ reason: String) {
                for vector in group.vectors {
                    let result = VectorResult(name: vector.fullName, skipped: reason)
                    output(result.line)
                    results.append(result)
                }
            }
            let socketPath: String
            var host: SpawnedHost? = nil
            var fixtureFolder: String? = nil
            defer { if let fixtureFolder { try? FileManager.default.removeItem(atPath: fixtureFolder) } }
            if let command = options.spawn {
                var arguments = group.arguments
                if group.fixture {
                    switch RatingFixture.pluginsFolder(beside: command, vectorsFolder: options.vectorsFolder) {
                    case let .success(folder):
                        fixtureFolder = folder
                        arguments += ["--plugins", folder]
                    case let .failure(reason):
                        output("the rating-fixture group (\(group.vectors.count) vectors) was skipped: \(reason.description)")
                        skipAll("needs the Rating fixture plugin: \(reason.description)")
                        continue
                    }
                }
                host = try SpawnedHost(command: command, arguments: arguments)
                socketPath = host!.socketPath
            } else if group.arguments.isEmpty, let path = options.socketPath {
                if group.fixture, !RatingFixture.isServed(by: path) {
                    output("the rating-fixture group (\(group.vectors.count) vectors) was skipped: the host at \(path) does not serve the Rating view of the fixture plugin (Tests/Fixtures/RatingPlugin); --spawn loads it")
                    skipAll("needs a host serving the Rating fixture plugin's views; run with --spawn, which loads it")
                    continue
                }
                socketPath = path
            } else {
                for vector in group.vectors {
                    let result = VectorResult(name: vector.fullName, skipped: "needs a host started with \(group.arguments.joined(separator: " ")); run with --spawn")
                    output(result.line)
                    results.append(result)
                }
                continue
            }
            let runner = ConformanceRunner(socketPath: socketPath, schemas: schemas)
            for vector in group.vectors {
                let result: VectorResult
                if host == nil, let reason = vector.unmetOnAHostNotStartedByTheRunner {
                    result = VectorResult(name: vector.fullName, skipped: reason)
                } else {
                    result = VectorResult(name: vector.fullName, failure: runner.failure(of: vector))
                }
                output(result.line)
                results.append(result)
            }
            host?.stop()
        }
        let failed = results.filter { $0.failure != nil }.count
        let skipped = results.filter { $0.skipped != nil }.count
        if skipped > 0 { output("\(skipped) skipped") }
        output("\(results.count - failed - skipped) passed, \(failed) failed")
        return results
    }
}

/// The Rating fixture plugin (`Tests/Fixtures/RatingPlugin`), which the `rating-fixture`
/// vectors need: its library as SwiftPM builds it, beside the host's executable, and its
/// manifest, kept with the vectors.
enum RatingFixture {
    static let library = "libRatingFixture.so"

    /// A temporary plugins folder holding the fixture, for a host started with `command`:
    /// `--plugins` it. A failure says what is missing.
    static func pluginsFolder(beside command: String, vectorsFolder: String) -> Result<String, ConformanceError> {
        guard let executable = SpawnedHost.executable(of: command) else { return .failure(ConformanceError("--spawn needs a command")) }
        let built = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(library).path
        let manifest = vectorsFolder + "/fixtures/RatingFixture/plugin.json"
        guard FileManager.default.fileExists(atPath: built) else {
            return .failure(ConformanceError("\(built) does not exist (swift build makes it beside modhostd)"))
        }
        guard FileManager.default.fileExists(atPath: manifest) else { return .failure(ConformanceError("\(manifest) does not exist")) }
        var template = Array("/tmp/mhc-fixture-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            return .failure(ConformanceError("cannot create a temporary folder"))
        }
        let root = String(cString: made)
        let plugin = root + "/RatingFixture"
        do {
            try FileManager.default.createDirectory(atPath: plugin, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
            try FileManager.default.copyItem(atPath: manifest, toPath: plugin + "/plugin.json")
            try FileManager.default.copyItem(atPath: built, toPath: plugin + "/" + library)
        } catch {
            try? FileManager.default.removeItem(atPath: root)
            return .failure(ConformanceError("cannot make the fixture's plugin folder in \(root): \(error)"))
        }
        return .success(root)
    }

    /// Whether the host at `socketPath` serves the fixture's `Rating` view.
    static func isServed(by socketPath: String) -> Bool {
        guard let client = try? BlockingClient(path: socketPath) else { return false }
        defer { client.close() }
        guard (try? client.call("initialize", params: ["protocolVersion": 1]))?["result"] != nil,
            let views = (try? client.call("describe"))?["result"]?["views"]?.arrayValue
        else { return false }
        return views.contains("Rating")
    }
}
