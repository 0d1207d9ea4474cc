import Glibc
import Testing

@testable import ModhostPlugins
import SeededRandom

@Suite(.timeLimit(.minutes(20))) struct SealedLibraryFileTests {
    private func sealed(_ bytes: [UInt8], name: String = "test") throws -> SealedLibraryFile {
        try bytes.withUnsafeBytes { raw in try SealedLibraryFile(bytes: raw, name: name) }
    }

    @Test func itsProcPathReadsBackTheSameBytes() throws {
        var random = SplitMix64(seed: 7)
        let bytes = (0..<200_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let file = try sealed(bytes)
        defer { file.close() }
        #expect(file.path == "/proc/self/fd/\(file.descriptor)")
        #expect(FileSystem.read(file.path) == bytes)
    }

    @Test func anEmptyFileCanBeSealed() throws {
        let file = try sealed([])
        defer { file.close() }
        #expect(FileSystem.read(file.path) == [])
    }

    @Test func nobodyCanChangeItOnceSealed() throws {
        let file = try sealed(Array("checked bytes".utf8))
        defer { file.close() }
        let written = write(file.descriptor, "x", 1)
        let error = errno
        #expect(written == -1 && error == EPERM)
        #expect(ftruncate(file.descriptor, 0) == -1)
        #expect(ftruncate(file.descriptor, 4096) == -1)
        // Nor through a new descriptor opened for writing by its path.
        let writable = open(file.path, O_RDWR | O_CLOEXEC)
        #expect(writable >= 0)
        defer { close(writable) }
        #expect(write(writable, "x", 1) == -1)
        #expect(FileSystem.read(file.path) == Array("checked bytes".utf8))
    }

    @Test func theFixtureLoadsFromItsSealedFile() throws {
        let bytes = try LibraryFixture.bytes()
        let image = try inspect(bytes).get()
        // Kept open: dlopen matches this path from now on (see SealedLibraryFile).
        let file = try sealed(bytes, name: LibraryFixture.name)
        let handle = dlopen(file.path, RTLD_NOW | RTLD_LOCAL)
        let error = handle == nil ? dlerror().map { String(cString: $0) } : nil
        #expect(handle != nil, "\(error ?? "")")
        let accessor = try #require(image.dynamicSymbols.first { $0.isDefined && $0.name.hasSuffix("CMa") })
        #expect(dlsym(handle, accessor.name) != nil)
    }
}
