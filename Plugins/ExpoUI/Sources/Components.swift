import ModifierKit

// Expo UI SDK 58 components that the host did not have, written as plugin views with the
// SDK's public view API (issue 43): their props are records, their events dispatchers, their
// bodies made of the SDK's views. Each is named after its type without `View` (`FormView` is
// `Form`), as Expo's `requireNativeView('ExpoUI', 'FormView')` names it.

/// A `Form`'s props: only its children, as in SDK 58.
public final class FormProps: ExpoSwiftUI.ViewProps {
    public required init() {}
}

/// A form: its children grouped in a list, as SwiftUI draws a `Form` on iOS.
public struct FormView: ExpoSwiftUI.View {
    public let props: FormProps
    public init(props: FormProps) { self.props = props }
    public var body: some View { List { Children() } }
}

/// A `Divider` has no props of its own.
public final class DividerProps: ExpoSwiftUI.ViewProps {
    public required init() {}
}

/// A thin line between views. Nothing in it is interactive; the snapshot shows the node.
public struct DividerView: ExpoSwiftUI.View {
    public let props: DividerProps
    public init(props: DividerProps) { self.props = props }
    public var body: some View { EmptyView() }
}

/// A `LabeledContent`'s props: the label, its children are the content.
public final class LabeledContentProps: ExpoSwiftUI.ViewProps {
    @Field public var label: String = ""
    public required init() {}
}

/// A label beside a value: `Name  Ada`.
public struct LabeledContentView: ExpoSwiftUI.View {
    public let props: LabeledContentProps
    public init(props: LabeledContentProps) { self.props = props }
    public var body: some View {
        HStack {
            Text(props.label)
            Spacer()
            Children()
        }
    }
}

/// A `ContentUnavailableView`'s props, as SDK 58 names them.
public final class ContentUnavailableProps: ExpoSwiftUI.ViewProps {
    @Field public var title: String = ""
    @Field public var systemImage: String?
    @Field public var description: String?
    public required init() {}
}

/// What a screen shows when there is nothing to show: a symbol, a title, a line of help.
/// (Named `ContentUnavailableView` on the wire: a view's name is its type's without one `View`.)
public struct ContentUnavailableViewView: ExpoSwiftUI.View {
    public let props: ContentUnavailableProps
    public init(props: ContentUnavailableProps) { self.props = props }
    public var body: some View {
        VStack {
            if let systemImage = props.systemImage {
                Label(props.title, systemImage: systemImage)
            } else {
                Text(props.title)
            }
            if let description = props.description { Text(description) }
        }
    }
}

/// A `ProgressView`'s props: a fraction done, or none while the work's length is unknown.
public final class ProgressProps: ExpoSwiftUI.ViewProps {
    @Field(.minimum(0), .maximum(1)) public var value: Double?
    public required init() {}
}

/// Progress of a task: its children are the label; the snapshot shows `value` in the props
/// (none: indeterminate, a spinner on a device). Named `ProgressView` on the wire.
public struct ProgressViewView: ExpoSwiftUI.View {
    public let props: ProgressProps
    public init(props: ProgressProps) { self.props = props }
    public var body: some View { Children() }
}

/// A `Gauge`'s props: a value in `min`…`max`, and labels as views.
public final class GaugeProps: ExpoSwiftUI.ViewProps {
    @Field(.required) public var value: Double = 0
    @Field public var min: Double = 0
    @Field public var max: Double = 1
    public var currentValueLabel = Slot()
    public var minimumValueLabel = Slot()
    public var maximumValueLabel = Slot()
    public required init() {}
}

/// A value shown against its range; its children are the label.
public struct GaugeView: ExpoSwiftUI.View {
    public let props: GaugeProps
    public init(props: GaugeProps) { self.props = props }
    public var body: some View {
        VStack {
            Children()
            HStack {
                if !props.minimumValueLabel.isEmpty { props.minimumValueLabel }
                if !props.currentValueLabel.isEmpty { props.currentValueLabel }
                if !props.maximumValueLabel.isEmpty { props.maximumValueLabel }
            }
        }
    }
}

/// A `DisclosureGroup`'s props: the label, and whether it is open (controlled when given).
public final class DisclosureGroupProps: ExpoSwiftUI.ViewProps {
    @Field public var label: String = ""
    @Field public var isExpanded: Bool?
    /// Sent with `{isExpanded}` when a tap on the label opens or closes it.
    public var onIsExpandedChange = EventDispatcher()
    public required init() {}
}

/// A label that shows or hides its children. A tap on the label asks to open or close it:
/// with `isExpanded` given, the front-end decides (it shows `isExpanded` until the next
/// update, as a Toggle shows `isOn`); without, the group keeps its own state.
public struct DisclosureGroupView: ExpoSwiftUI.View {
    public let props: DisclosureGroupProps
    @State private var ownExpanded = false
    public init(props: DisclosureGroupProps) { self.props = props }

    public var body: some View {
        let expanded = props.isExpanded ?? ownExpanded
        return VStack(alignment: .leading) {
            Button(props.label) {
                if props.isExpanded == nil { ownExpanded = !expanded }
                props.onIsExpandedChange(["isExpanded": !expanded])
            }
            if expanded { Children() }
        }
    }
}

/// `Switch`'s props, Expo UI's name for a Toggle before SDK 55.
public final class SwitchProps: ExpoSwiftUI.ViewProps {
    @Field public var value: Bool = false
    @Field public var label: String = ""
    /// Sent with `{value}` when a tap flips it.
    public var onValueChange = EventDispatcher()
    public required init() {}
}

/// The older `Switch`: a Toggle whose value is `value`. Deprecated: use `Toggle` with `isOn`
/// and `onIsOnChange`.
public struct SwitchView: ExpoSwiftUI.View {
    public let props: SwitchProps
    public init(props: SwitchProps) { self.props = props }
    public var body: some View {
        let props = props
        return Toggle(props.label, isOn: Binding(get: { props.value }, set: { props.onValueChange(["value": $0]) }))
    }
}

/// A `Picker`'s props, as SDK 58 names them: a label (a string or a view), the selected
/// option's tag, and the event a choice sends.
public final class PickerProps: ExpoSwiftUI.ViewProps {
    public var label = Slot(takesText: true)
    @Field public var systemImage: String?
    @Field var selection: StringOrNumber?
    /// Sent with `{selection}`, the chosen option's tag, when a tap chooses one.
    public var onSelectionChange = EventDispatcher()
    public required init() {}
}

/// A choice of one option: the node's children are the options, each marked with the `tag`
/// modifier; a tap on one sends `onSelectionChange` with its tag. With `selection` given, the
/// front-end decides (the Picker shows `selection` until the next update); without, the
/// Picker keeps the choice itself.
public struct PickerView: ExpoSwiftUI.View {
    public let props: PickerProps
    @State private var ownSelection: StringOrNumber?
    public init(props: PickerProps) { self.props = props }

    public var body: some View {
        let props = props
        let own = $ownSelection
        let selection = Binding<StringOrNumber?>(
            get: { props.selection ?? own.wrappedValue },
            set: { chosen in
                if props.selection == nil { own.wrappedValue = chosen }
                props.onSelectionChange(["selection": chosen?.jsonValue ?? JSNull()])
            })
        let title = props.label.text ?? ""
        let picker = props.systemImage.map { Picker(title, systemImage: $0, selection: selection) { Children() } }
            ?? Picker(title, selection: selection) { Children() }
        // A label that is a view goes before the options, as SwiftUI's `label:` does.
        return Group {
            if props.label.isEmpty || props.label.text != nil {
                picker
            } else {
                HStack {
                    props.label
                    picker
                }
            }
        }
    }
}

/// `CircularProgress`'s props, Expo UI's circular progress before SDK 55.
public final class CircularProgressProps: ExpoSwiftUI.ViewProps {
    @Field(.minimum(0), .maximum(1)) public var progress: Double?
    @Field public var color: Color?
    public required init() {}
}

/// The older `CircularProgress`: progress shown as a ring; the snapshot shows `progress` and
/// `color` in the props (none: indeterminate). Deprecated: use `ProgressView` with `value`
/// and `progressViewStyle('circular')`.
public struct CircularProgressView: ExpoSwiftUI.View {
    public let props: CircularProgressProps
    public init(props: CircularProgressProps) { self.props = props }
    public var body: some View { EmptyView() }
}

/// A `SecureField`'s props, as SDK 58 names them (its `text` in native state, a ref's methods
/// and the `SecureField.Placeholder` slot are not served yet).
public final class SecureFieldProps: ExpoSwiftUI.ViewProps {
    @Field public var placeholder: String = ""
    @Field(.minimum(0)) public var maxLength: Int?
    @Field public var autoFocus: Bool = false
    /// Sent with `{value}`, the whole text, after each change: to the owner only.
    public var onTextChange = EventDispatcher()
    /// Sent with `{value}`: `true` when typing starts in the field, `false` when it is submitted.
    public var onFocusChange = EventDispatcher()
    public required init() {}
    /// The text is the user's secret: watchers (an inspector) see that it changed, not what to.
    public override class var secretEvents: [String] { ["onTextChange"] }
}

/// A password field: the field keeps the text it is typed (at most `maxLength` characters);
/// the snapshot and a gesture's answer show a bullet per character, never the text, and the
/// text reaches only the front-end that owns the surface, through `onTextChange`.
public struct SecureFieldView: ExpoSwiftUI.View {
    public let props: SecureFieldProps
    @State private var text = ""
    @State private var isFocused: Bool
    public init(props: SecureFieldProps) {
        self.props = props
        _isFocused = State(initialValue: props.autoFocus)
    }

    public var body: some View {
        let props = props
        let text = $text
        let isFocused = $isFocused
        let typed = Binding<String>(
            get: { text.wrappedValue },
            set: { new in
                let kept = props.maxLength.map { String(new.prefix($0)) } ?? new
                text.wrappedValue = kept
                props.onTextChange(["value": kept])
            })
        let focus = Binding<Bool>(
            get: { isFocused.wrappedValue },
            set: { focused in
                isFocused.wrappedValue = focused
                props.onFocusChange(["value": focused])
            })
        return SecureField(props.placeholder, text: typed).focused(focus)
    }
}

/// `SwipeActions` has no props of its own: the front-end gives it a `swipeActions` modifier
/// per `SwipeActions.Actions` group (@modhost/react's `SwipeActions` does).
public final class SwipeActionsProps: ExpoSwiftUI.ViewProps {
    public required init() {}
}

/// SDK 58's SwipeActions component: a List row whose children are its content. Its swipe
/// actions are the `swipeActions` modifiers on its node, so a swipe acts as the modifier's do.
public struct SwipeActionsView: ExpoSwiftUI.View {
    public let props: SwipeActionsProps
    public init(props: SwipeActionsProps) { self.props = props }
    public var body: some View { Children() }
}
