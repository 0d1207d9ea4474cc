import ModifierKit

public class GreetingModule: Module {
    public func definition() -> ModuleDefinition {
        Name("Greeting")
        Events("onGreet")

        // A function that sends a module event, and one that answers after sleeping (its
        // task resumes from a timer thread, so the daemon's loop must be woken for it).
        Function("greet") { (name: String) -> String in
            self.sendEvent("onGreet", ["name": name])
            return "Hello, \(name)"
        }
        // Returns its argument: bench/run's callFunction round trip, a request the daemon
        // accepts and answers whose cost is the call path itself.
        Function("echo") { (text: String) -> String in text }
        AsyncFunction("greetLater") { (name: String, milliseconds: Int) async throws -> String in
            try await Task.sleep(nanoseconds: UInt64(milliseconds) * 1_000_000)
            return "Hello later, \(name)"
        }

        OnCreate {
            ViewModifierRegistry.register("greeting") { params, appContext, eventDispatcher in
                try GreetingModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            self.appContext.log.info("greeting module created")
        }

        OnDestroy {
            ViewModifierRegistry.unregister("greeting")
            self.appContext.log.info("greeting module destroyed")
        }
    }
}
