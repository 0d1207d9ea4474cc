import ModhostCodegen
import ModhostWire
import Testing

@Suite("JSON Schema to TypeScript", .timeLimit(.minutes(20)))
struct SchemaTypeScriptTests {
    let schemas = SchemaTypeScript()

    func type(_ json: String) throws -> String {
        try schemas.type(of: JSONParser.parse(json), at: "params")
    }

    @Test("scalars: integer is a number, format color is ColorValue")
    func scalars() throws {
        #expect(try type(#"{"type":"string"}"#) == "string")
        #expect(try type(#"{"type":"integer"}"#) == "number")
        #expect(try type(#"{"type":"boolean"}"#) == "boolean")
        #expect(try type(#"{"type":"string","format":"color"}"#) == "ColorValue")
        #expect(try type(#"{}"#) == "JSONValue")
    }

    @Test("enums and consts are string-literal unions; nullable anyOf adds null")
    func enumsAndNullable() throws {
        #expect(try type(#"{"type":"string","enum":["a","b c","it's"]}"#) == #""a" | "b c" | "it's""#)
        #expect(try type(#"{"const":"x"}"#) == #""x""#)
        #expect(try type(#"{"anyOf":[{"type":"string","enum":["a","b"]},{"type":"null"}]}"#) == #""a" | "b" | null"#)
        #expect(try type(#"{"type":["number","null"]}"#) == "number | null")
    }

    @Test("arrays of unions are written Array<...> so the brackets bind to the whole union")
    func arrays() throws {
        #expect(try type(#"{"type":"array","items":{"type":"number"}}"#) == "number[]")
        #expect(try type(#"{"type":"array","items":{"anyOf":[{"type":"string"},{"type":"null"}]}}"#) == "Array<string | null>")
        #expect(try type(#"{"type":"object","additionalProperties":{"type":"integer"}}"#) == "{ [key: string]: number }")
    }

    @Test("objects: required and optional members in declaration order, with docs, defaults and quoted keys")
    func objects() throws {
        let text = try type(#"""
            {"type":"object","properties":{
              "z-index":{"type":"integer","default":0},
              "name":{"type":"string","description":"Shown */ to people"},
              "tint":{"anyOf":[{"type":"string","format":"color","description":"a colour"},{"type":"null"}]},
              "layers":{"type":"array","default":[],"items":{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}}
            },"required":["name"]}
            """#)
        #expect(text == """
            {
              /**
               * An integer.
               * @default 0
               */
              "z-index"?: number;
              /** Shown *\\/ to people */
              name: string;
              /** a colour */
              tint?: ColorValue | null;
              /** @default [] */
              layers?: {
                id: string;
              }[];
            }
            """)
    }

    @Test("x-order, when given, decides the member order")
    func xOrder() throws {
        let text = try type(#"{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"string"}},"x-order":["a","b"]}"#)
        #expect(text == "{\n  a?: string;\n  b?: string;\n}")
    }

    @Test("an unknown type is an error naming the place, with a suggestion")
    func unknownType() throws {
        #expect(throws: CodegenError(path: "params.properties.n.type", expected: "one of string, number, integer, boolean, null, array, object", got: "'numbr' (did you mean 'number'?)")) {
            try type(#"{"type":"object","properties":{"n":{"type":"numbr"}}}"#)
        }
        #expect(throws: CodegenError(path: "params.enum", expected: "a non-empty array of values", got: "[]")) {
            try type(#"{"enum":[]}"#)
        }
    }
}
