import Glibc
import ModhostConformance

/// `modhost conformance [--socket PATH | --spawn CMD] [--vectors DIR] [--schemas DIR] [--filter TEXT]`:
/// runs the protocol's vectors against a host; exits 1 if any fails, 2 on a usage problem.
func runConformance(arguments: [String], socketFlag: String?, defaultSocket: String) -> Never {
    var options = Conformance.Options()
    var rest = arguments
    options.spawn = takeFlag("--spawn", from: &rest)
    if let folder = takeFlag("--vectors", from: &rest) { options.vectorsFolder = folder }
    if let folder = takeFlag("--schemas", from: &rest) { options.schemasFolder = folder }
    options.filter = takeFlag("--filter", from: &rest)
    guard rest.isEmpty else { fail("conformance: unexpected arguments \(rest.joined(separator: " "))", status: 2) }
    if options.spawn != nil && socketFlag != nil { fail("conformance: give --socket or --spawn, not both", status: 2) }
    if options.spawn == nil { options.socketPath = socketFlag ?? defaultSocket }
    do {
        let results = try Conformance.run(options) { line in print(line) }
        exit(results.allSatisfy { $0.failure == nil } ? 0 : 1)
    } catch {
        fail("conformance: \(error)", status: 2)
    }
}
