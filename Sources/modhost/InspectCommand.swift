import Glibc
import ModhostClient

/// `modhost inspect [--port N] [--open]`: runs the inspector's web server (`inspector/server.mjs`,
/// a Node script) on the daemon's socket. The CLI becomes that process (`execvp`), so signals
/// reach the server as they would reach `modhost`, and its exit status is the command's.
enum InspectCommand {
    static func run(arguments: [String], socket: String, mainFile: String) -> Never {
        var rest = arguments
        let port = takeFlag("--port", from: &rest)
        let open = takeSwitch("--open", from: &rest)
        guard rest.isEmpty else { fail("inspect takes only --port N and --open, not '\(rest[0])'", status: 2) }
        if let port, UInt16(port) == nil { fail("--port must be a number from 0 to 65535, got '\(port)'", status: 2) }
        guard let folder = InstallLayout.inspector(sourceTree: InstallLayout.sourceTree(builtFrom: mainFile)) else {
            fail("cannot tell where the inspector is installed (no executable folder)", status: 1)
        }
        let script = folder + "/server.mjs"
        guard access(script, R_OK) == 0 else {
            fail("no inspector at \(script); install Modhost with scripts/install, or run modhost from a build of its source tree", status: 1)
        }
        var argv = ["node", script, "--socket", socket]
        if let port { argv += ["--port", port] }
        if open { argv.append("--open") }
        let cStrings = argv.map { strdup($0) } + [nil]
        execvp("node", cStrings)
        let reason = String(cString: strerror(errno))
        fail("cannot run node (\(reason)); the inspector needs Node.js 20 or later on the PATH (Debian: apt-get install nodejs)", status: 1)
    }
}
