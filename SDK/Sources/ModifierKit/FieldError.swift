/// Why params could not be decoded into a `Record`.
///
/// The message names the field, the value and the expected type; `path` says where the value
/// sits inside the params (`trailing[1].tint`), so the host can report the full place
/// (`root.children[3].modifiers[0].trailing[1].tint`). `cause` is the underlying error.
public struct FieldError: Error, CustomStringConvertible {
    /// What is wrong with the field.
    public enum Kind: Sendable, Equatable {
        /// The value is there but is not of the field's type.
        case cast
        /// A `.required` field is absent.
        case missing
    }

    /// Whether the value is of the wrong type or missing.
    public let kind: Kind
    /// Where the bad value is, relative to the params: `trailing[1].tint`.
    public private(set) var path: String
    /// The field's key (its name in the params).
    public let field: String
    /// The offending value as written in the params, or nil when absent.
    public let value: String?
    /// The field's Swift type, as `Color?` or `[SwipeActionRecord]`.
    public let type: String
    /// The error the conversion threw (a ``ConversionError`` saying what was expected, say),
    /// or nil for a missing field.
    public let cause: (any Error)?

    /// An error at `path`; a `Convertible` type's conversion may throw one for a value inside
    /// it, and the fields around it put their own keys in front of `path`.
    public init(kind: Kind, path: String, field: String, value: String?, type: String, cause: (any Error)? = nil) {
        self.kind = kind
        self.path = path
        self.field = field
        self.value = value
        self.type = type
        self.cause = cause
    }

    /// The message of this error alone, without the cause.
    public var summary: String {
        switch kind {
        case .cast: return "Cannot cast '\(value ?? "nothing")' for field '\(field)' of type \(type)"
        case .missing: return "Field '\(field)' of type \(type) is required but missing"
        }
    }

    /// The summary, then the cause: what the host reports, after the full path.
    public var description: String {
        guard let cause else { return summary }
        return "\(summary): \(cause)"
    }

    /// The same error seen from one level up: `[1]` then `trailing` turns `tint` into
    /// `trailing[1].tint`.
    func inside(key: String) -> FieldError {
        var copy = self
        copy.path = path.isEmpty ? key : (path.hasPrefix("[") ? key + path : key + "." + path)
        return copy
    }

    func inside(index: Int) -> FieldError {
        var copy = self
        copy.path = path.isEmpty || path.hasPrefix("[") ? "[\(index)]" + path : "[\(index)]." + path
        return copy
    }

    /// `error`, thrown while `value` at `key` was converted to `type`, as an error at `key`:
    /// a field error from further in gets the key in front of its path; any other error
    /// becomes a cast error naming the value.
    static func converting(_ value: Any, to type: String, at key: String, failedWith error: any Error) -> FieldError {
        if let error = error as? FieldError { return error.inside(key: key) }
        return FieldError(kind: .cast, path: key, field: key, value: describe(value), type: type, cause: error)
    }

    /// The same for the element at `index` of an array.
    static func converting(_ value: Any, to type: String, at index: Int, failedWith error: any Error) -> FieldError {
        if let error = error as? FieldError { return error.inside(index: index) }
        return FieldError(kind: .cast, path: "[\(index)]", field: "[\(index)]", value: describe(value), type: type, cause: error)
    }
}

/// A value that does not have the expected shape; wrapped into a `FieldError` by the field.
public struct ConversionError: Error, CustomStringConvertible {
    /// What was expected and what was found: `expected a string, got a number`.
    public let description: String
    /// An error saying `description`; throw it from a `Convertible` type's conversion.
    public init(_ description: String) { self.description = description }
}

/// How a params value reads in error messages: strings bare, containers as JSON-ish text.
func describe(_ value: Any) -> String {
    switch value {
    case let string as String: return string
    case is JSNull: return "null"
    case let bool as Bool: return bool ? "true" : "false"
    case let int as Int: return String(int)
    case let double as Double: return String(double)
    case let array as [Any]: return "[" + array.map(describeNested).joined(separator: ", ") + "]"
    case let object as [String: Any]:
        return "{" + object.keys.sorted().map { "\"\($0)\": \(describeNested(object[$0]!))" }.joined(separator: ", ") + "}"
    default: return String(describing: value)
    }
}

private func describeNested(_ value: Any) -> String {
    if let string = value as? String { return "\"\(string)\"" }
    return describe(value)
}
