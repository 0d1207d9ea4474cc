import Glibc
import Testing

@testable import ModhostPlugins

/// libGreetingFixture.so as `swift build` left it next to the test binary.
enum LibraryFixture {
    static let name = "libGreetingFixture.so"

    static var path: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath("/proc/self/exe", &buffer) != nil else { return name }
        let executable = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") + "/" + name
    }

    static func bytes() throws -> [UInt8] {
        do {
            return try FileSystem.readRegularFile(path)
        } catch {
            throw FixtureMissing(description: "\(path) \(error.description): run `swift build` before `swift test`")
        }
    }

    struct FixtureMissing: Error, CustomStringConvertible { var description: String }
}

/// A symbol as the runtime prints it ("type metadata accessor for Module.Class").
func demangle(_ symbol: String) -> String { LibraryImage.demangle(symbol) ?? symbol }

/// Little-endian fields of an ELF file, for tests that patch or locate its parts.
extension Array where Element == UInt8 {
    func field(_ offset: Int, size: Int) -> Int {
        (0..<size).reversed().reduce(0) { $0 << 8 | Int(self[offset + $1]) }
    }

    mutating func setField(_ offset: Int, size: Int, to value: Int) {
        for index in 0..<size { self[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
    }
}

