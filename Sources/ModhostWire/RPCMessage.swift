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
        return validate(
            jsonrpc: object["jsonrpc"], id: object["id"], method: object["method"], params: object["params"])
    }

    /// `validate` straight from the bytes of one frame, without building the message's
    /// `JSONObject`: the same result as `validate(JSONParser.parse(bytes))`, or nil when the
    /// bytes are not a plain object (a batch, invalid JSON, an escaped or non-ASCII member
    /// name); the caller then takes that general path.
    public static func decode(_ bytes: UnsafeRawBufferPointer) -> Result<RPCRequest, RPCFailure>? {
        var jsonrpc: JSONValue?
        var id: JSONValue?
        var method: JSONValue?
        var params: JSONValue?
        // A repeated member keeps its last value, as in `JSONObject`. Names here are ASCII
        // without escapes, so byte equality is `String` equality.
        let isObject = JSONParser.forEachMember(ofObject: bytes) { name, value in
            if name.isASCII("id") {
                id = value
            } else if name.isASCII("method") {
                method = value
            } else if name.isASCII("params") {
                params = value
            } else if name.isASCII("jsonrpc") {
                jsonrpc = value
            }
        }
        guard isObject else { return nil }
        return validate(jsonrpc: jsonrpc, id: id, method: method, params: params)
    }

    /// The envelope rules, given the members of a request object (nil: absent).
    private static func validate(
        jsonrpc: JSONValue?, id rawID: JSONValue?, method: JSONValue?, params: JSONValue?
    ) -> Result<RPCRequest, RPCFailure> {
        var id: JSONValue? = nil
        if let rawID {
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
        guard case .string("2.0")? = jsonrpc else {
            let got = jsonrpc.map { $0.stringValue.map { "\"\($0)\"" } ?? $0.typeName } ?? "nothing"
            return .failure(
                RPCFailure(
                    id: answerID,
                    error: .invalidRequest(
                        "'jsonrpc' must be \"2.0\"", path: "jsonrpc", expected: "\"2.0\"", got: got)))
        }
        guard case let .string(method)? = method else {
            return .failure(
                RPCFailure(
                    id: answerID,
                    error: .invalidRequest(
                        "'method' must be a string", path: "method", expected: "string",
                        got: method?.typeName ?? "nothing")))
        }
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

extension UnsafeRawBufferPointer {
    /// Whether these bytes are exactly `text` (an ASCII literal); a plain loop, since the
    /// generic `elementsEqual` costs more than the rest of the request.
    @inline(__always)
    fileprivate func isASCII(_ text: StaticString) -> Bool {
        guard count == text.utf8CodeUnitCount else { return false }
        let expected = text.utf8Start
        for offset in 0..<count where self[offset] != expected[offset] { return false }
        return true
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

    /// Writes `response(id:result:)` into `buffer` without building its object first.
    public static func writeResponse(id: JSONValue, result: JSONValue, into buffer: inout [UInt8]) {
        writeEnvelope(id: id, member: #","result":"#, value: result, into: &buffer)
    }

    /// Writes `errorResponse(id:error:)` into `buffer` without building its object first.
    public static func writeErrorResponse(id: JSONValue, error: RPCError, into buffer: inout [UInt8]) {
        writeEnvelope(id: id, member: #","error":"#, value: error.json, into: &buffer)
    }

    /// `{"jsonrpc":"2.0","id":<id><member><value>}`: the bytes `JSONWriter` makes of the
    /// objects built above, whose members come in this order.
    private static func writeEnvelope(
        id: JSONValue, member: StaticString, value: JSONValue, into buffer: inout [UInt8]
    ) {
        JSONWriter.appendASCII(#"{"jsonrpc":"2.0","id":"#, to: &buffer)
        JSONWriter.write(id, into: &buffer)
        JSONWriter.appendASCII(member, to: &buffer)
        JSONWriter.write(value, into: &buffer)
        buffer.append(UInt8(ascii: "}"))
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
