import Testing
@_spi(ModhostHost) import ModifierKit

private let context = KitTestSupport.context

/// A record argument, converted as a `@Field` would be.
final class GreetingRequest: Record {
    @Field(.required) var name: String = ""
    @Field var excited: Bool = false
}

/// A module with functions and events, written as in ExpoModulesCore.
final class CounterProbeModule: Module {
    var count = 0

    func definition() -> ModuleDefinition {
        Name("Counter")
        Events("onChange")
        Function("add") { (a: Int, b: Int) in a + b }
        Function("increment") { (by: Int?) in
            self.count += by ?? 1
            self.sendEvent("onChange", ["count": self.count])
        }
        Function("greet") { (request: GreetingRequest) -> String in
            "Hello, \(request.name)\(request.excited ? "!" : ".")"
        }
        Function("fail") { () throws -> Int in throw ConversionError("no luck") }
        AsyncFunction("later") { (text: String) async -> String in
            await Task.yield()
            return text.uppercased()
        }
    }
}

@Suite("Module functions", .timeLimit(.minutes(20)))
struct ModuleFunctionTests {
    let module = CounterProbeModule(appContext: context)

    func function(_ name: String) throws -> ModuleFunction {
        try #require(module.definition().functions.first { $0.name == name })
    }

    @Test func declaresFunctionsWithTheirTypesAndEvents() throws {
        let definition = module.definition()
        #expect(definition.functions.map(\.name) == ["add", "increment", "greet", "fail", "later"])
        #expect(definition.events == ["onChange"])
        let add = try function("add")
        #expect(!add.isAsync)
        #expect(add.argumentTypes.map { $0.typeName } == ["Int", "Int"])
        #expect(add.resultType?.typeName == "Int")
        #expect(try function("increment").resultType == nil)
        #expect(try function("later").isAsync)
        #expect(KitTestSupport.canonical(add.argumentSchemas[0]) == #"{"type":"integer"}"#)
    }

    @Test func convertsArgumentsAndResults() throws {
        #expect(try function("add").call([2, 3], appContext: context) as? Int == 5)
        #expect(try function("greet").call([["name": "Ada", "excited": true]], appContext: context) as? String == "Hello, Ada!")
        #expect(try function("increment").call([JSNull()], appContext: context) == nil)
        #expect(module.count == 1)
    }

    @Test func aWrongArgumentNamesItsPlace() throws {
        let error = try #require(throws: FieldError.self) { try function("add").call([2, "three"], appContext: context) }
        #expect(error.path == "args[1]")
        #expect(error.type == "Int")
        let inner = try #require(throws: FieldError.self) { try function("greet").call([["name": 7]], appContext: context) }
        #expect(inner.path == "args[0].name")
        let missing = try #require(throws: FieldError.self) { try function("add").call([JSNull(), 1], appContext: context) }
        #expect(missing.path == "args[0]")
    }

    @Test func theWrongNumberOfArgumentsIsAnError() throws {
        let error = try #require(throws: ArgumentCountError.self) { try function("add").call([1], appContext: context) }
        #expect(error.expected == 2 && error.got == 1)
        #expect(error.description == "'add' takes 2 arguments, got 1")
    }

    @Test func whatTheFunctionThrowsComesThrough() throws {
        #expect(throws: ConversionError.self) { try function("fail").call([], appContext: context) }
    }

    @Test func anAsyncFunctionRunsAsync() async throws {
        let later = try function("later")
        #expect(throws: ArgumentCountError.self) { try later.call(["x"], appContext: context) }
        #expect(try await later.callAsync(["abc"], appContext: context) as? String == "ABC")
    }

    @Test func sendEventGoesToTheSinkTheHostSet() throws {
        let recorder = KitTestRecorder<String>()
        // Without a sink, nothing happens.
        _ = try function("increment").call([2], appContext: context)
        PluginHostSupport.setEventSink(of: module) { name, payload in
            recorder.append("\(name) \(KitTestSupport.canonical(payload))")
        }
        _ = try function("increment").call([3], appContext: context)
        #expect(recorder.values == [#"onChange {"count":int:5}"#])
    }
}
