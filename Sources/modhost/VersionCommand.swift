import Glibc
import ModhostCore
import ModhostClient
import ModhostWire
import ModifierKit

/// `modhost version [--json]`: the versions of the CLI (with the protocol versions and SDK it
/// was built with) and of the daemon on the socket. Exits 0 when the daemon answered, 1 when
/// it could not be reached (after printing what the CLI knows), 2 on a usage problem.
enum VersionCommand {
    /// The protocol versions this CLI speaks.
    static let protocolVersions: [Int64] = HostConfiguration().protocolVersions

    static func run(arguments: [String], socket: String) -> Never {
        var rest = arguments
        let json = takeSwitch("--json", from: &rest)
        guard rest.isEmpty else { fail("version: unexpected arguments \(rest.joined(separator: " "))", status: 2) }
        var report = JSONObject()
        report["cli"] = [
            "version": .string(ModhostVersion.current), "protocolVersions": .array(protocolVersions.map { .int($0) }),
            "sdkVersion": .string(ModifierKit.version),
        ]
        let daemon = daemonVersions(socket: socket)
        report["daemon"] = daemon
        if json {
            printJSON(.object(report))
        } else {
            for line in text(of: .object(report)) { printLine(line) }
        }
        exit(daemon["reachable"] == true ? 0 : 1)
    }

    /// The daemon's side: `{socket, reachable, name, version, protocolVersions,
    /// protocolVersion, sdkVersion}`, or `{socket, reachable: false, error}`.
    static func daemonVersions(socket: String) -> JSONValue {
        var daemon = JSONObject([("socket", .string(socket))])
        do {
            let client = try BlockingClient(path: socket)
            // Every refused protocolVersion is answered with the versions the daemon speaks
            // (methods.md, version negotiation): version 0 is never one, so it asks for them.
            let probe = try client.call("initialize", params: ["protocolVersion": 0, "client": cliClientInfo])
            let supported = probe["error"]?["data"]?["supported"]?.arrayValue?.compactMap(\.intValue) ?? [1]
            let agreed = supported.filter(protocolVersions.contains).max() ?? supported.max() ?? 1
            let response = try client.call("initialize", params: ["protocolVersion": .int(agreed), "client": cliClientInfo])
            guard let result = response["result"] else {
                daemon["reachable"] = false
                daemon["error"] = .string("initialize failed: \(response["error"]?["message"]?.stringValue ?? response.jsonText)")
                daemon["protocolVersions"] = .array(supported.map { .int($0) })
                return .object(daemon)
            }
            daemon["reachable"] = true
            daemon["name"] = result["server"]?["name"] ?? .null
            daemon["version"] = result["server"]?["version"] ?? .null
            daemon["protocolVersions"] = .array(supported.map { .int($0) })
            daemon["protocolVersion"] = result["protocolVersion"] ?? .null
            // A daemon before 0.2.0 did not say which SDK it hosts.
            daemon["sdkVersion"] = result["server"]?["sdkVersion"] ?? .null
        } catch {
            daemon["reachable"] = false
            daemon["error"] = .string("\(error)")
        }
        return .object(daemon)
    }

    static func text(of report: JSONValue) -> [String] {
        let cli = report["cli"] ?? .null
        let daemon = report["daemon"] ?? .null
        func list(_ value: JSONValue?) -> String {
            (value?.arrayValue ?? []).map { $0.intValue.map(String.init) ?? $0.jsonText }.joined(separator: ", ")
        }
        var lines = [
            "modhost   \(cli["version"]?.stringValue ?? "?") (protocol \(list(cli["protocolVersions"])), SDK \(cli["sdkVersion"]?.stringValue ?? "?"))"
        ]
        let socket = daemon["socket"]?.stringValue ?? "?"
        if daemon["reachable"] == true {
            let sdk = daemon["sdkVersion"]?.stringValue ?? "not reported"
            lines.append("\(daemon["name"]?.stringValue ?? "modhostd")  \(daemon["version"]?.stringValue ?? "?") at \(socket)")
            lines.append("protocol  \(daemon["protocolVersion"]?.intValue.map(String.init) ?? "?") in use; the daemon speaks \(list(daemon["protocolVersions"]))")
            lines.append("SDK       \(sdk) hosted by the daemon (plugins must be built against it)")
        } else {
            lines.append("modhostd  not reachable at \(socket): \(daemon["error"]?.stringValue ?? "no answer")")
        }
        return lines
    }
}
