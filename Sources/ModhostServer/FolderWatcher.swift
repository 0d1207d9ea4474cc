import CLibUV
import Glibc

/// Watches folders with libuv fs events and calls `onChange` once things settle (events
/// arrive in bursts while a folder is copied in, so each one restarts a short timer).
public final class FolderWatcher {
    private let loop: UnsafeMutablePointer<uv_loop_t>
    private let settleMilliseconds: UInt64
    private let onChange: () -> Void
    private var watches: [String: UnsafeMutablePointer<uv_fs_event_t>] = [:]
    private let timer: UnsafeMutablePointer<uv_timer_t>
    private var isClosed = false

    public init(server: Server, settleMilliseconds: UInt64, onChange: @escaping () -> Void) {
        self.loop = server.loop
        self.settleMilliseconds = settleMilliseconds
        self.onChange = onChange
        timer = UVHandle.make(uv_timer_t.self, owner: nil) { [loop] in uv_timer_init(loop, $0) }
        timer.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        server.onStop.append { [unowned self] in self.close() }
    }

    /// Watches exactly `folders` from now on (adds new ones, drops the rest).
    public func watch(_ folders: [String]) {
        guard !isClosed else { return }
        let wanted = Set(folders)
        for (folder, handle) in watches where !wanted.contains(folder) {
            UVHandle.close(handle)
            watches[folder] = nil
        }
        for folder in wanted where watches[folder] == nil {
            let handle = UVHandle.make(uv_fs_event_t.self, owner: self) { uv_fs_event_init(loop, $0) }
            let status = uv_fs_event_start(handle, { handle, _, _, _ in
                let watcher = Unmanaged<FolderWatcher>.fromOpaque(handle!.pointee.data).takeUnretainedValue()
                watcher.changed()
            }, folder, 0)
            if status != 0 {
                UVHandle.close(handle)
                continue
            }
            watches[folder] = handle
        }
    }

    /// Calls `onChange` after the settle time, as if a folder had changed.
    public func changedSoon() { changed() }

    private func changed() {
        uv_timer_start(timer, { timer in
            let watcher = Unmanaged<FolderWatcher>.fromOpaque(timer!.pointee.data).takeUnretainedValue()
            watcher.onChange()
        }, settleMilliseconds, 0)
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        for handle in watches.values { UVHandle.close(handle) }
        watches.removeAll()
        UVHandle.close(timer)
    }
}
