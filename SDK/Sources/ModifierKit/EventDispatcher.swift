/// Sends an event from a native modifier or view back to the front-end that owns the view.
///
/// In a modifier, call it with the payload dictionary, as Expo UI modifiers do:
/// `eventDispatcher?(["swipeActions": ["id": action.id]])`. The payload's one top-level key
/// must be the modifier's `$type`: the front-end routes events by it, and the host refuses
/// (with a diagnostic naming the expected key) a payload under any other key. Called with a
/// `Record` or with nothing, the dispatcher wraps the value under the `$type` for you.
///
/// In a view's props (``ExpoSwiftUI/ViewProps``), declare `public var onValueChange =
/// EventDispatcher()`: the property is the view's event `onValueChange`, and
/// `props.onValueChange(["value": 3])` sends `{"value": 3}` as that event's payload.
public final class EventDispatcher {
    /// The `$type` of the modifier this dispatcher belongs to (empty for a view's event,
    /// whose payload is sent as it is: no modifier type is empty). No other stored flag: the
    /// host makes one dispatcher per modifier of a tree, and a byte more would cost each of
    /// them a larger allocation.
    public let modifierType: String
    private var deliver: ((Dict) -> Void)?
    private var isViewEvent: Bool { modifierType.isEmpty }

    /// A dispatcher for modifiers of `modifierType` that hands every payload to `deliver`. The
    /// host makes one per modifier; tests make their own to see what a modifier sends.
    public init(modifierType: String, deliver: @escaping (Dict) -> Void) {
        self.modifierType = modifierType
        self.deliver = deliver
    }

    /// A view's event, as in Expo: a property of the view's props, named after the event.
    /// The host connects it to the node when it decodes the props; until then (and in a
    /// plugin's own tests) it sends nothing.
    public init() {
        self.modifierType = ""
        self.deliver = nil
    }

    /// For a view's event: whether the front-end listens to it (the host connects only those).
    /// A body may leave out what only a listener needs, as Expo UI's Group takes taps only
    /// when given an `onPress`. (A modifier's dispatcher is always connected.)
    public var isListened: Bool { deliver != nil }

    /// Sends `payload`: as it is for a modifier (`[modifierType: [...]]`), or as the view
    /// event's payload.
    public func callAsFunction(_ payload: Dict) {
        deliver?(payload)
    }

    /// Sends the record's fields: under `modifierType` for a modifier, as the payload for a view.
    public func callAsFunction(_ record: some Record) {
        deliver?(isViewEvent ? record.toDictionary() : [modifierType: record.toDictionary()])
    }

    /// Sends an empty payload (under `modifierType` for a modifier).
    public func callAsFunction() {
        deliver?(isViewEvent ? Dict() : [modifierType: Dict()])
    }

    /// A dispatcher that drops everything (used while describing a modifier).
    static func discarding(_ modifierType: String) -> EventDispatcher {
        EventDispatcher(modifierType: modifierType) { _ in }
    }

    /// Connects a view's event to `deliver` (the host does, for each props it decodes).
    func connect(_ deliver: @escaping (Dict) -> Void) {
        self.deliver = deliver
    }
}
