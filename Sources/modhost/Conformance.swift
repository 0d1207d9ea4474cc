import Glibc
import ModhostConformance

/// `modhost conformance [--socket PATH | --spawn CMD] [--vectors DIR] [--schemas DIR] [--filter TEXT]`:
/// runs the protocol's vectors against a host; exits 1 if any fails, 2 on a usage problem.
func runConformance(arguments: [String], socketFlag: String?, defaultSocket: String) -> Never {
    var options = Conformance.Options()
    var rest = arguments
    func value(_ flag: String) -> String? {
        guard let at = rest.firstIndex(where: { $0 == flag || $0.hasPrefix(flag + "=") }) else { return nil }
        if rest[at].hasPrefix(flag + "=") {
            defer { rest.remove(at: at) }
            return String(rest[at].dropFirst(flag.count + 1))
        }
        guard at + 1 < rest.count else { fail("\(flag) needs a value", status: 2) }
        defer { rest.removeSubrange(at...at + 1) }
        return rest[at + 1]
    }
    options.spawn = value("--spawn")
    if let folder = value("--vectors") { options.vectorsFolder = folder }
    if let folder = value("--schemas") { options.schemasFolder = folder }
    options.filter = value("--filter")
    guard rest.isEmpty else { fail("conformance: unexpected arguments \(rest.joined(separator: " "))", status: 2) }
    if options.spawn != nil && socketFlag != nil { fail("conformance: give --socket or --spawn, not both", status: 2) }
    if options.spawn == nil { options.socketPath = socketFlag ?? defaultSocket }
    do {
        let results = try Conformance.run(options) { line in print(line) }
        exit(results.allSatisfy(\.passed) ? 0 : 1)
    } catch {
        fail("conformance: \(error)", status: 2)
    }
}
