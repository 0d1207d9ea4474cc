import Glibc
import Testing

@testable import ModhostPlugins

@Suite(.timeLimit(.minutes(20))) struct FileSystemReadTests {
    /// A temporary folder, removed with its entries at the end of the test.
    private final class Folder {
        let path: String
        init() throws {
            var template = Array("/tmp/mh-read-XXXXXX".utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
                throw FileSystem.ReadError(description: "mkdtemp failed")
            }
            path = String(cString: made)
        }
        deinit {
            for name in FileSystem.contents(of: path) { unlink(path + "/" + name) }
            rmdir(path)
        }
    }

    private func reason(_ path: String) -> String? {
        do { _ = try FileSystem.readRegularFile(path); return nil } catch { return error.description }
    }

    @Test func aRegularFileIsReadWhole() throws {
        #expect(try FileSystem.readRegularFile(LibraryFixture.path) == FileSystem.read(LibraryFixture.path))
    }

    @Test func aSymbolicLinkIsRefused() throws {
        let folder = try Folder()
        symlink(LibraryFixture.path, folder.path + "/link.so")
        #expect(reason(folder.path + "/link.so") == "is a symbolic link, not a regular file")
    }

    @Test func aFolderOrFIFOIsRefusedWithoutBlocking() throws {
        let folder = try Folder()
        #expect(reason(folder.path) == "is a folder, not a regular file")
        mkfifo(folder.path + "/fifo", 0o600)
        #expect(reason(folder.path + "/fifo") == "is not a regular file (a device, FIFO or socket)")
    }

    @Test func aMissingFileSaysSo() throws {
        let folder = try Folder()
        #expect(reason(folder.path + "/missing.so") == "does not exist")
    }
}
