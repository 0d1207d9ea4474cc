import Glibc
@testable import ModhostServer
import BlockingTests
import Testing

/// The session state a connection's journal keeps for the next engine: a whole state, then
/// changes appended after it. An engine can end between any two of its writes; whatever the
/// file then holds reads as a state that was stored, never as half of one.
@Suite("Connection journal: session state", .blocksItsThread, .timeLimit(.minutes(20)))
struct ConnectionJournalStateTests {
    private func journal(state: Int = 1 << 20) throws -> ConnectionJournal {
        try #require(ConnectionJournal(inputCapacity: 4096, outputCapacity: 4096, stateCapacity: state))
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// The header word `index`, read and written through the file as another process would.
    private func word(_ journal: ConnectionJournal, _ index: Int) -> UInt64 {
        var value: UInt64 = 0
        _ = pread(journal.fd, &value, 8, off_t(index * 8))
        return value
    }

    private func setWord(_ journal: ConnectionJournal, _ index: Int, _ value: UInt64) {
        var value = value
        _ = pwrite(journal.fd, &value, 8, off_t(index * 8))
    }

    @Test func changesAppendedAfterAWholeStateReadBackInOrder() throws {
        let journal = try journal()
        #expect(journal.readState() == nil)
        #expect(!journal.appendState([bytes("a")]), "nothing to append to before a whole state")
        #expect(journal.writeState(bytes("whole-1")))
        #expect(journal.appendState([bytes("a"), bytes("bb")]))
        #expect(journal.appendState([]))
        #expect(journal.appendState([bytes("ccc")]))
        let state = try #require(journal.readState())
        #expect(state.whole == bytes("whole-1"))
        #expect(state.changes == [bytes("a"), bytes("bb"), bytes("ccc")])
        // A new whole state starts with no changes, in the other slot.
        #expect(journal.writeState(bytes("whole-2")))
        #expect(journal.readState()?.changes == [])
        #expect(journal.appendState([bytes("d")]))
        #expect(journal.readState()?.changes == [bytes("d")])
        // Another engine adopting the file reads the same.
        let adopted = try #require(ConnectionJournal(adopting: dup(journal.fd)))
        #expect(adopted.readState()?.whole == bytes("whole-2"))
        #expect(adopted.readState()?.changes == [bytes("d")])
    }

    @Test func changesThatWouldOutweighTheWholeStateAreRefused() throws {
        let journal = try journal()
        #expect(journal.writeState(bytes("small")))
        let change = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
        var taken = 0
        while journal.appendState([change]) { taken += 1 }
        // Up to what is appended before a rewrite (the state is small), and nothing after.
        #expect(taken == ConnectionJournal.appendedBeforeRewrite / (change.count + 16))
        #expect(journal.readState()?.changes.count == taken)
    }

    /// An append is a write of the framed changes past what is counted, then one store of the
    /// new count. Ended before the store, the journal reads as before the append.
    @Test func anEngineEndedBetweenAnAppendsWritesLeavesTheStateBeforeIt() throws {
        let journal = try journal()
        #expect(journal.writeState(bytes("whole")))
        #expect(journal.appendState([bytes("first")]))
        let slot = Int(word(journal, ConnectionJournal.Word.stateSelector))
        let counted = word(journal, ConnectionJournal.Word.stateAppended + slot)
        #expect(journal.appendState([bytes("second"), bytes("third")]))
        // The bytes written, the count not stored yet:
        setWord(journal, ConnectionJournal.Word.stateAppended + slot, counted)
        #expect(journal.readState()?.changes == [bytes("first")])
        // A count over a change written in part (a torn write, or a plugin's scribble): the
        // changes end before it.
        setWord(journal, ConnectionJournal.Word.stateAppended + slot, counted + 16 + 6 + 4)
        #expect(journal.readState()?.changes == [bytes("first"), bytes("second")])
        setWord(journal, ConnectionJournal.Word.stateAppended + slot, counted + 16 + 3)
        #expect(journal.readState()?.changes == [bytes("first")])
        // A change whose bytes were written over fails its checksum: it and what follows are dropped.
        setWord(journal, ConnectionJournal.Word.stateAppended + slot, counted + 16 + 6 + 16 + 5)
        var scribble: UInt8 = UInt8(ascii: "S")
        let secondAt = Int(counted) + 16
        _ = pwrite(journal.fd, &scribble, 1, off_t(stateStart(journal, slot: slot) + 5 + secondAt))
        #expect(journal.readState()?.changes == [bytes("first")])
    }

    /// A whole state is written to the slot not in use, its length, checksum and a zero count
    /// of changes stored, then the slot selected. Ended before the selection, the journal reads
    /// as the last state and its changes.
    @Test func anEngineEndedBetweenAWholeStatesWritesLeavesTheLastOne() throws {
        let journal = try journal()
        #expect(journal.writeState(bytes("old")))
        #expect(journal.appendState([bytes("kept")]))
        let slot = word(journal, ConnectionJournal.Word.stateSelector)
        #expect(journal.writeState(bytes("new-state")))
        setWord(journal, ConnectionJournal.Word.stateSelector, slot)
        let state = try #require(journal.readState())
        #expect(state.whole == bytes("old"))
        #expect(state.changes == [bytes("kept")])
        // A whole state whose bytes were written over reads as none: the session starts anew.
        var scribble: UInt8 = 0
        _ = pwrite(journal.fd, &scribble, 1, off_t(stateStart(journal, slot: Int(slot))))
        #expect(journal.readState() == nil)
    }

    private func stateStart(_ journal: ConnectionJournal, slot: Int) -> Int {
        ConnectionJournal.headerSize + journal.inputCapacity + journal.outputCapacity + slot * journal.stateCapacity
    }
}
