/// A request or notification that passed the JSON-RPC 2.0 envelope rules.
public struct RPCRequest: Sendable, Equatable {
    /// `nil` for a notification (no `id` member); `.null` is a request answered with id null.
    public var id: JSONValue?
    public var method: String
    /// An object or an array when present; never `.null` (that is refused).
    public var params: JSONValue?

    public init(id: JSONValue?, method: String, params: JSONValue? = nil) {
        self.id = id
        self.method = method
        self.params = params
    }

    public var isNotification: Bool { id == nil }

    /// Checks one message against the envelope rules. On failure returns the error and the id
    /// to answer with: the message's own id when it is readable, else null. Invalid messages
    /// are answered even without an id, since nothing proves they were meant as notifications.
    public static func validate(_ value: JSONValue) -> Result<RPCRequest, RPCFailure> {
        guard case let .object(object) = value else {
            return .failure(
                RPCFailure(
                    id: .null,
                    error: .invalidRequest(
                        "a request must be an object", path: "", expected: "object", got: value.typeName)))
        }
        var id: JSONValue? = nil
        if let rawID = object["id"] {
            switch rawID {
            case .string, .int, .double, .null: id = rawID
            default:
                return .failure(
                    RPCFailure(
                        id: .null,
                        error: .invalidRequest(
                            "'id' must be a string, a number or null", path: "id",
                            expected: "string, number or null", got: rawID.typeName)))
            }
        }
        let answerID = id ?? .null
        guard object["jsonrpc"] == .string("2.0") else {
            let got = object["jsonrpc"].map { $0.stringValue.map { "\"\($0)\"" } ?? $0.typeName } ?? "nothing"
            return .failure(
                RPCFailure(
                    id: answerID,
                    error: .invalidRequest(
                        "'jsonrpc' must be \"2.0\"", path: "jsonrpc", expected: "\"2.0\"", got: got)))
        }
        guard case let .string(method)? = object["method"] else {
            return .failure(
                RPCFailure(
                    id: answerID,
                    error: .invalidRequest(
                        "'method' must be a string", path: "method", expected: "string",
                        got: object["method"]?.typeName ?? "nothing")))
        }
        let params = object["params"]
        switch params {
        case nil, .object?, .array?: break
        case let other?:
            return .failure(
                RPCFailure(
                    id: answerID,
                    error: .invalidRequest(
                        "'params' must be an object or an array when present", path: "params",
                        expected: "object or array", got: other.typeName)))
        }
        return .success(RPCRequest(id: id, method: method, params: params))
    }
}

/// An error together with the id its response carries.
public struct RPCFailure: Error, Sendable, Equatable {
    public var id: JSONValue
    public var error: RPCError

    public init(id: JSONValue, error: RPCError) {
        self.id = id
        self.error = error
    }
}

/// Builders for what the host sends.
public enum RPCMessage {
    public static func response(id: JSONValue, result: JSONValue) -> JSONValue {
        var object = JSONObject()
        object["jsonrpc"] = "2.0"
        object["id"] = id
        object["result"] = result
        return .object(object)
    }

    public static func errorResponse(id: JSONValue, error: RPCError) -> JSONValue {
        var object = JSONObject()
        object["jsonrpc"] = "2.0"
        object["id"] = id
        object["error"] = error.json
        return .object(object)
    }

    public static func notification(method: String, params: JSONValue) -> JSONValue {
        var object = JSONObject()
        object["jsonrpc"] = "2.0"
        object["method"] = .string(method)
        object["params"] = params
        return .object(object)
    }

    public static func request(id: JSONValue, method: String, params: JSONValue? = nil) -> JSONValue {
        var object = JSONObject()
        object["jsonrpc"] = "2.0"
        object["id"] = id
        object["method"] = .string(method)
        if let params { object["params"] = params }
        return .object(object)
    }
}
