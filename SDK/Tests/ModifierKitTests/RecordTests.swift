import Testing
@_spi(ModhostHost) import ModifierKit

private let context = KitTestSupport.context

// MARK: - Records under test

private struct ScalarsRecord: Record {
    @Field var title: String = "untitled"
    @Field var enabled: Bool = false
    @Field var count: Int = 7
    @Field var ratio: Double = 0.5
}

private struct OptionalsRecord: Record {
    @Field var subtitle: String?
    @Field var badge: Int?
    @Field var tint: Color?
    @Field var fallback: String? = "kept"
}

private enum RecordTestRole: String, Enumerable {
    case destructive
    case cancel
}

private struct InnerStructRecord: Record {
    @Field var value: Int = 0
    @Field var note: String = "inner-default"
}

private final class InnerClassRecord: Record {
    @Field var id: String = ""
    @Field var label: String = ""
    @Field var systemImage: String?
    @Field var tint: Color?
    @Field var role: RecordTestRole?
}

private struct ContainersRecord: Record {
    @Field var tags: [String] = []
    @Field var numbers: [Int] = [1, 2]
    @Field var maybeNames: [String?] = []
    @Field var grid: [[Int]] = []
    @Field var inner: InnerStructRecord = InnerStructRecord()
    @Field var optionalInner: InnerStructRecord?
    @Field var actions: [InnerClassRecord] = []
    @Field var weights: [String: Double] = [:]
    @Field var byName: [String: InnerStructRecord] = [:]
}

private struct StylingRecord: Record {
    @Field var color: Color = .blue
    @Field var role: RecordTestRole = .cancel
    @Field var optionalRole: RecordTestRole?
}

private struct KeyedRecord: Record {
    @Field("tintColor") var tint: Color?
    @Field("label") var text: String = "none"
    @Field(.required) var id: String = ""
    @Field("ident", .required) var identifier: Int = 0
}

private struct RequiredOptionalRecord: Record {
    @Field(.required) var tint: Color?
}

private class BaseClassRecord: Record {
    @Field var baseName: String = "base"
    required init() {}
}

private final class DerivedClassRecord: BaseClassRecord {
    @Field var derivedCount: Int = 0
}

/// Decodes `R` from `params`, recording an issue (and returning nil) when it throws.
private func decode<R: Record>(
    _ recordType: R.Type, _ params: Dict, sourceLocation: SourceLocation = #_sourceLocation
) -> R? {
    do {
        return try R(from: params, appContext: context)
    } catch {
        Issue.record("decoding \(R.self) from \(params) threw \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Decodes `R` from `params`, expecting a `FieldError`, which it returns.
private func decodeError<R: Record>(
    _ recordType: R.Type, _ params: Dict, sourceLocation: SourceLocation = #_sourceLocation
) -> FieldError? {
    do {
        let record = try R(from: params, appContext: context)
        Issue.record("decoding \(R.self) from \(params) succeeded: \(record.toDictionary())", sourceLocation: sourceLocation)
        return nil
    } catch let error as FieldError {
        return error
    } catch {
        Issue.record("expected a FieldError, got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

// MARK: - Scalars

@Suite("Record: scalar fields", .timeLimit(.minutes(20)))
struct RecordScalarFieldTests {
    @Test func stringBoolIntDoubleFieldsReadTheirKeys() throws {
        let record = try #require(decode(ScalarsRecord.self, ["title": "Hello", "enabled": true, "count": 42, "ratio": 0.25]))
        #expect(record.title == "Hello")
        #expect(record.enabled == true)
        #expect(record.count == 42)
        #expect(record.ratio == 0.25)
    }

    @Test func valuesThatAreNotExactlyTheFieldTypeStillConvert() throws {
        // Params from a host hold exact types, which take a fast path; values a plugin
        // builds itself may be wrapped, and still convert as `as?` would convert them.
        let wrapped: Dict = [
            "title": Optional("Hello") as Any, "enabled": AnyHashable(true), "count": AnyHashable(42),
            "ratio": Optional(0.25) as Any,
        ]
        let record = try #require(decode(ScalarsRecord.self, wrapped))
        #expect(record.title == "Hello")
        #expect(record.enabled == true)
        #expect(record.count == 42)
        #expect(record.ratio == 0.25)
    }

    @Test func absentKeysKeepTheDeclaredDefaults() throws {
        let record = try #require(decode(ScalarsRecord.self, [:]))
        #expect(record.title == "untitled")
        #expect(record.enabled == false)
        #expect(record.count == 7)
        #expect(record.ratio == 0.5)
    }

    @Test func onlyPresentKeysOverrideDefaults() throws {
        let record = try #require(decode(ScalarsRecord.self, ["count": 1]))
        #expect(record.count == 1)
        #expect(record.title == "untitled")
        #expect(record.ratio == 0.5)
    }

    @Test func unknownKeysAndTheTypeKeyAreIgnored() throws {
        let record = try #require(
            decode(ScalarsRecord.self, ["$type": "scalars", "title": "t", "unexpected": [1, 2], "other": JSNull()]))
        #expect(record.title == "t")
        #expect(record.count == 7)
    }

    @Test func integralDoubleIsAcceptedForIntField() throws {
        let record = try #require(decode(ScalarsRecord.self, ["count": 3.0]))
        #expect(record.count == 3)
        let negative = try #require(decode(ScalarsRecord.self, ["count": -12.0]))
        #expect(negative.count == -12)
    }

    @Test(arguments: [3.5, -0.25, Double.nan, Double.infinity, 1e300])
    func nonIntegralOrOutOfRangeDoubleIsRejectedForIntField(value: Double) throws {
        let error = try #require(decodeError(ScalarsRecord.self, ["count": value]))
        #expect(error.kind == .cast)
        #expect(error.field == "count")
        #expect(error.path == "count")
        #expect(error.type == "Int")
        #expect(error.value == String(value))
        #expect((error.cause as? ConversionError)?.description == "expected an integer, got a number")
    }

    @Test func boolIsRejectedForIntField() throws {
        let error = try #require(decodeError(ScalarsRecord.self, ["count": true]))
        #expect(error.kind == .cast)
        #expect(error.value == "true")
        #expect((error.cause as? ConversionError)?.description == "expected an integer, got a boolean")
    }

    @Test func numericStringIsRejectedForIntField() throws {
        let error = try #require(decodeError(ScalarsRecord.self, ["count": "3"]))
        #expect((error.cause as? ConversionError)?.description == "expected an integer, got a string")
    }

    @Test func intIsAcceptedForDoubleField() throws {
        let record = try #require(decode(ScalarsRecord.self, ["ratio": 2]))
        #expect(record.ratio == 2.0)
    }

    @Test func boolAndStringAreRejectedForDoubleField() throws {
        let boolError = try #require(decodeError(ScalarsRecord.self, ["ratio": false]))
        #expect(boolError.type == "Double")
        #expect((boolError.cause as? ConversionError)?.description == "expected a number, got a boolean")
        let stringError = try #require(decodeError(ScalarsRecord.self, ["ratio": "1.5"]))
        #expect((stringError.cause as? ConversionError)?.description == "expected a number, got a string")
    }

    @Test func nonStringIsRejectedForStringField() throws {
        let error = try #require(decodeError(ScalarsRecord.self, ["title": 12]))
        #expect(error.kind == .cast)
        #expect(error.field == "title")
        #expect(error.type == "String")
        #expect((error.cause as? ConversionError)?.description == "expected a string, got a number")
    }

    @Test func numberIsRejectedForBoolField() throws {
        let error = try #require(decodeError(ScalarsRecord.self, ["enabled": 1]))
        #expect(error.type == "Bool")
        #expect((error.cause as? ConversionError)?.description == "expected a boolean, got a number")
    }

    @Test func nullForNonOptionalFieldIsACastError() throws {
        let error = try #require(decodeError(ScalarsRecord.self, ["title": JSNull()]))
        #expect(error.kind == .cast)
        #expect(error.field == "title")
        #expect(error.value == "null")
        #expect(error.type == "String")
        #expect(error.description
            == "Cannot cast 'null' for field 'title' of type String: only optional fields take null; leave the key out to keep the default")
    }

    @Test func nullForRequiredNonOptionalFieldIsACastError() throws {
        let error = try #require(decodeError(KeyedRecord.self, ["id": JSNull(), "ident": 1]))
        #expect(error.kind == .cast)
        #expect(error.field == "id")
        #expect(error.value == "null")
    }

    @Test func failedDecodeDoesNotChangeTheDefaultsOfLaterRecords() throws {
        // A failed decode throws; a fresh decode of good params is unaffected.
        _ = decodeError(ScalarsRecord.self, ["title": "changed", "count": "bad"])
        let record = try #require(decode(ScalarsRecord.self, [:]))
        #expect(record.title == "untitled")
    }
}

// MARK: - Optionals

@Suite("Record: optional fields", .timeLimit(.minutes(20)))
struct RecordOptionalFieldTests {
    @Test func optionalsDeclaredWithoutDefaultAreNilWhenAbsent() throws {
        let record = try #require(decode(OptionalsRecord.self, [:]))
        #expect(record.subtitle == nil)
        #expect(record.badge == nil)
        #expect(record.tint == nil)
        #expect(record.fallback == "kept")
    }

    @Test func optionalsTakePresentValues() throws {
        let record = try #require(decode(OptionalsRecord.self, ["subtitle": "sub", "badge": 4, "tint": "#00FF00", "fallback": "new"]))
        #expect(record.subtitle == "sub")
        #expect(record.badge == 4)
        #expect(record.tint == Color(red: 0, green: 255, blue: 0, alpha: 255))
        #expect(record.fallback == "new")
    }

    @Test func nullMakesAnOptionalFieldNil() throws {
        let record = try #require(decode(OptionalsRecord.self, ["subtitle": JSNull(), "badge": JSNull(), "tint": JSNull()]))
        #expect(record.subtitle == nil)
        #expect(record.badge == nil)
        #expect(record.tint == nil)
    }

    @Test func nullOverridesANonNilOptionalDefault() throws {
        let record = try #require(decode(OptionalsRecord.self, ["fallback": JSNull()]))
        #expect(record.fallback == nil)
    }

    @Test func optionalFieldStillRejectsAWrongType() throws {
        let error = try #require(decodeError(OptionalsRecord.self, ["badge": "four"]))
        #expect(error.kind == .cast)
        #expect(error.type == "Int?")
        #expect(error.field == "badge")
    }

    @Test func requiredOptionalAcceptsNullButNotAbsence() throws {
        let withNull = try #require(decode(RequiredOptionalRecord.self, ["tint": JSNull()]))
        #expect(withNull.tint == nil)
        let withValue = try #require(decode(RequiredOptionalRecord.self, ["tint": "white"]))
        #expect(withValue.tint == .white)
        let error = try #require(decodeError(RequiredOptionalRecord.self, [:]))
        #expect(error.kind == .missing)
        #expect(error.field == "tint")
        #expect(error.type == "Color?")
    }
}

// MARK: - Containers and nested records

@Suite("Record: arrays, dictionaries and nested records", .timeLimit(.minutes(20)))
struct RecordContainerFieldTests {
    @Test func arraysDecodeElementByElement() throws {
        let record = try #require(decode(ContainersRecord.self, ["tags": ["a", "b", "c"], "numbers": [4, 5.0]]))
        #expect(record.tags == ["a", "b", "c"])
        #expect(record.numbers == [4, 5])
    }

    @Test func emptyArrayReplacesANonEmptyDefault() throws {
        let record = try #require(decode(ContainersRecord.self, ["numbers": [Any]()]))
        #expect(record.numbers == [])
    }

    @Test func arrayOfOptionalsTakesNullElements() throws {
        let record = try #require(decode(ContainersRecord.self, ["maybeNames": ["x", JSNull(), "z"]]))
        #expect(record.maybeNames == ["x", nil, "z"])
    }

    @Test func arrayOfArraysDecodes() throws {
        let record = try #require(decode(ContainersRecord.self, ["grid": [[1, 2], [], [3]]]))
        #expect(record.grid == [[1, 2], [], [3]])
    }

    @Test func nonArrayForArrayFieldIsRejected() throws {
        let error = try #require(decodeError(ContainersRecord.self, ["tags": "a"]))
        #expect(error.path == "tags")
        #expect(error.type == "[String]")
        #expect((error.cause as? ConversionError)?.description == "expected an array, got a string")
    }

    @Test func nestedStructRecordDecodesItsOwnFieldsAndKeepsItsDefaults() throws {
        let record = try #require(decode(ContainersRecord.self, ["inner": ["value": 9]]))
        #expect(record.inner.value == 9)
        #expect(record.inner.note == "inner-default")
    }

    @Test func optionalNestedRecordIsNilWhenAbsentOrNull() throws {
        let absent = try #require(decode(ContainersRecord.self, [:]))
        #expect(absent.optionalInner == nil)
        let null = try #require(decode(ContainersRecord.self, ["optionalInner": JSNull()]))
        #expect(null.optionalInner == nil)
        let present = try #require(decode(ContainersRecord.self, ["optionalInner": ["note": "n"]]))
        #expect(present.optionalInner?.note == "n")
        #expect(present.optionalInner?.value == 0)
    }

    @Test func nonObjectForNestedRecordIsRejected() throws {
        let error = try #require(decodeError(ContainersRecord.self, ["inner": [1, 2]]))
        #expect(error.path == "inner")
        #expect(error.type == "InnerStructRecord")
        #expect(error.value == "[1, 2]")
        #expect((error.cause as? ConversionError)?.description == "expected an object, got an array")
    }

    @Test func arrayOfFinalClassRecordsDecodesEachElementSeparately() throws {
        let record = try #require(decode(ContainersRecord.self, [
            "actions": [
                ["id": "archive", "label": "Archive", "systemImage": "archivebox", "tint": "teal"],
                ["id": "delete", "label": "Delete", "tint": "#FF3B30", "role": "destructive"],
            ],
        ]))
        try #require(record.actions.count == 2)
        let (first, second) = (record.actions[0], record.actions[1])
        #expect(first !== second)
        #expect(first.id == "archive")
        #expect(first.label == "Archive")
        #expect(first.systemImage == "archivebox")
        #expect(first.tint == Color(red: 0, green: 128, blue: 128, alpha: 255))
        #expect(first.role == nil)
        #expect(second.id == "delete")
        #expect(second.systemImage == nil)
        #expect(second.tint == Color(red: 0xFF, green: 0x3B, blue: 0x30, alpha: 0xFF))
        #expect(second.role == .destructive)
    }

    @Test func twoDecodedStructRecordsDoNotShareFieldStorage() throws {
        let first = try #require(decode(ContainersRecord.self, ["inner": ["value": 1]]))
        let second = try #require(decode(ContainersRecord.self, ["inner": ["value": 2]]))
        #expect(first.inner.value == 1)
        #expect(second.inner.value == 2)
        let fresh = ContainersRecord()
        #expect(fresh.inner.value == 0)
    }

    @Test func stringKeyedDictionaryDecodesEveryValue() throws {
        let record = try #require(decode(ContainersRecord.self, ["weights": ["a": 1, "b": 2.5]]))
        #expect(record.weights == ["a": 1.0, "b": 2.5])
    }

    @Test func dictionaryOfRecordsDecodes() throws {
        let record = try #require(decode(ContainersRecord.self, ["byName": ["x": ["value": 1], "y": [:] as Dict]]))
        #expect(record.byName["x"]?.value == 1)
        #expect(record.byName["y"]?.value == 0)
        #expect(record.byName["y"]?.note == "inner-default")
        #expect(record.byName.count == 2)
    }

    @Test func nonObjectForDictionaryFieldIsRejected() throws {
        let error = try #require(decodeError(ContainersRecord.self, ["weights": [1.0]]))
        #expect(error.path == "weights")
        #expect(error.type == "[String: Double]")
        #expect((error.cause as? ConversionError)?.description == "expected an object, got an array")
    }

    @Test func subclassRecordDecodesItsOwnAndInheritedFields() throws {
        let record = try #require(decode(DerivedClassRecord.self, ["baseName": "b", "derivedCount": 3]))
        #expect(record.baseName == "b")
        #expect(record.derivedCount == 3)
        #expect(Set(record.toDictionary().keys) == ["baseName", "derivedCount"])
    }
}

// MARK: - Colour and enum fields

@Suite("Record: Color and Enumerable fields", .timeLimit(.minutes(20)))
struct RecordColorAndEnumFieldTests {
    @Test func hexStringDecodesToColor() throws {
        let record = try #require(decode(StylingRecord.self, ["color": "#0A84FF"]))
        #expect(record.color == Color(red: 0x0A, green: 0x84, blue: 0xFF, alpha: 0xFF))
    }

    @Test func colourNameDecodesToColor() throws {
        let record = try #require(decode(StylingRecord.self, ["color": "mint"]))
        #expect(record.color == .mint)
    }

    @Test func colourFieldKeepsDefaultWhenAbsent() throws {
        let record = try #require(decode(StylingRecord.self, [:]))
        #expect(record.color == .blue)
        #expect(record.role == .cancel)
        #expect(record.optionalRole == nil)
    }

    @Test func badColourStringIsACastErrorCausedByColorParseError() throws {
        let error = try #require(decodeError(StylingRecord.self, ["color": "not-a-colour"]))
        #expect(error.kind == .cast)
        #expect(error.field == "color")
        #expect(error.type == "Color")
        #expect(error.value == "not-a-colour")
        #expect(error.cause as? ColorParseError == ColorParseError(input: "not-a-colour"))
    }

    @Test func nonStringForColourIsRejected() throws {
        let error = try #require(decodeError(StylingRecord.self, ["color": 0xFF0000]))
        #expect((error.cause as? ConversionError)?.description == "expected a colour string, got a number")
    }

    @Test func stringBackedEnumDecodesFromItsRawValue() throws {
        let record = try #require(decode(StylingRecord.self, ["role": "destructive", "optionalRole": "cancel"]))
        #expect(record.role == .destructive)
        #expect(record.optionalRole == .cancel)
    }

    @Test func unknownEnumValueIsAnErrorListingTheCases() throws {
        let error = try #require(decodeError(StylingRecord.self, ["role": "primary"]))
        #expect(error.kind == .cast)
        #expect(error.field == "role")
        #expect(error.value == "primary")
        #expect(error.type == "RecordTestRole")
        #expect((error.cause as? ConversionError)?.description == "expected one of 'destructive', 'cancel'")
        #expect(error.description == "Cannot cast 'primary' for field 'role' of type RecordTestRole: expected one of 'destructive', 'cancel'")
    }

    @Test func nonStringForEnumIsRejected() throws {
        let error = try #require(decodeError(StylingRecord.self, ["optionalRole": 1]))
        #expect(error.type == "RecordTestRole?")
        #expect((error.cause as? ConversionError)?.description == "expected a string, got a number")
    }
}

// MARK: - Keys and required fields

@Suite("Record: keys and .required", .timeLimit(.minutes(20)))
struct RecordKeyOptionTests {
    @Test func customKeyIsReadInsteadOfThePropertyName() throws {
        let record = try #require(decode(KeyedRecord.self, ["tintColor": "black", "label": "L", "id": "i", "ident": 5]))
        #expect(record.tint == .black)
        #expect(record.text == "L")
        #expect(record.identifier == 5)
    }

    @Test func propertyNameIsNotAKeyWhenACustomKeyIsGiven() throws {
        let record = try #require(decode(KeyedRecord.self, ["tint": "black", "text": "T", "id": "i", "ident": 1, "identifier": 2]))
        #expect(record.tint == nil)
        #expect(record.text == "none")
        #expect(record.identifier == 1)
    }

    @Test func absentRequiredFieldIsAMissingErrorNamingIt() throws {
        let error = try #require(decodeError(KeyedRecord.self, ["ident": 1]))
        #expect(error.kind == .missing)
        #expect(error.field == "id")
        #expect(error.path == "id")
        #expect(error.value == nil)
        #expect(error.type == "String")
        #expect(error.cause == nil)
        #expect(error.description == "Field 'id' of type String is required but missing")
    }

    @Test func absentRequiredFieldWithCustomKeyIsNamedByTheKey() throws {
        let error = try #require(decodeError(KeyedRecord.self, ["id": "x"]))
        #expect(error.kind == .missing)
        #expect(error.field == "ident")
        #expect(error.type == "Int")
        #expect(error.description == "Field 'ident' of type Int is required but missing")
    }

    @Test func customKeyAppliesToErrors() throws {
        let error = try #require(decodeError(KeyedRecord.self, ["id": "x", "ident": 1, "tintColor": "zz-top"]))
        #expect(error.field == "tintColor")
        #expect(error.path == "tintColor")
    }
}

// MARK: - Describing mode

@Suite("Record: describing AppContext", .timeLimit(.minutes(20)))
struct RecordDescribingTests {
    @Test func describingContextKeepsDefaultsAndIgnoresParams() throws {
        let record = try ScalarsRecord(from: ["title": "ignored", "count": 99], appContext: KitTestSupport.describing)
        #expect(record.title == "untitled")
        #expect(record.count == 7)
    }

    @Test func describingContextDoesNotThrowForBadOrMissingParams() throws {
        let keyed = try KeyedRecord(from: ["tintColor": 5], appContext: KitTestSupport.describing)
        #expect(keyed.tint == nil)
        #expect(keyed.id == "")
        let scalars = try ScalarsRecord(from: ["count": "not a number"], appContext: KitTestSupport.describing)
        #expect(scalars.count == 7)
    }

    @Test func appContextCarriesHostFacts() {
        let context = AppContext(hostVersion: "9.8.7", log: .silent)
        #expect(context.hostVersion == "9.8.7")
        #expect(context.sdkVersion == ModifierKit.version)
        #expect(context.isDescribing == false)
        #expect(KitTestSupport.describing.isDescribing)
    }

    @Test func pluginLogForwardsLevelAndMessage() {
        let lines = KitTestRecorder<String>()
        let log = PluginLog { level, message in lines.append("\(level): \(message)") }
        log.debug("d")
        log.info("i")
        log.warning("w")
        log.error("e")
        #expect(lines.values == ["debug: d", "info: i", "warning: w", "error: e"])
    }
}

// Six record types decoded in turn, more than the per-thread list of recent types holds,
// so that names are found again after a type has left that list.
private struct LayoutA: Record { @Field var a: String = ""; @Field var shared: Int = 0 }
private struct LayoutB: Record { @Field var b: String = ""; @Field var shared: Int = 0 }
private struct LayoutC: Record { @Field var c: String = ""; @Field var shared: Int = 0 }
private struct LayoutD: Record { @Field var d: String = ""; @Field var shared: Int = 0 }
private struct LayoutE: Record { @Field var e: String = ""; @Field var shared: Int = 0 }
private struct LayoutAll: Record {
    @Field var first: LayoutA = LayoutA()
    @Field var second: [LayoutB] = []
    @Field var third: LayoutC? = nil
    @Field var fourth: [String: LayoutD] = [:]
    @Field var fifth: LayoutE = LayoutE()
}

@Suite("Record: many record types in turn", .timeLimit(.minutes(20)))
struct RecordLayoutCacheTests {
    @Test func namesStayRightWhileTypesComeAndGo() throws {
        for round in 0..<3 {
            let params: Dict = [
                "first": ["a": "a\(round)", "shared": 1] as Dict,
                "second": [["b": "b\(round)", "shared": 2] as Dict, ["b": "bb", "shared": 22] as Dict] as [Any],
                "third": ["c": "c\(round)", "shared": 3] as Dict,
                "fourth": ["k": ["d": "d\(round)", "shared": 4] as Dict] as Dict,
                "fifth": ["e": "e\(round)", "shared": 5] as Dict,
            ]
            let all = try LayoutAll(from: params, appContext: KitTestSupport.context)
            #expect(all.first.a == "a\(round)" && all.first.shared == 1)
            #expect(all.second.map(\.b) == ["b\(round)", "bb"] && all.second.map(\.shared) == [2, 22])
            #expect(all.third?.c == "c\(round)" && all.third?.shared == 3)
            #expect(all.fourth["k"]?.d == "d\(round)" && all.fourth["k"]?.shared == 4)
            #expect(all.fifth.e == "e\(round)" && all.fifth.shared == 5)
            // A type decoded alone after the others, then the first again.
            #expect(try LayoutE(from: ["e": "alone"], appContext: KitTestSupport.context).e == "alone")
            #expect(try LayoutA(from: ["a": "again", "shared": 9], appContext: KitTestSupport.context).shared == 9)
        }
    }
}
