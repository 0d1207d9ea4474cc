import Foundation
import ModhostClient
import ModhostServer
import BlockingTests
import Testing

/// README's synopses of `modhostd` and `modhost` say what `--help` says: the same flags, the
/// same commands, in both directions.
@Suite("README and --help", .blocksItsThread, .timeLimit(.minutes(20)))
struct UsageDocumentationTests {
    /// The first code block of README's section `## title`.
    static func readmeSynopsis(_ title: String) throws -> String {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        guard let start = readme.range(of: "\n## \(title)\n") else { throw HarnessError("README has no section '## \(title)'") }
        let section = readme[start.upperBound...]
        guard let open = section.range(of: "```"), let lineEnd = section[open.upperBound...].firstIndex(of: "\n"),
            let close = section[lineEnd...].range(of: "\n```")
        else { throw HarnessError("README's section '\(title)' has no code block") }
        return String(section[section.index(after: lineEnd)..<close.lowerBound])
    }

    /// Every `--flag` in `text`.
    static func flags(in text: String) -> Set<String> {
        var found: Set<String> = []
        var rest = Substring(text)
        while let dashes = rest.range(of: "--") {
            let name = rest[dashes.upperBound...].prefix { $0.isLowercase || $0 == "-" }
            if let first = name.first, first != "-" { found.insert("--" + name) }
            rest = rest[dashes.upperBound...].dropFirst(name.count)
        }
        return found
    }

    /// The commands of `modhost`: the first word of each line indented by exactly two spaces.
    static func commands(in text: String) -> Set<String> {
        Set(text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), let first = line.dropFirst(2).first, first.isLowercase else { return nil }
            return String(line.dropFirst(2).prefix { $0.isLowercase || $0 == "-" })
        })
    }

    /// README sends a newcomer from `scripts/run-daemon` to `.build/release/modhost`: that is
    /// only there if the script builds every product in release mode, not just the daemon.
    @Test func theCLIREADMENamesAfterRunDaemonIsOneItBuilds() throws {
        let readme = try String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)
        let afterRunDaemon = try #require(readme.range(of: "scripts/run-daemon\n```\n").map { readme[$0.upperBound...] })
        let steps = afterRunDaemon.prefix(while: { $0 != "#" })
        #expect(steps.contains("`.build/release/modhost ping`"), "\(steps)")
        let script = try String(contentsOfFile: repositoryRoot + "/scripts/run-daemon", encoding: .utf8)
        let builds = script.split(separator: "\n").filter { $0.hasPrefix("swift build") }
        #expect(builds.contains { $0.contains("-c release") && !$0.contains("--product") && !$0.contains("--show-bin-path") }, "\(builds)")
    }

    @Test func readmesDaemonSynopsisListsTheFlagsOfModhostdHelp() throws {
        let help = try run(BuiltProducts.executable("modhostd"), ["--help"])
        #expect(help.status == 0)
        let synopsis = try Self.readmeSynopsis("The daemon")
        #expect(synopsis.hasPrefix("modhostd "), "\(synopsis)")
        #expect(Self.flags(in: synopsis) == Self.flags(in: help.stdout), "README:\n\(synopsis)\n--help:\n\(help.stdout)")
    }

    @Test func readmesCLISynopsisListsTheCommandsAndFlagsOfModhostHelp() throws {
        let help = try run(BuiltProducts.executable("modhost"), ["--help"])
        #expect(help.status == 0)
        let synopsis = try Self.readmeSynopsis("The CLI")
        #expect(synopsis.hasPrefix("modhost "), "\(synopsis)")
        let helpCommands = help.stdout.components(separatedBy: "\ncommands:\n").last.map { Self.commands(in: $0) } ?? []
        #expect(helpCommands.isSuperset(of: ["ping", "call", "reload", "plugins", "new-plugin", "conformance", "help"]))
        #expect(Self.commands(in: synopsis) == helpCommands, "README:\n\(synopsis)\n--help:\n\(help.stdout)")
        #expect(Self.flags(in: synopsis) == Self.flags(in: help.stdout), "README:\n\(synopsis)\n--help:\n\(help.stdout)")
    }

    /// `--watch-settle` takes whole milliseconds in its range, and says so otherwise.
    @Test func watchSettleTakesMillisecondsInItsRange() throws {
        for (text, expected) in [("1", UInt64(1)), ("150", 150), ("3600000", 3_600_000)] {
            guard case let .serve(options) = try DaemonOptions.parse(["--watch-settle", text]) else {
                Issue.record("--watch-settle \(text) did not parse to options")
                continue
            }
            #expect(options.watchSettleMilliseconds == expected)
        }
        guard case let .serve(defaults) = try DaemonOptions.parse([]) else { return }
        #expect(defaults.watchSettleMilliseconds == 150)
        for text in ["0", "3600001", "1.5", "-3", "soon"] {
            do {
                _ = try DaemonOptions.parse(["--watch-settle", text])
                Issue.record("--watch-settle \(text) was taken")
            } catch {
                #expect(error.description == "--watch-settle takes milliseconds from 1 to 3600000, such as 150, not '\(text)'")
            }
        }
    }

    /// The usage text and the parser agree: each flag the usage lists is one the parser knows.
    @Test func everyFlagInModhostdUsageIsOneItParses() throws {
        let flags = Self.flags(in: DaemonOptions.usage)
        #expect(flags.count >= 12)
        for flag in flags {
            do {
                _ = try DaemonOptions.parse([flag, "1"])
            } catch {
                // A bad value is fine here ("1" suits few flags); an unknown flag is not.
                #expect(error.description != "unknown option '\(flag)'", "\(flag): \(error)")
            }
        }
    }
}
