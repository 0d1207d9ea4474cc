@_spi(ModhostHost) import ModhostCore
import ModhostWire
import ModifierKit
import Testing

/// Plugin values as plain Swift values, for comparison.
private func plain(_ value: Any) -> String {
    switch value {
    case let d as [String: Any]: return "{" + d.keys.sorted().map { "\($0):\(plain(d[$0]!))" }.joined(separator: ",") + "}"
    case let a as [Any]: return "[" + a.map(plain).joined(separator: ",") + "]"
    case is JSNull: return "null"
    default: return "\(type(of: value))(\(value))"
    }
}

/// What a plugin must see for a wire value, in the same notation, stated from the JSON
/// alone: integers as `Int`, other numbers as `Double`, null as `JSNull`.
private func expected(_ value: JSONValue) -> String {
    switch value {
    case let .object(o): return "{" + o.keys.sorted().map { "\($0):\(expected(o[$0]!))" }.joined(separator: ",") + "}"
    case let .array(items): return "[" + items.map(expected).joined(separator: ",") + "]"
    case .null: return "null"
    case let .bool(b): return "Bool(\(b))"
    case let .int(i): return "Int(\(i))"
    case let .double(d): return "Double(\(d))"
    case let .string(s): return "String(\(s))"
    }
}

private func object(_ text: String) throws -> JSONObject {
    guard case let .object(o) = try JSONParser.parse(Array(text.utf8)) else { throw JSONParseError(message: "not an object", offset: 0) }
    return o
}

@Suite("ValueBridge: params as plugins see them", .timeLimit(.minutes(20)))
struct ValueBridgeTests {
    @Test func objectsOfKnownAndNewShapesConvertAsTheirJSONSays() throws {
        var shapes = ValueBridge.Shapes()
        let texts = [
            #"{"$type":"s","trailing":[{"id":"a","label":"A"},{"id":"b","label":"B","tint":"red"}],"n":1}"#,
            #"{"$type":"s","trailing":[{"id":"c","label":"C"},{"id":"d","label":"D","tint":"blue"}],"n":2}"#,
            // Same keys in another order, a subset, a superset, nulls, numbers, nesting.
            #"{"trailing":[{"label":"E","id":"e"}],"$type":"s","n":3.5}"#,
            #"{"$type":"s","n":null}"#,
            #"{"$type":"s","trailing":[],"n":4,"extra":{"deep":{"x":[1,true,"y",null]}}}"#,
            #"{"$type":"s","trailing":[{"id":"f","label":"F"}],"n":5}"#,
            #"{"a":1}"#, #"{}"#,
        ]
        for text in texts {
            let wanted = expected(.object(try object(text)))
            #expect(plain(shapes.dict(try object(text))) == wanted, "\(text)")
            // Twice: the second time the shape is known.
            #expect(plain(shapes.dict(try object(text))) == wanted, "\(text), shape known")
        }
    }

    @Test func aBuiltDictionaryIsNotChangedByTheNextOfItsShape() throws {
        var shapes = ValueBridge.Shapes()
        let first = shapes.dict(try object(#"{"id":"one","label":"1"}"#))
        let second = shapes.dict(try object(#"{"id":"two","label":"2"}"#))
        #expect(first["id"] as? String == "one" && first["label"] as? String == "1")
        #expect(second["id"] as? String == "two" && second["label"] as? String == "2")
    }

    @Test func keysKeepTheirSpellingWhenAnotherSpellingCameFirst() throws {
        // "café" precomposed, then decomposed: the same text to Swift's `==`, other scalars.
        var shapes = ValueBridge.Shapes()
        for pair in [("caf\u{E9}", "cafe\u{301}"), ("a\u{316}\u{301}", "a\u{301}\u{316}"), ("K", "\u{212A}")] {
            for spelling in [pair.0, pair.1, pair.0] {
                var members = JSONObject()
                members[spelling] = .int(1)
                members["other"] = .int(2)
                let built = shapes.dict(members)
                #expect(built.keys.contains { $0.unicodeScalars.elementsEqual(spelling.unicodeScalars) }, "\(spelling.unicodeScalars.map(\.value))")
            }
        }
    }

    @Test func manyShapesInTurnStayRight() throws {
        var shapes = ValueBridge.Shapes()
        for round in 0..<3 {
            for width in 2..<40 {
                let members = (0..<width).map { "\"k\($0)\":\($0 + round)" }.joined(separator: ",")
                let built = shapes.dict(try object("{\(members)}"))
                #expect(built.count == width)
                #expect(built["k\(width - 1)"] as? Int == width - 1 + round)
                #expect(built["k0"] as? Int == round)
            }
        }
    }
}
