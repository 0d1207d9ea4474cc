import ModhostWire

/// Why an engine ended, as the next engine tells the connections it adopts.
public struct EngineRestart: Sendable, Equatable {
    /// `plugin-crashed`, `plugin-hung`, `engine-crashed`, `engine-unresponsive`,
    /// `memory-limit` or `upgrade`.
    public var reason: String
    /// What the supervisor said, in a sentence.
    public var message: String
    /// The plugin blamed, when one is.
    public var plugin: String?
    /// The call it was in (`body`, `action`, …) and its detail (the modifier type), when known.
    public var call: String?
    public var detail: String?

    public init(reason: String, message: String, plugin: String? = nil, call: String? = nil, detail: String? = nil) {
        self.reason = reason
        self.message = message
        self.plugin = plugin
        self.call = call
        self.detail = detail
    }

    public var json: JSONValue {
        var object = JSONObject()
        object["reason"] = .string(reason)
        object["message"] = .string(message)
        if let plugin { object["plugin"] = .string(plugin) }
        if let call { object["call"] = .string(call) }
        if let detail { object["detail"] = .string(detail) }
        return .object(object)
    }

    public init?(json: JSONValue) {
        guard let reason = json["reason"]?.stringValue, let message = json["message"]?.stringValue else { return nil }
        self.init(
            reason: reason, message: message, plugin: json["plugin"]?.stringValue, call: json["call"]?.stringValue,
            detail: json["detail"]?.stringValue)
    }

    /// The error for a request the ended engine had read and not answered.
    public func error(method: String?) -> RPCError {
        var data = JSONObject()
        data["reason"] = .string(reason)
        if let method { data["method"] = .string(method) }
        if let plugin { data["plugin"] = .string(plugin) }
        if let call { data["call"] = .string(call) }
        if let detail { data["detail"] = .string(detail) }
        let running = plugin.map { " in plugin \($0)\(call.map { "'s \($0)" } ?? "")\(detail.map { " for '\($0)'" } ?? "")" } ?? ""
        return RPCError(
            code: RPCErrorCode.engineRestarted,
            message: "the engine ended while this request ran or waited\(running): \(message). Its effect, if any, is unknown; a new engine serves this connection",
            data: .object(data))
    }
}

/// What a new engine rebuilt of an adopted session.
public struct SessionRestoration {
    /// Surfaces mounted again from their last committed trees, by name.
    public var rebuilt: [String] = []
    /// Surfaces that could not be (their tree no longer builds), with the error.
    public var failed: [(surface: String, error: RPCError)] = []
    /// Requests whose answers the ended engine owed (an `AsyncFunction` that had not
    /// returned): each gets the restart error.
    public var waiting: [JSONValue] = []
    /// False when the session had stored no state, or it could not be read: the connection
    /// goes on as a new one.
    public var hadState = false
}

extension Session {
    /// Notes that the head of what `stateRecord` holds (handshake, watch, requests waiting)
    /// changed, for the transport to store it. A surface's changes are recorded as their own.
    func stateChanged() {
        guard recordsState else { return }
        stateIsUnrecorded = true
        headChanged = true
    }

    /// Notes a surface's change as a record of its own: `{"surface": NAME, MEMBER: BYTES}`,
    /// `bytes` being JSON text spliced in as it is.
    private func recordSurfaceChange(_ name: String, _ member: String, _ bytes: [UInt8]) {
        guard recordsState else { return }
        stateIsUnrecorded = true
        var record: [UInt8] = []
        record.reserveCapacity(bytes.count + name.utf8.count + 32)
        JSONWriter.appendASCII(#"{"surface":"#, to: &record)
        JSONWriter.write(.string(name), into: &record)
        record.append(UInt8(ascii: ","))
        JSONWriter.write(.string(member), into: &record)
        record.append(UInt8(ascii: ":"))
        record.append(contentsOf: bytes)
        record.append(UInt8(ascii: "}"))
        surfaceChanges.append(record)
    }

    /// Notes that surface `name` is gone.
    func surfaceUnmounted(_ name: String) {
        recordSurfaceChange(name, "unmounted", Array("true".utf8))
    }

    /// What changed since the last record, each change a record a journal appends after it
    /// (`restore` reads them in order over the last whole record); nil when the session has
    /// stored no whole record yet. Taking them counts as recording them.
    public func takeStateChanges() -> [[UInt8]]? {
        guard hasWholeRecord else { return nil }
        var records = surfaceChanges
        surfaceChanges = []
        if headChanged {
            var record: [UInt8] = []
            JSONWriter.appendASCII(#"{"head":"#, to: &record)
            JSONWriter.write(.object(head()), into: &record)
            record.append(UInt8(ascii: "}"))
            records.append(record)
            headChanged = false
        }
        stateIsUnrecorded = false
        return records
    }

    /// Tells the session that the whole record it last made was not stored: the next record
    /// must be whole again.
    public func wholeRecordLost() {
        hasWholeRecord = false
    }

    /// The record's handshake, watch and waiting requests.
    private func head() -> JSONObject {
        var head = JSONObject()
        head["version"] = 1
        head["initialized"] = .bool(isInitialized)
        head["strictParams"] = .bool(strictParams)
        if let clientInfo { head["client"] = .object(clientInfo) }
        if let watchedTopics { head["watch"] = .array(watchedTopics.sorted().map { .string($0) }) }
        let waiting = waitingReplyIDs
        if !waiting.isEmpty { head["waiting"] = .array(waiting) }
        return head
    }

    /// Keeps the request that committed `surface` (`params` of a `mount` or an `update`): the
    /// frame itself when it is the whole request, else the params written out.
    func recordCommit(of surface: Surface, params: JSONObject) {
        guard recordsState else { return }
        surface.committedRequest = request(params)
        surface.committedPatches = []
        surface.committedPatchBytes = 0
        recordSurfaceChange(surface.name, "request", surface.committedRequest)
    }

    /// Keeps an `update`'s `patch` after the requests that committed `surface` before it. Once
    /// the patches outweigh the tree they apply to, the tree as it is now becomes the one
    /// request kept (what a new engine replays stays in proportion to the tree).
    func recordPatch(of surface: Surface, params: JSONObject) {
        guard recordsState else { return }
        let patch = request(params)
        surface.committedPatches.append(patch)
        surface.committedPatchBytes += patch.count
        if surface.committedPatchBytes > max(surface.committedRequest.count, Self.patchesKeptBeforeRebase) {
            var bytes: [UInt8] = []
            JSONWriter.write(["params": ["surface": .string(surface.name), "root": .object(surface.root.spec(deep: true))]], into: &bytes)
            surface.committedRequest = bytes
            surface.committedPatches = []
            surface.committedPatchBytes = 0
            recordSurfaceChange(surface.name, "request", bytes)
        } else {
            recordSurfaceChange(surface.name, "patch", patch)
        }
    }

    /// Bytes of patches a surface keeps, however small its tree, before it is written out whole.
    static let patchesKeptBeforeRebase = 64 * 1024

    /// The request being handled as JSON text of an object whose `params` are `params`: the
    /// frame itself when it is the whole request.
    private func request(_ params: JSONObject) -> [UInt8] {
        if !isInBatch, let frame = currentFrame { return Array(frame) }
        var bytes: [UInt8] = []
        JSONWriter.write(["params": .object(params)], into: &bytes)
        return bytes
    }

    /// The session's state as JSON text: the handshake, the watch, the requests waiting for
    /// their answers, and each surface's last committed request and the patches committed
    /// after it (spliced in as they came).
    public func stateRecord() -> [UInt8] {
        stateIsUnrecorded = false
        surfaceChanges = []
        headChanged = false
        hasWholeRecord = true
        var bytes: [UInt8] = []
        JSONWriter.write(.object(head()), into: &bytes)
        bytes.removeLast()
        JSONWriter.appendASCII(#","surfaces":["#, to: &bytes)
        var first = true
        for surface in surfaces.sorted where !surface.committedRequest.isEmpty {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            JSONWriter.appendASCII(#"{"name":"#, to: &bytes)
            JSONWriter.write(.string(surface.name), into: &bytes)
            JSONWriter.appendASCII(#","request":"#, to: &bytes)
            bytes.append(contentsOf: surface.committedRequest)
            if !surface.committedPatches.isEmpty {
                JSONWriter.appendASCII(#","patches":["#, to: &bytes)
                for (index, patch) in surface.committedPatches.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    bytes.append(contentsOf: patch)
                }
                bytes.append(UInt8(ascii: "]"))
            }
            bytes.append(UInt8(ascii: "}"))
        }
        JSONWriter.appendASCII("]}", to: &bytes)
        return bytes
    }

    /// Tells an initialized front-end what it missed while a new engine took its connection
    /// over: what a new connection would hear at `initialize` about the plugin that ended the
    /// engine (its types gone, its `plugin-crashed` diagnostic), then `engineRestarted` with
    /// the surfaces `restoration` rebuilt or could not.
    public func announce(_ restart: EngineRestart, _ restoration: SessionRestoration) {
        guard isInitialized else { return }
        if let plugin = restart.plugin, let status = host.pluginStatuses.first(where: { $0.name == plugin && $0.crash != nil }),
            let crash = status.crash
        {
            if !crash.types.isEmpty {
                var changes = JSONObject()
                changes["added"] = []
                changes["removed"] = .array(crash.types.sorted().map { .string($0) })
                changes["changed"] = []
                notify(method: "pluginsChanged", params: .object(changes))
            }
            reportCrashedPlugin(status)
        }
        var surfaces: [JSONValue] = restoration.rebuilt.map { ["surface": .string($0), "status": "rebuilt"] }
        surfaces += restoration.failed.map { failure in
            ["surface": .string(failure.surface), "status": "failed", "error": failure.error.json]
        }
        var params = restart.json.objectValue ?? JSONObject()
        params["surfaces"] = .array(surfaces)
        notify(method: "engineRestarted", params: .object(params))
    }

    /// Rebuilds the state an ended engine stored (`stateRecord`, then the `changes` it took
    /// after it, in order) in this new session: the handshake and the watch as they were, and
    /// each surface mounted again from its last committed tree, its patches applied, with the
    /// plugins loaded now. Rebuilding runs no `onAppear`: to the
    /// front-end the views never left (see protocol/crashes.md). The record came from
    /// another process, which a plugin could write over: anything that does not read as a
    /// record is skipped, never trusted.
    public func restore(from record: [UInt8]?, changes: [[UInt8]] = []) -> SessionRestoration {
        var restoration = SessionRestoration()
        guard let record, var head = try? JSONParser.parse(record), head["version"] == 1 else { return restoration }
        restoration.hadState = true
        // The surfaces as the whole record left them, then as each change after it did.
        var kept: [(name: String, request: JSONValue, patches: [JSONValue])] = []
        for surface in head["surfaces"]?.arrayValue ?? [] {
            guard let name = surface["name"]?.stringValue, let request = surface["request"] else { continue }
            kept.append((name, request, surface["patches"]?.arrayValue ?? []))
        }
        for change in changes {
            // A change that does not read ends the list: what follows it cannot be trusted.
            guard let value = try? JSONParser.parse(change) else { break }
            if let next = value["head"] {
                if next["version"] == 1 { head = next }
                continue
            }
            guard let name = value["surface"]?.stringValue else { break }
            let index = kept.firstIndex { $0.name == name }
            if let request = value["request"] {
                if let index { kept[index] = (name, request, []) } else { kept.append((name, request, [])) }
            } else if let patch = value["patch"], let index {
                kept[index].patches.append(patch)
            } else if value["unmounted"] == true, let index {
                kept.remove(at: index)
            }
        }
        if head["initialized"] == true {
            markInitialized(client: head["client"]?.objectValue, strictParams: head["strictParams"] == true)
        }
        if let topics = head["watch"]?.arrayValue?.compactMap(\.stringValue), peerUID == host.configuration.ownerUID {
            host.setWatching(self, topics: Set(topics))
        }
        restoration.waiting = head["waiting"]?.arrayValue ?? []
        for surface in kept {
            guard let params = surface.request["params"]?.objectValue else { continue }
            let name = surface.name
            do {
                try SurfaceMethods.remount(name, params: params, session: self)
                for patch in surface.patches {
                    guard let params = patch["params"]?.objectValue else { continue }
                    try SurfaceMethods.repatch(name, params: params, session: self)
                }
                restoration.rebuilt.append(name)
            } catch {
                // A surface whose patches no longer apply is not left half rebuilt.
                if let rebuilt = surfaces[name] { surfaces.unmount(rebuilt, .connectionClosed) }
                restoration.failed.append((name, error))
            }
        }
        return restoration
    }
}
