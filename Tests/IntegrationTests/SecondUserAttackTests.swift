import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

// Issue 13, acceptance 2: the audit's attacks replayed by a second local user. The attacker's
// every step is run as `nobody` (uid 65534) through `setpriv`, never by root with `chown`.
//
// The victim is a daemon (and the `modhost` front-end) run as a uid that no account has, a
// new one per test (4,200,000 to 4,299,999), also through `setpriv`. Why not root: the
// fallback folder is `/tmp/modhost-$UID` in the machine's real /tmp (`SocketPath.defaultFolder`
// honours no TMPDIR-like override), so a root victim would mean clobbering the machine's
// `/tmp/modhost-0`; and a root victim passes every "owned by you or root" check trivially.
// An unused uid has a `/tmp/modhost-UID` nobody else uses, removed when the test ends. The
// build folder must be readable by other users for this (it is checked first, with a message).
//
// On this machine `fs.protected_symlinks` and `fs.protected_regular` are 0: the kernel does
// not stop a process from following another user's link, or opening another user's file, in a
// shared sticky folder, so only the daemon's own checks stand in the way (where they are 1,
// the kernel refuses some of these too and the tests still pass, proving less).

/// Running things as other users.
enum OtherUsers {
    static let setpriv = "/usr/bin/setpriv"
    /// The attacker.
    static let attacker: uid_t = 65534
    static let available = getuid() == 0 && access(setpriv, X_OK) == 0 && buildIsReachableByOthers
    static let skipNote = "replaying attacks needs a second uid: the tests must run as root with /usr/bin/setpriv to act as nobody (65534) and as an unused victim uid, and other users must be able to run the built products (every folder above the build folder searchable by others; not so in a private folder such as one mktemp -d made)"

    /// Whether other users can reach the built products: every folder from theirs up to `/`
    /// lets others search it.
    static var buildIsReachableByOthers: Bool {
        guard var folder = try? BuiltProducts.executable("modhostd").deletingLastPathComponent().path else { return false }
        while true {
            var info = stat()
            guard stat(folder, &info) == 0, info.st_mode & 0o001 != 0 else { return false }
            if folder == "/" || folder.isEmpty { return true }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// A uid no account has and whose `/tmp/modhost-UID` does not exist.
    static func unusedUID() -> uid_t {
        while true {
            let uid = uid_t.random(in: 4_200_000...4_299_999)
            var info = stat()
            if getpwuid(uid) == nil && lstat("/tmp/modhost-\(uid)", &info) != 0 { return uid }
        }
    }

    /// `argv` as `uid` (its own group, no supplementary groups, no capabilities).
    static func command(as uid: uid_t, _ argv: [String]) -> [String] {
        [setpriv, "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups"] + argv
    }
}

/// How a process ended; `timedOut` when it was still running at the deadline and was stopped.
struct Outcome: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String
    var timedOut: Bool
    var description: String { "status \(status)\(timedOut ? " (still running at the deadline: stopped)" : "")\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// A child process started with `posix_spawn` and reaped with `waitpid` here, not with
/// Foundation's `Process`: that one learns of an exit when a socket the child inherits is
/// closed by every process holding it, so a program that hands its descriptors on (a daemon
/// and its engine) can leave `waitUntilExit` hanging. The child gets a clean signal state
/// (the test runner's threads block SIGTERM, which children would inherit) and no descriptor
/// but 0, 1 and 2.
final class Spawned {
    let pid: pid_t
    private(set) var status: Int32?

    init(_ argv: [String], environment: [String: String], stdout: String?, stderr: String?) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard result == 0 else { throw HarnessError("cannot start \(argv[0]): \(String(cString: strerror(result)))") }
        pid = child
    }

    deinit { stop(grace: 0) }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34), which Swift's Glibc module
    /// does not show (it needs _GNU_SOURCE).
    private static let closeFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    var isRunning: Bool {
        guard status == nil else { return false }
        var raw: Int32 = 0
        let done = waitpid(pid, &raw, WNOHANG)
        if done == pid {
            // WIFEXITED: the low 7 bits are 0; otherwise 128 + the signal, as a shell says it.
            status = raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        } else if done < 0 && errno == ECHILD {
            status = -1
        }
        return status == nil
    }

    /// Waits up to `seconds` for the exit; true when it exited.
    @discardableResult
    func wait(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            if Date() > deadline { return false }
            usleep(10_000)
        }
        return true
    }

    /// SIGTERM, then SIGKILL if it still runs after `grace` seconds; reaps it.
    func stop(grace: Double) {
        guard isRunning else { return }
        if grace > 0 {
            kill(pid, SIGTERM)
            if wait(seconds: grace) { return }
        }
        kill(pid, SIGKILL)
        wait(seconds: 30)
    }
}

/// A process started as another user that outlives the call (the attacker's listener, the
/// victim's daemon), stopped at deinit. `setpriv` execs, so the pid is the program's own.
final class Background {
    let process: Spawned
    let logPath: String
    /// How long `stop()` waits after SIGTERM before SIGKILL.
    let grace: Double

    init(_ argv: [String], environment: [String: String], logPath: String, grace: Double = 10) throws {
        self.logPath = logPath
        self.grace = grace
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process = try Spawned(argv, environment: environment, stdout: nil, stderr: logPath)
    }

    deinit { stop() }

    var pid: pid_t { process.pid }
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    func waitForLog(_ text: String, seconds: Double = 20) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if log.contains(text) { return }
            if !process.isRunning { throw HarnessError("exited (\(process.status ?? -1)) before logging '\(text)':\n\(log)") }
            usleep(10_000)
        }
        throw HarnessError("did not log '\(text)' within \(seconds) s:\n\(log)")
    }

    /// SIGTERM (SIGKILL after the grace period).
    func stop(grace: Double? = nil) { process.stop(grace: grace ?? self.grace) }
}

/// One test's world: a victim uid with a private home, a shared sticky folder of root's that
/// stands in for /tmp, and the built products. Removes the victim's `/tmp/modhost-UID` (a
/// made-up uid's, never a real user's) at the end.
final class Scene {
    let temp = TemporaryFolder()
    let victim = OtherUsers.unusedUID()
    let attacker = OtherUsers.attacker
    /// The victim's home: theirs, 0700.
    let home: String
    /// Like /tmp: root's, mode 1777.
    let shared: String
    /// `/tmp/modhost-VICTIM`: where the daemon falls back to without `XDG_RUNTIME_DIR`.
    var fallbackFolder: String { "/tmp/modhost-\(victim)" }
    let modhostd: String
    let modhost: String
    let listenerScript: String

    init() throws {
        chmod(temp.path, 0o755)
        home = temp.path + "/victim"
        shared = temp.path + "/shared"
        mkdir(home, 0o700)
        chown(home, victim, victim)
        mkdir(shared, 0o777)
        chmod(shared, 0o1777)
        modhostd = try BuiltProducts.executable("modhostd").path
        modhost = try BuiltProducts.executable("modhost").path
        listenerScript = temp.path + "/listener.pl"
        try Self.listener.write(toFile: listenerScript, atomically: true, encoding: .utf8)
        chmod(listenerScript, 0o644)
        // Both users must be able to run the built products: check rather than assume.
        for uid in [victim, attacker] {
            let version = try run(as: uid, [modhostd, "--version"])
            guard version.status == 0 else {
                throw HarnessError("uid \(uid) cannot run \(modhostd) (every folder above it needs o+x, the files o+r): \(version)")
            }
        }
    }

    deinit {
        var info = stat()
        if victim != 0 && lstat(fallbackFolder, &info) == 0 { try? FileManager.default.removeItem(atPath: fallbackFolder) }
    }

    /// The environment a victim's process gets: no `XDG_RUNTIME_DIR` (so the fallback applies),
    /// no `MODHOST_SOCKET`, an empty user plugin folder.
    var victimEnvironment: [String: String] { ["PATH": "/usr/bin:/bin", "HOME": home, "XDG_DATA_HOME": home + "/data"] }

    /// Runs `argv` as `uid` to completion (stopped after `timeout` seconds).
    func run(as uid: uid_t, _ argv: [String], environment: [String: String]? = nil, timeout: Double = 20) throws -> Outcome {
        let out = temp.path + "/.out-\(UUID().uuidString)"
        let err = temp.path + "/.err-\(UUID().uuidString)"
        defer { unlink(out); unlink(err) }
        let process = try Spawned(OtherUsers.command(as: uid, argv), environment: environment ?? victimEnvironment, stdout: out, stderr: err)
        let timedOut = !process.wait(seconds: timeout)
        process.stop(grace: 5)
        return Outcome(
            status: process.status ?? -1, stdout: fileText(out) ?? "", stderr: fileText(err) ?? "", timedOut: timedOut)
    }

    /// The attacker's shell commands; a failing step fails the test.
    @discardableResult
    func attack(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Outcome {
        let outcome = try run(as: attacker, ["/bin/sh", "-ec", script], environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"])
        try #require(outcome.status == 0, "the attacker's step failed: \(script)\n\(outcome)", sourceLocation: sourceLocation)
        return outcome
    }

    /// The attacker tries something that must not work; returns how it ended.
    func attempt(_ script: String) throws -> Outcome {
        try run(as: attacker, ["/bin/sh", "-c", script], environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"])
    }

    /// The victim's own shell commands.
    func asVictim(_ script: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let outcome = try run(as: victim, ["/bin/sh", "-ec", script])
        try #require(outcome.status == 0, "the victim's step failed: \(script)\n\(outcome)", sourceLocation: sourceLocation)
    }

    /// `modhostd ARGS` as the victim, expected to refuse and exit; a daemon that starts
    /// instead is stopped after 10 s (and the outcome says so).
    func victimDaemonRefusal(_ arguments: [String]) throws -> Outcome {
        try run(as: victim, [modhostd, "--no-bundled-plugins"] + arguments, timeout: 10)
    }

    /// `modhostd ARGS` as the victim, running until the end of the test.
    func victimDaemon(_ arguments: [String], waitFor text: String = "listening on") throws -> Background {
        let daemon = try Background(
            OtherUsers.command(as: victim, [modhostd, "--no-bundled-plugins"] + arguments), environment: victimEnvironment,
            logPath: temp.path + "/daemon-\(UUID().uuidString).log")
        try daemon.waitForLog(text)
        return daemon
    }

    /// The victim's front-end: `modhost ARGS` as the victim.
    func victimFrontEnd(_ arguments: [String]) throws -> Outcome {
        try run(as: victim, [modhost] + arguments, timeout: 30)
    }

    /// The attacker's server on `socket` (mode 0777), which writes every connection and every
    /// byte it receives to `log` (a file of the attacker's).
    func attackerListener(socket: String, log: String) throws -> Background {
        let listener = try Background(
            OtherUsers.command(as: attacker, ["/usr/bin/perl", listenerScript, socket, log]),
            environment: ["PATH": "/usr/bin:/bin"], logPath: temp.path + "/listener-\(UUID().uuidString).err", grace: 0)
        let deadline = Date().addingTimeInterval(20)
        while !(fileText(log) ?? "").contains("ready") {
            guard Date() < deadline, listener.process.isRunning else { throw HarnessError("the attacker's listener did not start: \(listener.log)") }
            usleep(10_000)
        }
        return listener
    }

    /// The attacker's listener log once every connection it accepted has ended ("received"
    /// or "closed" logged for each): the other end has exited by then, so all it sent is in.
    func settledLog(_ log: String, connections: Int = 1, seconds: Double = 10) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let text = fileText(log) ?? ""
            let ended = text.components(separatedBy: "received").count + text.components(separatedBy: "closed").count - 2
            if ended >= connections || Date() > deadline { return text }
            usleep(10_000)
        }
    }

    /// Every entry under `path` (itself included) with its type, owner, mode, inode, size,
    /// modification time and link target: equal listings mean nothing was added, removed,
    /// replaced or written.
    func listing(_ path: String) throws -> String {
        try output(of: ["/usr/bin/find", path, "-printf", "%P %y %U %m %i %s %T@ %l\n"]).sorted().joined(separator: "\n")
    }

    /// Entries anywhere in /tmp, /var/tmp and /dev/shm owned by the victim (a uid only this
    /// test uses, so the victim's processes made them all), except in the victim's private
    /// home (0700, under /tmp only because tests keep their files there).
    func victimsEntriesInSharedFolders() throws -> [String] {
        try output(of: [
            "/usr/bin/find", "/tmp", "/var/tmp", "/dev/shm", "-xdev", "(", "-path", home, "-prune", ")", "-o", "-uid", "\(victim)", "-print",
        ]).sorted()
    }

    /// The lines a command (run as root) prints.
    private func output(of argv: [String]) throws -> [String] {
        let out = temp.path + "/.find-\(UUID().uuidString)"
        defer { unlink(out) }
        let process = try Spawned(argv, environment: ["PATH": "/usr/bin:/bin"], stdout: out, stderr: nil)
        guard process.wait(seconds: 60) else { throw HarnessError("\(argv) did not finish within 60 s") }
        return (fileText(out) ?? "").split(separator: "\n").map(String.init)
    }

    /// A client that connects to a socket, sends one framed `ping` and prints what comes back
    /// within 5 s ("closed" when the other end hangs up).
    static let rawClient = #"""
        use strict; use warnings;
        use Socket; use IO::Socket::UNIX; use IO::Select;
        # The daemon may hang up before the ping is written: that is a refusal too, not a crash.
        $SIG{PIPE} = 'IGNORE';
        my $client = IO::Socket::UNIX->new(Type => SOCK_STREAM, Peer => $ARGV[0]) or die "connect: $!";
        my $ping = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
        syswrite($client, pack('N', length $ping) . $ping);
        print "connected, sent a ping; got: ";
        my $got = '';
        while (IO::Select->new($client)->can_read(5)) {
            my $n = sysread($client, my $buf, 65536);
            last if !$n;
            $got .= $buf;
        }
        print length $got ? $got : 'closed', "\n";
        """#

    /// A listening server that logs what it gets, in Perl (it runs as `nobody`, who cannot
    /// reach the toolchain's Python): "connection" on each accept, then "received N bytes: …"
    /// and a hang-up once something arrives, or "closed" when the other end hangs up first.
    static let listener = #"""
        use strict; use warnings;
        use Socket; use IO::Socket::UNIX; use IO::Select; use IO::Handle;
        my ($path, $log) = @ARGV;
        open(my $out, '>>', $log) or die "log: $!"; $out->autoflush(1);
        my $server = IO::Socket::UNIX->new(Type => SOCK_STREAM, Local => $path, Listen => 16) or die "listen $path: $!";
        chmod 0777, $path;
        print $out "ready\n";
        my $select = IO::Select->new($server);
        while (1) {
            for my $fh ($select->can_read) {
                if ($fh == $server) { my $c = $server->accept or next; print $out "connection\n"; $select->add($c); next; }
                my $n = sysread($fh, my $buf, 65536);
                print $out ($n ? "received $n bytes: $buf\n" : "closed\n");
                $select->remove($fh); close $fh;
            }
        }
        """#
}

func lstatInfo(_ path: String) -> stat? {
    var info = stat()
    return lstat(path, &info) == 0 ? info : nil
}

func fileText(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

@Suite("SecondUser: the audit's attacks replayed by another uid", .serialized, .enabled(if: OtherUsers.available, "\(OtherUsers.skipNote)"), .blocksItsThread, .timeLimit(.minutes(20)))
struct SecondUserAttackTests {
    // MARK: - The /tmp/modhost-$UID fallback

    /// The attack: `nobody` creates `/tmp/modhost-VICTIM` mode 1777 with a listening socket of
    /// theirs at `modhost.sock`; the victim starts modhostd and a front-end with
    /// `XDG_RUNTIME_DIR` unset. Before the fix the sticky bit let the daemon use the folder (the
    /// attacker then replaced the socket and got the front-end's `initialize`).
    /// Fails if the daemon accepts a folder that is not its user's (e.g. for its sticky bit):
    /// it would then create its lock there, which the listing catches; and if the front-end
    /// talks to a listener of another uid, which the listener's log catches.
    @Test func aStickyFallbackFolderPreparedByAnotherUserIsRefusedAndTheFrontEndSendsItNothing() throws {
        let scene = try Scene()
        let folder = scene.fallbackFolder
        try scene.attack("mkdir \(folder) && chmod 1777 \(folder) && mkdir -m 700 \(scene.shared)/atk")
        let listener = try scene.attackerListener(socket: folder + "/modhost.sock", log: scene.shared + "/atk/log")
        let before = try scene.listing(folder)

        let refusal = try scene.victimDaemonRefusal([])
        #expect(refusal.status == 1 && !refusal.timedOut, "\(refusal)")
        #expect(refusal.stderr.contains("the socket folder \(folder) belongs to uid 65534, not to you (uid \(scene.victim)); someone else may have prepared it. Remove it or choose another --socket"), "\(refusal)")
        #expect(try scene.listing(folder) == before, "the daemon left something in the attacker's folder")
        #expect(lstatInfo(folder + "/modhost.sock.lock") == nil)

        // The victim's front-end, finding no daemon of theirs, must not talk to the attacker's.
        let frontEnd = try scene.victimFrontEnd(["call", "describe"])
        #expect(frontEnd.status == 1, "\(frontEnd)")
        #expect(frontEnd.stderr.contains("\(folder)/modhost.sock is served by uid 65534, not by you (uid \(scene.victim)) or root"), "\(frontEnd)")
        let heard = scene.settledLog(scene.shared + "/atk/log")
        #expect(!heard.contains("received"), "the attacker's socket received the front-end's bytes:\n\(heard)")
        #expect(try scene.listing(folder) == before)
        listener.stop()
    }

    /// The attack: `nobody` points `/tmp/modhost-VICTIM` at a folder of theirs (mode 0777) by a
    /// symbolic link. Fails if the daemon inspects the folder through the link: the message
    /// would then name the owner instead of the link, and with the owner check gone too the
    /// daemon would bind in the attacker's folder (its listing catches that).
    @Test func aFallbackFolderThatIsAnotherUsersSymbolicLinkIsRefused() throws {
        let scene = try Scene()
        let theirs = scene.shared + "/attackers-runtime"
        try scene.attack("mkdir -m 777 \(theirs) && ln -s \(theirs) \(scene.fallbackFolder)")
        let before = try scene.listing(theirs)
        let link = try #require(lstatInfo(scene.fallbackFolder))

        let refusal = try scene.victimDaemonRefusal([])
        #expect(refusal.status == 1 && !refusal.timedOut, "\(refusal)")
        #expect(refusal.stderr.contains("the socket folder \(scene.fallbackFolder) is a symbolic link; it must be a real folder of yours (mode 0700)"), "\(refusal)")
        #expect(refusal.stderr.contains("Remove the link or choose another --socket"), "\(refusal)")
        #expect(try scene.listing(theirs) == before, "the daemon wrote into the attacker's folder")
        #expect(lstatInfo(scene.fallbackFolder)?.st_ino == link.st_ino, "the attacker's link is left alone")
    }

    /// The attack: `nobody` points `/tmp/modhost-VICTIM` at a private folder of the victim's
    /// own (0700), so that every owner and mode check passes through the link, and the daemon
    /// would put its socket and lock wherever the attacker's link says (and the attacker can
    /// repoint it at will). Only the `lstat` check stops this one: without it the daemon starts
    /// and its files appear in the victim's folder.
    @Test func aFallbackLinkToAPrivateFolderOfTheVictimsOwnIsRefused() throws {
        let scene = try Scene()
        let victimsFolder = scene.home + "/private"
        try scene.asVictim("mkdir -m 700 \(victimsFolder)")
        try scene.attack("ln -s \(victimsFolder) \(scene.fallbackFolder)")

        let refusal = try scene.victimDaemonRefusal([])
        #expect(refusal.status == 1 && !refusal.timedOut, "\(refusal)")
        #expect(refusal.stderr.contains("the socket folder \(scene.fallbackFolder) is a symbolic link"), "\(refusal)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: victimsFolder).isEmpty, "the daemon followed the attacker's link")
    }

    /// The victim's own `/tmp/modhost-VICTIM` at mode 0777 (as a careless umask makes it), in
    /// which `nobody` has already planted a listening socket and a lock file. Before the fix it
    /// was used as is. Fails if the mode check goes: the refusal would then come later, from
    /// the lock file's owner check, with another message (a folder without planted files would
    /// simply be used).
    @Test func aFallbackFolderOfTheVictimsOwnThatOthersCanWriteIsRefusedWithTheFix() throws {
        let scene = try Scene()
        let folder = scene.fallbackFolder
        try scene.asVictim("mkdir \(folder) && chmod 777 \(folder)")
        try scene.attack("mkdir -m 700 \(scene.shared)/atk && touch \(folder)/modhost.sock.lock && chmod 666 \(folder)/modhost.sock.lock")
        let listener = try scene.attackerListener(socket: folder + "/modhost.sock", log: scene.shared + "/atk/log")
        let before = try scene.listing(folder)

        let refusal = try scene.victimDaemonRefusal([])
        #expect(refusal.status == 1 && !refusal.timedOut, "\(refusal)")
        #expect(refusal.stderr.contains("the socket folder \(folder) has mode 777: other users could reach or replace the socket. Run `chmod 700 \(folder)` or choose another --socket"), "\(refusal)")
        #expect(try scene.listing(folder) == before)
        usleep(200_000)
        #expect(!(fileText(scene.shared + "/atk/log") ?? "").contains("connection"), "the daemon did not even probe the attacker's socket")
        listener.stop()
    }

    // MARK: - Another user and the victim's socket

    /// The victim's daemon makes its own fallback folder. The attacker can neither list the
    /// folder nor connect (EACCES), while the victim's front-end is served. Fails if the folder
    /// is made with group or other permissions (the attacker's `ls` works), if the socket is
    /// not 0600, or if both let others in (the attacker's ping reaches the daemon).
    @Test func anotherUserCannotReachTheDaemonInItsFallbackFolder() throws {
        let scene = try Scene()
        let folder = scene.fallbackFolder
        let daemon = try scene.victimDaemon([])
        let info = try #require(lstatInfo(folder))
        #expect(info.st_mode & S_IFMT == S_IFDIR && info.st_uid == scene.victim && info.st_mode & 0o7777 == 0o700)
        #expect(lstatInfo(folder + "/modhost.sock").map { $0.st_mode & 0o777 } == 0o600)

        let list = try scene.attempt("ls \(folder)")
        #expect(list.status != 0 && list.stderr.contains("Permission denied"), "\(list)")
        let ping = try scene.run(as: scene.attacker, [scene.modhost, "--socket", folder + "/modhost.sock", "ping"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(ping.status == 1 && ping.stderr.contains("Permission denied"), "\(ping)")
        #expect(!daemon.log.contains("refused"), "the kernel, not the daemon, kept the attacker out:\n\(daemon.log)")

        let victimPing = try scene.victimFrontEnd(["ping"])
        #expect(victimPing.status == 0 && victimPing.stdout.contains("pong from \(folder)/modhost.sock"), "\(victimPing)")
        daemon.stop()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty, "the socket and its lock are removed at exit")
    }

    /// An explicit socket in a shared sticky folder of root's (as /tmp): the attacker cannot
    /// connect (the socket is 0600), cannot remove it and cannot rename a socket of theirs over
    /// it. Fails if the socket is left reachable by others (the attacker's ping would reach
    /// the daemon).
    @Test func inASharedStickyFolderAnotherUserCanNeitherReachNorReplaceTheSocket() throws {
        let scene = try Scene()
        let socket = scene.shared + "/s.sock"
        let daemon = try scene.victimDaemon(["--socket", socket])
        #expect(lstatInfo(socket).map { $0.st_mode & 0o777 } == 0o600)
        #expect(lstatInfo(socket)?.st_uid == scene.victim)

        let ping = try scene.run(as: scene.attacker, [scene.modhost, "--socket", socket, "ping"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(ping.status == 1 && ping.stderr.contains("Permission denied"), "\(ping)")
        let remove = try scene.attempt("rm -f \(socket) \(socket).lock")
        #expect(remove.status != 0 && remove.stderr.contains("Operation not permitted"), "\(remove)")
        try scene.attack("mkdir -m 700 \(scene.shared)/atk")
        let listener = try scene.attackerListener(socket: scene.shared + "/atk/fake.sock", log: scene.shared + "/atk/log")
        let replace = try scene.attempt("mv -f \(scene.shared)/atk/fake.sock \(socket)")
        #expect(replace.status != 0, "\(replace)")
        #expect(lstatInfo(socket)?.st_uid == scene.victim)

        let victimPing = try scene.victimFrontEnd(["--socket", socket, "ping"])
        #expect(victimPing.status == 0, "\(victimPing)")
        #expect(!daemon.log.contains("refused"), "\(daemon.log)")
        listener.stop()
    }

    /// A socket that other users *can* reach (systemd handed it over, with mode 0777): the
    /// daemon itself turns the attacker away, and serves its user. Fails if the daemon stops
    /// checking its peers' uid (the attacker's ping would be answered).
    @Test func aSocketOthersCanReachStillServesOnlyTheDaemonsUser() throws {
        let scene = try Scene()
        let socket = scene.shared + "/activated.sock"
        // systemd-socket-activate listens and starts modhostd on the first connection, handing
        // it the socket as fd 3; the victim then opens the socket to everyone, as a unit with
        // SocketMode=0777 would.
        let activator = "/usr/bin/systemd-socket-activate"
        try #require(access(activator, X_OK) == 0, "\(activator) is needed to hand the daemon a socket")
        let daemon = try Background(
            OtherUsers.command(as: scene.victim, [activator, "-l", socket, scene.modhostd, "--no-bundled-plugins"]),
            environment: scene.victimEnvironment, logPath: scene.temp.path + "/activated.log")
        try daemon.waitForLog("Listening on \(socket)")
        try scene.asVictim("chmod 777 \(socket)")
        #expect(lstatInfo(socket).map { $0.st_mode & 0o777 } == 0o777)

        let victimPing = try scene.victimFrontEnd(["--socket", socket, "ping"])
        #expect(victimPing.status == 0, "\(victimPing)")
        // The attacker's own client (not `modhost`, which would not talk to another uid's
        // socket either): connect, send a ping, print what comes back.
        let client = scene.temp.path + "/client.pl"
        try Scene.rawClient.write(toFile: client, atomically: true, encoding: .utf8)
        chmod(client, 0o644)
        let ping = try scene.run(as: scene.attacker, ["/usr/bin/perl", client, socket], environment: ["PATH": "/usr/bin:/bin"])
        #expect(ping.status == 0 && ping.stdout.hasPrefix("connected, sent a ping; got: closed"), "\(ping)")
        #expect(!ping.stdout.contains("result"), "\(ping)")
        try daemon.waitForLog("refused: its uid 65534 is not this daemon's uid \(scene.victim)")
    }

    // MARK: - Planted files at an explicit socket's path in a shared sticky folder

    /// The attacker plants the lock file: as a symbolic link to a file the victim does not
    /// have yet (which the daemon would create through the link), as a link to a file the
    /// victim has, and as a file of their own. Each is refused and no victim file is made or
    /// touched. Fails without `O_NOFOLLOW` (the first two start the daemon, and the first
    /// creates the victim's file) or without the owner check (the third starts the daemon on
    /// a lock the attacker can hold).
    @Test func aLockFilePlantedByAnotherUserIsNeitherFollowedNorUsed() throws {
        let scene = try Scene()
        let socket = scene.shared + "/s.sock"
        let missing = scene.home + "/created-through-the-link"
        let existing = scene.home + "/notes.txt"
        try scene.asVictim("printf 'notes\\n' > \(existing) && chmod 600 \(existing)")
        let notes = try #require(lstatInfo(existing))

        for target in [missing, existing] {
            try scene.attack("ln -sfn \(target) \(socket).lock")
            let refusal = try scene.victimDaemonRefusal(["--socket", socket])
            #expect(refusal.status == 1 && !refusal.timedOut, "\(refusal)")
            // O_NOFOLLOW | O_CREAT on another user's link in a sticky folder fails with EACCES
            // on this kernel (ELOOP elsewhere); without O_NOFOLLOW the kernel follows the link
            // and creates the target (fs.protected_symlinks is 0 here).
            let reasons = ["Too many levels of symbolic links", "Permission denied"]
            #expect(reasons.contains { refusal.stderr.contains("cannot open the lock file \(socket).lock: \($0)") }, "\(refusal)")
            #expect(lstatInfo(socket) == nil, "no socket was bound")
            #expect(lstatInfo(socket + ".lock").map { $0.st_mode & S_IFMT } == S_IFLNK, "the attacker's link is left alone")
            try scene.attack("rm \(socket).lock")
        }
        #expect(lstatInfo(missing) == nil, "the daemon created a file where the attacker's link pointed")
        let after = try #require(lstatInfo(existing))
        #expect(after.st_size == notes.st_size && after.st_mtim.tv_sec == notes.st_mtim.tv_sec && after.st_mtim.tv_nsec == notes.st_mtim.tv_nsec)

        try scene.attack("touch \(socket).lock && chmod 666 \(socket).lock")
        let refusal = try scene.victimDaemonRefusal(["--socket", socket])
        #expect(refusal.status == 1 && !refusal.timedOut, "\(refusal)")
        #expect(refusal.stderr.contains("the lock file \(socket).lock is not a regular file of yours (uid 65534); someone else may have prepared it"), "\(refusal)")
        #expect(lstatInfo(socket) == nil)
        #expect(lstatInfo(socket + ".lock")?.st_uid == scene.attacker)
    }

    /// The attacker plants the socket path itself: a listening socket of theirs, a link to a
    /// file of the victim's, and a dead socket of theirs. Each time the daemon refuses, sends
    /// the attacker's listener nothing, and replaces or follows nothing. Fails if the daemon
    /// binds over a live server, or treats a link as a stale socket; in a sticky folder the
    /// kernel also keeps the victim from unlinking the attacker's entries, so without the
    /// daemon's checks the refusals would still come, but with other messages ("cannot
    /// bind"), which is what the test would catch.
    @Test func anEntryAnotherUserPlantedAtTheSocketPathIsNeverReplacedOrFollowed() throws {
        let scene = try Scene()
        let socket = scene.shared + "/s.sock"
        let existing = scene.home + "/notes.txt"
        try scene.asVictim("printf 'notes\\n' > \(existing)")
        try scene.attack("mkdir -m 700 \(scene.shared)/atk")

        // A listening socket of theirs.
        let listener = try scene.attackerListener(socket: socket, log: scene.shared + "/atk/log")
        let planted = try #require(lstatInfo(socket))
        var refusal = try scene.victimDaemonRefusal(["--socket", socket])
        #expect(refusal.status == 1 && !refusal.timedOut, "\(refusal)")
        #expect(refusal.stderr.contains("another server is already listening on \(socket)"), "\(refusal)")
        #expect(lstatInfo(socket)?.st_ino == planted.st_ino && lstatInfo(socket)?.st_uid == scene.attacker)
        let heard = scene.settledLog(scene.shared + "/atk/log")
        #expect(heard.contains("connection") && !heard.contains("received"), "the daemon's probe sends nothing: \(heard)")
        listener.stop()

        // A dead socket of theirs: the victim may not remove it from a sticky folder.
        refusal = try scene.victimDaemonRefusal(["--socket", socket])
        #expect(refusal.status == 1 && !refusal.timedOut, "\(refusal)")
        #expect(refusal.stderr.contains("cannot bind \(socket): Address already in use"), "\(refusal)")
        #expect(lstatInfo(socket)?.st_ino == planted.st_ino)

        // A link to the victim's file.
        try scene.attack("rm -f \(socket) && ln -s \(existing) \(socket)")
        refusal = try scene.victimDaemonRefusal(["--socket", socket])
        #expect(refusal.status == 1 && !refusal.timedOut, "\(refusal)")
        #expect(refusal.stderr.contains("\(socket) exists and is not a socket; refusing to replace it"), "\(refusal)")
        #expect(lstatInfo(socket).map { $0.st_mode & S_IFMT } == S_IFLNK)
        #expect(fileText(existing) == "notes\n")
    }

    // MARK: - --socket under a folder another user controls

    /// `--socket ATTACKERS/a/b/x.sock` where `ATTACKERS` is nobody's, mode 0777: the missing
    /// intermediate folder is refused and nothing is created; one missing level is created
    /// 0700 and the victim's; a last folder the attacker made first is refused. Fails if the
    /// daemon creates missing parents (`a` would appear) or accepts a folder it did not make.
    @Test func underAFolderAnotherUserControlsOnlyTheLastFolderIsCreatedPrivate() throws {
        let scene = try Scene()
        let theirs = scene.shared + "/attackers"
        try scene.attack("mkdir -m 777 \(theirs)")

        let deep = try scene.victimDaemonRefusal(["--socket", theirs + "/a/b/x.sock"])
        #expect(deep.status == 1 && !deep.timedOut, "\(deep)")
        #expect(deep.stderr.contains("the socket folder's parent \(theirs)/a does not exist; only the socket's own folder is created"), "\(deep)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: theirs).isEmpty)

        try scene.attack("mkdir -m 700 \(theirs)/first")
        let first = try scene.victimDaemonRefusal(["--socket", theirs + "/first/x.sock"])
        #expect(first.status == 1 && !first.timedOut, "\(first)")
        #expect(first.stderr.contains("the socket folder \(theirs)/first belongs to uid 65534"), "\(first)")

        let daemon = try scene.victimDaemon(["--socket", theirs + "/one/x.sock"])
        let made = try #require(lstatInfo(theirs + "/one"))
        #expect(made.st_mode & S_IFMT == S_IFDIR && made.st_uid == scene.victim && made.st_mode & 0o7777 == 0o700)
        daemon.stop()
    }

    /// What the folder rule cannot stop: the owner of the socket's parent folder renames the
    /// victim's folder away once the daemon is up and puts a listening socket of their own in
    /// its place. The victim's front-end, which finds the attacker's socket at the path, must
    /// send it nothing. Fails if the front-end does not check who serves the socket (the
    /// listener would log the front-end's `initialize`).
    @Test func aFrontEndSendsNothingToASocketAnotherUserSwappedIn() throws {
        let scene = try Scene()
        let theirs = scene.shared + "/attackers"
        try scene.attack("mkdir -m 777 \(theirs)")
        let daemon = try scene.victimDaemon(["--socket", theirs + "/one/x.sock"])
        #expect(try scene.victimFrontEnd(["--socket", theirs + "/one/x.sock", "ping"]).status == 0)

        try scene.attack("mv \(theirs)/one \(theirs)/stolen && mkdir -m 755 \(theirs)/one")
        let listener = try scene.attackerListener(socket: theirs + "/one/x.sock", log: theirs + "/log")
        let frontEnd = try scene.victimFrontEnd(["--socket", theirs + "/one/x.sock", "call", "describe"])
        #expect(frontEnd.status == 1, "\(frontEnd)")
        #expect(frontEnd.stderr.contains("\(theirs)/one/x.sock is served by uid 65534, not by you (uid \(scene.victim)) or root; someone else may have prepared it, so nothing was sent"), "\(frontEnd)")
        let heard = scene.settledLog(theirs + "/log")
        #expect(heard.contains("connection") && !heard.contains("received"), "\(heard)")
        listener.stop()
        daemon.stop()
    }

    // MARK: - Plugins

    /// A plugin root the victim lets everyone write (0777), where `nobody` plants: a plugin
    /// folder of theirs; a link to a plugin folder of theirs; new code in the victim's
    /// library left writable by others (0666); a new manifest in the victim's manifest left
    /// writable by others; and, once the daemon runs, the victim's loaded plugin folder
    /// renamed away and replaced by theirs before a rescan. Nothing of theirs is loaded, each
    /// refusal names why, and the victim's intact plugin loads. Fails if the loader stops
    /// checking owners (the planted folders load: more "greeting module created" lines) or
    /// modes (the rewritten library or manifest loads, as "Hijacked").
    @Test func pluginCodeOrManifestsAnotherUserCouldPrepareOrChangeAreNeverLoaded() throws {
        let scene = try Scene()
        let root = scene.temp.path + "/plugins"
        let library = BuiltProducts.folder.appendingPathComponent("libGreetingFixture.so").path
        let otherCode = BuiltProducts.folder.appendingPathComponent("libFaultyFixture.so").path
        // The victim's plugins: one intact, one whose library and one whose manifest others can write.
        try PluginFixtures.make(in: root, folder: "good", name: "Greeting")
        try PluginFixtures.make(in: root, folder: "loose-library", name: "LooseLibrary")
        chmod(root + "/loose-library/libGreetingFixture.so", 0o666)
        try PluginFixtures.make(in: root, folder: "loose-manifest", name: "LooseManifest")
        chmod(root + "/loose-manifest/plugin.json", 0o666)
        try PluginFixtures.make(in: scene.temp.path + "/staging", folder: "theirs", name: "Theirs", copyLibrary: false)
        try PluginFixtures.make(in: scene.temp.path + "/staging", folder: "hijacked", name: "Hijacked", copyLibrary: false)
        let hijacked = scene.temp.path + "/staging/hijacked/plugin.json"
        let chown = try scene.run(as: 0, ["/bin/chown", "-R", "\(scene.victim):\(scene.victim)", root])
        try #require(chown.status == 0, "\(chown)")
        chmod(root, 0o777)

        let attackersPlugin = scene.shared + "/attackers-plugin"
        try scene.attack("""
            mkdir -m 755 \(root)/theirs && cp \(scene.temp.path)/staging/theirs/plugin.json \(library) \(root)/theirs/
            mkdir -m 755 \(attackersPlugin) && cp \(scene.temp.path)/staging/theirs/plugin.json \(library) \(attackersPlugin)/
            ln -s \(attackersPlugin) \(root)/theirs-linked
            cat \(otherCode) > \(root)/loose-library/libGreetingFixture.so
            cat \(hijacked) > \(root)/loose-manifest/plugin.json
            """)
        let daemon = try scene.victimDaemon(["--socket", scene.home + "/run/modhost.sock", "--plugins", root])
        func describe() throws -> [JSONValue] {
            let outcome = try scene.victimFrontEnd(["--socket", scene.home + "/run/modhost.sock", "call", "describe"])
            try #require(outcome.status == 0, "\(outcome)")
            return try #require(JSONParser.parse(outcome.stdout)["result"]?["plugins"]?.arrayValue)
        }
        func error(_ plugins: [JSONValue], _ folder: String) -> String {
            plugins.first { $0["path"]?.stringValue == root + "/" + folder }?["error"]?.stringValue ?? "(no error)"
        }
        var plugins = try describe()
        #expect(plugins.first { $0["path"]?.stringValue == root + "/good" }?["status"] == "loaded", "\(plugins)")
        #expect(error(plugins, "theirs").contains("\(root)/theirs belongs to uid 65534, not to you or root"))
        #expect(error(plugins, "theirs-linked").contains("\(root)/theirs-linked belongs to uid 65534, not to you or root"))
        #expect(error(plugins, "loose-library").contains("\(root)/loose-library/libGreetingFixture.so is writable by other users (mode 666)"))
        #expect(error(plugins, "loose-manifest").contains("\(root)/loose-manifest/plugin.json is writable by other users (mode 666)"))
        #expect(plugins.filter { $0["status"] == "loaded" }.count == 1, "\(plugins)")
        #expect(!plugins.contains { $0["name"] == "Hijacked" || $0["name"] == "Theirs" })
        #expect(daemon.log.components(separatedBy: "was not loaded").count - 1 == 4, "each refusal is logged:\n\(daemon.log)")

        // Between scans: the victim's loaded plugin folder is renamed away and replaced.
        try scene.attack("""
            mv \(root)/good \(root)/.good-was-here
            mkdir -m 755 \(root)/good && cp \(scene.temp.path)/staging/theirs/plugin.json \(library) \(root)/good/
            """)
        let reload = try scene.victimFrontEnd(["--socket", scene.home + "/run/modhost.sock", "reload"])
        #expect(reload.status == 0 || reload.status == 1, "\(reload)")
        plugins = try describe()
        #expect(error(plugins, "good").contains("\(root)/good belongs to uid 65534, not to you or root"), "\(plugins)")
        #expect(plugins.filter { $0["status"] == "loaded" }.isEmpty, "\(plugins)")
        #expect(daemon.log.components(separatedBy: "greeting module created").count - 1 == 1, "only the victim's own copy ever ran:\n\(daemon.log)")
        daemon.stop()
    }

    /// Daemons before the fix copied each plugin library into `/tmp/modhost-$UID/loaded-PID`,
    /// even with `--socket` elsewhere, and inside a folder another user had prepared. Here
    /// `nobody` prepares `/tmp/modhost-VICTIM` (1777) and, once the daemon and its engine run,
    /// plants `loaded-PID` links for both pointing at a private folder of the victim's; the
    /// victim loads a plugin at start and another one after. Nothing lands in either folder,
    /// and the victim's uid owns nothing in /tmp, /var/tmp or /dev/shm but its own socket
    /// folder. Fails if the daemon writes plugin copies (or anything else) to shared folders.
    @Test func aDaemonSessionWritesNothingWhereAnotherUserCanReach() throws {
        let scene = try Scene()
        let folder = scene.fallbackFolder
        let root = scene.home + "/plugins"
        let private_ = scene.home + "/private"
        try PluginFixtures.make(in: root, folder: "a-greeting", name: "Greeting")
        try FileManager.default.createDirectory(atPath: private_, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let chown = try scene.run(as: 0, ["/bin/chown", "-R", "\(scene.victim):\(scene.victim)", root, private_])
        try #require(chown.status == 0, "\(chown)")
        try scene.attack("mkdir \(folder) && chmod 1777 \(folder)")
        let prepared = try scene.listing(folder)

        let daemon = try scene.victimDaemon(["--socket", scene.shared + "/victim.sock", "--plugins", root])
        #expect(daemon.log.contains("loaded plugin Greeting"), "\(daemon.log)")
        #expect(try scene.listing(folder) == prepared, "the daemon wrote into the folder the attacker prepared")
        let pid = daemon.pid
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        let children = tasks.flatMap { (fileText("/proc/\(pid)/task/\($0)/children") ?? "").split(separator: " ").map(String.init) }
        #expect(!children.isEmpty, "the supervisor runs an engine")
        let pids = ["\(pid)"] + children
        let planted = try scene.attempt(pids.map { "ln -s \(private_) \(folder)/loaded-\($0)" }.joined(separator: " && "))
        #expect(planted.status == 0, "the attacker could not plant the links (did the daemon make those entries?): \(planted)")
        let before = try scene.listing(folder)

        // A second plugin, loaded while running.
        try FileManager.default.copyItem(atPath: root + "/a-greeting", toPath: scene.home + "/b-staged")
        let chown2 = try scene.run(as: 0, ["/bin/chown", "-R", "\(scene.victim):\(scene.victim)", scene.home + "/b-staged"])
        try #require(chown2.status == 0)
        try scene.asVictim("sed -i 's/\"Greeting\"/\"Greeting2\"/' \(scene.home)/b-staged/plugin.json && mv \(scene.home)/b-staged \(root)/b-greeting")
        let reload = try scene.victimFrontEnd(["--socket", scene.shared + "/victim.sock", "reload"])
        #expect(reload.status == 0, "\(reload)")
        try daemon.waitForLog("loaded plugin Greeting2")

        #expect(try scene.listing(folder) == before, "the daemon wrote into the folder the attacker prepared")
        #expect(try FileManager.default.contentsOfDirectory(atPath: private_).isEmpty, "the daemon wrote through the attacker's links")
        #expect(try scene.victimsEntriesInSharedFolders() == [scene.shared + "/victim.sock", scene.shared + "/victim.sock.lock"])
        daemon.stop()
        #expect(try scene.victimsEntriesInSharedFolders() == [], "and nothing is left behind")
    }
}
