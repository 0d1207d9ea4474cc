@_spi(ModhostHost) import ModhostCore
import ModhostWire
@_spi(ModhostHost) import ModifierKit
import Testing

private typealias J = SurfaceJSON

/// Tints its content: something a snapshot shows, so that an inert stand-in can be told apart.
private struct TintProbe: ViewModifier, Record {
    @Field var color: Color?
    init() {}
    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
    }
    func body(content: Content) -> some View { content.tint(color) }
}

/// A host whose plugin Faulty, which served `faulty`, is quarantined; `registry` is the host's.
private func quarantinedHost(registry: ModifierRegistry = .tests) -> Host {
    let host = Host(registry: registry)
    var status = PluginStatus(name: "Faulty", path: "/plugins/faulty", state: .quarantined)
    status.crash = PluginCrash(call: "body", detail: "faulty", reason: "SIGILL", message: "Fatal error", types: ["faulty"])
    host.pluginStatuses = [status]
    return host
}

/// A row with the quarantined type after a working swipe-actions modifier.
private let tree = J.list([
    J.row("r", modifiers: [
        J.modifier(SurfaceTestTypes.swipe, [("trailing", [J.action("delete", label: "Delete")])]),
        J.modifier("faulty", [("fault", "body")]),
    ])
])

@Suite("Surface: a quarantined plugin's modifiers are inert", .timeLimit(.minutes(20)))
struct QuarantinedModifierTests {
    @Test func aMountWithAQuarantinedTypeIsServedWithThatModifierInertAndReported() throws {
        let client = SurfaceClient(host: quarantinedHost())
        _ = try client.call("initialize", ["protocolVersion": 1])
        let answer = try client.mount("main", tree)
        try client.ok(answer)
        let warnings = answer.diagnostics.filter { $0["code"] == "quarantined-modifier" }
        #expect(warnings.count == 1, "\(answer.diagnostics)")
        let warning = try #require(warnings.first)
        #expect(warning["severity"] == "warning")
        #expect(warning["surface"] == "main")
        #expect(warning["node"] == "r")
        #expect(warning["path"] == "root.children[0].modifiers[1].$type")
        #expect(warning["plugin"] == "Faulty")
        #expect(warning["quarantined"] == true)
        let message = try #require(warning["message"]?.stringValue)
        #expect(message.contains("its plugin Faulty is quarantined (it crashed the host with SIGILL in its body for 'faulty'"), "\(message)")
        // The rest of the row works; the inert modifier is marked.
        let row = try #require(surfaceChild(try client.root(), 0))
        #expect(row["modifiers"] == [["$type": .string(SurfaceTestTypes.swipe)], ["$type": "faulty", "quarantined": "Faulty"]])
        #expect(try client.swipe("r", edge: "trailing").result?["revealed"] == ["delete"])
    }

    @Test func underStrictParamsItIsStillAnError() throws {
        let client = SurfaceClient(host: quarantinedHost())
        _ = try client.call("initialize", ["protocolVersion": 1, "strictParams": true])
        let answer = try client.mount("main", tree)
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[0].modifiers[1].$type")
        #expect(answer.error?["data"]?["quarantined"] == true)
        #expect(answer.errorMessage?.contains("belongs to plugin Faulty, which is quarantined") == true, "\(answer.errorMessage ?? "")")
    }

    @Test func anInertModifierIsRebuiltOnceItsPluginServesTheTypeAgain() throws {
        let registry = ModifierRegistry()
        let host = quarantinedHost(registry: registry)
        let client = SurfaceClient(host: host)
        _ = try client.call("initialize", ["protocolVersion": 1])
        let probe = J.list([J.row("r", modifiers: [J.modifier("faulty", [("color", "#00FF00")])])])
        try client.ok(try client.mount("main", probe))
        #expect(surfaceChild(try client.root(), 0)?["tint"] == nil)

        // The plugin is back (enabled, or its files changed): same tree, same params.
        host.pluginStatuses = []
        registry.attributing(plugin: "Faulty", module: "FaultyModule") {
            ViewModifierRegistry.register("faulty") { params, context, dispatcher in
                try TintProbe(from: params, appContext: context, eventDispatcher: dispatcher)
            }
        }
        let again = try client.update("main", probe)
        try client.ok(again)
        #expect(again.result?["updated"] == 1, "\(again.result?.jsonText ?? "")")
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics)")
        let row = surfaceChild(try client.root(), 0)
        #expect(row?["tint"] == "#00FF00FF")
        #expect(row?["modifiers"] == [["$type": "faulty"]])
    }
}
