import Testing
@_spi(ModhostHost) import ModifierKit

private let context = KitTestSupport.context

private struct ErrorActionRecord: Record {
    @Field(.required) var id: String = ""
    @Field var label: String = ""
    @Field var tint: Color?
}

private struct ErrorModifierRecord: Record {
    @Field var leading: [ErrorActionRecord] = []
    @Field var trailing: [ErrorActionRecord] = []
    @Field var allowsFullSwipe: Bool = false
}

private struct ErrorInnerRecord: Record {
    @Field var value: Int = 0
    @Field(.required) var name: String = ""
}

private struct ErrorNestingRecord: Record {
    @Field var inner: ErrorInnerRecord = ErrorInnerRecord()
    @Field var map: [String: Int] = [:]
    @Field var colours: [String: Color] = [:]
    @Field var grid: [[Int]] = []
    @Field var groups: [String: [Int]] = [:]
    @Field var items: [[String: ErrorActionRecord]] = []
    @Field var deep: [String: ErrorNestingRecord] = [:]
    @Field var tint: Color?
    @Field var title: String = ""
}

/// Decodes `R` from `params`, expecting a `FieldError`, which it returns.
private func fieldError<R: Record>(
    _ recordType: R.Type, _ params: Dict, sourceLocation: SourceLocation = #_sourceLocation
) -> FieldError? {
    do {
        _ = try R(from: params, appContext: context)
        Issue.record("decoding \(R.self) from \(params) succeeded", sourceLocation: sourceLocation)
        return nil
    } catch let error as FieldError {
        return error
    } catch {
        Issue.record("expected a FieldError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

private let acceptedColourForms =
    "use #RGB, #RGBA, #RRGGBB or #RRGGBBAA (alpha last, # optional), rgb(r, g, b), rgba(r, g, b, a), "
    + "a CSS colour name such as 'teal' or 'transparent', or a SwiftUI colour name such as 'mint' or 'primary'"

@Suite("FieldError: messages", .timeLimit(.minutes(20)))
struct FieldErrorMessageTests {
    @Test func colourCastErrorDescriptionNamesValueFieldTypeAndCause() throws {
        let error = try #require(fieldError(ErrorNestingRecord.self, ["tint": "x"]))
        #expect(error.description == "Cannot cast 'x' for field 'tint' of type Color?: 'x' is not a colour: " + acceptedColourForms)
        #expect(error.summary == "Cannot cast 'x' for field 'tint' of type Color?")
        #expect("\(error)" == error.description)
    }

    @Test func colourCastErrorCauseIsTheColorParseError() throws {
        let error = try #require(fieldError(ErrorNestingRecord.self, ["tint": "  nope "]))
        let cause = try #require(error.cause as? ColorParseError)
        #expect(cause.input == "  nope ")
        #expect(error.value == "  nope ")
    }

    @Test func typeMismatchCauseIsAConversionError() throws {
        let error = try #require(fieldError(ErrorNestingRecord.self, ["title": false]))
        let cause = try #require(error.cause as? ConversionError)
        #expect(cause.description == "expected a string, got a boolean")
        #expect(error.description == "Cannot cast 'false' for field 'title' of type String: expected a string, got a boolean")
    }

    @Test func containerValuesAreShownAsJSONText() throws {
        let object = try #require(fieldError(ErrorNestingRecord.self, ["title": ["b": 1, "a": "x"] as Dict]))
        #expect(object.value == "{\"a\": \"x\", \"b\": 1}")
        let array = try #require(fieldError(ErrorNestingRecord.self, ["title": ["x", 2, true, JSNull()] as [Any]]))
        #expect(array.value == "[\"x\", 2, true, null]")
        #expect(array.description == "Cannot cast '[\"x\", 2, true, null]' for field 'title' of type String: expected a string, got an array")
    }

    @Test func missingErrorDescriptionHasNoCause() throws {
        let error = try #require(fieldError(ErrorActionRecord.self, ["label": "L"]))
        #expect(error.kind == .missing)
        #expect(error.cause == nil)
        #expect(error.summary == error.description)
        #expect(error.description == "Field 'id' of type String is required but missing")
    }

    @Test func handMadeErrorsFormatTheSameWay() {
        let cast = FieldError(kind: .cast, path: "a.b", field: "b", value: nil, type: "Int")
        #expect(cast.description == "Cannot cast 'nothing' for field 'b' of type Int")
        let withCause = FieldError(
            kind: .cast, path: "b", field: "b", value: "7", type: "Bool", cause: ConversionError("expected a boolean, got a number"))
        #expect(withCause.description == "Cannot cast '7' for field 'b' of type Bool: expected a boolean, got a number")
        let missing = FieldError(kind: .missing, path: "c", field: "c", value: nil, type: "[Color]")
        #expect(missing.description == "Field 'c' of type [Color] is required but missing")
    }
}

@Suite("FieldError: paths", .timeLimit(.minutes(20)))
struct FieldErrorPathTests {
    @Test func badTintInSecondTrailingActionHasPathTrailing1Tint() throws {
        let error = try #require(fieldError(ErrorModifierRecord.self, [
            "$type": "swipe",
            "trailing": [
                ["id": "a", "tint": "#FF3B30"],
                ["id": "b", "tint": "chartreuse-ish"],
            ],
        ]))
        #expect(error.path == "trailing[1].tint")
        #expect(error.field == "tint")
        #expect(error.type == "Color?")
        #expect(error.value == "chartreuse-ish")
        #expect(error.cause is ColorParseError)
        #expect(error.description.hasPrefix("Cannot cast 'chartreuse-ish' for field 'tint' of type Color?: "))
    }

    @Test func missingRequiredFieldInArrayElementHasElementPath() throws {
        let error = try #require(fieldError(ErrorModifierRecord.self, ["leading": [["id": "ok"], ["id": "ok2"], ["label": "no id"]]]))
        #expect(error.kind == .missing)
        #expect(error.path == "leading[2].id")
        #expect(error.field == "id")
    }

    @Test func nonObjectArrayElementHasIndexPath() throws {
        let error = try #require(fieldError(ErrorModifierRecord.self, ["trailing": [["id": "a"], "b"]]))
        #expect(error.kind == .cast)
        #expect(error.path == "trailing[1]")
        #expect(error.type == "ErrorActionRecord")
        #expect((error.cause as? ConversionError)?.description == "expected an object, got a string")
    }

    @Test func badValueInNestedRecordHasDottedPath() throws {
        let error = try #require(fieldError(ErrorNestingRecord.self, ["inner": ["value": "nine", "name": "n"]]))
        #expect(error.path == "inner.value")
        #expect(error.field == "value")
        #expect(error.type == "Int")
    }

    @Test func missingFieldInNestedRecordHasDottedPath() throws {
        let error = try #require(fieldError(ErrorNestingRecord.self, ["inner": ["value": 1]]))
        #expect(error.kind == .missing)
        #expect(error.path == "inner.name")
    }

    @Test func badDictionaryValueHasPathMapDotKey() throws {
        let error = try #require(fieldError(ErrorNestingRecord.self, ["map": ["good": 1, "key": "bad"]]))
        #expect(error.path == "map.key")
        #expect(error.type == "Int")
        #expect(error.value == "bad")
    }

    @Test func badColourDictionaryValueKeepsTheColourCause() throws {
        let error = try #require(fieldError(ErrorNestingRecord.self, ["colours": ["accent": "#12"]]))
        #expect(error.path == "colours.accent")
        #expect(error.cause as? ColorParseError == ColorParseError(input: "#12"))
    }

    @Test func badElementInArrayOfArraysHasBracketedPath() throws {
        let error = try #require(fieldError(ErrorNestingRecord.self, ["grid": [[1, "x"]]]))
        #expect(error.path == "grid[0][1]")
        #expect(error.value == "x")
        let later = try #require(fieldError(ErrorNestingRecord.self, ["grid": [[1], [2, 3, 4.5]]]))
        #expect(later.path == "grid[1][2]")
    }

    @Test func nonArrayInsideArrayOfArraysHasIndexPath() throws {
        let error = try #require(fieldError(ErrorNestingRecord.self, ["grid": [[1], 2]]))
        #expect(error.path == "grid[1]")
        #expect(error.type == "[Int]")
    }

    @Test func badElementInDictionaryOfArraysHasKeyThenIndex() throws {
        let error = try #require(fieldError(ErrorNestingRecord.self, ["groups": ["odd": [1, 3, "five"]]]))
        #expect(error.path == "groups.odd[2]")
    }

    @Test func recordInDictionaryInArrayHasFullPath() throws {
        let error = try #require(fieldError(ErrorNestingRecord.self, ["items": [["k": ["id": "ok"]], ["k": ["id": "x", "tint": 5]]]]))
        #expect(error.path == "items[1].k.tint")
        #expect((error.cause as? ConversionError)?.description == "expected a colour string, got a number")
    }

    @Test func recursivelyNestedRecordsBuildTheWholePath() throws {
        let error = try #require(fieldError(ErrorNestingRecord.self, [
            "deep": ["a": ["deep": ["b": ["grid": [[0], [0, JSNull()]]]]]],
        ]))
        #expect(error.path == "deep.a.deep.b.grid[1][1]")
        #expect(error.value == "null")
    }
}
