import Glibc
import ModhostClient
import ModhostWire

/// `modhost session [FILE]`: many requests on one connection, read line by line from FILE or
/// stdin. A line is `METHOD [JSON-PARAMS]` or a whole JSON-RPC message (object or batch);
/// blank lines and `#` comments are skipped. `initialize` goes first unless the first request
/// is one. Each response and every notification in between is printed (pretty on a
/// terminal, one JSON text per line otherwise). When a plugin crashes or hangs the engine the
/// session goes on, on the same connection: the `engineRestarted` notification is printed (and
/// summed up on stderr), the request that was running gets its -32005 error, and the surfaces
/// mounted so far are rebuilt. Exits 1 if any response was an error or a line could not be
/// sent, 0 otherwise.
enum SessionCommand {
    static func run(arguments: [String], socket: String) -> Never {
        guard arguments.count <= 1 else { fail("session takes at most one FILE", status: 2) }
        let input: Int32
        if let file = arguments.first, file != "-" {
            input = open(file, O_RDONLY | O_CLOEXEC)
            guard input >= 0 else { fail("session: cannot read \(file): \(String(cString: strerror(errno)))", status: 2) }
        } else {
            input = 0
        }
        var session = SessionRun(client: connectOrExit(socket), interactive: arguments.first == nil && isTerminal(0), pretty: isTerminal(1))
        var reader = LineReader(descriptor: input)
        if session.interactive {
            printError("modhost session on \(socket): METHOD [JSON-PARAMS] or a JSON-RPC message per line; Ctrl-D ends")
        }
        var lineNumber = 0
        while true {
            if session.interactive && !reader.hasLine {
                session.prompt(waitingOn: input)
            }
            guard let line = reader.nextLine() else { break }
            lineNumber += 1
            session.handle(line: line, number: lineNumber)
        }
        if session.interactive { printError("") }
        exit(session.anyFailed ? 1 : 0)
    }
}

/// The state of one `modhost session`: the connection, ids, whether anything failed.
struct SessionRun {
    let client: BlockingClient
    let interactive: Bool
    let pretty: Bool
    var nextID: Int64 = 1
    var isInitialized = false
    var anyFailed = false
    /// How long a response may take (a plugin's async function included).
    static let responseTimeout: Int32 = 60_000

    init(client: BlockingClient, interactive: Bool, pretty: Bool) {
        self.client = client
        self.interactive = interactive
        self.pretty = pretty
    }

    mutating func handle(line raw: String, number: Int) {
        let line = raw.trimmingWhitespace
        if line.isEmpty || line.hasPrefix("#") { return }
        let message: JSONValue
        do {
            message = try parse(line)
        } catch {
            complain("line \(number): \(error.description)")
            return
        }
        if !isInitialized && firstMethod(of: message) != "initialize" {
            initialize()
        }
        // An `initialize` the line sends itself also starts the session.
        if firstMethod(of: message) == "initialize" { isInitialized = true }
        send(message)
    }

    /// The message a line stands for; requests written `METHOD [PARAMS]` get the next id.
    mutating func parse(_ line: String) throws(LineError) -> JSONValue {
        if line.hasPrefix("{") || line.hasPrefix("[") {
            do { return try JSONParser.parse(line) } catch { throw LineError(description: "not valid JSON: \(error)") }
        }
        let method = String(line.prefix { !$0.isWhitespace })
        let rest = line.dropFirst(method.count).trimmingWhitespace
        var params: JSONValue? = nil
        if !rest.isEmpty {
            do { params = try JSONParser.parse(rest) } catch { throw LineError(description: "the params of '\(method)' are not valid JSON: \(error)") }
        }
        defer { nextID += 1 }
        return RPCMessage.request(id: .int(nextID), method: method, params: params)
    }

    /// The method of a message, or of a batch's first element.
    func firstMethod(of message: JSONValue) -> String? {
        if case let .array(elements) = message { return elements.first?["method"]?.stringValue }
        return message["method"]?.stringValue
    }

    /// Sends the `initialize` a session starts with; its result is not printed (describe
    /// says the same), but a failure is, and ends the session.
    mutating func initialize() {
        isInitialized = true
        let id = JSONValue.string("session-initialize")
        guard let response = exchange(RPCMessage.request(id: id, method: "initialize", params: ["protocolVersion": 1, "client": cliClientInfo]), id: id) else { return }
        if response["error"] != nil {
            show(response)
            fail("initialize failed", status: 1)
        }
    }

    /// Sends `message` and prints what comes back until its response (none for a
    /// notification, one array for a batch with requests in it).
    mutating func send(_ message: JSONValue) {
        let awaited: JSONValue?
        switch message {
        case let .array(elements):
            awaited = elements.contains { $0["id"] != nil } ? .array([]) : nil
        default:
            awaited = message["id"]
        }
        guard let response = exchange(message, id: awaited) else { return }
        show(response)
        let failed: Bool
        if case let .array(answers) = response {
            failed = answers.contains { $0["error"] != nil }
        } else {
            failed = response["error"] != nil
        }
        if failed {
            anyFailed = true
            for element in response.arrayValue ?? [response] {
                for hint in hints(for: element, oneShot: false) { printError("hint: \(hint)") }
                if element["error"]?["code"] == .int(RPCErrorCode.engineRestarted) {
                    let plugin = element["error"]?["data"]?["plugin"]?.stringValue.map { "plugin \($0) is quarantined: " } ?? ""
                    printError("hint: the engine ended while this request ran; \(plugin)whether it took effect is unknown, and the session goes on")
                }
            }
        }
    }

    /// Sends and reads until the response to `id` (a batch's reply: `id` is `[]`), printing
    /// the notifications before it. Nil when no response is due.
    private mutating func exchange(_ message: JSONValue, id: JSONValue?) -> JSONValue? {
        do {
            try client.send(message)
            guard let id else { return nil }
            while true {
                let received = try client.receive(timeoutMilliseconds: Self.responseTimeout)
                if received["method"] != nil && received["id"] == nil {
                    show(received)
                    continue
                }
                if case .array = id, case .array = received { return received }
                if received["id"] == id { return received }
                // A response to a request of an earlier line that was answered late.
                show(received)
            }
        } catch .closed {
            fail("the daemon closed the connection (it stopped, or its engine ended with no supervisor to keep the connection)", status: 1)
        } catch {
            fail("\(error)", status: 1)
        }
    }

    /// Prints the prompt and waits for a line, printing what the daemon sends meanwhile.
    func prompt(waitingOn input: Int32) {
        writeAll("modhost> ", to: 2)
        while true {
            var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: client.descriptor, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { return }
            if fds[1].revents != 0 {
                while client.hasInput() {
                    do {
                        show(try client.receive(timeoutMilliseconds: 1000))
                    } catch {
                        fail("the daemon closed the connection", status: 1)
                    }
                }
                writeAll("modhost> ", to: 2)
            }
            if fds[0].revents != 0 { return }
        }
    }

    func show(_ message: JSONValue) {
        if pretty { printJSON(message) } else { printLine(compactJSON(message)) }
        if message["method"] == "engineRestarted", message["id"] == nil {
            printError("modhost: the engine restarted (\(WatchCommand.engineRestartedSummary(message["params"] ?? .null))); the session goes on")
        }
    }

    mutating func complain(_ text: String) {
        anyFailed = true
        printError("modhost: \(text)")
    }
}

struct LineError: Error, CustomStringConvertible {
    var description: String
}

/// Lines from a descriptor, read with `read(2)` so that what is buffered is known (a prompt
/// waits on the descriptor only when no whole line is buffered).
struct LineReader {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var atEnd = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    var hasLine: Bool { atEnd || buffer.contains(UInt8(ascii: "\n")) }

    /// The next line without its newline; nil at the end.
    mutating func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if atEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { atEnd = true } else { buffer += chunk[..<count] }
        }
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
