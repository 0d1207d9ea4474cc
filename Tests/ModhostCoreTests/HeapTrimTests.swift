@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

/// The host asks for the heap to be trimmed once many nodes have gone since the last trim,
/// whether a front-end unmounted them, replaced them or closed its connection; small changes
/// ask for nothing, and one trim covers what went before it.
@Suite("The heap is trimmed after many nodes go")
struct HeapTrimTests {
    /// A mount of a List of `rows` rows (an HStack and a Text each) on `surface`.
    static func mount(_ surface: String, rows: Int, id: Int) -> String {
        let row = #"{"type":"HStack","children":[{"type":"Text","props":{"text":"a row"}}]},"#
        let children = String(repeating: row, count: rows).dropLast()
        return #"{"jsonrpc":"2.0","id":\#(id),"method":"mount","params":{"surface":"\#(surface)","root":{"type":"List","children":[\#(children)]}}}"#
    }

    @Test func unmountingManyNodesAsksForOneTrim() throws {
        let harness = SessionHarness()
        try harness.initialize()
        let rows = Host.trimAfterFreedNodes / 2 + 1
        #expect(try harness.reply(Self.mount("big", rows: rows, id: 1))["result"] != nil)
        #expect(!harness.host.takeHeapTrimDue(), "mounting frees nothing")
        #expect(try harness.reply(#"{"jsonrpc":"2.0","id":2,"method":"unmount","params":{"surface":"big"}}"#)["result"] != nil)
        #expect(harness.host.takeHeapTrimDue())
        #expect(!harness.host.takeHeapTrimDue(), "the trim covered what went before it")
    }

    @Test func smallChangesAddUpUntilATrimIsDue() throws {
        let harness = SessionHarness()
        try harness.initialize()
        let rows = Host.trimAfterFreedNodes / 8
        var id = 1
        var trims = 0
        // Each mount and unmount frees 2 * rows + 1 nodes: a trim after the fourth.
        for round in 0..<4 {
            #expect(try harness.reply(Self.mount("s\(round)", rows: rows, id: id))["result"] != nil)
            #expect(try harness.reply(#"{"jsonrpc":"2.0","id":\#(id + 1),"method":"unmount","params":{"surface":"s\#(round)"}}"#)["result"] != nil)
            id += 2
            if harness.host.takeHeapTrimDue() { trims += 1 }
        }
        #expect(trims == 1)
    }

    @Test func aClosedConnectionsNodesCountToo() throws {
        let harness = SessionHarness()
        try harness.initialize()
        #expect(try harness.reply(Self.mount("big", rows: Host.trimAfterFreedNodes / 2, id: 1))["result"] != nil)
        harness.session.close()
        #expect(harness.host.takeHeapTrimDue())
    }
}
