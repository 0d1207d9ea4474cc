/// Sends an event from a native modifier back to the front-end that owns the view.
///
/// Call it with the payload dictionary, as Expo UI modifiers do:
/// `eventDispatcher?(["swipeActions": ["id": action.id]])`. The payload's one top-level key
/// must be the modifier's `$type`: the front-end routes events by it, and the host refuses
/// (with a diagnostic naming the expected key) a payload under any other key. Called with a
/// `Record` or with nothing, the dispatcher wraps the value under the `$type` for you.
public final class EventDispatcher {
    /// The `$type` of the modifier this dispatcher belongs to.
    public let modifierType: String
    private let deliver: (Dict) -> Void

    /// A dispatcher for modifiers of `modifierType` that hands every payload to `deliver`. The
    /// host makes one per modifier; tests make their own to see what a modifier sends.
    public init(modifierType: String, deliver: @escaping (Dict) -> Void) {
        self.modifierType = modifierType
        self.deliver = deliver
    }

    /// Sends `payload` as it is: `[modifierType: [...]]`.
    public func callAsFunction(_ payload: Dict) {
        deliver(payload)
    }

    /// Sends `[modifierType: record's fields]`.
    public func callAsFunction(_ record: some Record) {
        deliver([modifierType: record.toDictionary()])
    }

    /// Sends `[modifierType: [:]]`.
    public func callAsFunction() {
        deliver([modifierType: Dict()])
    }

    /// A dispatcher that drops everything (used while describing a modifier).
    static func discarding(_ modifierType: String) -> EventDispatcher {
        EventDispatcher(modifierType: modifierType) { _ in }
    }
}
