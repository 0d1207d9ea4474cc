@_spi(ModhostHost) import ModifierKit
import Synchronization
import Testing

@testable import ExpoUI

private typealias T = ExpoUITest

/// A module, its `completeRefresh`, and `refreshable` modifiers made with its refreshes.
private struct RefreshFixture {
    let module = ExpoUIModule(appContext: T.context)
    let events = EventLog()

    var completeRefresh: ModuleFunction {
        get throws { try #require(module.definition().functions.first { $0.name == "completeRefresh" }) }
    }

    /// The refresh action of a `refreshable` modifier made as the module makes it.
    func refreshAction() throws -> @Sendable () async -> Void {
        let modifier = try RefreshableModifier(
            from: ["$type": "refreshable"], appContext: T.context,
            eventDispatcher: events.dispatcher(for: "refreshable"), refreshes: module.refreshes)
        return try #require(ModifierEvaluator.evaluate(modifier).refreshAction)
    }

    func complete(_ id: String) throws {
        let result = try completeRefresh.call([id], appContext: T.context)
        #expect(result == nil)
    }

    /// The refresh id of an event's payload.
    static func id(of payload: String) -> String? {
        guard payload.hasPrefix(#"{"refreshable":{"id":""#), payload.hasSuffix(#""}}"#) else { return nil }
        return String(payload.dropFirst(#"{"refreshable":{"id":""#.count).dropLast(3))
    }
}

/// A task's finishing, seen from outside.
private final class Finish: Sendable {
    private let done = Mutex(false)
    func mark() { done.withLock { $0 = true } }
    var isDone: Bool { done.withLock { $0 } }
}

@Suite("ExpoUI: refreshable and completeRefresh", .timeLimit(.minutes(20)))
struct RefreshTests {
    @Test func aRefreshIsAnnouncedAndEndsWhenCompleted() async throws {
        let fixture = RefreshFixture()
        let action = try fixture.refreshAction()
        let finish = Finish()
        let task = Task {
            await action()
            finish.mark()
        }
        let payloads = try await fixture.events.waitFor(count: 1)
        #expect(payloads == [#"{"refreshable":{"id":"refresh-1"}}"#])
        // It waits for the front-end.
        try await Task.sleep(for: .milliseconds(20))
        #expect(!finish.isDone)
        #expect(fixture.module.refreshes.inProgress == ["refresh-1"])

        try fixture.complete("refresh-1")
        await task.value
        #expect(finish.isDone)
        #expect(fixture.module.refreshes.inProgress.isEmpty)
    }

    @Test func completingARefreshTwiceOrOneNeverStartedThrows() async throws {
        let fixture = RefreshFixture()
        let action = try fixture.refreshAction()
        let task = Task { await action() }
        let id = try #require(RefreshFixture.id(of: try await fixture.events.waitFor(count: 1)[0]))
        try fixture.complete(id)
        await task.value

        let again = try #require(throws: RefreshNotInProgress.self) { try fixture.complete(id) }
        #expect("\(again)" == "no refresh '\(id)' is in progress: it was completed (or cancelled) already, or never started")
        let unknown = try #require(throws: RefreshNotInProgress.self) { try fixture.complete("refresh-99") }
        #expect(unknown.id == "refresh-99")
    }

    @Test func completeRefreshTakesOneString() throws {
        let fixture = RefreshFixture()
        let function = try fixture.completeRefresh
        #expect(!function.isAsync)
        #expect(function.argumentTypes.map { $0.typeName } == ["String"])
        #expect(function.resultType == nil)
        let wrongType = try #require(throws: FieldError.self) { try function.call([1], appContext: T.context) }
        #expect(wrongType.path == "args[0]")
        #expect(throws: ArgumentCountError.self) { try function.call([], appContext: T.context) }
    }

    @Test func refreshesHaveTheirOwnIdsAndEndSeparately() async throws {
        let fixture = RefreshFixture()
        let action = try fixture.refreshAction()
        let first = Finish(), second = Finish()
        let firstTask = Task {
            await action()
            first.mark()
        }
        _ = try await fixture.events.waitFor(count: 1)
        let secondTask = Task {
            await action()
            second.mark()
        }
        let payloads = try await fixture.events.waitFor(count: 2)
        let ids = payloads.compactMap(RefreshFixture.id(of:))
        #expect(ids == ["refresh-1", "refresh-2"])

        try fixture.complete("refresh-2")
        await secondTask.value
        #expect(second.isDone)
        #expect(!first.isDone)
        #expect(fixture.module.refreshes.inProgress == ["refresh-1"])
        try fixture.complete("refresh-1")
        await firstTask.value
        #expect(fixture.module.refreshes.inProgress.isEmpty)
    }

    @Test func cancellingAWaitingRefreshEndsItAndForgetsItsId() async throws {
        let fixture = RefreshFixture()
        let action = try fixture.refreshAction()
        let task = Task { await action() }
        let id = try #require(RefreshFixture.id(of: try await fixture.events.waitFor(count: 1)[0]))
        #expect(fixture.module.refreshes.inProgress == [id])

        task.cancel()
        await task.value
        #expect(fixture.module.refreshes.inProgress.isEmpty)
        #expect(throws: RefreshNotInProgress.self) { try fixture.complete(id) }
    }

    @Test func aRefreshCancelledBeforeItStartsIsNotAnnounced() async throws {
        let fixture = RefreshFixture()
        let action = try fixture.refreshAction()
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            await action()
        }
        task.cancel()
        await task.value
        #expect(fixture.events.all.isEmpty)
        #expect(fixture.module.refreshes.inProgress.isEmpty)
    }

    @Test func theModuleGoingAwayEndsItsRefreshes() async throws {
        let fixture = RefreshFixture()
        let action = try fixture.refreshAction()
        let task = Task { await action() }
        _ = try await fixture.events.waitFor(count: 1)
        fixture.module.definition().onDestroy.forEach { $0() }
        await task.value
        #expect(fixture.module.refreshes.inProgress.isEmpty)
    }

    @Test func aRefreshableMadeWithoutTheModuleEndsAtOnce() async throws {
        let events = EventLog()
        let effect = try T.effect(RefreshableModifier.self, events: events)
        let action = try #require(effect.refreshAction)
        await action()
        #expect(events.all.isEmpty)
    }

    @Test func modulesKeepTheirRefreshesApart() async throws {
        let one = RefreshFixture(), other = RefreshFixture()
        let action = try one.refreshAction()
        let task = Task { await action() }
        let id = try #require(RefreshFixture.id(of: try await one.events.waitFor(count: 1)[0]))
        #expect(throws: RefreshNotInProgress.self) { try other.complete(id) }
        try one.complete(id)
        await task.value
    }
}
