import ModhostCore
import ModhostPlugins
import ModhostWire

/// What the engine page said about the plugin call in progress, in Swift terms.
struct RecordedCall: Equatable {
    var plugin: String
    var folder: String
    /// The identity of the plugin's files when the engine loaded them.
    var identity: String
    /// The kind of call (`PluginCalls.Kind.name`): "factory", "body", "OnCreate", ...
    var call: String
    /// The modifier type or module called.
    var detail: String
    /// `{pid, id, method}` of the request being handled, as JSON text, or empty.
    var request: String
    /// The types the plugin had registered.
    var types: [String]
    /// When the call began (CLOCK_MONOTONIC nanoseconds).
    var startedNanoseconds: Int64
    /// A call made while the plugin loads or unloads (`PluginCalls.Kind.isSetup`).
    var isSetup = false
}

/// Decides what the end of an engine means: which plugin, if any, to quarantine, and when to
/// start the next engine. It has no process and no clock of its own: the supervisor hands it
/// what it saw (the page's record of the call in progress, how the engine ended, the
/// runtime's last words, the time), so every decision can be tested without a crash.
///
/// It keeps the quarantine (by plugin folder) and the times of recent crashes it could not
/// blame on a plugin, which back off when they repeat.
struct CrashJudge {
    /// How an engine ended.
    struct Ending: Equatable {
        var status: Int64 = 0
        var signal: Int32 = 0
        /// The supervisor killed it because a plugin call ran past the time limit.
        var hung = false
        /// The supervisor killed it because it did not answer a ping, outside any recorded
        /// plugin call.
        var unanswered = false
        /// The supervisor killed it because its resident memory, this many bytes, was past the
        /// engine memory limit.
        var residentBytes: Int64? = nil
    }

    /// A plugin as the engine page's slots name it.
    struct PublishedPlugin: Equatable {
        var name: String
        var folder: String
        var identity: String
        var types: [String]
    }

    /// What to do next.
    enum Decision: Equatable {
        /// Quarantine the plugin of `entry` and start a new engine without it at once.
        case quarantine(QuarantineEntry, log: String)
        /// Start a new engine after `delayMilliseconds` (0: at once).
        case restart(delayMilliseconds: UInt64, log: String)
    }

    let policy: Supervisor.Policy
    /// Quarantined plugins by folder.
    private(set) var quarantine: [String: QuarantineEntry] = [:]
    /// Their folders, oldest quarantine first: past `policy.maxQuarantined` the oldest goes.
    private var quarantineOrder: [String] = []
    /// When the recent unattributed crashes happened, within the policy's window.
    private(set) var unattributedCrashes: [Int64] = []
    /// The search for the plugin behind repeated unattributed ends, while one runs.
    private(set) var bisect: Bisect?
    /// What the last engine said it loaded: the candidates of the next search.
    var loadedPlugins: [LoadedPlugin] = []
    /// No search starts before this time: the last one found no plugin to blame.
    private var noBisectUntil = Int64.min
    /// What ended the last engine that no plugin call explains, for a search's quarantine entry.
    private var lastUnattributedReason = ""

    /// The folders the next engine holds out.
    var heldOut: [String] { bisect?.heldOut ?? [] }

    init(policy: Supervisor.Policy) {
        self.policy = policy
    }

    /// Judges an engine that ended as `ending`, in the middle of `call` (nil when it was in
    /// none), having last printed `runtimeMessage`.
    /// `witness`, when the engine was traced, is the thread that met the fault or called
    /// exit, or the main thread of a hung engine; it decides over the page (see `attribute`).
    mutating func judge(
        _ ending: Ending, call recorded: RecordedCall?, witness: ThreadWitness? = nil, plugins: [PublishedPlugin] = [],
        enginePID: Int32 = 0, runtimeMessage message: String, now: Int64
    ) -> Decision {
        let (call, note) = Self.attribute(recorded, witness: witness, plugins: plugins, enginePID: enginePID)
        let reason: String
        if ending.unanswered {
            reason = "did not answer a ping for \(Self.seconds(policy.livenessTimeoutNanoseconds)) s"
        } else if ending.hung {
            reason = "hung for more than \(Self.seconds(call.map(policy.timeout(for:)) ?? policy.pluginTimeoutNanoseconds)) s"
        } else if let resident = ending.residentBytes {
            reason = EngineMemoryWatch.reason(resident: resident, limit: policy.engineMemoryLimitBytes)
        } else if ending.signal != 0 {
            reason = signalName(ending.signal)
        } else {
            reason = "exit status \(ending.status)"
        }
        guard let call, !call.folder.isEmpty else {
            return unattributed(reason: "\(reason)\(message.isEmpty ? "" : ": \(message)")\(note.map { "; \($0)" } ?? "")", now: now)
        }
        // Quarantined plugins are not run: the same folder again means the quarantine does
        // not hold (a folder path longer than the page keeps, say), so restarts back off.
        if quarantine[call.folder] != nil {
            return unattributed(reason: "\(reason) in plugin \(call.plugin) (\(call.folder)), which is already quarantined", now: now)
        }
        let crash = PluginCrash(
            call: call.call, detail: call.detail, reason: reason, message: message,
            request: call.request.isEmpty ? nil : try? JSONParser.parse(Array(call.request.utf8)), types: call.types)
        let entry = QuarantineEntry(folder: call.folder, plugin: call.plugin, identity: call.identity, crash: crash)
        var log = "the engine stopped in plugin \(call.plugin) (\(call.folder)): \(crash.summary)\(call.request.isEmpty ? "" : " while handling \(call.request)")\(note.map { " (\($0))" } ?? ""); the plugin is quarantined, starting a new engine without it"
        log += add(entry)
        // Handled as usual during a search. One of its candidates, quarantined for its own
        // crash, may have been the one: the search ends. Any other ended the trial early.
        if var search = bisect {
            if search.candidates.contains(call.folder) {
                bisect = nil
                unattributedCrashes = []
                log += "; it was among the plugins being bisected, so the search ends and the plugins held out are given back"
            } else {
                search.restartTrial(now: now)
                bisect = search
                log += "; the bisection goes on, holding out the same plugins"
            }
        }
        return .quarantine(entry, log: log)
    }

    /// Quarantines `entry`; returns what to add to the log.
    private mutating func add(_ entry: QuarantineEntry) -> String {
        quarantineOrder.removeAll { $0 == entry.folder }
        quarantine[entry.folder] = entry
        quarantineOrder.append(entry.folder)
        var log = ""
        // Bounded, whatever plugins do: the oldest quarantine is forgotten (its plugin loads
        // again, and is quarantined again if it crashes again).
        while quarantineOrder.count > policy.maxQuarantined {
            let oldest = quarantineOrder.removeFirst()
            if let forgotten = quarantine.removeValue(forKey: oldest) {
                log += "; the quarantine holds at most \(policy.maxQuarantined) plugins, so \(forgotten.plugin) (\(oldest)), the oldest, is no longer quarantined"
            }
        }
        return log
    }

    /// Which plugin call the engine was in, from the page (`recorded`) checked against where
    /// the thread was (`witness`, read from outside the engine), and a note for the log when
    /// they disagree. The witness decides: the plugin whose code the thread ran innermost is
    /// the one blamed, whatever the page says; a page that names a plugin whose code is not on
    /// the thread's stack is not believed (a plugin can write the page). Without a witness
    /// (the engine was not traced, or was killed from outside) the page is all there is.
    ///
    /// A signal another process sent says nothing of where the engine was, and an `abort` is
    /// not always found on the stack it was called from (glibc's frames there keep no frame
    /// pointer): in both cases, without plugin code on the stack, the page decides.
    static func attribute(
        _ recorded: RecordedCall?, witness: ThreadWitness?, plugins: [PublishedPlugin], enginePID: Int32
    ) -> (RecordedCall?, note: String?) {
        guard let witness = witness?.resolving(plugins.map(\.folder)), !witness.wasSent || witness.sender == enginePID else {
            return (recorded, nil)
        }
        guard let culprit = witness.innermostPlugin else {
            // A signal the engine sent itself (abort) is not located by where the thread that
            // got it was: the page decides, as without a witness. A fault is.
            guard let recorded, !witness.wasSent else { return (recorded, nil) }
            return (nil, "the engine page named plugin \(recorded.plugin) (\(recorded.folder)), but no plugin's code was on the stack of \(witness.summary); it is not blamed")
        }
        if let recorded, recorded.folder == culprit { return (recorded, nil) }
        let published = plugins.last { $0.folder == culprit }
        let name = published?.name ?? String(culprit.split(separator: "/").last ?? Substring(culprit))
        let call = RecordedCall(
            plugin: name, folder: culprit, identity: published?.identity ?? "",
            call: witness.isMainThread ? "code" : "thread", detail: witness.isMainThread ? "outside a recorded plugin call" : "thread \(witness.tid), started by the plugin",
            request: "", types: published?.types ?? [], startedNanoseconds: recorded?.startedNanoseconds ?? 0)
        let note = "\(witness.summary) in the code of \(name) (\(culprit))"
            + (recorded.map { "; the engine page named plugin \($0.plugin) (\($0.folder)), which is not blamed" } ?? "")
        return (call, note)
    }

    /// An engine that ended outside plugin code (or could not start): restart, backing off
    /// when such crashes repeat within the window.
    mutating func unattributed(reason: String, now: Int64) -> Decision {
        unattributedCrashes = unattributedCrashes.filter { now - $0 < policy.crashWindowNanoseconds } + [now]
        let count = unattributedCrashes.count
        let ended = "the engine stopped outside plugin code (\(reason))"
        lastUnattributedReason = reason
        // A search runs its trials at once: the back-off would only stretch it.
        if var search = bisect {
            let step = search.isInProbation(now: now, probation: policy.bisectProbationNanoseconds) ? search.ended(now: now) : search.outlived(now: now)
            switch step {
            case let .trial(log):
                bisect = search
                return .restart(delayMilliseconds: 0, log: "\(ended); \(log); starting a new engine")
            case let .found(plugin, log):
                let entry = found(plugin, endings: search.endings)
                return .quarantine(entry, log: "\(ended); \(log); the plugin is quarantined, starting a new engine without it\(add(entry))")
            case let .gaveUp(log):
                bisect = nil
                noBisectUntil = now + policy.crashWindowNanoseconds
                let decision = backOff(count: count, reason: reason)
                return .restart(delayMilliseconds: decision.delay, log: "\(ended); \(log); \(decision.log)")
            }
        }
        if policy.unattributedBeforeBisect > 0, count >= policy.unattributedBeforeBisect, now >= noBisectUntil,
            var search = Bisect(plugins: loadedPlugins, endings: count, limit: policy.maxBisectCandidates)
        {
            if case let .trial(log) = search.start(now: now) {
                bisect = search
                return .restart(delayMilliseconds: 0, log: "\(ended); \(log); starting a new engine")
            }
        }
        let decision = backOff(count: count, reason: reason)
        return .restart(delayMilliseconds: decision.delay, log: decision.log)
    }

    /// The delay and the log line of the restart after `count` unattributed ends in the window.
    private func backOff(count: Int, reason: String) -> (delay: UInt64, log: String) {
        guard count > policy.crashesBeforeBackoff else {
            return (0, "the engine stopped outside plugin code (\(reason)); starting a new engine")
        }
        let doublings = min(count - policy.crashesBeforeBackoff - 1, 16)
        let delay = min(policy.firstBackoffMilliseconds << UInt64(doublings), policy.maxBackoffMilliseconds)
        return (
            delay,
            "the engine stopped outside plugin code (\(reason)): \(count) such crashes in \(Self.seconds(policy.crashWindowNanoseconds)) s, a crash loop, likely a bug in modhostd; starting a new engine in \(Double(delay) / 1000) s")
    }

    /// What the running engine is to do as a search goes on without an end.
    enum BisectLive: Equatable {
        /// Load these held-out plugins (then rescan).
        case release([String], log: String)
        /// Quarantine the plugin of `entry`, held out, and load `released` (then rescan).
        case quarantine(QuarantineEntry, released: [String], log: String)
    }

    /// Called while an engine runs: when the trial has outlived its probation, the next step,
    /// which the running engine takes without a restart.
    mutating func bisectTick(now: Int64) -> BisectLive? {
        guard var search = bisect, !search.isInProbation(now: now, probation: policy.bisectProbationNanoseconds) else { return nil }
        let before = search.heldOut
        switch search.outlived(now: now) {
        case let .trial(log):
            bisect = search
            let held = Set(search.heldOut)
            return .release(before.filter { !held.contains($0) }, log: log)
        case let .found(plugin, log):
            let entry = found(plugin, endings: search.endings)
            return .quarantine(
                entry, released: before.filter { $0 != plugin.folder },
                log: "\(log); the plugin, held out, is quarantined\(add(entry))")
        case let .gaveUp(log):
            bisect = nil
            noBisectUntil = now + policy.crashWindowNanoseconds
            return .release(before, log: log)
        }
    }

    /// The quarantine entry of the plugin a search found; the search is over.
    private mutating func found(_ plugin: LoadedPlugin, endings: Int) -> QuarantineEntry {
        bisect = nil
        unattributedCrashes = []
        let crash = PluginCrash(
            call: "bisect", detail: "", reason: "found by bisecting \(endings) unattributed engine ends",
            message: lastUnattributedReason.isEmpty ? "" : "the last end: \(lastUnattributedReason)", types: plugin.types)
        return QuarantineEntry(folder: plugin.folder, plugin: plugin.plugin, identity: plugin.identity, crash: crash)
    }

    /// Lets the plugin in `folder` run again (enabled by a person, or its files changed);
    /// false when it was not quarantined.
    mutating func release(folder: String) -> Bool {
        quarantineOrder.removeAll { $0 == folder }
        return quarantine.removeValue(forKey: folder) != nil
    }

    /// Nanoseconds as seconds with one decimal.
    static func seconds(_ nanoseconds: Int64) -> String {
        let tenths = (nanoseconds + 50_000_000) / 100_000_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
