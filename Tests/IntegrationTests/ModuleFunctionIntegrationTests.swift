import Foundation
import ModhostClient
import ModhostWire
import BlockingTests
import Testing

/// Module functions and events through a real daemon and a real socket.
@Suite("Module functions through the daemon", .blocksItsThread, .timeLimit(.minutes(20)))
struct ModuleFunctionIntegrationTests {
    @Test func anAsyncFunctionAnswersLaterWhileTheConnectionIsServed() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginFixtures.make(in: root, folder: "greeting", name: "Greeting")
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let client = try daemon.initializedClient()
        // The task sleeps 300 ms on a timer thread; the answer comes when the loop is woken.
        try client.send(["jsonrpc": "2.0", "id": 50, "method": "callFunction", "params": ["module": "Greeting", "function": "greetLater", "args": ["Ada", 300]]])
        try client.send(["jsonrpc": "2.0", "id": 51, "method": "ping"])
        let first = try client.receive()
        #expect(first["id"] == 51, "the ping is answered while the function sleeps")
        let second = try client.receive(timeoutMilliseconds: 5000)
        #expect(second["id"] == 50)
        #expect(second["result"] == ["result": "Hello later, Ada"])
        // A wrong argument names its place.
        let wrong = try client.call("callFunction", params: ["module": "Greeting", "function": "greetLater", "args": ["Ada", "soon"]])
        #expect(wrong["error"]?["data"]?["path"] == "args[1]")
    }

    @Test func moduleEventsReachEveryFrontEnd() throws {
        let folder = TemporaryFolder()
        let root = folder.path + "/plugins"
        try PluginFixtures.make(in: root, folder: "greeting", name: "Greeting")
        let daemon = try PluginFixtures.daemon(loading: root, in: folder)
        let caller = try daemon.initializedClient()
        let listener = try daemon.initializedClient()
        let answer = try caller.call("callFunction", params: ["module": "Greeting", "function": "greet", "args": ["Grace"]])
        #expect(answer["result"] == ["result": "Hello, Grace"])
        // The event went out before the answer, to the caller and to the other front-end.
        #expect(caller.notifications.map { $0["params"] } == [["module": "Greeting", "event": "onGreet", "payload": ["name": "Grace"]]])
        let heard = try listener.nextNotification("moduleEvent")
        #expect(heard["params"]?["event"] == "onGreet")
        let described = try caller.call("describe")
        let module = described["result"]?["modules"]?.arrayValue?.first { $0["name"] == "Greeting" }
        #expect(module?["functions"]?.arrayValue?.map { $0["name"] } == ["greet", "echo", "greetLater"])
        #expect(module?["events"] == ["onGreet"])
    }
}
