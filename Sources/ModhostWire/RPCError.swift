/// JSON-RPC 2.0 error codes, plus the host's own in -32000...-32099 (listed in `protocol/`).
public enum RPCErrorCode {
    public static let parseError: Int64 = -32700
    public static let invalidRequest: Int64 = -32600
    public static let methodNotFound: Int64 = -32601
    public static let invalidParams: Int64 = -32602
    public static let internalError: Int64 = -32603
    /// A request other than `initialize` or `ping` before `initialize`.
    public static let notInitialized: Int64 = -32002
    /// A request the host did not run because a shared budget is spent (nodes across
    /// surfaces, the reply bytes of a batch); the same request may succeed later.
    public static let overBudget: Int64 = -32001
    /// A module function that threw, or an async one that could not wait (inside a batch).
    public static let functionFailed: Int64 = -32003
    /// A method this connection may not call (`watch` from a peer whose uid is not the host's).
    public static let notPermitted: Int64 = -32004
    /// A request the engine had read and not answered when it ended (a plugin crashed or
    /// hung it): answered by the next engine, which serves the connection on.
    public static let engineRestarted: Int64 = -32005
}

/// An error as the wire carries it: a code, a message a person can act on, and `data` that
/// says where (`path`) and what was `expected` and `got`, when that helps.
public struct RPCError: Error, Sendable, Equatable {
    public var code: Int64
    public var message: String
    public var data: JSONValue?

    public init(code: Int64, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var json: JSONValue {
        var object = JSONObject()
        object["code"] = .int(code)
        object["message"] = .string(message)
        if let data { object["data"] = data }
        return .object(object)
    }
}

extension RPCError {
    public static func parseError(_ detail: String) -> RPCError {
        RPCError(code: RPCErrorCode.parseError, message: "Parse error: \(detail)")
    }

    /// A structurally wrong request; `path` names the member at fault (`method`, `params`, ...).
    public static func invalidRequest(_ detail: String, path: String? = nil, expected: String? = nil, got: String? = nil)
        -> RPCError
    {
        RPCError(
            code: RPCErrorCode.invalidRequest, message: "Invalid request: \(detail)",
            data: placeData(path: path, expected: expected, got: got))
    }

    /// An unknown method; `suggestion` is the served method its name is likely a typo of.
    public static func methodNotFound(_ method: String, suggestion: String? = nil) -> RPCError {
        var data = JSONObject([("method", .string(method))])
        if let suggestion { data["suggestion"] = .string(suggestion) }
        return RPCError(
            code: RPCErrorCode.methodNotFound, message: "Method not found: '\(method)'\(Suggestion.hint(suggestion))",
            data: .object(data))
    }

    /// A request the connection may not make: `watch` from a peer that is not the daemon's
    /// own user. `data.method` names it, `data.reason` says why.
    public static func notPermitted(_ detail: String, method: String, reason: String) -> RPCError {
        RPCError(
            code: RPCErrorCode.notPermitted, message: "Not permitted: \(detail)",
            data: ["method": .string(method), "reason": .string(reason)])
    }

    /// Params that do not fit the method; `path` is rooted at `params` (e.g. `params.root`).
    public static func invalidParams(
        _ detail: String, path: String, expected: String? = nil, got: String? = nil, extra: JSONObject = JSONObject()
    ) -> RPCError {
        var data = placeData(path: path, expected: expected, got: got)?.objectValue ?? JSONObject()
        for (key, value) in extra { data[key] = value }
        return RPCError(code: RPCErrorCode.invalidParams, message: "Invalid params: \(detail)", data: .object(data))
    }

    public static func internalError(_ detail: String) -> RPCError {
        RPCError(code: RPCErrorCode.internalError, message: "Internal error: \(detail)")
    }

    public static func notInitialized(_ method: String) -> RPCError {
        RPCError(
            code: RPCErrorCode.notInitialized,
            message: "Not initialized: send 'initialize' before '\(method)'",
            data: ["method": .string(method)])
    }

    /// A request refused for a budget rather than for its params: `reason` says which
    /// (`node-share`, `node-budget`, `batch-reply`), `limit` its size; `extra` adds the figures
    /// that explain it, and `path` the place in the params where it ran out, if any.
    public static func overBudget(_ detail: String, reason: String, limit: Int, path: String? = nil, extra: JSONObject = JSONObject()) -> RPCError {
        var data = JSONObject()
        data["reason"] = .string(reason)
        data["limit"] = .int(Int64(limit))
        if let path { data["path"] = .string(path) }
        for (key, value) in extra { data[key] = value }
        return RPCError(code: RPCErrorCode.overBudget, message: "Over budget: \(detail)", data: .object(data))
    }

    /// A module function that failed: `error` is what it threw, in words; `reason`, when
    /// set, says why the host gave up on it instead (`batch-wait`).
    public static func functionFailed(_ detail: String, module: String, function: String, error: String, reason: String? = nil) -> RPCError {
        var data = JSONObject()
        data["module"] = .string(module)
        data["function"] = .string(function)
        data["error"] = .string(error)
        if let reason { data["reason"] = .string(reason) }
        return RPCError(code: RPCErrorCode.functionFailed, message: "Function failed: \(detail)", data: .object(data))
    }

    /// The answer to a frame header whose length is 0 or over the limit.
    public static func frameSize(_ error: FrameSizeError) -> RPCError {
        let detail =
            error.length == 0
            ? "a frame of length 0 (frames carry 1 to \(error.limit) bytes)"
            : "a frame of \(error.length) bytes is over the limit of \(error.limit) bytes"
        return RPCError(
            code: RPCErrorCode.invalidRequest, message: "Invalid request: \(detail); closing the connection",
            data: ["reason": "frame-size", "length": .int(Int64(error.length)), "limit": .int(Int64(error.limit))])
    }

    /// The answer to a frame that was not completed in time (`--frame-timeout`).
    public static func frameTimeout(received: Int, seconds: Int) -> RPCError {
        RPCError(
            code: RPCErrorCode.invalidRequest,
            message: "Invalid request: a frame was not completed within \(seconds) s (\(received) bytes of it arrived, its header included); closing the connection",
            data: ["reason": "frame-timeout", "received": .int(Int64(received)), "seconds": .int(Int64(seconds))])
    }

    private static func placeData(path: String?, expected: String?, got: String?) -> JSONValue? {
        var data = JSONObject()
        if let path { data["path"] = .string(path) }
        if let expected { data["expected"] = .string(expected) }
        if let got { data["got"] = .string(got) }
        return data.isEmpty ? nil : .object(data)
    }
}
