import Glibc
import Synchronization

/// Decodes records as their fields are created.
///
/// `Record.init(from:appContext:)` opens the params on its thread and runs the record's
/// `init()`; every `Field` asks `created(key:required:type:)` for its value as it is made. A
/// field is known by its place among the fields `init()` creates: one sample of each record
/// type, made once, pairs those places with the property names `Mirror` lists (a field made
/// by something else, such as a default value that is itself a record, has a place but no
/// name, and keeps its default). Reflection thus runs once per type, not once per decode.
/// Should `init()` create another number of fields than the sample did (a static default
/// made for the first time while the sample was), the layout is learnt again, once.
///
/// A field's conversion runs outside the decoding: records it makes with `init()` are its
/// own, not fields of the record being decoded.
///
/// The params are read in one pass before `init()` runs: each entry's key is compared with
/// the layout's keys (lengths first), and its value is put in the slot of the field that
/// takes it. That hashes nothing; a lookup per field would hash its key every time. Nested
/// records open their own params, with slots after the outer ones, and close them when done.
@usableFromInline
enum FieldDecoding {
    /// What a field being created does with its value.
    @usableFromInline
    enum Creation {
        /// No record is being decoded, or the params do not set this field.
        case keepDefault
        /// A record type's layout is being learnt: the field is the `place`-th created.
        case learnt(place: Int)
        /// Convert `raw` from the params; `serial` identifies the decoding for the field, and
        /// `state` (this thread's) is told when the conversion is over.
        case decode(raw: Any, appContext: AppContext, serial: Int, state: Unmanaged<State>)
    }

    /// A record type's fields in the order its `init()` creates them.
    struct Layout: Sendable {
        /// Per place, the key of the record's own field there (nil: the field belongs to
        /// something else).
        let keys: [Key?]
        /// Places of the record's own fields.
        let own: [Int]
        /// Every field `Mirror` lists, in its order: property name, key, whether the key is
        /// required, its `.description` and its bounds. `Record.fields` pairs with it.
        let fields: [LearntField]
    }

    /// A field's key, matched exactly: the same Unicode scalars, as JSON and JavaScript
    /// compare object keys (Swift's `==` would also take canonically equivalent spellings).
    struct Key: Sendable {
        let text: String
        let length: Int
        let isASCII: Bool

        init(_ text: String) {
            self.text = text
            length = text.utf8.count
            isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        }

        /// Whether `other`, `length` bytes of UTF-8, is this key. Lengths first: most keys
        /// differ there. A string as long as an ASCII key that Swift finds equal to it is the
        /// same bytes (no other spelling of ASCII text is as short), so only keys with other
        /// characters compare their bytes as well.
        @inline(__always)
        func matches(_ other: String, length: Int) -> Bool {
            self.length == length && text == other && (isASCII || text.utf8.elementsEqual(other.utf8))
        }
    }

    /// What a record's declaration says of one of its fields.
    struct LearntField: Sendable {
        let name: String
        let key: String
        let required: Bool
        let description: String?
        let bounds: FieldBounds?
    }

    enum Mode { case idle, learning, filling }

    /// Serials of decodings, unique across threads: each thread takes a block at a time.
    private static let serials = Atomic<Int>(0)
    private static let serialBlock = 1 << 16

    /// One per thread, kept for the thread's life. Its properties describe the innermost
    /// decoding (or layout learning) in progress; an outer one's are kept on the stack of
    /// `decode` while an inner one runs.
    @usableFromInline
    final class State {
        // Touched once per field on one thread only; dynamic exclusivity checks cost more
        // than the accesses.
        @exclusivity(unchecked) var mode = Mode.idle
        @exclusivity(unchecked) var layout = Layout(keys: [], own: [], fields: [])
        /// Where the innermost frame's slots start in `slots`.
        @exclusivity(unchecked) var base = 0
        /// The place of the next field created.
        @exclusivity(unchecked) var next = 0
        @exclusivity(unchecked) var serial = 0
        @exclusivity(unchecked) var appContext: AppContext?
        /// The place of the field being converted, for its error.
        @exclusivity(unchecked) var converting = 0
        /// The first error; fields created after it keep their defaults.
        @exclusivity(unchecked) var failure: FieldError?
        /// The serial the next decoding takes, and the end of this thread's block.
        @exclusivity(unchecked) var nextSerial = 0
        @exclusivity(unchecked) var serialLimit = 0
        /// The params values of the open decodings, one slot per place, innermost last;
        /// `slotCount` are initialized.
        @exclusivity(unchecked) var slots = UnsafeMutablePointer<Any?>.allocate(capacity: 64)
        @exclusivity(unchecked) var slotCapacity = 64
        @exclusivity(unchecked) var slotCount = 0
        /// Params keys that no field of the record decoding them declared (`$type` aside),
        /// counted since the thread's state was made; wraps.
        @exclusivity(unchecked) var unknownKeys = 0
        /// Custom keys, `.required`, descriptions and bounds seen while a layout is learnt,
        /// per place.
        @exclusivity(unchecked) var learnt: [(key: String?, required: Bool, description: String?, bounds: FieldBounds?)] = []
        /// The layouts of the record types decoded last on this thread: a few types (a
        /// modifier and its nested records) alternate, and the shared table takes a lock.
        @exclusivity(unchecked) var recent: [(type: ObjectIdentifier, layout: Layout)] = []

        /// Opens `count` empty slots after the open ones and returns where they start.
        func openSlots(_ count: Int) -> Int {
            let base = slotCount
            if base + count > slotCapacity {
                let capacity = max(slotCapacity * 2, base + count)
                let grown = UnsafeMutablePointer<Any?>.allocate(capacity: capacity)
                grown.moveInitialize(from: slots, count: base)
                slots.deallocate()
                slots = grown
                slotCapacity = capacity
            }
            for slot in 0..<count { (slots + base + slot).initialize(to: nil) }
            slotCount = base + count
            return base
        }

        /// Closes the innermost `count` slots.
        func closeSlots(_ count: Int) {
            slotCount -= count
            (slots + slotCount).deinitialize(count: count)
        }

        deinit {
            slots.deinitialize(count: slotCount)
            slots.deallocate()
        }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { state in
            if let state { Unmanaged<State>.fromOpaque(state).release() }
        }
        return key
    }()

    private static let layouts = Mutex<[ObjectIdentifier: Layout]>([:])

    /// This thread's state, made on first use.
    static var state: State {
        if let existing = existingState { return existing }
        let state = State()
        pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
        return state
    }

    /// `unknownKeys` of this thread's state; 0 before it has one.
    static var unknownKeysCounted: Int { existingState?.unknownKeys ?? 0 }

    /// This thread's state if it has one.
    private static var existingState: State? {
        guard let current = pthread_getspecific(key) else { return nil }
        return Unmanaged<State>.fromOpaque(current).takeUnretainedValue()
    }

    /// Called by every field as it is created.
    @usableFromInline
    static func created(
        key: String?, required: Bool, description: StaticString?, bounds: FieldBounds?, type: any Convertible.Type
    ) -> Creation {
        guard let state = existingState else { return .keepDefault }
        switch state.mode {
        case .idle:
            return .keepDefault
        case .learning:
            if bounds != nil && !(type is any BoundedNumber.Type) {
                preconditionFailure("@Field(.minimum/.maximum/.exclusiveMinimum) needs a number field (Int, Double or an optional of one); \(key.map { "'\($0)'" } ?? "a field") is \(type.typeName)")
            }
            state.learnt.append((key, required, description.map { "\($0)" }, bounds))
            defer { state.next += 1 }
            return .learnt(place: state.next)
        case .filling:
            let place = state.next
            state.next = place + 1
            guard place < state.layout.keys.count, state.failure == nil else { return .keepDefault }
            guard let raw = state.slots[state.base + place].take() else {
                if required, let own = state.layout.keys[place] {
                    state.failure = FieldError(kind: .missing, path: own.text, field: own.text, value: nil, type: type.typeName)
                }
                return .keepDefault
            }
            // The conversion runs outside the decoding, until `converted` or `failed`.
            state.converting = place
            state.mode = .idle
            return .decode(
                raw: raw, appContext: state.appContext.unsafelyUnwrapped, serial: state.serial,
                state: Unmanaged.passUnretained(state))
        }
    }

    /// Called by a field whose conversion succeeded: the decoding goes on.
    @usableFromInline
    static func converted(_ state: Unmanaged<State>) {
        state.takeUnretainedValue().mode = .filling
    }

    /// Called by a field whose conversion threw; the decoding throws the first such error.
    @usableFromInline
    static func failed(_ error: any Error, raw: Any, type: any Convertible.Type, state: Unmanaged<State>) {
        let state = state.takeUnretainedValue()
        state.mode = .filling
        guard state.failure == nil, let key = state.layout.keys[state.converting]?.text else { return }
        state.failure = FieldError.converting(raw, to: type.typeName, at: key, failedWith: error)
    }

    /// Whether the decoding `serial` is still running its record's `init()`.
    @usableFromInline
    static func isFilling(_ serial: Int) -> Bool {
        guard let state = existingState else { return false }
        return state.mode == .filling && state.serial == serial
    }

    /// Makes an `R` (of the dynamic type `type`) whose fields take their values from `params`.
    static func decode<R: Record>(_ type: R.Type, from params: Dict, appContext: AppContext) throws -> R {
        let state = state
        var layout = layout(of: type, state: state)
        var relearnt = false
        while true {
            let places = layout.keys.count
            let base = state.openSlots(places)
            // Values are copied only into the slots that take them.
            var index = params.startIndex
            while index != params.endIndex {
                let key = params.keys[index]
                let length = key.utf8.count
                var taken = false
                for place in layout.own {
                    // Own places always have a key; the slot is still empty, as keys are unique.
                    if layout.keys[place].unsafelyUnwrapped.matches(key, length: length) {
                        (state.slots + base + place).initialize(to: params.values[index])
                        taken = true
                    }
                }
                // Counted for the host, which then finds where (`PluginHostSupport.unknownKeysCounted`).
                if !taken && !(length == 5 && key == "$type") { state.unknownKeys &+= 1 }
                params.formIndex(after: &index)
            }
            if state.nextSerial == state.serialLimit {
                state.serialLimit = serials.add(serialBlock, ordering: .relaxed).newValue + 1
                state.nextSerial = state.serialLimit - serialBlock
            }
            // The outer decoding's state waits here; swaps move it without copying.
            let outerMode = state.mode, outerBase = state.base, outerNext = state.next
            let outerSerial = state.serial, outerConverting = state.converting
            var context: AppContext? = appContext
            var failure: FieldError? = nil
            swap(&state.layout, &layout)
            swap(&state.appContext, &context)
            swap(&state.failure, &failure)
            state.mode = .filling
            state.base = base
            state.next = 0
            state.serial = state.nextSerial
            state.nextSerial += 1
            let record = type.init()
            let created = state.next
            swap(&state.layout, &layout)
            swap(&state.appContext, &context)
            swap(&state.failure, &failure)
            state.mode = outerMode
            state.base = outerBase
            state.next = outerNext
            state.serial = outerSerial
            state.converting = outerConverting
            state.closeSlots(places)
            // `failure` now holds this decoding's. Fields found at the wrong places make any
            // error they caused meaningless, so a count that differs comes first: the layout
            // was learnt from a sample whose `init()` made other fields; learn it again, once.
            guard created == places else {
                if relearnt { throw RecordLayoutError(type: "\(type)", learnt: places, created: created) }
                layout = learn(type, state: state)
                relearnt = true
                continue
            }
            if let failure { throw failure }
            return record
        }
    }

    /// The layout of `type`.
    static func layout<R: Record>(of type: R.Type) -> Layout {
        layout(of: type, state: state)
    }

    /// The layout of `type`, learnt from one sample the first time it is asked for.
    private static func layout<R: Record>(of type: R.Type, state: State) -> Layout {
        let id = ObjectIdentifier(type)
        for recent in state.recent where recent.type == id { return recent.layout }
        if let known = layouts.withLock({ $0[id] }) {
            remember(known, for: id, state: state)
            return known
        }
        return learn(type, state: state)
    }

    /// Learns the layout of `type` from a new sample and keeps it for the type.
    private static func learn<R: Record>(_ type: R.Type, state: State) -> Layout {
        let outerMode = state.mode, outerNext = state.next
        var learnt: [(key: String?, required: Bool, description: String?, bounds: FieldBounds?)] = []
        swap(&state.learnt, &learnt)
        state.mode = .learning
        state.next = 0
        let sample = type.init()
        let created = state.next
        swap(&state.learnt, &learnt)
        state.mode = outerMode
        state.next = outerNext
        var keys = [Key?](repeating: nil, count: created)
        var own: [Int] = []
        var fields: [LearntField] = []
        for (name, field) in sample.fields {
            // Every field `Mirror` lists is described, so that `fields` pairs with it; one the
            // sample's `init()` did not create itself (copied in) has no place.
            guard let place = field.learntPlace, place < created else {
                fields.append(LearntField(name: name, key: name, required: false, description: nil, bounds: nil))
                continue
            }
            let key = learnt[place].key ?? name
            keys[place] = Key(key)
            own.append(place)
            fields.append(LearntField(
                name: name, key: key, required: learnt[place].required, description: learnt[place].description,
                bounds: learnt[place].bounds))
        }
        let layout = Layout(keys: keys, own: own, fields: fields)
        let id = ObjectIdentifier(type)
        layouts.withLock { $0[id] = layout }
        remember(layout, for: id, state: state)
        return layout
    }

    /// Keeps `layout` in this thread's list of recent ones, replacing an older one of the type.
    private static func remember(_ layout: Layout, for id: ObjectIdentifier, state: State) {
        state.recent.removeAll { $0.type == id }
        if state.recent.count == 4 { state.recent.removeFirst() }
        state.recent.append((id, layout))
    }
}

/// A record type whose `init()` created a different number of fields than when its layout
/// was learnt, so its fields cannot be told apart by their order. A record's `init()` must
/// create the same fields every time.
struct RecordLayoutError: Error, CustomStringConvertible {
    let type: String
    let learnt: Int
    let created: Int

    var description: String {
        "\(type).init() created \(created) fields, but \(learnt) the first time; a record's init() must create the same fields every time"
    }
}
