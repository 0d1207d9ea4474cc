// A plugin that fails on purpose, for the crash tests (Swift and JS). The `faulty` modifier's
// `fault` param picks what goes wrong when its code runs: "body" (a force-unwrap of nil),
// "hang" (a body that never returns), "action" (a trap in the button's action), "factory"
// (a trap in the factory, once the params are decoded), "slow" (a body that takes half a second,
// within the plugin time limit), "slow-2s" (a body that takes 2 s: a hang under the default 1 s
// limit), "fork-then-body" (starts processes that outlive their parent,
// see `forkLeftovers`, then fails as "body" does), "ignore-sighup" and "ignore-sigterm" (the
// engine ignores that signal from then on; the body is fine), "shutdown-listener",
// "unlink-socket" and "dup-null-listener" (the body breaks the engine's listening socket, fd 3:
// shut down, its file removed, replaced by /dev/null; the body is fine), "allocate" (the body
// allocates and touches 64 MiB every 10 ms, up to 4 GiB, then frees it and returns),
// "allocate-later" (the body starts a thread that, 300 ms later, outside any plugin call,
// allocates and touches 1 GiB and keeps it). Hostile ones, which lie to the supervisor through
// the engine page (found in /proc/self/maps): "own-handler-crash" (installs a SIGSEGV handler
// that clears the page and exits 0, then faults), "forge-page-crash" (copies Greeting's page
// slot over its own, so the page names Greeting, then faults), "clear-call-hang" (marks the
// page as in no call, then never returns), "forge-long-folder-crash" (writes a made-up folder of 490 bytes
// over its own on the page, then faults), "close-all" (closes descriptors 3 to 1024, the
// engine's listening socket and loop among them, and returns), "scribble-journals-crash"
// (writes over the header page of every connection journal, "memfd:modhost-connection" in
// /proc/self/maps, then faults), "forge-custody-crash" (sends on the engine's custody channel,
// fd 6, what an engine never does: a note without descriptors, a socket pair's end as a
// connection, and a copy of every accepted connection with every journal, then faults). Its module's AsyncFunction `failLater("trap" | "hang")`
// fails in a task, after a first wait; its Function `fail()` traps.
// MODHOST_TEST_FAULT in the daemon's environment makes the module fail while loading:
// "oncreate-trap" (`try!` on an error), "oncreate-hang", "oncreate-slow" (2 s, within the
// default set-up limit), "schema-trap" (the factory traps
// when the host builds the params schema); or while it is unloaded: "ondestroy-trap",
// "ondestroy-hang" (OnDestroy traps, or never returns); "thread-crash": OnCreate starts a thread
// that, a second later, outside any plugin call, writes through a bad pointer (SIGSEGV).
// MODHOST_TEST_FAULTY_TRACE, a file path, gets a line appended when a slow body starts
// ("slow body started") and when OnDestroy runs ("OnDestroy"), for tests to see from outside.
import Glibc
import ModifierKit

private let startFault = getenv("MODHOST_TEST_FAULT").map { String(cString: $0) } ?? ""

/// Appends `line` to the file named by MODHOST_TEST_FAULTY_TRACE, if set.
private func trace(_ line: String) {
    guard let path = getenv("MODHOST_TEST_FAULTY_TRACE") else { return }
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
}

struct FaultyModifier: ViewModifier, Record {
    @Field var fault: String = "none"
    var eventDispatcher: EventDispatcher?
    init() {}
    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        if appContext.isDescribing && startFault == "schema-trap" { fatalError("the factory fails on purpose") }
        try self = .init(from: params, appContext: appContext)
        if fault == "factory" { fatalError("the factory fails on purpose") }
        self.eventDispatcher = eventDispatcher
    }
    func body(content: Content) -> some View {
        if fault == "fork-then-body" { forkLeftovers() }
        if fault == "ignore-sighup" { signal(SIGHUP, SIG_IGN) }
        if fault == "ignore-sigterm" { signal(SIGTERM, SIG_IGN) }
        if fault == "shutdown-listener" { shutdown(3, Int32(SHUT_RDWR)) }
        if fault == "unlink-socket" { unlinkListeningSocket() }
        if fault == "dup-null-listener" { dup2(open("/dev/null", O_RDONLY), 3) }
        if fault == "body" || fault == "fork-then-body" {
            let missing: String? = nil
            _ = missing!
        }
        if fault == "hang" {
            while true { usleep(1000) }
        }
        if fault == "slow" {
            trace("slow body started")
            usleep(500_000)
        }
        if fault == "slow-2s" { usleep(2_000_000) }
        if fault == "allocate" { allocate(blocks: 64) }
        if fault == "own-handler-crash" { crashBehindOwnHandler() }
        if fault == "close-all" { for fd in Int32(3)...1024 { close(fd) } }
        if fault == "scribble-journals-crash" {
            for journal in mappings(named: "modhost-connection") { memset(journal, 0x5A, 4096) }
            UnsafeMutablePointer<Int32>(bitPattern: 16)!.pointee = 1
        }
        if fault == "forge-custody-crash" {
            forgeCustody()
            UnsafeMutablePointer<Int32>(bitPattern: 16)!.pointee = 1
        }
        if fault == "forge-long-folder-crash" {
            forgeOwnFolder(as: "/made/up/" + String(repeating: "x", count: 480))
            UnsafeMutablePointer<Int32>(bitPattern: 16)!.pointee = 1
        }
        if fault == "forge-page-crash" {
            forgePageAsGreeting()
            UnsafeMutablePointer<Int32>(bitPattern: 16)!.pointee = 1
        }
        if fault == "clear-call-hang" {
            if let page = enginePage() { page.storeBytes(of: Int32(0), toByteOffset: 8, as: Int32.self) }
            while true { usleep(1000) }
        }
        if fault == "allocate-later" {
            startThread {
                usleep(300_000)
                allocate(blocks: 16, keep: true)
                while true { sleep(60) }
            }
        }
        return content.swipeActions(edge: .trailing) {
            ForEach(["go"], id: \.self) { id in
                Button {
                    if fault == "action" { fatalError("the action fails on purpose") }
                    eventDispatcher?(["faulty": ["id": id]])
                } label: { Text("Go") }
            }
        }
    }
}

/// Starts what a careless plugin leaves behind, and appends their process ids to
/// MODHOST_TEST_FAULTY_TRACE: a forked copy of the engine that left its process group
/// (`setsid`) and keeps every descriptor the engine had, clients' connections included, and a
/// shell whose background `sleep` stays in the engine's group once the shell has exited.
private func forkLeftovers() {
    let child = fork()
    if child == 0 {
        setsid()
        sleep(60)
        _exit(0)
    }
    trace("pid \(child)")
    guard let path = getenv("MODHOST_TEST_FAULTY_TRACE").map({ String(cString: $0) }) else { return }
    var shell: pid_t = 0
    let arguments = ["/bin/sh", "-c", "sleep 60 </dev/null >/dev/null 2>&1 & echo \"pid $!\" >> \"$0\"", path]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    guard posix_spawn(&shell, "/bin/sh", nil, nil, &argv, environ) == 0 else { return }
    var status: Int32 = 0
    waitpid(shell, &status, 0)
}

/// Allocates `blocks` blocks of 64 MiB, writing every byte so that they are resident, one every
/// 10 ms; frees them at the end unless `keep`.
private func allocate(blocks count: Int, keep: Bool = false) {
    let size = 64 << 20
    var blocks: [UnsafeMutableRawPointer] = []
    for _ in 0..<count {
        guard let block = malloc(size) else { break }
        memset(block, 1, size)
        blocks.append(block)
        usleep(10_000)
    }
    if !keep { blocks.forEach { free($0) } }
}

/// The engine page, mapped in this process: its address, from /proc/self/maps.
private func enginePage() -> UnsafeMutableRawPointer? {
    mappings(named: "modhost-engine-page").first
}

/// Where the memory files whose name contains `name` are mapped in this process.
private func mappings(named name: String) -> [UnsafeMutableRawPointer] {
    guard let file = fopen("/proc/self/maps", "r") else { return [] }
    defer { fclose(file) }
    var found: [UnsafeMutableRawPointer] = []
    var line = [CChar](repeating: 0, count: 1024)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard text.contains(name), let dash = text.firstIndex(of: "-"), let start = UInt(text[..<dash], radix: 16),
            let address = UnsafeMutableRawPointer(bitPattern: start)
        else { continue }
        found.append(address)
    }
    return found
}

/// A SIGSEGV handler that wipes the page and exits as if nothing happened, then a fault.
private func crashBehindOwnHandler() {
    guard let page = enginePage() else { return }
    pageToWipe = page
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
        if let page = pageToWipe { memset(page, 0, 4096) }
        _exit(0)
    }
    sigaction(SIGSEGV, &action, nil)
    UnsafeMutablePointer<Int32>(bitPattern: 16)!.pointee = 1
}
nonisolated(unsafe) private var pageToWipe: UnsafeMutableRawPointer?

/// Copies the page slot that names the Greeting plugin over the one that names this plugin:
/// a slot is 64 bytes of name, then the folder; each is found by its folder's last component.
private func forgePageAsGreeting() {
    guard let page = enginePage() else { return }
    let slotSize = 64 + 512 + 256 + 256
    let bytes = UnsafeMutableRawBufferPointer(start: page, count: 270_000)
    func folderOffset(endingWith suffix: String) -> Int? {
        let needle = Array(suffix.utf8) + [0]
        var index = 0
        while index + needle.count < bytes.count {
            if bytes[index] == needle[0], Array(bytes[index..<(index + needle.count)]) == needle { return index }
            index += 1
        }
        return nil
    }
    guard let ours = folderOffset(endingWith: "/faulty"), let greeting = folderOffset(endingWith: "/greeting") else { return }
    memmove(page + ours - 64, page + greeting - 64, slotSize)
}

/// Writes `fake` over this plugin's folder in its page slot (found by its last component).
private func forgeOwnFolder(as fake: String) {
    guard let page = enginePage() else { return }
    let bytes = UnsafeMutableRawBufferPointer(start: page, count: 270_000)
    let needle = Array("/faulty".utf8) + [0]
    var index = 0
    while index + needle.count < bytes.count {
        if bytes[index] == needle[0], Array(bytes[index..<(index + needle.count)]) == needle { break }
        index += 1
    }
    guard index + needle.count < bytes.count else { return }
    // The folder field starts where the path does: go back to its first byte.
    var start = index
    while start > 0 && bytes[start - 1] != 0 { start -= 1 }
    let text = Array(fake.utf8.prefix(511)) + [0]
    for (offset, byte) in text.enumerated() { bytes[start + offset] = byte }
}

/// Runs `work` on a thread of its own, which the host knows nothing of.
private func startThread(_ work: @escaping @Sendable () -> Void) {
    final class Work { let run: @Sendable () -> Void; init(_ run: @escaping @Sendable () -> Void) { self.run = run } }
    var thread = pthread_t()
    let context = Unmanaged.passRetained(Work(work)).toOpaque()
    pthread_create(&thread, nil, { context in
        Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context)
    pthread_detach(thread)
}

/// Lies to the supervisor on the engine's custody channel (fd 6; an engine sends "conn N"
/// with a connection's socket and its journal): a note without descriptors, a socket pair's
/// end, and every accepted connection's socket (fd 3's address, not listening) again with
/// each journal ("memfd:modhost-connection" in /proc/self/fd), so that a supervisor that took
/// them would have the next engine serve those clients twice.
private func forgeCustody() {
    func address(of fd: Int32) -> [UInt8]? {
        var address = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard ok == 0 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0.prefix(Int(length))) }
    }
    func isListening(_ fd: Int32) -> Bool {
        var listening: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0 && listening != 0
    }
    func target(of fd: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
    }
    // SCM_RIGHTS by hand (the CMSG macros are not visible from Swift): a 16-byte header, then
    // the descriptors, padded to 8 bytes.
    func send(_ text: String, _ fds: [Int32]) {
        var bytes = Array(text.utf8)
        let dataLength = 16 + 4 * fds.count
        var control = [UInt8](repeating: 0, count: fds.isEmpty ? 0 : (dataLength + 7) / 8 * 8)
        control.withUnsafeMutableBytes { raw in
            guard !fds.isEmpty else { return }
            raw.storeBytes(of: UInt64(dataLength), toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: Int32(SOL_SOCKET), toByteOffset: 8, as: Int32.self)
            raw.storeBytes(of: Int32(SCM_RIGHTS), toByteOffset: 12, as: Int32.self)
            for (index, fd) in fds.enumerated() { raw.storeBytes(of: fd, toByteOffset: 16 + 4 * index, as: Int32.self) }
        }
        bytes.withUnsafeMutableBytes { payload in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: payload.baseAddress, iov_len: payload.count)
                withUnsafeMutablePointer(to: &vector) { vector in
                    var message = msghdr()
                    message.msg_iov = vector
                    message.msg_iovlen = 1
                    if !fds.isEmpty {
                        message.msg_control = controlBytes.baseAddress
                        message.msg_controllen = controlBytes.count
                    }
                    _ = sendmsg(6, &message, Int32(MSG_NOSIGNAL))
                }
            }
        }
    }
    guard let listener = address(of: 3) else { return }
    let open = (0..<Int32(1024)).filter { fcntl($0, F_GETFD) >= 0 }
    let connections = open.filter { $0 != 3 && $0 != 6 && !isListening($0) && address(of: $0) == listener }
    let journals = open.filter { target(of: $0).contains("memfd:modhost-connection") }
    send("hello", [])
    var pair: [Int32] = [-1, -1]
    if socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0, let journal = journals.first {
        send("conn 900000", [pair[0], journal])
    }
    var number = 900_001
    for socket in connections {
        for journal in journals {
            send("conn \(number)", [socket, journal])
            number += 1
        }
    }
    trace("forged \(connections.count) connections x \(journals.count) journals")
}

/// Removes the file of the engine's listening socket (fd 3), found by its bound address.
private func unlinkListeningSocket() {
    var address = sockaddr_un()
    var length = socklen_t(MemoryLayout<sockaddr_un>.size)
    let ok = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(3, $0, &length) }
    }
    guard ok == 0 else { return }
    let path = withUnsafeBytes(of: &address.sun_path) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    unlink(path)
}

enum StartFailure: Error { case onPurpose }
func failToStart() throws { throw StartFailure.onPurpose }

/// A view that fails on purpose: its Button's action traps (`fault: "action"`) or hangs
/// (`"hang"`), and its body traps as it is evaluated (`"body"`).
public final class TrapProps: ExpoSwiftUI.ViewProps {
    @Field public var fault: String = ""
    public var onPress = EventDispatcher()
    public required init() {}
}

public struct TrapView: ExpoSwiftUI.View {
    public let props: TrapProps
    public init(props: TrapProps) { self.props = props }
    public var body: some View {
        if props.fault == "body" { fatalError("the view's body fails on purpose") }
        return Button("Boom") {
            if props.fault == "action" { fatalError("the view's action fails on purpose") }
            if props.fault == "hang" { while true { usleep(1000) } }
            props.onPress()
        }
    }
}

/// The module of `TrapView`, listed in a manifest only by the tests of faulty views.
public final class FaultyViewModule: Module {
    public func definition() -> ModuleDefinition {
        Name("FaultyViews")
        View(TrapView.self)
    }
}

public class FaultyModule: Module {
    public func definition() -> ModuleDefinition {
        Name("Faulty")
        // Fails in an async task after a first wait: outside any request, on a timer's wake-up.
        AsyncFunction("failLater") { (kind: String) async throws in
            try await Task.sleep(nanoseconds: 20_000_000)
            if kind == "trap" { fatalError("the task fails on purpose") }
            while true { usleep(1000) }
        }
        Function("fail") { () -> Void in fatalError("the function fails on purpose") }
        OnCreate {
            if startFault == "oncreate-trap" { try! failToStart() }
            if startFault == "oncreate-hang" { while true { usleep(1000) } }
            if startFault == "oncreate-slow" { usleep(2_000_000) }
            if startFault == "thread-crash" {
                startThread {
                    sleep(1)
                    UnsafeMutablePointer<Int32>(bitPattern: 16)!.pointee = 1
                }
            }
            ViewModifierRegistry.register("faulty") { params, context, dispatcher in
                try FaultyModifier(from: params, appContext: context, eventDispatcher: dispatcher)
            }
        }
        OnDestroy {
            ViewModifierRegistry.unregister("faulty")
            trace("OnDestroy")
            if startFault == "ondestroy-trap" { fatalError("OnDestroy fails on purpose") }
            if startFault == "ondestroy-hang" { while true { usleep(1000) } }
        }
    }
}
