import ModhostWire
@_spi(ModhostHost) import ModifierKit

/// `callFunction`: a module function, called by module and function name with positional
/// arguments. A synchronous `Function` answers at once; an `AsyncFunction` runs as a task on
/// the host's thread (`AsyncWork`) and answers when it returns, while the connection keeps
/// being served.
enum ModuleMethods {
    static func register(in registry: inout MethodRegistry) {
        registry.register("callFunction", MethodHandler(deferring: callFunction))
    }

    private static func callFunction(_ context: MethodContext, reply: PendingReply) throws(RPCError) {
        let params = try context.params.object()
        let host = context.host
        let moduleName = try params.require("module", at: "", as: .string)
        let functionName = try params.require("function", at: "", as: .string)
        let arguments = try params.optional("args", at: "", as: .array) ?? []
        guard let module = host.module(named: moduleName) else {
            let known = host.modules.map(\.name)
            throw .invalidParams(
                "no module '\(moduleName)' is loaded; modules: \(known.isEmpty ? "none" : known.joined(separator: ", "))",
                path: "module", expected: known.isEmpty ? "the name of a loaded module" : "one of \(known.joined(separator: ", "))",
                got: moduleName, extra: JSONObject([("known", .array(known.map { .string($0) }))]))
        }
        guard let index = module.functions.firstIndex(where: { $0.name == functionName }) else {
            let known = module.functions.map(\.name)
            throw .invalidParams(
                "module '\(moduleName)' has no function '\(functionName)'; its functions: \(known.isEmpty ? "none" : known.joined(separator: ", "))",
                path: "function", expected: known.isEmpty ? "a function of module \(moduleName)" : "one of \(known.joined(separator: ", "))",
                got: functionName, extra: JSONObject([("known", .array(known.map { .string($0) }))]))
        }
        let function = module.functions[index]
        let values = arguments.map { host.paramsShapes.value($0) }
        let appContext = module.appContext
        let place = module.places[index]
        guard function.isAsync else {
            do {
                let result = try PluginCalls.run(plugin: module.plugin, .function, place) { () throws in
                    try function.call(values, appContext: appContext)
                }
                reply.finish(.success(try json(result, module: moduleName, function: functionName)))
            } catch let error as RPCError {
                throw error
            } catch {
                throw failure(error, module: moduleName, function: functionName, argumentCount: arguments.count)
            }
            return
        }
        let limit = host.limits.maxPendingCallsPerConnection
        guard context.session.waitingReplyCount < limit else {
            throw .overBudget(
                "this connection has \(limit) requests waiting for their answers (AsyncFunctions that have not returned), the most it may have; wait for some before calling \(place)",
                reason: "pending-calls", limit: limit)
        }
        let bound = LoopBound((values, function))
        host.asyncWork.startCall(plugin: module.plugin, reply: reply) {
            let (values, function) = bound.value
            do {
                let result = try await function.callAsync(values, appContext: appContext)
                return .success(try json(result, module: moduleName, function: functionName))
            } catch let error as RPCError {
                return .failure(error)
            } catch {
                return .failure(failure(error, module: moduleName, function: functionName, argumentCount: values.count))
            }
        }
        // Runs it up to its first wait: a function that does not wait answers now.
        host.asyncWork.runPending()
        if !reply.isFinished && context.isInBatch {
            reply.cancel()
            throw .functionFailed(
                "\(place) is an AsyncFunction that did not complete at once, and a batch's reply cannot wait for it; call it outside a batch",
                module: moduleName, function: functionName, error: "not awaited inside a batch", reason: "batch-wait")
        }
    }

    /// The function's result as JSON; a value JSON cannot carry is the function's failure.
    private static func json(_ result: Any?, module: String, function: String) throws(RPCError) -> JSONValue {
        guard let result else { return .object(JSONObject("result", .null)) }
        do {
            return .object(JSONObject("result", try ValueBridge.jsonValue(result)))
        } catch {
            throw .functionFailed(
                "\(module).\(function) returned a value whose part at '\(error.path)' is a \(error.typeName), which JSON cannot carry",
                module: module, function: function, error: "result not JSON")
        }
    }

    /// What a call that threw is, on the wire: an argument of the wrong type or the wrong
    /// number of them is the caller's mistake (-32602, at `args[i]…`); anything else is the
    /// function's failure (-32003).
    private static func failure(_ error: any Error, module: String, function: String, argumentCount: Int) -> RPCError {
        if let error = error as? FieldError, error.path.hasPrefix("args") {
            return .invalidParams(
                "\(error.description) (argument \(error.path) of \(module).\(function))", path: error.path, expected: error.type,
                got: error.value ?? "nothing")
        }
        if let error = error as? ArgumentCountError {
            return .invalidParams(
                "\(module).\(function) takes \(error.expected) argument\(error.expected == 1 ? "" : "s"), got \(error.got)",
                path: "args", expected: "\(error.expected) argument\(error.expected == 1 ? "" : "s")", got: "\(argumentCount)")
        }
        return .functionFailed("\(module).\(function) threw: \(error)", module: module, function: function, error: "\(error)")
    }
}
