import Glibc
import ModhostClient

/// Why the daemon cannot listen; the message says what to do. Exit status 1.
public struct ListenError: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

/// The listening Unix socket: either bound here (folder 0700, socket 0600, a lock against a
/// second daemon, a stale file replaced) or handed over by systemd (fd 3, never unlinked).
public final class ListeningSocket {
    public private(set) var fd: Int32
    /// The device and inode of the socket file as bound (nil for systemd's): tells whether the
    /// file at the path is still this socket's.
    private var fileIdentity: (device: UInt64, inode: UInt64)?
    /// What `listening on ...` names.
    public let displayPath: String
    /// The file to unlink at exit; nil for a socket that systemd owns.
    public let ownedPath: String?
    private let lockFD: Int32?
    /// The socket's folder, opened when the socket was bound: the files are removed from that
    /// folder at exit, even if something has since put another one (or a link) at its path.
    private let folderFD: Int32?

    private init(fd: Int32, displayPath: String, ownedPath: String?, lockFD: Int32?, folderFD: Int32? = nil) {
        self.fd = fd
        self.displayPath = displayPath
        self.ownedPath = ownedPath
        self.lockFD = lockFD
        self.folderFD = folderFD
        if let ownedPath { fileIdentity = Self.identity(ofFile: ownedPath) }
    }

    private static func identity(ofFile path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// Whether the file at the path is still the socket this daemon bound (true for a socket
    /// systemd owns, whose file is not ours to check): false once something removed or
    /// replaced it, when new clients can no longer reach this socket.
    public var fileIsOurs: Bool {
        guard let ownedPath, let bound = fileIdentity else { return true }
        guard let now = Self.identity(ofFile: ownedPath) else { return false }
        return now == bound
    }

    /// Binds a new socket at the same path, in place of this one, keeping the lock: for when
    /// the old one stopped accepting (`shutdown` on it) or its file was removed or replaced.
    /// The old descriptor is closed. Only for a socket this daemon bound.
    public func rebind(backlog: Int32 = 511) throws(ListenError) {
        guard let ownedPath else {
            throw ListenError(description: "\(displayPath) belongs to systemd; it cannot be bound again here")
        }
        let name = ownedPath.lastIndex(of: "/").map { String(ownedPath[ownedPath.index(after: $0)...]) } ?? ownedPath
        if let folderFD { unlinkat(folderFD, name, 0) } else { unlink(ownedPath) }
        let fresh = try Self.bindAndListen(path: ownedPath, backlog: backlog)
        close(fd)
        fd = fresh
        fileIdentity = Self.identity(ofFile: ownedPath)
    }

    /// The socket systemd passed, when `LISTEN_PID` is this process and `LISTEN_FDS` >= 1.
    /// Clears the variables so children do not inherit them.
    public static func fromSystemd(environment: [String: String]) -> ListeningSocket? {
        guard let pid = environment["LISTEN_PID"].flatMap({ Int32($0) }), pid == getpid(),
            let count = environment["LISTEN_FDS"].flatMap({ Int($0) }), count >= 1
        else { return nil }
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_FDNAMES")
        let fd: Int32 = 3
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return ListeningSocket(fd: fd, displayPath: boundPath(of: fd) ?? "systemd socket (fd 3)", ownedPath: nil, lockFD: nil)
    }

    /// The socket a supervisor handed its engine as `fd`: used, never unlinked (the
    /// supervisor owns the file).
    public static func inherited(fd: Int32) -> ListeningSocket {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        return ListeningSocket(fd: fd, displayPath: boundPath(of: fd) ?? "the supervisor's socket (fd \(fd))", ownedPath: nil, lockFD: nil)
    }

    /// Binds `path`. Refuses while another daemon serves it; replaces a stale socket file.
    /// `isExplicit`: the path was chosen (`--socket`, `$MODHOST_SOCKET`), so its folder may
    /// also be a shared sticky folder of root's such as `/tmp`.
    public static func bind(path: String, isExplicit: Bool = true, backlog: Int32 = 511) throws(ListenError) -> ListeningSocket {
        if let problem = SocketPath.validate(path) { throw ListenError(description: problem) }
        let folder = parentFolder(of: path)
        try prepareFolder(folder, allowSharedSticky: isExplicit)

        // The lock settles races between two daemons starting at once; the probe below
        // catches anything else that is already serving the path. Never through a link, and
        // never a file someone else prepared.
        let lockPath = path + ".lock"
        let lockFD = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard lockFD >= 0 else { throw ListenError(description: "cannot open the lock file \(lockPath): \(errnoText())") }
        var lockInfo = stat()
        guard fstat(lockFD, &lockInfo) == 0, lockInfo.st_mode & S_IFMT == S_IFREG, lockInfo.st_uid == getuid() else {
            close(lockFD)
            throw ListenError(description: "the lock file \(lockPath) is not a regular file of yours (uid \(lockInfo.st_uid)); someone else may have prepared it. Remove it or choose another --socket")
        }
        if flock(lockFD, LOCK_EX | LOCK_NB) != 0 {
            close(lockFD)
            throw ListenError(description: "another modhostd is already running on \(path) (it holds \(lockPath)); stop it first or choose another --socket")
        }
        do {
            try replaceStaleSocket(at: path)
            let fd = try bindAndListen(path: path, backlog: backlog)
            let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            return ListeningSocket(fd: fd, displayPath: path, ownedPath: path, lockFD: lockFD, folderFD: folderFD >= 0 ? folderFD : nil)
        } catch {
            close(lockFD)
            throw error
        }
    }

    /// Removes the socket file this daemon bound (never systemd's) and releases the lock.
    public func removeFile() {
        guard let ownedPath else { return }
        let name = ownedPath.lastIndex(of: "/").map { String(ownedPath[ownedPath.index(after: $0)...]) } ?? ownedPath
        func remove(_ entry: String) {
            if let folderFD { unlinkat(folderFD, entry, 0) } else { unlink(Self.parentFolder(of: ownedPath) + "/" + entry) }
        }
        remove(name)
        if let lockFD {
            remove(name + ".lock")
            close(lockFD)
        }
        if let folderFD { close(folderFD) }
    }

    private static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// The socket folder, by tmux's rule: an existing one is used only if it is a real folder
    /// (`lstat`, never through a link) of this user with no group or other permissions, or,
    /// for a path chosen explicitly, a shared sticky folder of root's such as `/tmp` (whose
    /// entries others cannot replace). A missing one is created 0700, but only the last
    /// folder: its parent must exist.
    private static func prepareFolder(_ folder: String, allowSharedSticky: Bool) throws(ListenError) {
        var info = stat()
        if lstat(folder, &info) == 0 {
            try checkFolder(folder, info, allowSharedSticky: allowSharedSticky)
            return
        }
        guard errno == ENOENT else { throw ListenError(description: "cannot inspect \(folder): \(errnoText())") }
        let parent = parentFolder(of: folder)
        var parentInfo = stat()
        guard stat(parent, &parentInfo) == 0, parentInfo.st_mode & S_IFMT == S_IFDIR else {
            throw ListenError(description: "the socket folder's parent \(parent) does not exist; only the socket's own folder is created. Create \(parent) first or choose another --socket")
        }
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw ListenError(description: "cannot create the socket folder \(folder): \(errnoText())")
        }
        // Checked again as it is now: someone may have been quicker.
        guard lstat(folder, &info) == 0 else { throw ListenError(description: "cannot inspect \(folder): \(errnoText())") }
        try checkFolder(folder, info, allowSharedSticky: false)
    }

    private static func checkFolder(_ folder: String, _ info: stat, allowSharedSticky: Bool) throws(ListenError) {
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK:
            throw ListenError(description: "the socket folder \(folder) is a symbolic link; it must be a real folder of yours (mode 0700), since another user may control where a link points. Remove the link or choose another --socket")
        default:
            throw ListenError(description: "\(folder) is not a folder; choose another --socket path")
        }
        if allowSharedSticky && info.st_uid == 0 && info.st_mode & S_ISVTX != 0 { return }
        if info.st_uid == getuid() {
            guard info.st_mode & 0o077 == 0 else {
                let mode = String(info.st_mode & 0o7777, radix: 8)
                throw ListenError(description: "the socket folder \(folder) has mode \(mode): other users could reach or replace the socket. Run `chmod 700 \(folder)` or choose another --socket")
            }
            return
        }
        throw ListenError(description: "the socket folder \(folder) belongs to uid \(info.st_uid), not to you (uid \(getuid())); someone else may have prepared it. Remove it or choose another --socket")
    }

    private static func replaceStaleSocket(at path: String) throws(ListenError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFSOCK else {
            throw ListenError(description: "\(path) exists and is not a socket; refusing to replace it. Remove it or choose another --socket")
        }
        // A server that is ending (a daemon killed a moment ago, whose engine the kernel is
        // still taking down) accepts for a few more milliseconds: only one that goes on
        // accepting for a second is taken as running.
        var attempts = 0
        while probeConnect(path) {
            attempts += 1
            guard attempts < 10 else {
                throw ListenError(description: "another server is already listening on \(path); stop it first or choose another --socket")
            }
            usleep(100_000)
        }
        unlink(path)
    }

    /// True when something accepts connections on `path`.
    private static func probeConnect(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return SocketPath.withAddress(path) { connect(fd, $0, $1) } == 0
    }

    private static func bindAndListen(path: String, backlog: Int32) throws(ListenError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ListenError(description: "cannot create a socket: \(errnoText())") }
        // The umask keeps the socket private from the moment it exists; chmod makes it exact.
        let oldMask = umask(0o177)
        let bound = SocketPath.withAddress(path) { Glibc.bind(fd, $0, $1) }
        let bindErrno = errno
        umask(oldMask)
        guard bound == 0 else {
            close(fd)
            throw ListenError(description: "cannot bind \(path): \(String(cString: strerror(bindErrno)))")
        }
        chmod(path, 0o600)
        guard listen(fd, backlog) == 0 else {
            let text = errnoText()
            close(fd)
            unlink(path)
            throw ListenError(description: "cannot listen on \(path): \(text)")
        }
        return fd
    }

    private static func boundPath(of fd: Int32) -> String? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard ok == 0, address.sun_family == sa_family_t(AF_UNIX) else { return nil }
        let path = withUnsafeBytes(of: &address.sun_path) { raw -> String in
            let bytes = raw.prefix(while: { $0 != 0 })
            return String(decoding: bytes, as: UTF8.self)
        }
        return path.isEmpty ? nil : path
    }
}


/// Tells systemd (or anything listening on `$NOTIFY_SOCKET`) about the daemon's state.
public enum ServiceNotifier {
    public static func notify(_ state: String, environment: [String: String]) {
        guard var path = environment["NOTIFY_SOCKET"], !path.isEmpty else { return }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let abstract = path.hasPrefix("@")
        if abstract { path.removeFirst() }
        var bytes = Array(path.utf8.prefix(SocketPath.maxLength - 1))
        if abstract { bytes.insert(0, at: 0) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
        let message = Array(state.utf8)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { addr in
                message.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), addr, length) }
            }
        }
    }
}
