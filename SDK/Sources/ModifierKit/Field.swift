/// Options for `@Field`.
public enum FieldOption: Sendable, Equatable {
    /// The params must contain the key; its absence is an error.
    case required
}

/// Marks a `Record` property that is read from the params.
///
/// The key is the property name, or the string given: `@Field("tintColor") var tint: Color?`.
/// When the key is absent the property keeps its default; `@Field(.required)` makes absence an
/// error. Keys the record does not declare are ignored. An optional field needs no `= nil`,
/// and `null` for it sets it to `nil`.
///
/// It is a class so that a record struct's copy, seen through reflection while decoding,
/// shares the storage that is being filled.
@propertyWrapper
public final class Field<Value: Convertible>: AnyField {
    // Unchecked: every decode writes it once, and the dynamic exclusivity check cost more
    // than the write. Nothing takes long-lived access to it.
    @exclusivity(unchecked) public var wrappedValue: Value
    @usableFromInline let customKey: String?
    @usableFromInline let isRequired: Bool

    // The initializers are inlinable: a record's `init()` creates every field of every
    // record decoded, and compiled into the plugin for the field's own type they store
    // the value directly instead of through generic value witnesses. (A plugin runs only
    // with the SDK version it was built against, so the layout they rely on is its own.)
    @inlinable
    init(value: Value, key: String?, required: Bool) {
        self.wrappedValue = value
        self.customKey = key
        self.isRequired = required
        FieldLayout.created(self)
    }

    /// `@Field var label: String = ""`
    @inlinable
    public convenience init(wrappedValue: Value) {
        self.init(value: wrappedValue, key: nil, required: false)
    }

    /// `@Field("tintColor") var tint: Color = .blue`, optionally with `.required`.
    @inlinable
    public convenience init(wrappedValue: Value, _ key: String, _ options: FieldOption...) {
        self.init(value: wrappedValue, key: key, required: options.contains(.required))
    }

    /// `@Field(.required) var id: String = ""`
    @inlinable
    public convenience init(wrappedValue: Value, _ options: FieldOption...) {
        self.init(value: wrappedValue, key: nil, required: options.contains(.required))
    }

    /// The wrapper itself, reachable as `$name`.
    public var projectedValue: Field<Value> { self }

    @usableFromInline func key(propertyName: String) -> String { customKey ?? propertyName }

    @usableFromInline func decode(from params: Dict, propertyName: String, appContext: AppContext) throws {
        let key = key(propertyName: propertyName)
        guard let raw = params[key] else {
            if isRequired {
                throw FieldError(kind: .missing, path: key, field: key, value: nil, type: Value.typeName)
            }
            return
        }
        if isJSNull(raw), try decodeNull(key: key) { return }
        do {
            wrappedValue = try Value.convert(from: raw, appContext: appContext)
        } catch {
            throw fieldError(error, key: key, raw: raw)
        }
    }

    // The rare paths live in functions of their own: the metadata they need (such as
    // `Optional<Value>`) would otherwise be looked up on every call of `decode`.

    /// Sets an optional field to `nil` and returns true. A required field that is not
    /// optional returns false: its type's conversion then says what null is not.
    @inline(never)
    private func decodeNull(key: String) throws -> Bool {
        if let none = (Value.self as? OptionalConvertible.Type)?.none as? Value {
            wrappedValue = none
            return true
        }
        guard isRequired else {
            throw FieldError(
                kind: .cast, path: key, field: key, value: "null", type: Value.typeName,
                cause: ConversionError("only optional fields take null; leave the key out to keep the default"))
        }
        return false
    }

    @inline(never)
    private func fieldError(_ error: any Error, key: String, raw: Any) -> FieldError {
        if let error = error as? FieldError { return error.inside(key: key) }
        return FieldError(kind: .cast, path: key, field: key, value: describe(raw), type: Value.typeName, cause: error)
    }

    /// Called on a record just made with `init()`, so the value is the default.
    @usableFromInline func schema(propertyName: String, context: inout SchemaContext) -> (key: String, schema: [String: Any], required: Bool) {
        let optional = Value.self as? OptionalConvertible.Type
        var schema = optional != nil ? optional!.wrappedSchema(in: &context) : Value.jsonSchema(in: &context)
        let defaultValue = wrappedValue.jsonValue
        let hasDefault = !(defaultValue is JSNull)
        if hasDefault { schema["default"] = defaultValue }
        if optional != nil {
            schema = ["anyOf": [schema, ["type": "null"]] as [Any]]
            if hasDefault { schema["default"] = defaultValue }
        }
        return (key(propertyName: propertyName), schema, isRequired)
    }

    @usableFromInline var currentJSONValue: Any { wrappedValue.jsonValue }
}

extension Field where Value: ExpressibleByNilLiteral {
    /// An optional field declared without a default: `@Field var systemImage: String?`.
    @inlinable
    public convenience init() {
        self.init(value: nil, key: nil, required: false)
    }

    /// `@Field("tintColor") var tint: Color?`
    @inlinable
    public convenience init(_ key: String, _ options: FieldOption...) {
        self.init(value: nil, key: key, required: options.contains(.required))
    }

    /// `@Field(.required) var tint: Color?`: the key must be present (null is allowed).
    @inlinable
    public convenience init(_ options: FieldOption...) {
        self.init(value: nil, key: nil, required: options.contains(.required))
    }
}

/// What reflection sees of any `Field`, whatever its value type.
@usableFromInline
protocol AnyField: AnyObject {
    func decode(from params: Dict, propertyName: String, appContext: AppContext) throws
    func schema(propertyName: String, context: inout SchemaContext) -> (key: String, schema: [String: Any], required: Bool)
    func key(propertyName: String) -> String
    var currentJSONValue: Any { get }
}
