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

    /// A valid request read straight from the bytes of one frame, without building the
    /// message's `JSONObject`: the same request as `validate(JSONParser.parse(bytes))` gives.
    /// Nil for everything else (a batch, invalid JSON, an invalid request, an escaped or
    /// non-ASCII member name): the caller then takes that general path, which also words
    /// the error.
    public static func decode(_ bytes: UnsafeRawBufferPointer) -> RPCRequest? {
        decode(bytes, skippingParamsOf: { _ in false })?.request
    }

    /// A request read by `decode(_:skippingParamsOf:)`.
    public struct Decoded: Sendable {
        public var request: RPCRequest
        /// Set when the params were checked but not built (`request.params` is then nil):
        /// what they are. Nil when the request has no params or they were built.
        public var skippedParams: JSONValueShape?
    }

    /// `decode(_:)`, except that the params of a method for which `takesNoParams` is true
    /// are only checked (as strictly as a parse) and described, not built: such a method
    /// answers params with members by refusing them, whatever they hold, and building them
    /// would cost more than the rest of the request. `takesNoParams` is asked only when the
    /// method comes before the params, as it usually does. `strings`, when given, supplies
    /// and keeps the short strings made (see `JSONStringCache`).
    public static func decode(
        _ bytes: UnsafeRawBufferPointer, skippingParamsOf takesNoParams: (String) -> Bool,
        strings: JSONStringCache? = nil
    ) -> Decoded? {
        // As in `JSONObject`, a repeated member counts with its last value only, so each
        // occurrence overwrites what the one before it set.
        var isVersion2 = false
        var method: String?
        var id: JSONValue?
        var params: JSONValue?
        var skipped: JSONValueShape?
        var skippedFor: String?
        // Without the caller's cache, a large document gets one of its own for this parse.
        let ownStrings = strings == nil && bytes.count >= JSONStringCache.minDocumentBytes ? JSONStringCache() : nil
        defer { withExtendedLifetime(ownStrings) {} }
        do {
            var reader = try JSONObjectReader(bytes, strings: strings ?? ownStrings)
            // The reader's names are ASCII without escapes, so byte equality is `String` equality.
            while let name = try reader.nextName() {
                if name.isASCII("jsonrpc") {
                    // The usual spelling is recognised without decoding a string.
                    isVersion2 = try reader.skip(ifValueIs: #""2.0""#) || reader.value() == .string("2.0")
                } else if name.isASCII("id") {
                    id = try reader.value()
                } else if name.isASCII("method") {
                    method = try reader.value().stringValue
                } else if name.isASCII("params") {
                    if let method, takesNoParams(method) {
                        params = nil
                        skipped = try reader.skipValue()
                        skippedFor = method
                    } else {
                        params = try reader.value()
                        skipped = nil
                    }
                } else {
                    _ = try reader.value()
                }
            }
        } catch {
            return nil
        }
        guard isVersion2, let method else { return nil }
        switch id {
        case nil, .string?, .int?, .double?, .null?: break
        default: return nil
        }
        switch params {
        case nil, .object?, .array?: break
        default: return nil
        }
        if let skipped {
            // Skipped for a method that a later `method` member replaced, or not a container:
            // the general path decides.
            guard skippedFor == method, skipped != .scalar else { return nil }
        }
        // Moved, not copied: copies and destroys of `JSONValue?` go through slow runtime witnesses.
        return Decoded(request: RPCRequest(id: consume id, method: method, params: consume params), skippedParams: skipped)
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

    /// Writes the start of `response(id:result:)`, up to its result, which the caller writes
    /// next and closes with `}`: the same bytes, without building the object.
    public static func writeResponseStart(id: JSONValue, into buffer: inout [UInt8]) {
        writeEnvelopeStart(id: id, member: #","result":"#, into: &buffer)
    }

    /// Writes `errorResponse(id:error:)` into `buffer` without building its object first.
    public static func writeErrorResponse(id: JSONValue, error: RPCError, into buffer: inout [UInt8]) {
        writeEnvelope(id: id, member: #","error":"#, value: error.json, into: &buffer)
    }

    /// `writeErrorResponse(id:error:)` for an error whose JSON text (`error.json` as
    /// `JSONWriter` writes it) was made before: for errors given often and always alike.
    public static func writeErrorResponse(id: JSONValue, errorText: [UInt8], into buffer: inout [UInt8]) {
        writeEnvelopeStart(id: id, member: #","error":"#, into: &buffer)
        buffer.append(contentsOf: errorText)
        buffer.append(UInt8(ascii: "}"))
    }

    /// `{"jsonrpc":"2.0","id":<id><member><value>}`: the bytes `JSONWriter` makes of the
    /// objects built above, whose members come in this order.
    private static func writeEnvelope(
        id: JSONValue, member: StaticString, value: JSONValue, into buffer: inout [UInt8]
    ) {
        writeEnvelopeStart(id: id, member: member, into: &buffer)
        JSONWriter.write(value, into: &buffer)
        buffer.append(UInt8(ascii: "}"))
    }

    /// `{"jsonrpc":"2.0","id":<id><member>`.
    private static func writeEnvelopeStart(id: JSONValue, member: StaticString, into buffer: inout [UInt8]) {
        JSONWriter.appendASCII(#"{"jsonrpc":"2.0","id":"#, to: &buffer)
        JSONWriter.write(id, into: &buffer)
        JSONWriter.appendASCII(member, to: &buffer)
    }

    public static func errorResponse(id: JSONValue, error: RPCError) -> JSONValue {
        var object = JSONObject()
        object["jsonrpc"] = "2.0"
        object["id"] = id
        object["error"] = error.json
        return .object(object)
    }

    /// Writes `notification(method:params:)` into `buffer` without building its object first.
    public static func writeNotification(method: String, params: JSONValue, into buffer: inout [UInt8]) {
        JSONWriter.appendASCII(#"{"jsonrpc":"2.0","method":"#, to: &buffer)
        JSONWriter.write(.string(method), into: &buffer)
        JSONWriter.appendASCII(#","params":"#, to: &buffer)
        JSONWriter.write(params, into: &buffer)
        buffer.append(UInt8(ascii: "}"))
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
