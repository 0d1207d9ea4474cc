@_spi(ModhostHost) import ModhostCore
import Synchronization
import Testing

/// A thread-safe log sink for tests: lines in the order they were logged.
final class CollectedLines: Sendable {
    struct Line: Sendable, Equatable {
        var level: LogLevel
        var message: String
    }

    private let lines = Mutex<[Line]>([])

    func append(_ level: LogLevel, _ message: String) {
        lines.withLock { $0.append(Line(level: level, message: message)) }
    }

    var all: [Line] { lines.withLock { $0 } }
}

/// Counts how often a log message was built, to see that filtered lines cost nothing.
private final class EvaluationCounter: Sendable {
    private let count = Mutex(0)

    func message(_ text: String) -> String {
        count.withLock { $0 += 1 }
        return text
    }

    var value: Int { count.withLock { $0 } }
}

private func collectingLogger(level: LogLevel) -> (Logger, CollectedLines) {
    let lines = CollectedLines()
    return (Logger(level: level) { level, message in lines.append(level, message) }, lines)
}

@Suite("Logger: level filtering", .timeLimit(.minutes(20)))
struct LoggerLevelTests {
    @Test func warningLevelKeepsWarningsAndErrorsOnly() {
        let (logger, lines) = collectingLogger(level: .warning)
        logger.debug("d")
        logger.info("i")
        logger.warning("w")
        logger.error("e")
        #expect(lines.all == [.init(level: .warning, message: "w"), .init(level: .error, message: "e")])
    }

    @Test func debugLevelKeepsEverythingInOrder() {
        let (logger, lines) = collectingLogger(level: .debug)
        logger.error("1")
        logger.debug("2")
        logger.info("3")
        logger.warning("4")
        #expect(lines.all.map(\.message) == ["1", "2", "3", "4"])
        #expect(lines.all.map(\.level) == [.error, .debug, .info, .warning])
    }

    @Test func errorLevelKeepsOnlyErrors() {
        let (logger, lines) = collectingLogger(level: .error)
        for level in LogLevel.allCases { logger.log(level, level.name) }
        #expect(lines.all == [.init(level: .error, message: "error")])
    }

    @Test func defaultLevelIsInfo() {
        let logger = Logger { _, _ in }
        #expect(logger.level == .info)
    }

    @Test func infoLevelDropsDebug() {
        let (logger, lines) = collectingLogger(level: .info)
        logger.debug("hidden")
        logger.info("shown")
        #expect(lines.all.map(\.message) == ["shown"])
    }

    @Test func changingTheLevelChangesWhatIsKept() {
        let (initial, lines) = collectingLogger(level: .error)
        var logger = initial
        logger.info("before")
        logger.level = .info
        logger.info("after")
        #expect(lines.all.map(\.message) == ["after"])
    }

    @Test func filteredMessageIsNeverBuilt() {
        let (logger, lines) = collectingLogger(level: .warning)
        let counter = EvaluationCounter()
        logger.debug(counter.message("expensive"))
        logger.info(counter.message("expensive"))
        #expect(counter.value == 0)
        logger.warning(counter.message("kept"))
        #expect(counter.value == 1)
        #expect(lines.all.count == 1)
    }
}

@Suite("LogLevel: names and order", .timeLimit(.minutes(20)))
struct LogLevelTests {
    @Test(arguments: [
        ("debug", LogLevel.debug), ("info", .info), ("warning", .warning), ("warn", .warning), ("error", .error),
    ])
    func knownNamesParse(name: String, level: LogLevel) {
        #expect(LogLevel(name: name) == level)
    }

    @Test(arguments: [("DEBUG", LogLevel.debug), ("Info", .info), ("WARN", .warning), ("Error", .error)])
    func namesParseCaseInsensitively(name: String, level: LogLevel) {
        #expect(LogLevel(name: name) == level)
    }

    @Test(arguments: ["", "verbose", "trace", "fatal", "warnings", " info", "err"])
    func unknownNamesDoNotParse(name: String) {
        #expect(LogLevel(name: name) == nil)
    }

    @Test(arguments: LogLevel.allCases)
    func nameParsesBackToTheSameLevel(level: LogLevel) {
        #expect(LogLevel(name: level.name) == level)
    }

    @Test func levelsAreOrderedLeastToMostSevere() {
        #expect(LogLevel.debug < .info)
        #expect(LogLevel.info < .warning)
        #expect(LogLevel.warning < .error)
        #expect(LogLevel.allCases.sorted() == [.debug, .info, .warning, .error])
    }
}
