import Foundation
import Glibc
import ModhostWire

/// A deliberately broken host: a tiny JSON-RPC responder on a Unix socket that answers like
/// modhostd for the few vectors of `BrokenHostVectors`, except for chosen wrong answers:
///
/// - an unknown method gets -32600 instead of -32601;
/// - `describe` is answered without the `jsonrpc` member (breaks response.json);
/// - a notification (no `id`) is answered;
/// - `snapshot` answers a root without `id` (breaks result-snapshot.json);
/// - an integer id too large for a double to hold exactly goes through one, as in a host that
///   keeps numbers as doubles: 9223372036854775807 comes back as 9.223372036854776e+18.
final class FakeHost: @unchecked Sendable {
    let socketPath: String
    let folder: String
    private let listener: Int32

    init() throws {
        var template = Array("/tmp/mh-fake-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        folder = String(cString: made!)
        socketPath = folder + "/fake.sock"
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(socketPath.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let fd = listener
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else { throw FakeHostError() }
        Thread.detachNewThread {
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 { return }
                Thread.detachNewThread { FakeHost.serve(client) }
            }
        }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        try? FileManager.default.removeItem(atPath: folder)
    }

    private static func serve(_ fd: Int32) {
        defer { close(fd) }
        var decoder = FrameDecoder()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return }
            decoder.append(contentsOf: chunk[0..<n])
            var out: [UInt8] = []
            while let frame = try? decoder.nextFrame() {
                if let reply = answer(Array(frame)) { FrameEncoder.appendFrame(payload: reply.serialized(), to: &out) }
            }
            var offset = 0
            while offset < out.count {
                let written = out.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    private static func answer(_ payload: [UInt8]) -> JSONValue? {
        guard let message = try? JSONParser.parse(payload) else {
            return ["jsonrpc": "2.0", "id": nil, "error": ["code": -32700, "message": "Parse error"]]
        }
        var id = message["id"] ?? .null
        if case let .int(number) = id, number.magnitude > 1 << 53 {
            id = .double(Double(number))  // wrong: ids come back exactly as they were sent
        }
        let method = message["method"]?.stringValue ?? ""
        func result(_ value: JSONValue) -> JSONValue { ["jsonrpc": "2.0", "id": id, "result": value] }
        if message["id"] == nil {
            return result([:])  // wrong: notifications are never answered
        }
        switch method {
        case "ping": return result([:])
        case "initialize":
            return result(["protocolVersion": 1, "server": ["name": "fake", "version": "0"], "modifiers": [], "views": ["List", "Text"]])
        case "describe":
            return ["id": id, "result": ["modifiers": [], "views": [], "plugins": []]]  // wrong: no jsonrpc
        case "mount": return result(["surface": message["params"]?["surface"] ?? "?"])
        case "snapshot":
            return result(["root": ["type": "List"]])  // wrong: a ResolvedNode has an id
        default:
            // wrong: -32601 is the code for an unknown method
            return ["jsonrpc": "2.0", "id": id, "error": ["code": -32600, "message": "Invalid request", "data": ["method": .string(method)]]]
        }
    }
}

struct FakeHostError: Error {}

extension FakeHost {
    /// A vectors folder in this host's folder holding one file, `fake.json`, of `vectors`.
    func vectors(_ vectors: String) throws -> String {
        let folder = self.folder + "/vectors"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try vectors.write(toFile: folder + "/fake.json", atomically: true, encoding: .utf8)
        return folder
    }
}
