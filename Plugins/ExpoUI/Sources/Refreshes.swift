import ModifierKit
import Synchronization

/// The refreshes that `refreshable` modifiers started and the front-end has not completed.
///
/// A refresh gets an id (`refresh-1`, `refresh-2`, ...), is announced to the front-end under
/// that id, and waits until `ExpoUI.completeRefresh(id)` ends it, or until its task is
/// cancelled (the host cancels a refresh whose view left the tree). One store belongs to
/// each `ExpoUIModule`: its `refreshable` modifiers start refreshes in it, and its
/// `completeRefresh` function ends them.
final class RefreshStore: Sendable {
    private enum Refresh {
        /// Made, not yet waiting: its task may still be cancelled before it waits.
        case starting
        /// Waiting for `completeRefresh`.
        case waiting(CheckedContinuation<Void, Never>)
    }

    private struct State {
        var lastNumber = 0
        var refreshes: [String: Refresh] = [:]
    }

    private let state = Mutex(State())

    init() {}

    /// Starts a refresh: makes its id, calls `announce` with it once the refresh waits, and
    /// returns when the refresh is completed or its task is cancelled. A task cancelled before
    /// the refresh waits returns at once, without announcing anything.
    func run(announce: (String) -> Void) async {
        let id = state.withLock { state in
            state.lastNumber += 1
            let id = "refresh-\(state.lastNumber)"
            state.refreshes[id] = .starting
            return id
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // Cancellation (or a completion) may have ended the refresh already; then
                // there is nothing to wait for.
                let waits = state.withLock { state in
                    guard case .starting = state.refreshes[id] else { return false }
                    state.refreshes[id] = .waiting(continuation)
                    return true
                }
                if waits {
                    announce(id)
                } else {
                    continuation.resume()
                }
            }
        } onCancel: {
            end(id)
        }
    }

    /// Completes refresh `id`, as `completeRefresh(id)` does.
    func complete(_ id: String) throws(RefreshNotInProgress) {
        guard end(id) else { throw RefreshNotInProgress(id: id) }
    }

    /// Ends every refresh in progress (when the module goes away, nobody can complete them).
    func endAll() {
        let ended = state.withLock { state in
            defer { state.refreshes = [:] }
            return Array(state.refreshes.values)
        }
        for refresh in ended {
            if case .waiting(let continuation) = refresh { continuation.resume() }
        }
    }

    /// The ids of the refreshes in progress, sorted.
    var inProgress: [String] {
        state.withLock { $0.refreshes.keys.sorted() }
    }

    /// Removes refresh `id` and lets it return; false when there is no such refresh.
    @discardableResult
    private func end(_ id: String) -> Bool {
        guard let refresh = state.withLock({ $0.refreshes.removeValue(forKey: id) }) else { return false }
        // Resumed outside the lock: the refresh's task may run at once.
        if case .waiting(let continuation) = refresh { continuation.resume() }
        return true
    }
}

/// What `ExpoUI.completeRefresh(id)` throws for an id with no refresh in progress.
struct RefreshNotInProgress: Error, CustomStringConvertible {
    /// The id the front-end passed.
    let id: String

    var description: String {
        "no refresh '\(id)' is in progress: it was completed (or cancelled) already, or never started"
    }
}
