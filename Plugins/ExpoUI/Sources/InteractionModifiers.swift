import ModifierKit

// The modifiers that make a view respond: gestures, lifecycle, refresh and submit. Each sends
// `{"<$type>": {...}}` back to the front-end through its event dispatcher when it fires.

/// The payload of a gesture, lifecycle or submit event: nothing but the `$type` key.
struct TapEvent: Record {}

/// The payload of a `refreshable` event: the id `ExpoUI.completeRefresh` takes.
struct RefreshStarted: Record {
    @Field var id: String = ""
}

/// `{"$type": "onTapGesture", "count": 1}`: a tap (`count` 2 for a double tap) sends
/// `{"onTapGesture": {}}`. `count` must be at least 1.
struct OnTapGestureModifier: ViewModifier, Record {
    @Field(.description("Taps needed: 1 for a tap, 2 for a double tap"), .minimum(1)) var count: Int = 1

    var eventDispatcher: EventDispatcher?

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        self.eventDispatcher = eventDispatcher
    }

    func body(content: Content) -> some View {
        content.onTapGesture(count: count) {
            eventDispatcher?(["onTapGesture": Dict()])
        }
    }
}

/// `{"$type": "onLongPressGesture", "minimumDuration": 0.5}`: a press of at least
/// `minimumDuration` seconds (0 or more) sends `{"onLongPressGesture": {}}`.
struct OnLongPressGestureModifier: ViewModifier, Record {
    @Field(.description("Seconds the press must last"), .minimum(0)) var minimumDuration: Double = 0.5

    var eventDispatcher: EventDispatcher?

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        self.eventDispatcher = eventDispatcher
    }

    func body(content: Content) -> some View {
        content.onLongPressGesture(minimumDuration: minimumDuration) {
            eventDispatcher?(["onLongPressGesture": Dict()])
        }
    }
}

/// `{"$type": "onAppear"}`: sends `{"onAppear": {}}` when the view enters the tree.
struct OnAppearModifier: ViewModifier, Record {
    var eventDispatcher: EventDispatcher?

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        self.eventDispatcher = eventDispatcher
    }

    func body(content: Content) -> some View {
        content.onAppear {
            eventDispatcher?(["onAppear": Dict()])
        }
    }
}

/// `{"$type": "onDisappear"}`: sends `{"onDisappear": {}}` when the view leaves the tree.
struct OnDisappearModifier: ViewModifier, Record {
    var eventDispatcher: EventDispatcher?

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        self.eventDispatcher = eventDispatcher
    }

    func body(content: Content) -> some View {
        content.onDisappear {
            eventDispatcher?(["onDisappear": Dict()])
        }
    }
}

/// `{"$type": "refreshable"}`: pulling a List or ScrollView at or under the view to refresh
/// sends `{"refreshable": {"id": "refresh-1"}}`, and the view shows it refreshing until the
/// front-end calls `ExpoUI.completeRefresh("refresh-1")` (or the host cancels the refresh).
struct RefreshableModifier: ViewModifier, Record {
    var eventDispatcher: EventDispatcher?
    /// The module's refreshes, where `completeRefresh` finds this one's. Without it (a
    /// modifier made outside the module), a refresh ends at once.
    var refreshes: RefreshStore?

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        self.eventDispatcher = eventDispatcher
    }

    /// The modifier as the module makes it, with the module's refreshes.
    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher, refreshes: RefreshStore) throws {
        try self.init(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
        self.refreshes = refreshes
    }

    func body(content: Content) -> some View {
        content.refreshable(action: refreshAction())
    }

    private func refreshAction() -> @Sendable () async -> Void {
        // The action must be Sendable and the dispatcher is not. The host runs refresh
        // actions on its loop, the thread that makes modifiers and delivers their events, so
        // the dispatcher is still used on that thread only.
        nonisolated(unsafe) let eventDispatcher = eventDispatcher
        let refreshes = refreshes
        return {
            await refreshes?.run { id in
                eventDispatcher?(["refreshable": ["id": id]])
            }
        }
    }
}

/// `{"$type": "onSubmit"}`: submitting a text field at or under the view sends
/// `{"onSubmit": {}}`.
struct OnSubmitModifier: ViewModifier, Record {
    var eventDispatcher: EventDispatcher?

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        self.eventDispatcher = eventDispatcher
    }

    func body(content: Content) -> some View {
        content.onSubmit {
            eventDispatcher?(["onSubmit": Dict()])
        }
    }
}

/// `{"$type": "disabled", "disabled": true}`: the view and everything in it stop responding
/// to gestures. `false` leaves the view as it is.
struct DisabledModifier: ViewModifier, Record {
    @Field var disabled: Bool = true

    init() {}

    func body(content: Content) -> some View {
        content.disabled(disabled)
    }
}

/// `{"$type": "hidden", "hidden": true}`: the view keeps its place but is not drawn and not
/// hit by gestures. `false` leaves the view as it is.
struct HiddenModifier: ViewModifier, Record {
    @Field var hidden: Bool = true

    init() {}

    func body(content: Content) -> some View {
        if hidden {
            content.hidden()
        } else {
            content
        }
    }
}

/// `{"$type": "contentShape", "shape": "rectangle", "cornerRadius": 8}`: the shape gestures
/// hit, so that a stack responds in its empty space too. `cornerRadius` is for a
/// `roundedRectangle` (0 when absent) and is ignored for the other shapes.
struct ContentShapeModifier: ViewModifier, Record {
    @Field(.required) var shape: ShapeName = .rectangle
    @Field(.minimum(0)) var cornerRadius: Double?

    init() {}

    func body(content: Content) -> some View {
        switch shape {
        case .rectangle: content.contentShape(Rectangle())
        case .roundedRectangle: content.contentShape(RoundedRectangle(cornerRadius: cornerRadius ?? 0))
        case .circle: content.contentShape(Circle())
        case .capsule: content.contentShape(Capsule())
        case .ellipse: content.contentShape(Ellipse())
        }
    }
}
