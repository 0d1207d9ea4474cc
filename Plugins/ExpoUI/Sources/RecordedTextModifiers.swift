import ModifierKit

// Expo UI's text modifiers: the snapshot records them by SwiftUI's name (see
// RecordedModifiers.swift).

/// `{"$type": "bold"}`: bold text.
struct BoldModifier: CheckedModifier {
    init() {}

    func body(content: Content) -> some View { content.recordStyle("bold") }
}

/// `{"$type": "italic"}`: italic text.
struct ItalicModifier: CheckedModifier {
    init() {}

    func body(content: Content) -> some View { content.recordStyle("italic") }
}

/// `{"$type": "monospacedDigit"}`: digits of one width.
struct MonospacedDigitModifier: CheckedModifier {
    init() {}

    func body(content: Content) -> some View { content.recordStyle("monospacedDigit") }
}

/// `{"$type": "kerning", "value": 1.5}`: points between characters (0 when absent).
struct KerningModifier: CheckedModifier {
    @Field var value: Double = 0

    init() {}

    func body(content: Content) -> some View { content.recordStyle("kerning", [.number("value", value)]) }
}

/// `{"$type": "lineSpacing", "value": 4}`: points between lines, 0 or more.
struct LineSpacingModifier: CheckedModifier {
    @Field(.required, .minimum(0)) var value: Double = 0

    init() {}

    func body(content: Content) -> some View { content.recordStyle("lineSpacing", [.number("value", value)]) }
}

/// `{"$type": "lineLimit", "limit": 2, "reservesSpace": true}` or `{"min": 1, "max": 3}`: the
/// most lines the text shows. `limit` absent (and no range) is no limit; `min` and `max` go
/// together, `min` <= `max`, and not with `limit`. Every count is 1 or more.
struct LineLimitModifier: CheckedModifier {
    @Field(.minimum(1)) var limit: Int?
    @Field var reservesSpace: Bool = false
    @Field(.minimum(1)) var min: Int?
    @Field(.minimum(1)) var max: Int?

    init() {}

    func check(_ params: Dict) throws {
        if (min == nil) != (max == nil) {
            let field = min == nil ? "max" : "min"
            throw refusal(field: field, value: params[field].map { "\($0)" }, type: "Int?", expected: "'min' and 'max' together (a range of lines)")
        }
        if let min, let max {
            if limit != nil {
                throw refusal(field: "limit", value: params["limit"].map { "\($0)" }, type: "Int?", expected: "either 'limit' or 'min' and 'max', not both")
            }
            try ExpoUI.check(max, field: "max", in: params, expected: "a 'max' of 'min' (\(min)) or more") { $0 >= min }
        }
    }

    func body(content: Content) -> some View {
        if let min, let max {
            content.recordStyle("lineLimit", [.number("min", Double(min)), .number("max", Double(max))])
        } else if let limit {
            content.recordStyle("lineLimit", [.number("limit", Double(limit)), .bool("reservesSpace", reservesSpace)])
        } else {
            content.recordStyle("lineLimit")
        }
    }
}

/// `truncationMode`'s `mode`.
enum TruncationMode: String, Enumerable {
    case head
    case middle
    case tail
}

/// `{"$type": "truncationMode", "mode": "middle"}`: where text that does not fit is cut.
struct TruncationModeModifier: CheckedModifier {
    @Field(.required) var mode: TruncationMode = .tail

    init() {}

    func body(content: Content) -> some View { content.recordStyle("truncationMode", [.string("mode", mode.rawValue)]) }
}

/// `textCase`'s `value`.
enum TextCase: String, Enumerable {
    case lowercase
    case uppercase
}

/// `{"$type": "textCase", "value": "uppercase"}`: shows the text in that case.
struct TextCaseModifier: CheckedModifier {
    @Field(.required) var value: TextCase = .uppercase

    init() {}

    func body(content: Content) -> some View { content.recordStyle("textCase", [.string("value", value.rawValue)]) }
}

/// `underline`'s and `strikethrough`'s `pattern`.
enum LinePattern: String, Enumerable {
    case solid
    case dash
    case dot
    case dashDot
    case dashDotDot
}

/// `{"$type": "underline", "isActive": true, "pattern": "dash", "color": "red"}`: a line
/// under the text; `isActive: false` records nothing.
struct UnderlineModifier: CheckedModifier {
    @Field var isActive: Bool = true
    @Field var pattern: LinePattern = .solid
    @Field var color: Color?

    init() {}

    func body(content: Content) -> some View {
        if isActive {
            content.recordStyle("underline", [.string("pattern", pattern.rawValue)] + (color.map { [.color("color", $0)] } ?? []))
        } else {
            content
        }
    }
}

/// `{"$type": "strikethrough", "isActive": true, "pattern": "solid", "color": "gray"}`: a
/// line through the text; `isActive: false` records nothing.
struct StrikethroughModifier: CheckedModifier {
    @Field var isActive: Bool = true
    @Field var pattern: LinePattern = .solid
    @Field var color: Color?

    init() {}

    func body(content: Content) -> some View {
        if isActive {
            content.recordStyle("strikethrough", [.string("pattern", pattern.rawValue)] + (color.map { [.color("color", $0)] } ?? []))
        } else {
            content
        }
    }
}

/// `multilineTextAlignment`'s `alignment`.
enum TextAlignment: String, Enumerable {
    case leading
    case center
    case trailing
}

/// `{"$type": "multilineTextAlignment", "alignment": "center"}`: how lines of text align.
struct MultilineTextAlignmentModifier: CheckedModifier {
    @Field(.required) var alignment: TextAlignment = .leading

    init() {}

    func body(content: Content) -> some View {
        content.recordStyle("multilineTextAlignment", [.string("alignment", alignment.rawValue)])
    }
}

/// `{"$type": "allowsTightening", "value": true}`: text may tighten its letters to fit.
struct AllowsTighteningModifier: CheckedModifier {
    @Field(.required) var value: Bool = false

    init() {}

    func body(content: Content) -> some View { content.recordStyle("allowsTightening", [.bool("value", value)]) }
}

/// `{"$type": "textSelection", "value": true}`: the text can be selected.
struct TextSelectionModifier: CheckedModifier {
    @Field(.required) var value: Bool = false

    init() {}

    func body(content: Content) -> some View { content.recordStyle("textSelection", [.bool("value", value)]) }
}
