import Foundation
import ModhostClient
import ModhostSupervisor
import ModhostWire
import BlockingTests
import Testing

/// The supervisor's back-off for engines that end outside plugin code (crashes.md section 8),
/// with real engine crashes. `MODHOST_TEST_BACKOFF_SCALE` shrinks the times (Supervisor.swift,
/// `scaledForTests`): at 0.05 the first delay is 50 ms, the cap 3 s and the window 15 s.
@Suite("The crash loop's back-off", .blocksItsThread, .timeLimit(.minutes(20)))
struct CrashBackoffTests {
    @Test func theDaemonsPolicyIsOneSecondDoubledUpToAMinuteWithinFiveMinutes() {
        // What the scaled test below cannot see: the times themselves.
        let policy = Supervisor.Policy()
        #expect(policy.crashesBeforeBackoff == 3)
        #expect(policy.firstBackoffMilliseconds == 1000)
        #expect(policy.maxBackoffMilliseconds == 60_000)
        #expect(policy.crashWindowNanoseconds == 300_000_000_000)
        #expect(policy.stopGraceMilliseconds == 10_000)
    }

    @Test func delaysDoubleUpToTheCapAndStartOverOnceTheWindowHasPassed() throws {
        let folder = TemporaryFolder()
        let daemon = try DaemonProcess(
            arguments: ["--no-bundled-plugins"], folder: folder,
            environment: PluginFixtures.environment(folder).merging(["MODHOST_TEST_BACKOFF_SCALE": "0.05"]) { $1 })
        let crashLine = "the engine stopped outside plugin code (SIGSEGV"
        var crashes = 0
        /// Crashes the engine outside plugin code; returns the supervisor's line about it and
        /// the seconds from the crash until the next engine listens.
        func crash() throws -> (line: String, seconds: Double) {
            try daemon.waitForLog("info: listening on", occurrences: crashes + 1)
            let engine = try #require(daemon.enginePID, "\(daemon.log)")
            let start = Date()
            kill(engine, SIGSEGV)
            crashes += 1
            try daemon.waitForLog(crashLine, occurrences: crashes)
            try daemon.waitForLog("info: listening on", occurrences: crashes + 1)
            let seconds = Date().timeIntervalSince(start)
            let lines = daemon.log.split(separator: "\n").filter { $0.contains(crashLine) }
            return (String(lines[crashes - 1]), seconds)
        }
        /// Checks crash number `count` in the window: at once up to the third, then after
        /// `delay` seconds, logged as a crash loop.
        func check(_ crash: (line: String, seconds: Double), count: Int, delay: String?, sourceLocation: SourceLocation = #_sourceLocation) {
            guard let delay else {
                #expect(crash.line.hasSuffix("(SIGSEGV); starting a new engine"), "crash \(count): \(crash.line)", sourceLocation: sourceLocation)
                return
            }
            #expect(crash.line.contains("\(count) such crashes in 15.0 s, a crash loop"), "crash \(count): \(crash.line)", sourceLocation: sourceLocation)
            #expect(crash.line.hasSuffix("starting a new engine in \(delay) s"), "crash \(count): \(crash.line)", sourceLocation: sourceLocation)
            #expect(crash.seconds >= Double(delay)!, "crash \(count): a new engine listened \(crash.seconds) s after it", sourceLocation: sourceLocation)
        }

        // Ten crashes well within the window: three at once, then 50 ms doubled with each,
        // until the sixth doubling (3.2 s) is held to the cap.
        let delays: [String?] = [nil, nil, nil, "0.05", "0.1", "0.2", "0.4", "0.8", "1.6", "3.0"]
        let first = Date()
        for (index, delay) in delays.enumerated() {
            let result = try crash()
            print("crash \(index + 1): a new engine listened \(String(format: "%.3f", result.seconds)) s after it")
            check(result, count: index + 1, delay: delay)
        }
        let lastCrash = Date()
        try #require(lastCrash.timeIntervalSince(first) < 14, "the ten crashes must fit in the 15 s window; this machine is too slow for the test")
        let capped = try crash()
        #expect(capped.seconds < 3.0 + 5, "the capped delay is 3 s, not more")
        // That was the eleventh, capped again (6.4 s is past the cap).
        let eleventh = daemon.log.split(separator: "\n").filter { $0.contains(crashLine) }[10]
        #expect(eleventh.hasSuffix("starting a new engine in 3.0 s"), "\(eleventh)")

        // Once the window has passed since the last crash, the count starts over: three at
        // once, and the fourth waits the first delay again.
        let quiet = Date().addingTimeInterval(15.5 - capped.seconds)
        while Date() < quiet { usleep(100_000) }
        for count in 1...4 {
            check(try crash(), count: count, delay: count <= 3 ? nil : "0.05")
        }
        #expect(try daemon.initializedClient().call("ping")["result"] != nil)
    }
}
