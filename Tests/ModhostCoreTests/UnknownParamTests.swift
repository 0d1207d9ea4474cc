@_spi(ModhostHost) import ModhostCore
import ModhostWire
import ModifierKit
import Testing

private typealias J = SurfaceJSON

/// A list row whose swipe modifier has the given extra members.
private func misspeltRow(_ extra: [(String, JSONValue)], actions: [JSONValue] = [J.action("delete", label: "Delete")]) -> JSONValue {
    J.list([J.row("r", modifiers: [J.modifier(SurfaceTestTypes.swipe, [("trailing", .array(actions))] + extra)])])
}

private func strictClient() throws -> SurfaceClient {
    let client = SurfaceClient(host: Host(registry: .tests))
    let answer = try client.call("initialize", ["protocolVersion": 1, "strictParams": true])
    #expect(answer.result?["strictParams"] == true)
    return client
}

@Suite("Surface: unknown params", .timeLimit(.minutes(20)))
struct UnknownParamTests {
    @Test func aMisspeltParamIsAWarningWithItsPathAndTheKeyItMeant() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", misspeltRow([("allowsFulSwipe", true)]))
        try client.ok(answer)
        #expect(answer.diagnostics.count == 1)
        let diagnostic = try #require(answer.diagnostics.first)
        #expect(diagnostic["severity"] == "warning")
        #expect(diagnostic["code"] == "unknown-param")
        #expect(diagnostic["surface"] == "main")
        #expect(diagnostic["node"] == "r")
        #expect(diagnostic["path"] == "root.children[0].modifiers[0].allowsFulSwipe")
        #expect(diagnostic["key"] == "allowsFulSwipe")
        #expect(diagnostic["suggestion"] == "allowsFullSwipe")
        #expect(diagnostic["known"] == ["leading", "trailing", "allowsFullSwipe"])
        let message = try #require(diagnostic["message"]?.stringValue)
        #expect(message.contains("Did you mean 'allowsFullSwipe'?"), "\(message)")
        // Ignored, as the SDK always did: the default holds.
        let row = surfaceChild(try client.root(), 0)
        #expect(row?["swipeActions"]?["allowsFullSwipe"] == ["leading": false, "trailing": false])
    }

    @Test func aMisspeltKeyInsideAnArrayOfRecordsIsFoundThere() throws {
        let client = try SurfaceClient.initialized()
        let action: JSONValue = ["id": "delete", "lable": "Delete"]
        let answer = try client.mount("main", misspeltRow([], actions: [J.action("keep"), action]))
        try client.ok(answer)
        #expect(answer.diagnostics.map { $0["path"] } == ["root.children[0].modifiers[0].trailing[1].lable"])
        #expect(answer.diagnostics.first?["suggestion"] == "label")
    }

    @Test func aKeyFarFromEveryParamHasNoSuggestion() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", misspeltRow([("onPress", "fn")]))
        try client.ok(answer)
        let diagnostic = try #require(answer.diagnostics.first)
        #expect(diagnostic["suggestion"] == nil)
        #expect(diagnostic["message"]?.stringValue?.contains("Did you mean") == false)
    }

    @Test func declaredParamsSendNothingAndAKeptModifierIsNotReportedAgain() throws {
        let client = try SurfaceClient.initialized()
        let clean = try client.mount("main", misspeltRow([("allowsFullSwipe", true)]))
        #expect(clean.diagnostics.isEmpty)
        let misspelt = misspeltRow([("allowsFulSwipe", true)])
        #expect(try client.update("main", misspelt).diagnostics.count == 1)
        // Unchanged params: the modifier is kept, and was reported when it was built.
        #expect(try client.update("main", misspelt).diagnostics.isEmpty)
    }

    @Test func equalModifiersWithAnUnknownKeyAreEachReported() throws {
        // Equal inert modifiers share one instance (see the reconciler); reports must not.
        let client = try SurfaceClient.initialized()
        let rows = (0..<3).map { J.row("r\($0)", modifiers: [J.modifier(SurfaceTestTypes.swipe, [("leadingg", [])])]) }
        let answer = try client.mount("main", J.list(rows))
        try client.ok(answer)
        #expect(answer.diagnostics.compactMap { $0["node"]?.stringValue } == ["r0", "r1", "r2"])
    }

    @Test func strictParamsMakeItAnErrorThatChangesNothing() throws {
        let client = try strictClient()
        try client.ok(client.mount("main", misspeltRow([])))
        let answer = try client.update("main", misspeltRow([("trailling", [])]))
        #expect(answer.errorCode == RPCErrorCode.invalidParams)
        #expect(answer.errorPath == "root.children[0].modifiers[0].trailling")
        #expect(answer.error?["data"]?["suggestion"] == "trailing")
        #expect(answer.error?["data"]?["got"] == "trailling")
        #expect(answer.error?["data"]?["expected"] == "one of leading, trailing, allowsFullSwipe")
        #expect(answer.errorMessage?.contains("strictParams") == true)
        #expect(answer.diagnostics.isEmpty)
        // The tree is the one mounted before.
        #expect(surfaceChild(try client.root(), 0)?["swipeActions"]?["trailing"]?.arrayValue?.map { $0["id"] } == ["delete"])
    }

    @Test func strictParamsIsPerConnection() throws {
        let host = Host(registry: .tests)
        let strict = SurfaceClient(host: host)
        _ = try strict.call("initialize", ["protocolVersion": 1, "strictParams": true])
        let lenient = try SurfaceClient.initialized(host: host)
        #expect(try strict.mount("a", misspeltRow([("x", 1)])).errorCode == RPCErrorCode.invalidParams)
        try lenient.ok(lenient.mount("b", misspeltRow([("x", 1)])))
    }

    @Test func strictParamsMustBeABoolean() throws {
        let client = SurfaceClient(host: Host(registry: .tests))
        let answer = try client.call("initialize", ["protocolVersion": 1, "strictParams": "yes"])
        #expect(answer.errorCode == RPCErrorCode.invalidParams)
        #expect(answer.errorPath == "strictParams")
    }
}
