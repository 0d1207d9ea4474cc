import Glibc

/// The few file-system facts the loader needs, without Foundation.
enum FileSystem {
    struct Identity: Equatable, Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var modifiedNanoseconds: Int64
    }

    static func info(_ path: String) -> stat? {
        var result = stat()
        return stat(path, &result) == 0 ? result : nil
    }

    /// `lstat`: the entry itself, a symbolic link included.
    static func linkInfo(_ path: String) -> stat? {
        var result = stat()
        return lstat(path, &result) == 0 ? result : nil
    }

    static func isDirectory(_ path: String) -> Bool {
        guard let info = info(path) else { return false }
        return info.st_mode & S_IFMT == S_IFDIR
    }

    static func exists(_ path: String) -> Bool { info(path) != nil }

    static func identity(_ path: String) -> Identity? {
        info(path).map(identity(of:))
    }

    /// The identity of the entry itself, not of what a symbolic link points to.
    static func linkIdentity(_ path: String) -> Identity? {
        linkInfo(path).map(identity(of:))
    }

    static func identity(of info: stat) -> Identity {
        Identity(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec), modifiedNanoseconds: Int64(info.st_mtim.tv_nsec))
    }

    /// Entries of a folder, sorted by name, without `.` and `..`.
    static func contents(of folder: String) -> [String] {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        return contents(ofOpenFolder: fd).sorted()
    }

    /// The entry's name, read in place up to its terminating NUL with `strlen` (through
    /// `String(cString:)`), invalid UTF-8 repaired. Not a scan of a copy of the whole 256-byte
    /// `d_name`: optimized, that scan compares 16 bytes at a time, past the NUL into bytes
    /// `getdents64` never wrote, and valgrind then takes every length computed from a name as
    /// undefined, up to the bytes `write` sends (docs/memory-checks.md).
    static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafeMutablePointer(to: &entry.pointee.d_name) {
            String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
        }
    }

    /// The names in the open folder `fd` (without `.` and `..`); closes `fd`.
    static func contents(ofOpenFolder fd: Int32) -> [String] {
        guard let dir = fdopendir(fd) else {
            close(fd)
            return []
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = self.name(of: entry)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return readToEnd(fd)
    }

    /// Why `readRegularFile` refused or failed, without the path (the caller puts it first).
    struct ReadError: Error, Equatable, CustomStringConvertible {
        var description: String
        /// Nothing is there (as opposed to something that was refused).
        var isMissing = false
    }

    /// The whole of a regular file, opened once so that the file checked is the file read:
    /// O_NOFOLLOW refuses a symbolic link, fstat on the descriptor refuses anything but a
    /// regular file, and O_NONBLOCK keeps a FIFO in its place from blocking the open.
    static func readRegularFile(_ path: String) throws(ReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            switch errno {
            case ENOENT: throw ReadError(description: "does not exist", isMissing: true)
            case ELOOP: throw ReadError(description: "is a symbolic link, not a regular file")
            default: throw ReadError(description: "cannot be opened: \(String(cString: strerror(errno)))")
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw ReadError(description: "cannot be examined: \(String(cString: strerror(errno)))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw ReadError(description: "is a folder, not a regular file")
        default: throw ReadError(description: "is not a regular file (a device, FIFO or socket)")
        }
        if let problem = ownershipProblem(info, path: path) { throw ReadError(description: problem) }
        guard let bytes = readToEnd(fd, sizeHint: Int(info.st_size)) else {
            throw ReadError(description: "cannot be read: \(String(cString: strerror(errno)))")
        }
        return bytes
    }

    private static func readToEnd(_ fd: Int32, sizeHint: Int = 0) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sizeHint)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    /// A reason `path` is unsafe to load code from: writable by group or others, or owned
    /// by someone other than this user or root.
    static func writableByOthers(_ path: String) -> String? {
        guard let info = info(path) else { return nil }
        return ownershipProblem(info, path: path).map { "\(path) \($0)" }
    }

    /// Why a file with `info` is unsafe to load code from (without the path in front):
    /// writable by group or others, or owned by someone other than this user or root.
    static func ownershipProblem(_ info: stat, path: String) -> String? {
        if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
            let mode = String(info.st_mode & 0o777, radix: 8)
            return "is writable by other users (mode \(mode)); run `chmod go-w \(path)`"
        }
        if info.st_uid != getuid() && info.st_uid != 0 {
            return "belongs to uid \(info.st_uid), not to you or root; take ownership or remove it"
        }
        return nil
    }

    /// The nearest folder above `path` that exists (`/` at worst).
    static func nearestExistingFolder(above path: String) -> String? {
        var parts = path.split(separator: "/").dropLast()
        while true {
            let candidate = "/" + parts.joined(separator: "/")
            if isDirectory(candidate) { return candidate }
            if parts.isEmpty { return nil }
            parts = parts.dropLast()
        }
    }
}
