// Views a plugin adds to the host's vocabulary, in the shape of an Expo module's SwiftUI view:
// a props class of `@Field`s and `EventDispatcher`s, a view made from it, and `View(_:)` in
// the module's definition.

/// The SDK's `View` protocol under a name that stays reachable inside ``ExpoSwiftUI``, whose
/// own `View` shadows it there (and inside module definitions, where `View(_:)` is a method).
public typealias _ModifierKitView = View

/// Expo's namespace for SwiftUI views that modules provide, with the same names: subclass
/// ``ViewProps`` and conform your view to ``View``.
///
/// ```swift
/// public final class RatingProps: ExpoSwiftUI.ViewProps {
///   @Field public var value: Int = 0
///   public var onValueChange = EventDispatcher()
///   public required init() {}
/// }
/// public struct RatingView: ExpoSwiftUI.View {
///   public let props: RatingProps
///   public init(props: RatingProps) { self.props = props }
///   public var body: some View { Text("\(props.value) stars") }
/// }
/// ```
public enum ExpoSwiftUI {
    /// The props of a plugin view: a ``Record`` whose `@Field`s are the props a front-end
    /// sends, decoded and checked like a modifier's params (errors name `root.props.value`).
    ///
    /// Each `EventDispatcher` property (made with `EventDispatcher()`) is an event of the view
    /// named after the property: calling `props.onValueChange(["value": 3])` sends the
    /// front-end that owns the surface `{"onValueChange": {"value": 3}}` for this node, when it
    /// listens to that event (the node's `events`). Subclasses declare `public required init() {}`.
    ///
    /// Every update that changes a node's props decodes a new instance: keep state that must
    /// outlive an update in `@State`, not in the props.
    open class ViewProps: Record {
        /// Props at their defaults; the host decodes the front-end's props into a new instance.
        public required init() {}

        /// The events whose payloads are the user's secrets (a SecureField's text): the
        /// front-end that owns the surface gets them; watchers (an inspector) get the event
        /// with its payload replaced by `{"redacted": true}`. Override to name yours.
        open class var secretEvents: [String] { [] }
    }

    /// A view of a plugin, as Expo's `ExpoSwiftUI.View`: made from its props, with a `body` of
    /// the SDK's views (stacks, `Text`, `Button`, `Toggle`, `TextField`, `Slider`, `Picker`, …).
    ///
    /// The host makes the view from its node's props, evaluates `body` into a headless tree
    /// (shown in snapshots under the node's `body`), and runs what a gesture aimed at a control
    /// in it does: a `Button`'s action, a `Toggle`'s binding. `Children()` in the body places
    /// the node's children. Register it with `View(MyView.self)` in the module's `definition()`.
    public protocol View: _ModifierKitView {
        /// The view's props class.
        associatedtype Props: ViewProps
        /// Makes the view from props the host decoded.
        init(props: Props)
    }
}

/// Expo UI's name for ``ExpoSwiftUI/ViewProps``, for views written like Expo UI's own.
public typealias UIBaseViewProps = ExpoSwiftUI.ViewProps

/// Expo's `@ObservedObject` on a view's `props`. Here the host makes a new view whenever the
/// props change, so the wrapper only holds the value; it exists so that Expo's code compiles.
@propertyWrapper
public struct ObservedObject<ObjectType: AnyObject> {
    /// The object.
    public var wrappedValue: ObjectType
    /// Holds `wrappedValue`.
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    /// The object itself (SwiftUI's projection makes bindings to its members; there is none here).
    public var projectedValue: ObjectType { wrappedValue }
}

/// Where a module's ``BaseModule/View(_:)`` declaration puts its view.
public struct ViewDefinition: ModuleDefinitionElement {
    var registration: ViewRegistration

    /// Adds the view to the definition's views.
    public func apply(to definition: inout ModuleDefinition) { definition.views.append(registration) }

    /// Marks the view as an older name that still works: `View(SwitchView.self).deprecated(use:
    /// "Toggle, with isOn and onIsOnChange")`. A connection that uses it gets one
    /// `deprecated-name` warning saying what to use; `describe` lists it as `deprecated`.
    public func deprecated(use replacement: String) -> ViewDefinition {
        var definition = self
        definition.registration.replacement = replacement
        return definition
    }
}

extension BaseModule {
    /// Declares a view of the module, as in Expo: `View(RatingView.self)` inside
    /// `definition()`. Front-ends name it by its type's name without a trailing `View`
    /// (`Rating` for `RatingView`), as a node's `type`.
    ///
    /// (A method, not a free function: `View` is also the SDK's protocol, and a method that
    /// modules inherit is what a call inside `definition()` finds first.)
    public func View<V: ExpoSwiftUI.View>(_ type: V.Type) -> ViewDefinition {
        ViewDefinition(registration: ViewRegistration(V.self))
    }

    /// Expo UI's spelling of ``View(_:)`` for its own views.
    public func ExpoUIView<V: ExpoSwiftUI.View>(_ type: V.Type) -> ViewDefinition {
        View(type)
    }
}

/// A prop that holds a view, as Section's `header` or Slider's `label` do in Expo UI: declare
/// `public var header = Slot()` in the props, and write `props.header` in the body where the
/// view goes. The front-end sends the view as the prop's value (a node); the host keeps it as
/// a node of the tree, reconciled like a child, and shows it in the snapshot under `slots`.
///
/// A slot made with `takesText: true` also takes a string, as Expo UI's `label: string |
/// ReactNode` props do (Picker's, Menu's): the string stays a prop of the node, and
/// `props.label` in the body shows it as a `Text`.
public final class Slot: _ModifierKitView {
    /// The prop's name (the host sets it as it decodes the props).
    public internal(set) var name = ""
    /// Whether the front-end put a view or a string in the slot.
    public internal(set) var isEmpty = true
    /// The string the front-end put in the slot instead of a view (only when it takes text).
    public internal(set) var text: String?
    /// Whether the prop may hold a string rather than a view.
    public let takesText: Bool

    /// An empty slot; the host fills it from the node's props. With `takesText`, the prop
    /// may be a string too.
    public init(takesText: Bool = false) { self.takesText = takesText }

    /// Primitive: the host places the slot's view here.
    public var body: Never { fatalError("Slot is primitive") }
}

/// Places the node's children inside a plugin view's `body`, where Expo views read
/// `props.children`: `VStack { Text(props.title); Children() }`.
public struct Children: _ModifierKitView {
    /// The node's children, here.
    public init() {}
    /// Primitive: the host places the children here.
    public var body: Never { fatalError("Children is primitive") }
}
