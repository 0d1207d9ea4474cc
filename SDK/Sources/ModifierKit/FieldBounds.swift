/// The bounds a number field's `.minimum`, `.maximum` and `.exclusiveMinimum` options set.
///
/// They are checked as the field converts its value, and written into the field's schema,
/// so that what the host refuses and what a front-end's generated helper refuses come from
/// the same declaration.
public struct FieldBounds: Sendable, Equatable {
    /// The smallest value taken (`.minimum`), if any.
    public var minimum: Double?
    /// The largest value taken (`.maximum`), if any.
    public var maximum: Double?
    /// A value that a taken one must be more than (`.exclusiveMinimum`), if any.
    public var exclusiveMinimum: Double?

    @inlinable
    init() {}

    /// Adds a bound option (the last of a kind wins, as for `.description`).
    @inlinable
    mutating func add(_ option: FieldOption) {
        switch option {
        case let .minimum(value): minimum = value
        case let .maximum(value): maximum = value
        case let .exclusiveMinimum(value): exclusiveMinimum = value
        case .required, .description: break
        }
    }

    /// Whether `number` is within the bounds.
    func admits(_ number: Double) -> Bool {
        if let minimum, number < minimum { return false }
        if let maximum, number > maximum { return false }
        if let exclusiveMinimum, number <= exclusiveMinimum { return false }
        return true
    }

    /// Throws what was expected when `value` (a converted field value) is out of bounds. An
    /// optional field set to nil has nothing to check. Out of line: only bounded fields call it.
    @usableFromInline @inline(never)
    func check<Value>(_ value: Value) throws(ConversionError) {
        // The common types by their metatype, a pointer compare; a cast to the existential
        // costs more than the rest of the field's decoding.
        let number: Double?
        if Value.self == Double.self {
            number = unsafeBitCast(value, to: Double.self)
        } else if Value.self == Int.self {
            number = Double(unsafeBitCast(value, to: Int.self))
        } else if Value.self == Double?.self {
            number = unsafeBitCast(value, to: Double?.self)
        } else if Value.self == Int?.self {
            number = unsafeBitCast(value, to: Int?.self).map(Double.init)
        } else {
            number = (value as? any BoundedNumber)?.boundedValue
        }
        guard let number, !admits(number) else { return }
        throw ConversionError("expected \(expected(integer: Value.self is any IntegerBoundedNumber.Type))")
    }

    /// What a value must be: `a number from 0 to 1`, `an integer of 1 or more`.
    func expected(integer: Bool) -> String {
        var parts: [String] = []
        if let minimum, let maximum {
            parts.append("from \(Self.text(minimum)) to \(Self.text(maximum))")
        } else if let minimum {
            parts.append("of \(Self.text(minimum)) or more")
        } else if let maximum {
            parts.append("of \(Self.text(maximum)) or less")
        }
        if let exclusiveMinimum {
            parts.insert("more than \(Self.text(exclusiveMinimum))", at: 0)
        }
        return (integer ? "an integer " : "a number ") + parts.joined(separator: " and ")
    }

    /// The bounds as JSON Schema keywords, added to a number's schema.
    func apply(to schema: inout [String: Any]) {
        if let minimum { schema["minimum"] = Self.json(minimum) }
        if let maximum { schema["maximum"] = Self.json(maximum) }
        if let exclusiveMinimum { schema["exclusiveMinimum"] = Self.json(exclusiveMinimum) }
    }

    /// `1`, not `1.0`: bounds are usually whole numbers, and messages and schemas quote them.
    private static func whole(_ value: Double) -> Int? {
        value.rounded() == value && abs(value) < 1e15 ? Int(value) : nil
    }

    private static func text(_ value: Double) -> String { whole(value).map(String.init) ?? String(value) }

    private static func json(_ value: Double) -> Any { whole(value).map { $0 as Any } ?? value }
}

/// A field type whose values bounds apply to: the number types and their optionals.
@usableFromInline
protocol BoundedNumber {
    /// The value as a number; nil for an optional that holds none.
    var boundedValue: Double? { get }
}

/// A `BoundedNumber` that holds whole numbers, so that messages say "an integer".
@usableFromInline
protocol IntegerBoundedNumber: BoundedNumber {}

extension Double: BoundedNumber {
    @usableFromInline var boundedValue: Double? { self }
}

extension Float: BoundedNumber {
    @usableFromInline var boundedValue: Double? { Double(self) }
}

extension Int: IntegerBoundedNumber {
    @usableFromInline var boundedValue: Double? { Double(self) }
}

extension Optional: BoundedNumber where Wrapped: BoundedNumber {
    @usableFromInline var boundedValue: Double? { self?.boundedValue }
}

extension Optional: IntegerBoundedNumber where Wrapped: IntegerBoundedNumber {}
