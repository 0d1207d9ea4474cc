import CModhostSystem
import Glibc

/// A library's bytes in a sealed anonymous memory file (`memfd_create`), loaded with
/// `dlopen(path)`.
///
/// Why not a copy on disk:
/// - nothing is left on disk for a crash to leave behind;
/// - once sealed, nobody (not the plugin folder's owner, not this process) can change the bytes
///   after they were checked with `ELFImage`: what `dlopen` maps is what was checked.
///
/// The descriptor must stay open for the daemon's life once `dlopen` loaded `path`: glibc's
/// `dlopen` matches already-loaded libraries by path name, so if N were closed and reused for
/// another library, `dlopen("/proc/self/fd/N")` would return the old one.
struct SealedLibraryFile {
    /// Why the memory file could not be made, without the library's path (the caller puts it
    /// first): "cannot be copied into memory for loading (memfd_create: …)".
    struct Problem: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    let descriptor: Int32
    /// What to pass to `dlopen`.
    var path: String { "/proc/self/fd/\(descriptor)" }

    /// Writes `bytes` into a new memory file and seals it. `name` is shown in
    /// /proc/PID/maps as "/memfd:name (deleted)", so that a crash report names the plugin.
    init(bytes: UnsafeRawBufferPointer, name: String) throws(Problem) {
        // The kernel takes names up to 249 bytes.
        let fd = String(decoding: name.utf8.prefix(200), as: UTF8.self).withCString { modhost_memfd_create($0) }
        guard fd >= 0 else { throw Self.failure("memfd_create") }
        var written = 0
        while written < bytes.count, let base = bytes.baseAddress {
            let n = write(fd, base + written, bytes.count - written)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let problem = Self.failure("write")
                Glibc.close(fd)
                throw problem
            }
            written += n
        }
        guard modhost_memfd_seal(fd) == 0 else {
            let problem = Self.failure("sealing")
            Glibc.close(fd)
            throw problem
        }
        descriptor = fd
    }

    /// The memory file's name for the library of the plugin in `folder`:
    /// "modhost-plugin:FOLDER", which the supervisor's crash witness reads in /proc/PID/maps
    /// to tell whose code a thread was in. A folder too long for the kernel's limit keeps its
    /// end, after "…".
    static func name(forPlugin path: String) -> String {
        let prefix = MODHOST_PLUGIN_MEMORY_FILE_PREFIX
        let room = 200 - prefix.utf8.count
        guard path.utf8.count > room else { return prefix + path }
        return prefix + "…" + String(decoding: path.utf8.suffix(room - 3), as: UTF8.self)
    }

    /// Closes the file: only for one that `dlopen` did not load (a failed load, a test).
    func close() { _ = Glibc.close(descriptor) }

    private static func failure(_ step: String) -> Problem {
        Problem(description: "cannot be copied into memory for loading (\(step): \(String(cString: strerror(errno))))")
    }
}
