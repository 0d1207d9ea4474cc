import ModifierKit

/// How the greeting is written.
enum GreetingStyle: String, Enumerable {
    case plain, shouting, whispering
}

/// A test modifier in the shape plugin authors write: both a ViewModifier and a Record,
/// with its dispatcher handed over through a second initializer.
struct GreetingModifier: ViewModifier, Record {
    @Field(.required) var name: String = ""
    @Field var excited: Bool = false
    @Field var repeats: Int = 1
    @Field var color: Color?
    @Field var style: GreetingStyle = .plain

    var eventDispatcher: EventDispatcher?

    init() {}

    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self = .init(from: params, appContext: appContext)
        self.eventDispatcher = eventDispatcher
    }

    func body(content: Content) -> some View {
        content
    }
}
