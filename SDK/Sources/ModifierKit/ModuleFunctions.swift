// Functions and events a module exposes to front-ends, in the shape of ExpoModulesCore's
// `Function`, `AsyncFunction`, `Events` and `sendEvent`.

/// A function of a module that front-ends call by name with positional arguments (the
/// protocol's `callFunction`), as declared by ``Function`` or ``AsyncFunction``.
///
/// Arguments are converted like `@Field` values: each to its parameter's ``Convertible``
/// type, and a value of the wrong type is an error naming the argument (`args[0]`) and, for
/// a record, the field inside it (`args[0].label`).
public struct ModuleFunction {
    /// The name front-ends call it by.
    public let name: String
    /// True for an ``AsyncFunction``: the host answers when it completes, without waiting for it.
    public let isAsync: Bool
    /// The types of the arguments, in order.
    public let argumentTypes: [any Convertible.Type]
    /// The type of the result, or `nil` for a function that returns nothing.
    public let resultType: (any Convertible.Type)?
    let body: Body

    enum Body {
        case sync(([Any], AppContext) throws -> Any?)
        case async(([Any], AppContext) async throws -> Any?)
    }

    /// The JSON Schema of each argument, in order.
    public var argumentSchemas: [[String: Any]] { argumentTypes.map { $0.jsonSchema } }

    /// The JSON Schema of the result, or `nil` for none.
    public var resultSchema: [String: Any]? { resultType?.jsonSchema }

    /// Calls a synchronous function with `arguments` (params values: `String`, `Int`, `[Any]`,
    /// `JSNull`, ...). Returns the result as params values, or `nil` for none. Throws
    /// ``FieldError`` (path `args[i]...`) for an argument of the wrong type and
    /// ``ArgumentCountError`` for the wrong number of them; anything else is what the
    /// function threw. An ``AsyncFunction`` must be called with ``callAsync(_:appContext:)``.
    public func call(_ arguments: [Any], appContext: AppContext) throws -> Any? {
        switch body {
        case .sync(let run): return try run(arguments, appContext)
        case .async: throw ArgumentCountError(function: name, expected: argumentTypes.count, got: arguments.count, isAsyncMismatch: true)
        }
    }

    /// Calls the function, synchronous or not, with `arguments`; see ``call(_:appContext:)``.
    public func callAsync(_ arguments: [Any], appContext: AppContext) async throws -> Any? {
        switch body {
        case .sync(let run): return try run(arguments, appContext)
        case .async(let run): return try await run(arguments, appContext)
        }
    }
}

/// A module function called with the wrong number of arguments.
public struct ArgumentCountError: Error, CustomStringConvertible {
    /// The function's name.
    public let function: String
    /// How many arguments it takes.
    public let expected: Int
    /// How many it was given.
    public let got: Int
    let isAsyncMismatch: Bool

    init(function: String, expected: Int, got: Int, isAsyncMismatch: Bool = false) {
        self.function = function
        self.expected = expected
        self.got = got
        self.isAsyncMismatch = isAsyncMismatch
    }

    /// What went wrong, in words.
    public var description: String {
        if isAsyncMismatch { return "'\(function)' is an AsyncFunction: call it with callAsync" }
        return "'\(function)' takes \(expected) argument\(expected == 1 ? "" : "s"), got \(got)"
    }
}

/// Converts the argument at `index` of `arguments` to `T`, with errors at `args[index]`.
func argument<T: Convertible>(_ type: T.Type, at index: Int, of arguments: [Any], appContext: AppContext) throws -> T {
    let value = arguments[index]
    if isJSNull(value), let none = (T.self as? OptionalConvertible.Type)?.none as? T { return none }
    do {
        if isJSNull(value) { throw ConversionError("expected \(T.typeName), got null") }
        return try T.convert(from: value, appContext: appContext)
    } catch let error as FieldError {
        throw error.inside(key: "args[\(index)]")
    } catch {
        throw FieldError(kind: .cast, path: "args[\(index)]", field: "args[\(index)]", value: describe(value), type: T.typeName, cause: error)
    }
}

/// Converts `arguments` to the parameter types of a function's body.
func arguments<each A: Convertible>(_ types: (repeat (each A).Type), from arguments: [Any], function: String, appContext: AppContext) throws -> (repeat each A) {
    var count = 0
    for _ in repeat (each A).self { count += 1 }
    guard arguments.count == count else { throw ArgumentCountError(function: function, expected: count, got: arguments.count) }
    var index = 0
    func next<T: Convertible>(_ type: T.Type) throws -> T {
        defer { index += 1 }
        return try argument(type, at: index, of: arguments, appContext: appContext)
    }
    return (repeat try next((each A).self))
}

func argumentTypes<each A: Convertible>(_ types: repeat (each A).Type) -> [any Convertible.Type] {
    var result: [any Convertible.Type] = []
    for type in repeat each types { result.append(type) }
    return result
}

/// Declares a synchronous module function, as ExpoModulesCore's `Function`:
///
/// ```swift
/// Function("add") { (a: Int, b: Int) in a + b }
/// Function("reset") { store.reset() }
/// ```
///
/// The closure's parameters are the arguments, each any ``Convertible`` type (records
/// included); its result is any ``Convertible`` type, or nothing. What it throws reaches the
/// front-end as a failed call with the error's description.
public struct Function: ModuleDefinitionElement {
    let function: ModuleFunction

    /// A function returning a value.
    public init<each A: Convertible, R: Convertible>(_ name: String, _ body: @escaping (repeat each A) throws -> R) {
        function = ModuleFunction(
            name: name, isAsync: false, argumentTypes: argumentTypes(repeat (each A).self), resultType: R.self,
            body: .sync { values, appContext in
                let converted = try arguments((repeat (each A).self), from: values, function: name, appContext: appContext)
                return try body(repeat each converted).jsonValue
            })
    }

    /// A function returning nothing.
    public init<each A: Convertible>(_ name: String, _ body: @escaping (repeat each A) throws -> Void) {
        function = ModuleFunction(
            name: name, isAsync: false, argumentTypes: argumentTypes(repeat (each A).self), resultType: nil,
            body: .sync { values, appContext in
                let converted = try arguments((repeat (each A).self), from: values, function: name, appContext: appContext)
                try body(repeat each converted)
                return nil
            })
    }

    /// Adds the function to the module's definition.
    public func apply(to definition: inout ModuleDefinition) { definition.functions.append(function) }
}

/// Declares an asynchronous module function, as ExpoModulesCore's `AsyncFunction`:
///
/// ```swift
/// AsyncFunction("fetchCount") { (folder: String) async throws -> Int in
///   try await store.count(in: folder)
/// }
/// ```
///
/// The host starts it and goes on serving; the caller gets the answer when it returns. It
/// runs on the host's loop between other work (never on a thread of its own), so it must
/// `await` rather than block; don't use `@MainActor`, which nothing runs on the host.
public struct AsyncFunction: ModuleDefinitionElement {
    let function: ModuleFunction

    /// An asynchronous function returning a value.
    public init<each A: Convertible, R: Convertible>(_ name: String, _ body: @escaping (repeat each A) async throws -> R) {
        function = ModuleFunction(
            name: name, isAsync: true, argumentTypes: argumentTypes(repeat (each A).self), resultType: R.self,
            body: .async { values, appContext in
                let converted = try arguments((repeat (each A).self), from: values, function: name, appContext: appContext)
                return try await body(repeat each converted).jsonValue
            })
    }

    /// An asynchronous function returning nothing.
    public init<each A: Convertible>(_ name: String, _ body: @escaping (repeat each A) async throws -> Void) {
        function = ModuleFunction(
            name: name, isAsync: true, argumentTypes: argumentTypes(repeat (each A).self), resultType: nil,
            body: .async { values, appContext in
                let converted = try arguments((repeat (each A).self), from: values, function: name, appContext: appContext)
                try await body(repeat each converted)
                return nil
            })
    }

    /// Adds the function to the module's definition.
    public func apply(to definition: inout ModuleDefinition) { definition.functions.append(function) }
}

/// Declares the events a module sends with ``BaseModule/sendEvent(_:_:)``, as
/// ExpoModulesCore's `Events`: `Events("onChange", "onError")`. An event not declared is not
/// sent (the host logs it).
public struct Events: ModuleDefinitionElement {
    let names: [String]

    /// The events named `names`.
    public init(_ names: String...) { self.names = names }

    /// The events named `names`.
    public init(_ names: [String]) { self.names = names }

    /// Adds the events to the module's definition.
    public func apply(to definition: inout ModuleDefinition) { definition.events.append(contentsOf: names) }
}

/// Where a module's events go: set by the host when it creates the module.
public typealias ModuleEventSink = @Sendable (_ event: String, _ payload: Dict) -> Void

extension BaseModule {
    /// Sends the event `name` with `payload` to front-ends, as ExpoModulesCore's `sendEvent`:
    /// `sendEvent("onChange", ["value": 3])`. The event must be declared with ``Events``.
    /// The payload holds params values (strings, numbers, booleans, arrays, `Dict`s, `JSNull`).
    /// Safe to call from any thread; outside a host it does nothing.
    public func sendEvent(_ name: String, _ payload: Dict = [:]) {
        eventSink.withLock { $0 }?(name, payload)
    }
}

extension PluginHostSupport {
    /// Sets where `module`'s events go (the host calls it when it creates the module).
    public static func setEventSink(of module: BaseModule, _ sink: ModuleEventSink?) {
        module.eventSink.withLock { $0 = sink }
    }
}
