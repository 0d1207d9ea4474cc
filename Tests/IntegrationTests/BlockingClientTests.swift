import Foundation
import Glibc
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

@Suite("BlockingClient", .blocksItsThread, .timeLimit(.minutes(20)))
struct BlockingClientTests {
    /// A listener that never accepts, so never reads: connecting works (the kernel queues the
    /// connection), and the connection's buffer fills.
    @Test func aWriteTheDaemonDoesNotReadTimesOutInsteadOfBlocking() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/deaf.sock"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: Array(path.utf8) + [0])
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0 && listen(listener, 4) == 0)
        let client = try BlockingClient(path: path)
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: 64 << 20)
        do {
            try client.sendRaw(bytes, timeoutMilliseconds: 300)
            Issue.record("64 MiB were written to a socket nobody reads")
        } catch let error {
            guard case let .writeTimedOut(written, total, milliseconds) = error else {
                Issue.record("expected writeTimedOut, got \(error)")
                return
            }
            #expect(written > 0 && written < total)
            #expect(total == bytes.count && milliseconds == 300)
            #expect("\(error)".contains("timed out writing to the daemon"))
        }
    }
}
