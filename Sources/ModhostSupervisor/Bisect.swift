import ModhostPlugins

/// A plugin an engine said it loaded (`EngineControl.loaded`), as much as the supervisor
/// needs to hold it out of an engine or quarantine it.
struct LoadedPlugin: Equatable {
    var folder: String
    var plugin: String
    /// `PluginLoader.identityText` of its files: a quarantine holds while they stay the same.
    var identity: String
    var types: [String]
}

/// The search for the plugin behind engine ends that no recorded plugin call explains (a
/// thread it started crashing, say), by halves of the plugin set, like VS Code's extension
/// bisect: each **trial** is an engine (or a stretch of one) that holds out some of the
/// candidates. An unattributed end within the probation after the trial began means the
/// culprit is among the candidates it loaded; a trial that outlives its probation means it is
/// among those held out, which are then given to the running engine by halves. A candidate is
/// named only once both were seen: an end while it was loaded, and a trial that outlived its
/// probation while it was held out; when no candidate is left, the search gives up.
///
/// It assumes one plugin causes the ends, within the probation of being loaded. It has no
/// clock: the supervisor hands it the time.
struct Bisect: Equatable {
    /// The plugins among which the culprit is, by folder.
    private(set) var candidates: [String]
    /// What the engines said of each candidate.
    let plugins: [String: LoadedPlugin]
    /// The candidates the current trial does not load.
    private(set) var heldOut: [String] = []
    /// When the current trial began (CLOCK_MONOTONIC nanoseconds).
    private(set) var trialStarted: Int64 = 0
    /// Unattributed ends since the search began, those that began it included.
    private(set) var endings: Int
    /// Every candidate was held out by a trial that outlived its probation. (Every candidate was
    /// loaded when the engine ended: at the start, and after each end, which keeps only those.)
    private var outlivedWithCandidatesHeldOut = false

    /// What to do after a trial.
    enum Step: Equatable {
        /// Start the next trial: hold out `heldOut`.
        case trial(log: String)
        /// The plugin in `folder` is the culprit.
        case found(LoadedPlugin, log: String)
        /// No candidate explains the ends.
        case gaveUp(log: String)
    }

    /// A search among `plugins` (at most `limit` folders, the first by folder, each once), after
    /// `endings` unattributed ends; nil with no plugin to search.
    init?(plugins: [LoadedPlugin], endings: Int, limit: Int) {
        var byFolder: [String: LoadedPlugin] = [:]
        for plugin in plugins where byFolder[plugin.folder] == nil { byFolder[plugin.folder] = plugin }
        let kept = byFolder.keys.sorted().prefix(limit)
        guard !kept.isEmpty else { return nil }
        self.candidates = Array(kept)
        let chosen = Set(kept)
        self.plugins = byFolder.filter { chosen.contains($0.key) }
        self.endings = endings
    }

    /// Whether `now` is within the current trial's probation.
    func isInProbation(now: Int64, probation: Int64) -> Bool {
        now - trialStarted <= probation
    }

    /// The first trial.
    mutating func start(now: Int64) -> Step { next(now: now, after: "the engine ended \(endings) times outside any recorded plugin call") }

    /// The trial's engine ended, unattributed, within its probation: the culprit is among the
    /// candidates it loaded.
    mutating func ended(now: Int64) -> Step {
        endings += 1
        let held = Set(heldOut)
        let loaded = candidates.filter { !held.contains($0) }
        candidates = loaded
        return next(now: now, after: "the engine ended again, within the probation, with \(Self.count(loaded.count)) loaded")
    }

    /// The trial outlived its probation: the culprit is among the candidates it held out.
    mutating func outlived(now: Int64) -> Step {
        candidates = heldOut
        outlivedWithCandidatesHeldOut = true
        return next(now: now, after: "the engine outlived the probation with \(Self.count(heldOut.count)) held out")
    }

    /// A trial that ended for a reason of its own (a plugin's attributed crash) starts over.
    mutating func restartTrial(now: Int64) { trialStarted = now }

    private mutating func next(now: Int64, after what: String) -> Step {
        guard let first = candidates.first else {
            return .gaveUp(log: "\(what): no plugin explains the ends; the search ends and every plugin held out is given back")
        }
        if candidates.count == 1, outlivedWithCandidatesHeldOut, let plugin = plugins[first] {
            return .found(plugin, log: "\(what): plugin \(plugin.plugin) (\(first)) is the one; found after \(endings) engine ends")
        }
        // One left, not yet seen held out: a trial without it, which should outlive the probation.
        heldOut = candidates.count == 1 ? candidates : Array(candidates[(candidates.count / 2)...])
        trialStarted = now
        return .trial(
            log: "\(what); bisecting \(Self.count(candidates.count)) (\(names(candidates))): holding out \(names(heldOut))")
    }

    /// The plugins of `folders` by name, the first ten.
    private func names(_ folders: [String]) -> String {
        let names = folders.prefix(10).map { plugins[$0]?.plugin ?? $0 }.joined(separator: ", ")
        return folders.count > 10 ? "\(names) and \(folders.count - 10) more" : names
    }

    private static func count(_ count: Int) -> String { count == 1 ? "1 candidate" : "\(count) candidates" }
}
