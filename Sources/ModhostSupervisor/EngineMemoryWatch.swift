import Glibc

/// The engine memory limit (`--engine-memory-limit`), applied from outside: the supervisor reads
/// the engine's resident memory from `/proc/PID/statm` every 100 ms of its watchdog, and ends
/// an engine past the limit. Not `RLIMIT_AS` or `RLIMIT_DATA`: those count address space, which
/// the AddressSanitizer build reserves by terabytes, and a plugin in the engine could raise
/// them again; what the kernel reports of the engine's memory it cannot change.
struct EngineMemoryWatch {
    /// The limit in bytes; 0: none.
    let limitBytes: Int64
    /// Watchdog ticks (20 ms each) from one read to the next.
    static let ticksBetweenReads = 5
    private var ticks = 0

    init(limitBytes: Int64) {
        self.limitBytes = limitBytes
    }

    /// Counts a watchdog tick; every `ticksBetweenReads`th, reads `pid`'s resident memory and
    /// returns it when it is past the limit.
    mutating func tick(pid: pid_t) -> Int64? {
        guard limitBytes > 0 else { return nil }
        ticks += 1
        guard ticks >= Self.ticksBetweenReads else { return nil }
        ticks = 0
        guard let resident = Self.residentBytes(of: pid), resident > limitBytes else { return nil }
        return resident
    }

    /// The resident memory of process `pid` (the second field of `/proc/PID/statm`, in pages);
    /// nil when it cannot be read (the process is gone).
    static func residentBytes(of pid: pid_t) -> Int64? {
        let fd = open("/proc/\(pid)/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return residentBytes(statm: String(decoding: buffer[..<count], as: UTF8.self), pageSize: Int64(sysconf(Int32(_SC_PAGESIZE))))
    }

    /// The resident bytes `/proc/PID/statm`'s text `statm` gives ("size resident shared ...").
    static func residentBytes(statm: String, pageSize: Int64) -> Int64? {
        let fields = statm.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count >= 2, let pages = Int64(fields[1]) else { return nil }
        return pages * pageSize
    }

    /// Why an engine past the limit was ended, as a crash report's reason:
    /// "used 2.1 GiB, past the 2.0 GiB engine memory limit".
    static func reason(resident: Int64, limit: Int64) -> String {
        let (used, allowed) = sizes(resident: resident, limit: limit)
        return "used \(used), past the \(allowed) engine memory limit"
    }

    /// What the supervisor logs as it ends an engine past the limit, in `call` or outside any.
    static func log(resident: Int64, limit: Int64, call: RecordedCall?) -> String {
        let (used, allowed) = sizes(resident: resident, limit: limit)
        let place = call.map { "while plugin \($0.plugin) (\($0.folder)) runs its \($0.call) for '\($0.detail)'" } ?? "outside any plugin call"
        return "the engine uses \(used), past the \(allowed) engine memory limit, \(place); stopping the engine"
    }

    /// The two sizes as text; in MiB when they would read the same in GiB (just past the limit).
    private static func sizes(resident: Int64, limit: Int64) -> (String, String) {
        size(resident) == size(limit) ? ("\(resident >> 20) MiB", "\(limit >> 20) MiB") : (size(resident), size(limit))
    }

    /// Bytes for people: whole MiB below 1 GiB ("612 MiB"), else GiB with one decimal, rounded
    /// down ("2.1 GiB").
    static func size(_ bytes: Int64) -> String {
        let mebibytes = bytes >> 20
        guard mebibytes >= 1024 else { return "\(mebibytes) MiB" }
        let tenths = bytes / (1 << 30 / 10)
        return "\(tenths / 10).\(tenths % 10) GiB"
    }
}
