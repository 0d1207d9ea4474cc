/// Options for `@Field`.
public enum FieldOption: Sendable, Equatable {
    /// The params must contain the key; its absence is an error.
    case required
    /// What the field means, for people writing params: the host puts it in the field's
    /// JSON Schema (`description`), and `modhost codegen ts` makes it the doc comment of the
    /// generated property. `@Field(.description("Shown under the icon")) var label = ""`.
    /// A string literal: it is part of the record's declaration, like the key.
    case description(StaticString)
    /// The smallest value a number field takes: `@Field(.minimum(0)) var radius = 0.0`.
    /// A smaller value is refused at the field, as a value of the wrong type is; the schema
    /// says `minimum`, so front-ends and generated helpers check the same bound.
    case minimum(Double)
    /// The largest value a number field takes (`maximum` in the schema).
    case maximum(Double)
    /// A bound a number field's value must be more than: `.exclusiveMinimum(0)` refuses 0
    /// (`exclusiveMinimum` in the schema).
    case exclusiveMinimum(Double)

    /// Whether two options are the same option with the same text or bound.
    public static func == (lhs: FieldOption, rhs: FieldOption) -> Bool {
        switch (lhs, rhs) {
        case (.required, .required): return true
        case let (.description(a), .description(b)):
            return a.withUTF8Buffer { a in b.withUTF8Buffer { b in a.elementsEqual(b) } }
        case let (.minimum(a), .minimum(b)), let (.maximum(a), .maximum(b)),
            let (.exclusiveMinimum(a), .exclusiveMinimum(b)):
            return a == b
        default: return false
        }
    }

    /// `.required`, the text of the last `.description` and the bounds among `options`.
    /// Inlined, with options that hold no references: fields are created for every record
    /// decoded, and this must not cost them an allocation.
    @inlinable
    static func read(_ option: FieldOption) -> (required: Bool, description: StaticString?, bounds: FieldBounds?) {
        var result: (required: Bool, description: StaticString?, bounds: FieldBounds?) = (false, nil, nil)
        add(option, to: &result)
        return result
    }

    /// `read` for several options.
    @inlinable
    static func read(_ options: [FieldOption]) -> (required: Bool, description: StaticString?, bounds: FieldBounds?) {
        var result: (required: Bool, description: StaticString?, bounds: FieldBounds?) = (false, nil, nil)
        for option in options { add(option, to: &result) }
        return result
    }

    /// `read` for two or three options, without an array.
    @inlinable
    static func read(
        _ first: FieldOption, _ second: FieldOption, _ third: FieldOption? = nil
    ) -> (required: Bool, description: StaticString?, bounds: FieldBounds?) {
        var result = read(first)
        add(second, to: &result)
        if let third { add(third, to: &result) }
        return result
    }

    /// Adds what `option` says to `result`.
    @inlinable
    static func add(_ option: FieldOption, to result: inout (required: Bool, description: StaticString?, bounds: FieldBounds?)) {
        switch option {
        case .required: result.required = true
        case let .description(text): result.description = text
        case .minimum, .maximum, .exclusiveMinimum:
            var bounds = result.bounds ?? FieldBounds()
            bounds.add(option)
            result.bounds = bounds
        }
    }
}

/// Marks a `Record` property that is read from the params.
///
/// The key is the property name, or the string given: `@Field("tintColor") var tint: Color?`.
/// When the key is absent the property keeps its default; `@Field(.required)` makes absence an
/// error. Keys the record does not declare are ignored by the decoding; the host reports each
/// one to the front-end (the `unknown-param` diagnostic, or an error for a front-end that
/// asked for strict params). An optional field needs no `= nil`,
/// and `null` for it sets it to `nil`. A key present in the params wins over a value the
/// record's `init()` assigns to the property. Keys match exactly, Unicode scalar for scalar,
/// as JavaScript compares them. (Params arrive as a Swift dictionary, which holds only one of
/// two keys that are canonically equivalent spellings of the same text.)
///
/// Fields hold their values inline, so a struct record cannot hold an optional of its own
/// type; make such a record a `final class` (an array of itself works in either).
///
/// A field takes its value from the params as it is created: `Record.init(from:appContext:)`
/// runs the record's `init()` while the params are open on its thread, and each field, in
/// the order `init()` creates them, finds its value there. A field thus costs no allocation
/// of its own, and no key is hashed to find its value.
@propertyWrapper
public struct Field<Value: Convertible>: AnyField {
    @usableFromInline var value: Value
    /// Which record decoding filled the value from the params (positive: its serial, unique
    /// in the process), or the field's place among the fields its record's `init()` creates
    /// while the SDK learns a record type's layout (negative: minus the place, minus one); 0
    /// otherwise. While the decoding that filled the value still runs its record's `init()`,
    /// assignments to the property leave the params' value in place.
    ///
    /// The key and `.required` are not stored: every instance of a record type has the
    /// same, and its layout keeps them once.
    @usableFromInline var tag = 0

    // The initializers are inlinable: a record's `init()` creates every field of every
    // record decoded, and compiled into the plugin for the field's own type they convert
    // and store the value without generic value witnesses. (A plugin runs only with the
    // SDK version it was built against, so the layout they rely on is its own.)
    @inlinable
    init(value: Value, key: String?, required: Bool, description: StaticString? = nil, bounds: FieldBounds? = nil) {
        self.value = value
        switch FieldDecoding.created(key: key, required: required, description: description, bounds: bounds, type: Value.self) {
        case .keepDefault:
            break
        case .learnt(let place):
            self.tag = -place - 1
        case .decode(let raw, let appContext, let serial, let state):
            do {
                if isJSNull(raw), let none = try Self.null(required: required) {
                    self.value = none
                } else {
                    self.value = try Value.convert(from: raw, appContext: appContext)
                    if let bounds { try bounds.check(self.value) }
                }
                self.tag = serial
                FieldDecoding.converted(state)
            } catch {
                FieldDecoding.failed(error, raw: raw, type: Value.self, state: state)
            }
        }
    }

    /// `@Field var label: String = ""`
    @inlinable
    public init(wrappedValue: Value) {
        self.init(value: wrappedValue, key: nil, required: false)
    }

    /// `@Field("tintColor") var tint: Color = .blue`, optionally with `.required`.
    @inlinable
    public init(wrappedValue: Value, _ key: String, _ options: FieldOption...) {
        let read = FieldOption.read(options)
        self.init(value: wrappedValue, key: key, required: read.required, description: read.description, bounds: read.bounds)
    }

    // Options come one to four at a time, not as a variadic list: a variadic parameter
    // allocates its array each time a field is created (for every record decoded).

    /// `@Field(.required) var id: String = ""` or `@Field(.description("…")) var label = ""`
    @inlinable
    public init(wrappedValue: Value, _ option: FieldOption) {
        let read = FieldOption.read(option)
        self.init(value: wrappedValue, key: nil, required: read.required, description: read.description, bounds: read.bounds)
    }

    /// `@Field("tintColor", .required) var tint: Color = .blue`
    @inlinable
    public init(wrappedValue: Value, _ key: String, _ option: FieldOption) {
        let read = FieldOption.read(option)
        self.init(value: wrappedValue, key: key, required: read.required, description: read.description, bounds: read.bounds)
    }

    /// `@Field(.required, .minimum(0)) var radius = 0.0`: two options, no array.
    @inlinable
    public init(wrappedValue: Value, _ first: FieldOption, _ second: FieldOption) {
        let read = FieldOption.read(first, second)
        self.init(value: wrappedValue, key: nil, required: read.required, description: read.description, bounds: read.bounds)
    }

    /// `@Field(.required, .minimum(0), .maximum(1)) var amount = 0.0`: three options, no array.
    @inlinable
    public init(wrappedValue: Value, _ first: FieldOption, _ second: FieldOption, _ third: FieldOption) {
        let read = FieldOption.read(first, second, third)
        self.init(value: wrappedValue, key: nil, required: read.required, description: read.description, bounds: read.bounds)
    }

    /// Four options: `@Field(.required, .description("…"), .minimum(0), .maximum(1))`.
    @inlinable
    public init(wrappedValue: Value, _ first: FieldOption, _ second: FieldOption, _ third: FieldOption, _ fourth: FieldOption) {
        var read = FieldOption.read(first, second, third)
        FieldOption.add(fourth, to: &read)
        self.init(value: wrappedValue, key: nil, required: read.required, description: read.description, bounds: read.bounds)
    }

    /// The field's value: from the params when they set it, else the default.
    @inlinable
    public var wrappedValue: Value {
        get { value }
        set {
            if tag > 0, FieldDecoding.isFilling(tag) { return }
            value = newValue
        }
        // In place, so that `items.append(x)` does not copy the array.
        _modify {
            if tag > 0, FieldDecoding.isFilling(tag) {
                var discarded = value
                yield &discarded
            } else {
                yield &value
            }
        }
    }

    /// A copy of the wrapper, reachable as `$name`.
    public var projectedValue: Field<Value> { self }

    var learntPlace: Int? { tag < 0 ? -tag - 1 : nil }

    /// What `null` sets the field to: `nil` for an optional type. A required field that is
    /// not optional gets nil back, and its type's conversion then says what null is not.
    /// Out of line: the metadata it needs (`Optional<Value>`) would otherwise be looked up
    /// for every field created.
    @usableFromInline @inline(never)
    static func null(required: Bool) throws -> Value? {
        if let none = (Value.self as? OptionalConvertible.Type)?.none as? Value { return none }
        guard required else {
            throw ConversionError("only optional fields take null; leave the key out to keep the default")
        }
        return nil
    }

    /// Called on a record just made with `init()`, so the value is the default. A required
    /// field has no default: the value its declaration gives is never used.
    func schema(context: inout SchemaContext, required: Bool, bounds: FieldBounds?) -> [String: Any] {
        let optional = Value.self as? OptionalConvertible.Type
        var schema = optional != nil ? optional!.wrappedSchema(in: &context) : Value.jsonSchema(in: &context)
        bounds?.apply(to: &schema)
        let defaultValue = value.jsonValue
        let hasDefault = !required && !(defaultValue is JSNull)
        if hasDefault { schema["default"] = defaultValue }
        if optional != nil {
            schema = ["anyOf": [schema, ["type": "null"]] as [Any]]
            if hasDefault { schema["default"] = defaultValue }
        }
        return schema
    }

    var currentJSONValue: Any { value.jsonValue }
}

extension Field where Value: ExpressibleByNilLiteral {
    /// An optional field declared without a default: `@Field var systemImage: String?`.
    @inlinable
    public init() {
        self.init(value: nil, key: nil, required: false)
    }

    /// `@Field("tintColor") var tint: Color?`
    @inlinable
    public init(_ key: String, _ options: FieldOption...) {
        let read = FieldOption.read(options)
        self.init(value: nil, key: key, required: read.required, description: read.description, bounds: read.bounds)
    }

    /// `@Field(.description("…")) var tint: Color?`, or `.required` (the key must be present;
    /// null is allowed); one to three options, no array, as above.
    @inlinable
    public init(_ option: FieldOption) {
        let read = FieldOption.read(option)
        self.init(value: nil, key: nil, required: read.required, description: read.description, bounds: read.bounds)
    }

    /// `@Field("tintColor", .description("…")) var tint: Color?`; no array, as above.
    @inlinable
    public init(_ key: String, _ option: FieldOption) {
        let read = FieldOption.read(option)
        self.init(value: nil, key: key, required: read.required, description: read.description, bounds: read.bounds)
    }

    /// `@Field(.required, .description("…")) var tint: Color?`: two options, no array.
    @inlinable
    public init(_ first: FieldOption, _ second: FieldOption) {
        let read = FieldOption.read(first, second)
        self.init(value: nil, key: nil, required: read.required, description: read.description, bounds: read.bounds)
    }

    /// `@Field(.description("…"), .minimum(0), .maximum(1)) var amount: Double?`: three options.
    @inlinable
    public init(_ first: FieldOption, _ second: FieldOption, _ third: FieldOption) {
        let read = FieldOption.read(first, second, third)
        self.init(value: nil, key: nil, required: read.required, description: read.description, bounds: read.bounds)
    }
}

extension Field: Sendable where Value: Sendable {}

/// What reflection sees of any `Field`, whatever its value type.
protocol AnyField {
    func schema(context: inout SchemaContext, required: Bool, bounds: FieldBounds?) -> [String: Any]
    var currentJSONValue: Any { get }
    /// The field's place in its record's layout, in a sample made to learn the layout.
    var learntPlace: Int? { get }
}
