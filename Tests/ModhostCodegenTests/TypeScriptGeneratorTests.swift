import ModhostCodegen
import ModhostWire
import Testing

@Suite("TypeScript generator", .timeLimit(.minutes(20)))
struct TypeScriptGeneratorTests {
    /// A describe result in the shape the daemon answers, with an event payload and a module.
    static let describe = #"""
        {"modifiers":[
          {"type":"swipeActions","plugin":"SwipeActions","module":"SwipeActions","description":"Buttons revealed by a swipe.",
           "params":{"type":"object","properties":{"$type":{"const":"swipeActions"},
             "leading":{"type":"array","default":[],"items":{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}},
             "allowsFullSwipe":{"type":"boolean","default":false}},"required":["$type"]},
           "event":{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}},
          {"type":"class","plugin":"Odd","module":"Odd","params":{"type":"object","properties":{"$type":{"const":"class"},
             "name":{"type":"string"}},"required":["$type","name"]}},
          {"type":"onAppear","plugin":"ExpoUI","module":"ExpoUI","params":{"type":"object","properties":{"$type":{"const":"onAppear"}},"required":["$type"]}}
        ],
        "modules":[{"name":"Greeting","plugin":"Greeting","events":["onGreet"],"functions":[
          {"name":"greet","async":false,"arguments":[{"type":"string"}],"result":{"type":"string"}},
          {"name":"then","async":false,"arguments":[],"result":null},
          {"name":"wait","async":true,"arguments":[{"type":"string"},{"type":"integer"}],"result":null}]}],
        "views":["List"],"plugins":[]}
        """#

    func generate(_ text: String = Self.describe, usesClientHelpers: Bool = true) throws -> [String: String] {
        var generator = TypeScriptGenerator()
        generator.usesClientHelpers = usesClientHelpers
        return try generator.files(describeResult: JSONParser.parse(text))
    }

    @Test("one factory per modifier type, with params, config and, for a declared event, a typed listener")
    func factories() throws {
        // Without the client's helpers: swipeActions and onAppear get factories of their own.
        let files = try generate(usesClientHelpers: false)
        let types = try #require(files["modifiers.d.ts"])
        #expect(types.contains("export type SwipeActionsEvent = {\n  id: string;\n};"))
        #expect(types.contains(#"export type SwipeActionsModifier = { $type: "swipeActions"; eventListener?: $client.EventListener<SwipeActionsEvent> } & SwipeActionsParams;"#))
        #expect(types.contains("export declare function swipeActions(params?: SwipeActionsParams, listener?: $client.EventListener<SwipeActionsEvent>): SwipeActionsModifier;"))
        // A required param makes the params argument required; a reserved word gets its suffix.
        #expect(types.contains("export declare function class_(params: Class_Params): Class_Modifier;"))
        #expect(types.contains(#"export type Class_Modifier = { $type: "class" } & Class_Params;"#))
        // No params: nothing may be passed.
        #expect(types.contains("export type OnAppearParams = { [key: string]: never };"))
        #expect(types.contains("export declare function onAppear(): OnAppearModifier;"))
        #expect(types.contains("/**\n * Buttons revealed by a swipe.\n *\n * The `swipeActions` modifier of plugin SwipeActions. `listener` receives its events.\n */"))

        let script = try #require(files["modifiers.js"])
        // The helper is made from the description: the schema it checks values with (no
        // descriptions or defaults), whether a listener may follow, and the name it goes by.
        #expect(script.contains(#"export const swipeActions = $modifierHelper("swipeActions", {"params":{"type":"object","properties":{"leading":{"type":"array","items":{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}},"allowsFullSwipe":{"type":"boolean"}}},"event":true});"#), "\(script)")
        #expect(script.contains(#"export const class_ = $modifierHelper("class", {"params":{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}}, "class_");"#))
        #expect(script.contains(#"import { modifierHelper as $modifierHelper } from "@modhost/client";"#))
    }

    @Test("declared arguments make the factory's parameters, in order, typed from the params")
    func declaredArguments() throws {
        let text = #"""
            {"modifiers":[
              {"type":"opacity","plugin":"P","params":{"type":"object","properties":{"$type":{"const":"opacity"},
                 "value":{"type":"number","minimum":0,"maximum":1,"description":"How opaque"}},"required":["$type","value"]},
               "arguments":[{"kind":"value","keys":["value"]}]},
              {"type":"background","plugin":"P","params":{"type":"object","properties":{"$type":{"const":"background"},
                 "color":{"type":"string","format":"color"},"shape":{"anyOf":[{"enum":["circle","capsule"],"type":"string"},{"type":"null"}]}},"required":["$type","color"]},
               "arguments":[{"kind":"value","keys":["color"]},{"kind":"options"}]},
              {"type":"padding","plugin":"P","params":{"type":"object","properties":{"$type":{"const":"padding"},
                 "all":{"type":"number"},"top":{"type":"number"}},"required":["$type"]},
               "arguments":[{"kind":"valueOrOptions","keys":["all"]}]},
              {"type":"between","plugin":"P","params":{"type":"object","properties":{"$type":{"const":"between"},
                 "low":{"type":"number"},"default":{"type":"integer"}},"required":["$type","default"]},
               "arguments":[{"kind":"value","keys":["low"]},{"kind":"value","keys":["default"]}],
               "event":{"type":"object","properties":{}}}
            ],"modules":[]}
            """#
        let files = try generate(text, usesClientHelpers: false)
        let types = try #require(files["modifiers.d.ts"])
        #expect(types.contains("export declare function opacity(value: number): OpacityModifier;"), "\(types)")
        #expect(types.contains(#"export declare function background(color: ColorValue, options?: Omit<BackgroundParams, "color">): BackgroundModifier;"#))
        #expect(types.contains("export declare function padding(all?: number | Partial<PaddingParams>): PaddingModifier;"))
        // An optional value before a required one takes undefined; a reserved word is renamed.
        #expect(types.contains("export declare function between(low: number | undefined, arg1: number, listener?: $client.EventListener<BetweenEvent>): BetweenModifier;"))
        let script = try #require(files["modifiers.js"])
        #expect(script.contains(#"export const opacity = $modifierHelper("opacity", {"params":{"type":"object","properties":{"value":{"type":"number","minimum":0,"maximum":1}},"required":["value"]},"arguments":[{"kind":"value","keys":["value"]}]});"#), "\(script)")
    }

    @Test("module functions are typed members returning promises; names a module object answers itself are left out")
    func modules() throws {
        let types = try #require(try generate()["modifiers.d.ts"])
        #expect(types.contains("  greet(arg0: string): Promise<string>;"))
        #expect(types.contains("  wait(arg0: string, arg1: number): Promise<null>;"))
        #expect(!types.contains("then("))
        #expect(types.contains("Not members, since a module object answers these names itself: `then`; call them with `host.callFunction`."))
        #expect(types.contains("export type GreetingEvents = {\n  onGreet: (payload: JSONValue) => void;\n};"))
        #expect(types.contains("export type GreetingModule = $client.NativeModule<GreetingFunctions, GreetingEvents>;"))
        #expect(types.contains("export declare function requireGreetingModule(connection: $client.Connection): GreetingModule;"))
    }

    @Test("a bundled plugin's type the JS client has a helper for is the client's helper, re-exported with its types")
    func clientHelpers() throws {
        let files = try generate()
        let types = try #require(files["modifiers.d.ts"])
        #expect(types.contains(#"export { swipeActions } from "@modhost/client";"#))
        #expect(types.contains(#"export type { SwipeActionsParams, SwipeActionsEvent, SwipeActionsModifier } from "@modhost/client";"#))
        #expect(types.contains(#"export { onAppear } from "@modhost/client";"#))
        #expect(types.contains(#"export type { OnAppearModifier } from "@modhost/client";"#))
        #expect(!types.contains("function swipeActions(") && !types.contains("function onAppear("))
        #expect(!types.contains("export type SwipeActionsParams") && !types.contains("export type OnAppearParams"))
        let script = try #require(files["modifiers.js"])
        #expect(script.contains(#"export { swipeActions } from "@modhost/client";"#))
        #expect(script.contains(#"export { onAppear } from "@modhost/client";"#))
        // The other types still get helpers, made by the client's modifierHelper.
        #expect(script.contains(#"export const class_ = $modifierHelper("class", "#))
        #expect(script.contains(#"import { modifierHelper as $modifierHelper } from "@modhost/client";"#))
    }

    @Test("a type another plugin serves keeps off the client's names: values, types, and the stems of its type names")
    func clientNamesAreTaken() throws {
        let text = #"""
            {"modifiers":[
              {"type":"swipeActions","plugin":"MySwipe","params":{"type":"object","properties":{}}},
              {"type":"text","plugin":"P","params":{"type":"object","properties":{}}},
              {"type":"empty","plugin":"P","params":{"type":"object","properties":{}},"event":{"type":"object"}},
              {"type":"Node","plugin":"P","params":{"type":"object","properties":{}}},
              {"type":"sparkle","plugin":"P","params":{"type":"object","properties":{}}}],
             "modules":[{"name":"ExpoUI","plugin":"ExpoUI","functions":[{"name":"completeRefresh","async":false,"arguments":[{"type":"string"}],"result":null}],"events":[]},
                        {"name":"Native","plugin":"P","functions":[],"events":[]}]}
            """#
        let types = try #require(try generate(text)["modifiers.d.ts"])
        #expect(types.contains("export declare function swipeActions_2(): SwipeActions_2Modifier;"))
        #expect(types.contains("export declare function text_2("))
        // EmptyEvent is the client's: `empty` would give it.
        #expect(types.contains("export type Empty_2Event = "))
        #expect(types.contains("export declare function Node_2("))
        #expect(types.contains("export declare function sparkle(): SparkleModifier;"))
        // The client's ExpoUI module types are re-exported; the rest is generated.
        #expect(types.contains(#"import type { ExpoUIFunctions, ExpoUIModule } from "@modhost/client";"#))
        #expect(types.contains("export type { ExpoUIFunctions, ExpoUIModule };"))
        #expect(!types.contains("export type ExpoUIFunctions") && !types.contains("export type ExpoUIModule"))
        #expect(types.contains("export type ExpoUIEvents = {};"))
        #expect(types.contains("export declare function requireExpoUIModule(connection: $client.Connection): ExpoUIModule;"))
        // NativeModule is the client's: module `Native` would give it.
        #expect(types.contains("export type Native_2Module = $client.NativeModule<Native_2Functions, Native_2Events>;"))
        // Without the client's helpers, the rule alone.
        let plain = try #require(try generate(text, usesClientHelpers: false)["modifiers.d.ts"])
        #expect(plain.contains("export declare function swipeActions(): SwipeActionsModifier;"))
        #expect(plain.contains("export type ExpoUIModule = $client.NativeModule<ExpoUIFunctions, ExpoUIEvents>;"))
    }

    @Test("the client import is configurable")
    func clientImport() throws {
        var generator = TypeScriptGenerator()
        generator.clientImport = "../clients/js/src/index.js"
        let files = try generator.files(describeResult: JSONParser.parse(Self.describe))
        #expect(files["modifiers.js"]!.contains(#"from "../clients/js/src/index.js";"#))
        #expect(files["modifiers.d.ts"]!.contains(#"import type * as $client from "../clients/js/src/index.js";"#))
    }

    @Test("the output does not depend on the order of the describe lists, and has no timestamp")
    func deterministic() throws {
        let value = try JSONParser.parse(Self.describe)
        var reversed = value.objectValue!
        reversed["modifiers"] = .array(value["modifiers"]!.arrayValue!.reversed())
        let module = value["modules"]![0]!
        var shuffledModule = module.objectValue!
        shuffledModule["functions"] = .array(module["functions"]!.arrayValue!.reversed())
        reversed["modules"] = [.object(shuffledModule)]
        let first = try TypeScriptGenerator().files(describeResult: value)
        #expect(try TypeScriptGenerator().files(describeResult: .object(reversed)) == first)
        #expect(try TypeScriptGenerator().files(describeResult: value) == first)
        #expect(!first["modifiers.d.ts"]!.contains("2026"))
        #expect(first["modifiers.d.ts"]!.hasPrefix("// Generated by `modhost codegen ts`"))
    }

    @Test("a factory may not take the name of a module accessor")
    func accessorCollision() throws {
        let text = #"""
            {"modifiers":[{"type":"requireGreetingModule","plugin":"P","params":{"type":"object","properties":{}}}],
             "modules":[{"name":"Greeting","plugin":"P","functions":[],"events":[]}]}
            """#
        let types = try #require(try generate(text)["modifiers.d.ts"])
        #expect(types.contains("export declare function requireGreetingModule_2(): RequireGreetingModule_2Modifier"))
        #expect(types.contains("export declare function requireGreetingModule(connection: $client.Connection): GreetingModule;"))
    }

    @Test("a describe result it cannot read is an error naming the place")
    func badInput() throws {
        #expect(throws: CodegenError(path: "modifiers[0].type", expected: "a string", got: "number")) {
            try generate(#"{"modifiers":[{"type":3,"params":{}}]}"#)
        }
        #expect(throws: CodegenError(path: "modifiers", expected: "an array", got: "nothing")) {
            try generate(#"{"views":[]}"#)
        }
        #expect(throws: CodegenError(path: "modules[0].functions[0].arguments[0]", expected: "a JSON Schema object", got: "string")) {
            try generate(#"{"modifiers":[],"modules":[{"name":"M","functions":[{"name":"f","arguments":["string"]}]}]}"#)
        }
        #expect(throws: CodegenError(path: "modifiers[0].arguments[0].kind", expected: "value, options or valueOrOptions", got: "\"positional\"")) {
            try generate(#"{"modifiers":[{"type":"t","params":{},"arguments":[{"kind":"positional"}]}]}"#)
        }
        #expect(throws: CodegenError(path: "modifiers[0].arguments[0].keys", expected: "at least one key", got: "[]")) {
            try generate(#"{"modifiers":[{"type":"t","params":{},"arguments":[{"kind":"value","keys":[]}]}]}"#)
        }
        // A key the params do not have cannot be typed.
        #expect(throws: CodegenError(path: "modifiers[0].arguments[0].keys[0]", expected: "a key of the params", got: "\"x\"")) {
            try generate(#"{"modifiers":[{"type":"t","params":{"type":"object","properties":{"y":{"type":"number"}}},"arguments":[{"kind":"value","keys":["x"]}]}]}"#)
        }
    }
}
