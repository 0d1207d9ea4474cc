import ModifierKit

// The enums that params name, with Expo UI's spellings, and the range checks that fields
// cannot express.

/// A shape by name: `contentShape`'s `shape` and `background`'s `shape`.
enum ShapeName: String, Enumerable {
    case rectangle
    case roundedRectangle
    case circle
    case capsule
    case ellipse
}

/// `frame`'s `alignment`: where the view sits in a larger frame.
enum FrameAlignment: String, Enumerable {
    case center
    case leading
    case trailing
    case top
    case bottom
    case topLeading
    case topTrailing
    case bottomLeading
    case bottomTrailing

    var alignment: Alignment {
        switch self {
        case .center: return .center
        case .leading: return .leading
        case .trailing: return .trailing
        case .top: return .top
        case .bottom: return .bottom
        case .topLeading: return .topLeading
        case .topTrailing: return .topTrailing
        case .bottomLeading: return .bottomLeading
        case .bottomTrailing: return .bottomTrailing
        }
    }
}

/// `font`'s `weight`.
enum FontWeight: String, Enumerable {
    case ultraLight
    case thin
    case light
    case regular
    case medium
    case semibold
    case bold
    case heavy
    case black

    var weight: Font.Weight {
        switch self {
        case .ultraLight: return .ultraLight
        case .thin: return .thin
        case .light: return .light
        case .regular: return .regular
        case .medium: return .medium
        case .semibold: return .semibold
        case .bold: return .bold
        case .heavy: return .heavy
        case .black: return .black
        }
    }
}

/// `font`'s `design`.
enum FontDesign: String, Enumerable {
    case `default`
    case rounded
    case serif
    case monospaced

    var design: Font.Design {
        switch self {
        case .default: return .default
        case .rounded: return .rounded
        case .serif: return .serif
        case .monospaced: return .monospaced
        }
    }
}

/// Checks a decoded field's value against a range its type does not express (a tap count is
/// an `Int`, but 0 taps is not a gesture).
///
/// Fields convert values by type only, so the modifiers check ranges after decoding. The
/// error is a `FieldError` at the field, as a value of the wrong type would be: the host
/// reports it as invalid params at the field's full path, with the value as the front-end
/// wrote it (`params[field]`: `2`, not the `2.0` it became) and what was expected.
func check<Value: Convertible>(
    _ value: Value, field: String, in params: Dict, expected: String, _ isValid: (Value) -> Bool
) throws(FieldError) {
    guard !isValid(value) else { return }
    let written: String
    switch params[field] {
    case let int as Int: written = String(int)
    case let double as Double: written = String(double)
    case let other?: written = "\(other)"
    case nil: written = "\(value)"
    }
    throw FieldError(
        kind: .cast, path: field, field: field, value: written, type: Value.typeName,
        cause: ConversionError("expected \(expected)"))
}
