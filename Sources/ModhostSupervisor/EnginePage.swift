import CModhostSystem
import Glibc
import ModhostServer
import ModhostCore

/// The shared memory page between the supervisor and its engine (see `CModhostSystem.h`):
/// the engine records each call into plugin code there, the supervisor reads it after a
/// crash or while a call runs too long.
final class EnginePage {
    let fd: Int32
    private let page: UnsafeMutableRawPointer

    /// A new page (the supervisor, once).
    init() throws(ListenError) {
        let fd = modhost_page_create()
        guard fd >= 0, let page = modhost_page_map(fd) else {
            throw ListenError(description: "cannot create the engine page: \(String(cString: strerror(errno)))")
        }
        self.fd = fd
        self.page = page
    }

    /// The page the supervisor handed over as `fd` (the engine).
    init?(inherited fd: Int32) {
        guard let page = modhost_page_map(fd) else { return nil }
        self.fd = fd
        self.page = page
    }

    var isReady: Bool { modhost_page_ready(page) != 0 }
    func setReady(_ ready: Bool) { modhost_page_set_ready(page, ready ? 1 : 0) }
    func reset() { modhost_page_reset(page) }

    /// The plugin call the engine is in, or was in when it ended; nil when none.
    func recordedCall() -> RecordedCall? {
        var snapshot = modhost_call_snapshot()
        modhost_page_read(page, &snapshot)
        guard snapshot.in_call != 0 else { return nil }
        let kind = PluginCalls.Kind(rawValue: snapshot.kind)
        return RecordedCall(
            plugin: Self.text(snapshot.plugin), folder: Self.text(snapshot.folder), identity: Self.text(snapshot.identity),
            call: kind?.name ?? "call \(snapshot.kind)", detail: Self.text(snapshot.detail),
            request: Self.text(snapshot.request), types: Self.text(snapshot.types).split(separator: ",").map(String.init),
            startedNanoseconds: snapshot.started_ns, isSetup: kind?.isSetup ?? false)
    }

    /// The plugins the page's slots name (what the engine published as it loaded them).
    func plugins() -> [CrashJudge.PublishedPlugin] {
        var slot = modhost_call_snapshot()
        return (0..<Int32(MODHOST_PAGE_PLUGINS)).compactMap { index in
            guard modhost_page_read_plugin(page, index, &slot) != 0 else { return nil }
            return CrashJudge.PublishedPlugin(
                name: Self.text(slot.plugin), folder: Self.text(slot.folder), identity: Self.text(slot.identity),
                types: Self.text(slot.types).split(separator: ",").map(String.init))
        }
    }

    /// A fixed-size C string field as text.
    private static func text<T>(_ field: T) -> String {
        withUnsafeBytes(of: field) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
    }

    // MARK: - The engine's side

    /// Page slots by plugin folder: two plugins of one name (one taking over from the
    /// other) are told apart. Past the page's slots, the last one is written at each call.
    private var slots: [String: Int32] = [:]
    /// What each folder's plugin last published, for the shared last slot.
    private var published: [String: (name: String, identity: String, types: String)] = [:]
    /// The folder of the plugin of each name loaded last: calls that name only the plugin.
    private var latestFolder: [String: String] = [:]
    private var overflowHolder: String?
    /// The plugin last entered by name alone, its folder and own slot: calls repeat a plugin
    /// (the rows of a tree, a module's functions), and looking both up by name and folder in
    /// two dictionaries cost more than the rest of marking the call.
    private var lastEntered: (plugin: String, folder: String, index: Int32)?
    private static let sharedSlot = Int32(MODHOST_PAGE_PLUGINS) - 1
    /// The current request as text, made once per request rather than once per plugin call.
    private var requestText: (serial: UInt64, text: [UInt8]) = (.max, [0])
    /// The calls in progress, innermost last, so that leaving one shows the enclosing one.
    private var stack: [(folder: String?, kind: PluginCalls.Kind, detail: String, request: [UInt8], started: Int64)] = []

    /// Records that `name` from `folder` (files `identity`) is about to run, with its types.
    func publish(plugin name: String, folder: String, identity: String, types: [String]) {
        let joined = types.joined(separator: ",")
        published[folder] = (name, identity, joined)
        latestFolder[name] = folder
        lastEntered = nil
        let index: Int32
        if let known = slots[folder] {
            index = known
        } else {
            index = Int32(min(slots.count, Int(Self.sharedSlot)))
            slots[folder] = index
        }
        if index == Self.sharedSlot {
            overflowHolder = folder
        }
        modhost_page_set_plugin(page, index, name, folder, identity, joined)
    }

    /// The slot that names `folder`'s plugin now: its own, or the shared last one, written
    /// for it if another plugin holds it (more plugins than the page has slots).
    private func slot(forFolder folder: String) -> Int32 {
        guard let index = slots[folder] else { return -1 }
        if index == Self.sharedSlot, overflowHolder != folder, let info = published[folder] {
            modhost_page_set_plugin(page, index, info.name, folder, info.identity, info.types)
            overflowHolder = folder
        }
        return index
    }

    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

extension EnginePage: PluginCalls.Recorder {
    func enter(plugin: String, folder given: String?, kind: PluginCalls.Kind, detail: String) {
        let folder: String?
        let index: Int32
        if given == nil, let last = lastEntered, last.plugin == plugin {
            (folder, index) = (last.folder, last.index)
        } else {
            folder = given ?? latestFolder[plugin]
            index = folder.map(slot(forFolder:)) ?? -1
            // Not the shared slot: entering it may have to write another plugin's name.
            if given == nil, let folder, index >= 0, index != Self.sharedSlot { lastEntered = (plugin, folder, index) }
        }
        // A nested call keeps the outer call's start: the time limit is for the whole stay in
        // plugin code.
        let started = stack.first?.started ?? Self.now()
        let serial = PluginCalls.frame?.serial ?? 0
        if requestText.serial != serial {
            var text = PluginCalls.frame?.requestText() ?? []
            text.append(0)
            requestText = (serial, text)
        }
        let request = requestText.text
        stack.append((folder, kind, detail, request, started))
        request.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) { modhost_page_enter(page, index, kind.rawValue, detail, $0.baseAddress, started) }
        }
    }

    func leave() {
        stack.removeLast()
        if let outer = stack.last {
            // Its slot again: an inner call of another plugin may have taken the shared one.
            let index = outer.folder.map(slot(forFolder:)) ?? -1
            outer.request.withUnsafeBufferPointer { text in
                text.withMemoryRebound(to: CChar.self) {
                    modhost_page_enter(page, index, outer.kind.rawValue, outer.detail, $0.baseAddress, outer.started)
                }
            }
        } else {
            modhost_page_leave(page)
        }
    }
}
