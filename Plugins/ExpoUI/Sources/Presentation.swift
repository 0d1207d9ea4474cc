import ModifierKit

// SDK 58's Group (children, an optional onPress) and the views that present content on a
// trigger: Alert, ConfirmationDialog and Menu. Headless, what a device shows over the screen
// is placed in the view's body while it is presented; its actions are the node's children,
// reached by gestures only then, and a tap on one dismisses it (`simultaneousTapGesture` on
// `Children()`), after the action's own onPress ran.

/// A `Group`'s props: its children, and `onPress`.
public final class GroupProps: ExpoSwiftUI.ViewProps {
    /// Sent with `{}` for a tap on the group's content that nothing inside took (only when
    /// listened to: without it, the group takes no taps, as in Expo UI).
    public var onPress = EventDispatcher()
    public required init() {}
}

/// Its children, as they are: a group only gathers them (and takes a tap with `onPress`).
public struct GroupView: ExpoSwiftUI.View {
    public let props: GroupProps
    public init(props: GroupProps) { self.props = props }
    public var body: some View {
        let props = props
        return Group {
            if props.onPress.isListened {
                Children().onTapGesture { props.onPress() }
            } else {
                Children()
            }
        }
    }
}

/// Whether an Alert or ConfirmationDialog is presented: `isPresented` when the front-end gives
/// it (controlled), else the view's own state; and how to ask for a change, which the view
/// reports through `onIsPresentedChange` either way.
struct Presentation {
    let isPresented: Bool
    let request: (Bool) -> Void

    init(prop: Bool?, own: Binding<Bool>, onChange: EventDispatcher) {
        isPresented = prop ?? own.wrappedValue
        request = { presented in
            if prop == nil { own.wrappedValue = presented }
            onChange(["isPresented": presented])
        }
    }
}

/// An `Alert`'s props, as SDK 58 names them: `Alert.Trigger` and `Alert.Message` are the
/// `trigger` and `message` slots, `Alert.Actions` (Buttons) the children.
public final class AlertProps: ExpoSwiftUI.ViewProps {
    @Field(.required) public var title: String = ""
    @Field public var isPresented: Bool?
    /// Sent with `{isPresented}`: `true` for a tap on the trigger, `false` for a tap on an action.
    public var onIsPresentedChange = EventDispatcher()
    public var trigger = Slot()
    public var message = Slot(takesText: true)
    public required init() {}
}

/// An alert: the trigger, and while presented, its title, message and actions. A tap on the
/// trigger presents it; a tap on an action runs the action, then dismisses it.
public struct AlertView: ExpoSwiftUI.View {
    public let props: AlertProps
    @State private var ownPresented = false
    public init(props: AlertProps) { self.props = props }
    public var body: some View {
        PresentedBody(
            presentation: Presentation(prop: props.isPresented, own: $ownPresented, onChange: props.onIsPresentedChange),
            trigger: props.trigger, title: props.title, message: props.message)
    }
}

/// How a ConfirmationDialog shows its title.
enum TitleVisibility: String, Enumerable {
    case automatic
    case visible
    case hidden
}

/// A `ConfirmationDialog`'s props: an Alert's, and `titleVisibility`.
public final class ConfirmationDialogProps: ExpoSwiftUI.ViewProps {
    @Field(.required) public var title: String = ""
    @Field public var isPresented: Bool?
    @Field var titleVisibility: TitleVisibility = .automatic
    /// Sent with `{isPresented}`: `true` for a tap on the trigger, `false` for a tap on an action.
    public var onIsPresentedChange = EventDispatcher()
    public var trigger = Slot()
    public var message = Slot(takesText: true)
    public required init() {}
}

/// A confirmation dialog (an action sheet): as an Alert; the title is left out when
/// `titleVisibility` is `hidden` (`automatic` shows it, as iOS does with a message).
public struct ConfirmationDialogView: ExpoSwiftUI.View {
    public let props: ConfirmationDialogProps
    @State private var ownPresented = false
    public init(props: ConfirmationDialogProps) { self.props = props }
    public var body: some View {
        PresentedBody(
            presentation: Presentation(prop: props.isPresented, own: $ownPresented, onChange: props.onIsPresentedChange),
            trigger: props.trigger, title: props.titleVisibility == .hidden ? nil : props.title, message: props.message)
    }
}

/// The trigger, then while presented the title, the message and the actions (the children).
struct PresentedBody: View {
    let presentation: Presentation
    let trigger: Slot
    let title: String?
    let message: Slot

    var body: some View {
        let presentation = presentation
        return VStack {
            if !trigger.isEmpty {
                trigger.simultaneousTapGesture { if !presentation.isPresented { presentation.request(true) } }
            }
            if presentation.isPresented {
                VStack {
                    if let title { Text(title) }
                    if !message.isEmpty { message }
                    Children().simultaneousTapGesture { presentation.request(false) }
                }
            }
        }
    }
}

/// A `Menu`'s props: its label (a string or a view), `systemImage` (with a string label), and
/// `onPrimaryAction`.
public final class MenuProps: ExpoSwiftUI.ViewProps {
    public var label = Slot(takesText: true)
    @Field public var systemImage: String?
    /// Sent with `{}` for a tap on the label, when listened to: the menu then opens on a long
    /// press (not modelled headless yet: such a menu stays closed).
    public var onPrimaryAction = EventDispatcher()
    public required init() {}
}

/// A menu: its label, and while open its items (the children). A tap on the label opens or
/// closes it (or, with `onPrimaryAction`, runs that); a tap on an item runs it, then closes
/// the menu. The menu keeps whether it is open itself, as SwiftUI's does.
public struct MenuView: ExpoSwiftUI.View {
    public let props: MenuProps
    @State private var isOpen = false
    public init(props: MenuProps) { self.props = props }
    public var body: some View {
        let props = props
        let isOpen = $isOpen
        let tapLabel = {
            if props.onPrimaryAction.isListened { props.onPrimaryAction() } else { isOpen.wrappedValue.toggle() }
        }
        return VStack {
            if let text = props.label.text ?? (props.label.isEmpty ? "" : nil) {
                if let systemImage = props.systemImage {
                    Button(text, systemImage: systemImage, action: tapLabel)
                } else {
                    Button(text, action: tapLabel)
                }
            } else {
                props.label.onTapGesture(perform: tapLabel)
            }
            if isOpen.wrappedValue {
                Children().simultaneousTapGesture { isOpen.wrappedValue = false }
            }
        }
    }
}

/// A `Popover`'s props: `Popover.Trigger` and `Popover.Content` are the `trigger` and
/// `popover` slots; where it attaches and points is shown in the props (no headless effect).
public final class PopoverProps: ExpoSwiftUI.ViewProps {
    @Field public var isPresented: Bool?
    @Field var attachmentAnchor: PopoverAnchor?
    @Field var arrowEdge: PopoverArrowEdge?
    /// Sent with `{isPresented}` when a tap on the trigger presents or dismisses it.
    public var onIsPresentedChange = EventDispatcher()
    public var trigger = Slot()
    public var popover = Slot()
    public required init() {}
}

/// Where a popover attaches to its trigger.
enum PopoverAnchor: String, Enumerable {
    case leading, trailing, center, top, bottom
}

/// The edge a popover's arrow points from.
enum PopoverArrowEdge: String, Enumerable {
    case leading, trailing, top, bottom, none
}

/// A popover: the trigger, and while presented the content. A tap on the trigger presents it,
/// and another dismisses it; so does the `dismiss` gesture (a tap outside it on a device).
public struct PopoverView: ExpoSwiftUI.View {
    public let props: PopoverProps
    @State private var ownPresented = false
    public init(props: PopoverProps) { self.props = props }
    public var body: some View {
        let presentation = Presentation(prop: props.isPresented, own: $ownPresented, onChange: props.onIsPresentedChange)
        return VStack {
            if !props.trigger.isEmpty { props.trigger.simultaneousTapGesture { presentation.request(!presentation.isPresented) } }
            if presentation.isPresented && !props.popover.isEmpty { props.popover.dismissGesture { presentation.request(false) } }
        }
    }
}

/// A `BottomSheet`'s props, as SDK 58 names them: the sheet's content is the children (the
/// front-end mounts them while presented), `anchor` a view always shown.
public final class BottomSheetProps: ExpoSwiftUI.ViewProps {
    @Field(.required) public var isPresented: Bool = false
    @Field public var fitToContents: Bool = false
    /// Sent with `{isPresented: false}` when the user dismisses the sheet (`dismiss`).
    public var onIsPresentedChange = EventDispatcher()
    /// Sent with `{}` after the sheet was dismissed.
    public var onDismiss = EventDispatcher()
    public var anchor = Slot()
    public required init() {}
}

/// A sheet over the screen: the anchor, and while presented the content (the children). The
/// `dismiss` gesture (dragging it down) asks to dismiss it, unless the content has
/// `interactiveDismissDisabled`; detents are the content's `presentationDetents`.
public struct BottomSheetView: ExpoSwiftUI.View {
    public let props: BottomSheetProps
    public init(props: BottomSheetProps) { self.props = props }
    public var body: some View {
        let props = props
        return VStack {
            if !props.anchor.isEmpty { props.anchor }
            if props.isPresented {
                Children().dismissGesture {
                    props.onIsPresentedChange(["isPresented": false])
                    props.onDismiss()
                }
            }
        }
    }
}

/// A `ControlGroup`'s props: its label (a string or a view; none: unlabeled) and, with a
/// string label, `systemImage`.
public final class ControlGroupProps: ExpoSwiftUI.ViewProps {
    public var label = Slot(takesText: true)
    @Field public var systemImage: String?
    public required init() {}
}

/// Related controls side by side: the label, then the controls (the children).
public struct ControlGroupView: ExpoSwiftUI.View {
    public let props: ControlGroupProps
    public init(props: ControlGroupProps) { self.props = props }
    public var body: some View {
        HStack {
            if let text = props.label.text, let systemImage = props.systemImage {
                Label(text, systemImage: systemImage)
            } else if !props.label.isEmpty {
                props.label
            }
            Children()
        }
    }
}

/// A `ContextMenu`'s props: `ContextMenu.Trigger` and `ContextMenu.Preview` are the
/// `trigger` and `preview` slots, `ContextMenu.Items` the children.
public final class ContextMenuProps: ExpoSwiftUI.ViewProps {
    public var trigger = Slot()
    public var preview = Slot()
    public required init() {}
}

/// A menu that a long press on its trigger opens: while open, the preview (if any) and the
/// items. A tap on an item runs it, then closes the menu. Open or not is the view's own.
public struct ContextMenuView: ExpoSwiftUI.View {
    public let props: ContextMenuProps
    @State private var isOpen = false
    public init(props: ContextMenuProps) { self.props = props }
    public var body: some View {
        let isOpen = $isOpen
        return VStack {
            props.trigger.onLongPressGesture { isOpen.wrappedValue = true }
            if isOpen.wrappedValue {
                if !props.preview.isEmpty { props.preview }
                Children().simultaneousTapGesture { isOpen.wrappedValue = false }
            }
        }
    }
}
