import Glibc
import ModhostClient
import ModhostWire
import Synchronization

/// The outcome of one vector.
public struct VectorResult: Sendable {
    public var name: String
    /// nil when the vector passed or was skipped.
    public var failure: String?
    /// Why the vector was not run, when it was not.
    public var skipped: String?
    public var passed: Bool { failure == nil && skipped == nil }

    public init(name: String, failure: String? = nil, skipped: String? = nil) {
        self.name = name
        self.failure = failure
        self.skipped = skipped
    }

    /// The line the runner prints for it.
    public var line: String {
        if let failure { return "FAIL \(name): \(failure)" }
        if let skipped { return "SKIP \(name): \(skipped)" }
        return "PASS \(name)"
    }
}

/// Where the repository's `protocol/` folder is, derived from this source file's path.
public enum ProtocolFolder {
    public static var path: String {
        "/" + "\(#filePath)".split(separator: "/").dropLast(3).joined(separator: "/") + "/protocol"
    }
    public static var vectors: String { path + "/vectors" }
    public static var schemas: String { path + "/schemas" }
}

/// Runs vectors against a host listening on a socket path, checking every frame the host
/// sends against the schemas.
public struct ConformanceRunner: Sendable {
    public var socketPath: String
    public var schemas: SchemaRegistry
    /// Large frames already found valid: every vector starts with an `initialize` whose reply
    /// (every view and modifier with its schema) is the same bytes each time, and checking it
    /// again cost most of a run.
    let validFrames = ValidFrames()

    public init(socketPath: String, schemas: SchemaRegistry) {
        self.socketPath = socketPath
        self.schemas = schemas
    }

    /// Runs every vector, calling `report` after each; returns the results in order.
    public func run(_ vectors: [Vector], report: (VectorResult) -> Void = { _ in }) -> [VectorResult] {
        var results: [VectorResult] = []
        for vector in vectors {
            let result = VectorResult(name: vector.fullName, failure: failure(of: vector))
            report(result)
            results.append(result)
        }
        return results
    }

    /// Why the vector failed, or nil.
    public func failure(of vector: Vector) -> String? {
        let session = Session(runner: self, timeout: vector.timeoutMilliseconds, first: vector.connections.first ?? "main")
        defer { session.closeAll() }
        do {
            for name in vector.initialize { try session.initialize(name) }
            for (index, step) in vector.steps.enumerated() {
                do {
                    try session.perform(step)
                } catch {
                    return "step \(index + 1) \(Matcher.short(step, limit: 80)): \(error.description)"
                }
            }
        } catch {
            return "initialize: \(error.description)"
        }
        return nil
    }

    /// nil when a frame from the host is valid against the schemas, else why not.
    /// `methods` maps request ids (as JSON text) to the method they called.
    public func schemaProblem(_ message: JSONValue, methods: [String: String]) -> String? {
        if let batch = message.arrayValue {
            if batch.isEmpty { return "the host sent an empty batch response" }
            for (index, element) in batch.enumerated() {
                if element["method"] != nil { return "element \(index) of a batch response is a notification" }
                if let problem = schemaProblem(element, methods: methods) { return "batch element \(index): \(problem)" }
            }
            return nil
        }
        guard message.objectValue != nil else { return "the host sent \(message.typeName), not an object or array" }
        if let method = message["method"]?.stringValue, message["id"] == nil {
            if let problem = schemas.validate(message, against: "notification.json") { return "notification: \(problem)" }
            let specific = method + ".json"
            if schemas.schemas[specific] != nil, let problem = schemas.validate(message, against: specific) {
                return "\(method) notification: \(problem)"
            }
            return nil
        }
        if message["error"] != nil {
            if let problem = schemas.validate(message, against: "error-response.json") { return "error response: \(problem)" }
            return nil
        }
        if let problem = schemas.validate(message, against: "response.json") { return "response: \(problem)" }
        if let id = message["id"], let method = methods[id.jsonText], let result = message["result"] {
            let name = "result-\(method).json"
            if schemas.schemas[name] != nil, let problem = schemas.validate(result, against: name) {
                return "result of \(method): \(problem)"
            }
        }
        return nil
    }
}

/// The connections of one vector run.
final class Session {
    let runner: ConformanceRunner
    let timeout: Int32
    var connections: [String: Connection] = [:]
    /// The connection of the last step: a step's `on` switches it, later steps stay on it.
    var current: String
    /// What `$capture` matchers kept, for `$var` in later `send` steps.
    var captures: [String: JSONValue] = [:]

    init(runner: ConformanceRunner, timeout: Int32, first: String) {
        current = first
        self.runner = runner
        self.timeout = timeout
    }

    func closeAll() {
        for connection in connections.values { connection.client.close() }
        connections = [:]
    }

    func connection(_ name: String) throws(ConformanceError) -> Connection {
        if let existing = connections[name] { return existing }
        do {
            let made = Connection(client: try BlockingClient(path: runner.socketPath))
            connections[name] = made
            return made
        } catch {
            throw ConformanceError("cannot connect to \(runner.socketPath): \(error)")
        }
    }

    func initialize(_ name: String) throws(ConformanceError) {
        let connection = try connection(name)
        let request: JSONValue = ["jsonrpc": "2.0", "id": "conformance-init", "method": "initialize", "params": ["protocolVersion": 1]]
        try write(connection, FrameEncoder.frame(request.serialized()), noting: request)
        while true {
            guard let message = try receive(connection) else { throw ConformanceError("connection '\(name)': the host closed the connection") }
            if message["method"] != nil && message["id"] == nil { continue }
            guard message["id"] == "conformance-init", message["result"] != nil else {
                throw ConformanceError("connection '\(name)': initialize was not answered with a result: \(Matcher.short(message))")
            }
            return
        }
    }

    func perform(_ step: JSONValue) throws(ConformanceError) {
        if let name = step["on"]?.stringValue { current = name }
        let connection = try connection(current)
        if let sent = step["send"] {
            let value = try Matcher.substituting(captures, in: sent)
            let frame = FrameEncoder.frame(value.serialized())
            if let chunk = step["chunk"]?.intValue, chunk > 0 {
                var at = 0
                while at < frame.count {
                    let end = min(frame.count, at + Int(chunk))
                    try write(connection, Array(frame[at..<end]), noting: at == 0 ? value : nil)
                    usleep(1000)
                    at = end
                }
            } else {
                try write(connection, frame, noting: value)
            }
        } else if let text = step["sendText"]?.stringValue {
            try write(connection, FrameEncoder.frame(Array(text.utf8)), noting: try? JSONParser.parse(text))
        } else if let frames = step["sendFrames"]?.arrayValue {
            var bytes: [UInt8] = []
            for frame in frames {
                let payload = frame.stringValue.map { Array($0.utf8) } ?? frame.serialized()
                FrameEncoder.appendFrame(payload: payload, to: &bytes)
                note(connection, frame.stringValue.flatMap { try? JSONParser.parse($0) } ?? frame)
            }
            try write(connection, bytes, noting: nil)
        } else if let hex = step["sendRaw"]?.stringValue {
            try write(connection, try bytes(fromHex: hex), noting: nil)
        } else if let parts = step["sendSplit"]?.arrayValue {
            for part in parts {
                try write(connection, try bytes(fromHex: part.stringValue ?? ""), noting: nil)
                usleep(20_000)
            }
        } else if let matcher = step["expect"] {
            guard let message = try receive(connection) else { throw ConformanceError("the host closed the connection; expected \(Matcher.short(matcher))") }
            if let problem = Matcher.mismatch(matcher, message, captures: &captures) { throw ConformanceError("unexpected frame: \(problem)") }
        } else if let matcher = step["expectNotification"] {
            guard let message = try receive(connection) else { throw ConformanceError("the host closed the connection; expected a notification") }
            guard message["method"] != nil, message["id"] == nil else {
                throw ConformanceError("expected a notification, got \(Matcher.short(message))")
            }
            if let problem = Matcher.mismatch(matcher, message, captures: &captures) { throw ConformanceError("unexpected notification: \(problem)") }
        } else if step["expectClose"] != nil {
            if let message = try receive(connection) { throw ConformanceError("expected the host to close the connection, got \(Matcher.short(message))") }
        } else if let quiet = step["quiet"]?.intValue {
            guard let message = try receive(connection, timeout: Int32(quiet), quietOK: true) else {
                throw ConformanceError("expected nothing within \(quiet) ms, but the host closed the connection")
            }
            if message == .string(Self.quietMarker) { return }
            throw ConformanceError("expected nothing within \(quiet) ms, got \(Matcher.short(message))")
        } else if step["close"] != nil {
            connection.client.close()
        } else if let pause = step["sleep"]?.intValue {
            usleep(UInt32(pause) * 1000)
        }
    }

    static let quietMarker = "\u{0}quiet"

    private func note(_ connection: Connection, _ message: JSONValue?) {
        guard let message else { return }
        for element in message.arrayValue ?? [message] {
            if let id = element["id"], let method = element["method"]?.stringValue { connection.methods[id.jsonText] = method }
        }
    }

    private func write(_ connection: Connection, _ bytes: [UInt8], noting message: JSONValue?) throws(ConformanceError) {
        note(connection, message)
        do { try connection.client.sendRaw(bytes) } catch { throw ConformanceError("write failed: \(error)") }
    }

    /// The next message from the host, checked against the schemas; nil when it closed.
    private func receive(_ connection: Connection, timeout: Int32? = nil, quietOK: Bool = false) throws(ConformanceError) -> JSONValue? {
        let frame: [UInt8]?
        do {
            frame = try connection.client.receiveFrame(timeoutMilliseconds: timeout ?? self.timeout)
        } catch .timedOut {
            if quietOK { return .string(Self.quietMarker) }
            throw ConformanceError("timed out after \(timeout ?? self.timeout) ms waiting for a frame")
        } catch {
            throw ConformanceError("\(error)")
        }
        guard let frame else { return nil }
        let message: JSONValue
        do { message = try JSONParser.parse(frame) } catch {
            throw ConformanceError("the host sent a frame that is not JSON (\(error)): \(String(decoding: frame.prefix(200), as: UTF8.self))")
        }
        // The schemas a reply is checked against depend on the method its id called.
        let method = message["id"].flatMap { connection.methods[$0.jsonText] }
        if runner.validFrames.contains(frame, method: method) { return message }
        if let problem = runner.schemaProblem(message, methods: connection.methods) {
            throw ConformanceError("schema violation: \(problem) in \(Matcher.short(message))")
        }
        runner.validFrames.insert(frame, method: method)
        return message
    }
}

final class Connection {
    let client: BlockingClient
    /// Request ids (JSON text) sent on this connection, to the method they name.
    var methods: [String: String] = [:]
    init(client: BlockingClient) { self.client = client }
}

/// Frames of at least `minimumSize` bytes that passed the schema check, with the method their
/// id called (small frames are cheaper to check again than to remember).
final class ValidFrames: Sendable {
    static let minimumSize = 4096

    private struct Key: Hashable {
        let bytes: [UInt8]
        let method: String?
        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(method)
        }
        static func == (a: Key, b: Key) -> Bool {
            a.method == b.method && a.bytes.count == b.bytes.count
                && a.bytes.withUnsafeBytes { x in b.bytes.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
        }
    }

    private let frames = Mutex<Set<Key>>([])

    func contains(_ frame: [UInt8], method: String?) -> Bool {
        frame.count >= Self.minimumSize && frames.withLock { $0.contains(Key(bytes: frame, method: method)) }
    }

    func insert(_ frame: [UInt8], method: String?) {
        guard frame.count >= Self.minimumSize else { return }
        _ = frames.withLock { $0.insert(Key(bytes: frame, method: method)) }
    }
}
