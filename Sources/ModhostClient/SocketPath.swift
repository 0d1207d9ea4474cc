import Glibc

/// Where the socket lives, and why a path cannot be used.
public enum SocketPath {
    /// `sun_path` holds 108 bytes including the terminating NUL.
    public static let maxLength = 107

    /// The path by the contract's rules: `--socket`, else `$MODHOST_SOCKET`, else
    /// `$XDG_RUNTIME_DIR/modhost/modhost.sock`, else `/tmp/modhost-$UID/modhost.sock`.
    public static func resolve(flag: String?, environment: [String: String]) -> String {
        if let flag, !flag.isEmpty { return flag }
        if let env = environment["MODHOST_SOCKET"], !env.isEmpty { return env }
        return defaultPath(environment: environment)
    }

    /// The socket used when none is chosen.
    public static func defaultPath(environment: [String: String]) -> String {
        defaultFolder(environment: environment) + "/modhost.sock"
    }

    /// `$XDG_RUNTIME_DIR/modhost`, else `/tmp/modhost-$UID`: the default socket's folder (where
    /// daemons before 0.2 also kept their copies of plugin libraries).
    public static func defaultFolder(environment: [String: String]) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime + "/modhost" }
        return "/tmp/modhost-\(getuid())"
    }

    /// Refuses paths that `sun_path` cannot hold (never truncated) and the abstract namespace
    /// (it has no permissions).
    public static func validate(_ path: String) -> String? {
        if path.isEmpty { return "the socket path is empty" }
        if path.hasPrefix("@") || path.utf8.first == 0 {
            return "'\(path)' names the abstract namespace, which has no permissions; give a file path"
        }
        if path.utf8.count > maxLength {
            return "the socket path is \(path.utf8.count) bytes long, over the \(maxLength) that a Unix socket address holds: '\(path)'. Choose a shorter --socket path"
        }
        return nil
    }

    /// The process environment as a dictionary.
    public static func processEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let eq = text.firstIndex(of: "=") {
                result[String(text[..<eq])] = String(text[text.index(after: eq)...])
            }
            cursor += 1
        }
        return result
    }

    /// Fills a `sockaddr_un` for `path` (already validated) and calls `body` with it.
    public static func withAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8.prefix(maxLength))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}

/// The C library's description of the current `errno`.
public func errnoText() -> String { String(cString: strerror(errno)) }
