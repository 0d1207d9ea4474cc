import CModhostSystem
import Glibc

/// The processes an engine started, so that none outlives it. Each engine runs in a process
/// group of its own (it is started in a new session), and the supervisor is the subreaper of
/// its descendants (`PR_SET_CHILD_SUBREAPER`), so a process that left the group (`setsid`) and
/// whose parent died is still the supervisor's child rather than init's. When an engine ends,
/// its group is killed, then every child of the supervisor but the engine, until none is left.
///
/// What it cannot reach: a descendant whose parent is still alive and that left the group
/// (it is killed once its parent is, as an orphan), and a process that another user owns.
enum EngineDescendants {
    /// Makes this process the subreaper of its descendants. False when the kernel refused.
    static func adopt() -> Bool { modhost_become_subreaper() == 0 }

    /// The children of this process, with whether each has already ended (a zombie), read from
    /// /proc. `excluding` (the engine running) is left out.
    static func children(excluding engine: pid_t?) -> [(pid: pid_t, ended: Bool)] {
        let me = getpid()
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var found: [(pid: pid_t, ended: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name), pid != engine, let (parent, state) = status(of: pid), parent == me else { continue }
            found.append((pid, state == "Z" || state == "X"))
        }
        return found
    }

    /// The parent and state letter of `pid`, from /proc/PID/stat ("PID (NAME) STATE PPID ...";
    /// the name may hold spaces and parentheses, so the fields are read after the last ')').
    static func status(of pid: pid_t) -> (parent: pid_t, state: Character)? {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return parseStat(String(decoding: buffer[..<count], as: UTF8.self))
    }

    /// Reads the parent and state out of a /proc/PID/stat line.
    static func parseStat(_ line: String) -> (parent: pid_t, state: Character)? {
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(separator: " ", maxSplits: 3)
        guard fields.count >= 2, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
        return (parent, state)
    }

    /// Ends everything the engine whose process group is `group` left behind: the group, then
    /// each child of this process but `engine` (a new engine, if one runs), and reaps them.
    /// Returns whether anything was left.
    @discardableResult
    static func endAll(group: pid_t?, engine: pid_t?) -> Bool {
        var found = false
        if let group, group > 1, kill(-group, SIGKILL) == 0 { found = true }
        // Killing a child may orphan its own children, which then become ours: go round until
        // none is left (bounded, should a plugin keep forking while it dies).
        for _ in 0..<50 {
            let left = children(excluding: engine)
            if left.isEmpty { break }
            found = true
            for child in left where !child.ended { kill(child.pid, SIGKILL) }
            for child in left { reap(child.pid) }
        }
        return found
    }

    /// Reaps the children that already ended (not the engine): orphans adopted while an engine
    /// runs must not pile up as zombies.
    static func reapEnded(engine: pid_t?) {
        for child in children(excluding: engine) where child.ended { reap(child.pid) }
    }

    /// Waits up to about 100 ms for `pid`, just killed, to be reaped.
    private static func reap(_ pid: pid_t) {
        var status: Int32 = 0
        for _ in 0..<100 {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno != EINTR) { return }
            usleep(1000)
        }
    }
}
