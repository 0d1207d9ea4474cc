import ModifierKit

// SDK 58's TabView and TabView.Tab: the tabs are the TabView node's children, each a `Tab`
// node whose value is its tag. A tap on a tab (its item) selects it; only the selected tab's
// content is shown, so gestures reach only that one's nodes (the SDK's `TabView` primitive).

/// A `TabView`'s props: `selection` (controlled) or `defaultSelection` (where it starts).
public final class TabViewProps: ExpoSwiftUI.ViewProps {
    @Field public var selection: String?
    @Field public var defaultSelection: String?
    /// Sent with `{selection}`, the tab's value, when a tap selects a tab.
    public var onSelectionChange = EventDispatcher()
    public required init() {}
}

/// Tabs: with `selection` given the front-end decides which shows (it stays as the props say
/// until an update passes the new value back); without, the view keeps it, starting at
/// `defaultSelection` (else the first tab, as SwiftUI shows it).
public struct TabViewView: ExpoSwiftUI.View {
    public let props: TabViewProps
    @State private var chosen: String?
    public init(props: TabViewProps) { self.props = props }
    public var body: some View {
        let props = props
        let chosen = $chosen
        let selection = Binding<String?>(
            get: { props.selection ?? chosen.wrappedValue ?? props.defaultSelection },
            set: { value in
                if props.selection == nil { chosen.wrappedValue = value }
                props.onSelectionChange(["selection": value ?? JSNull()])
            })
        return TabView(selection: selection) { Children() }
    }
}

/// A `TabView.Tab`'s props: its value (the selection that shows it), and its tab item.
public final class TabProps: ExpoSwiftUI.ViewProps {
    @Field(.required) public var value: String = ""
    @Field public var label: String?
    @Field public var systemImage: String?
    /// A local image file for the tab item (shown in the props; it wins over `systemImage` on
    /// a device).
    @Field public var uiImage: String?
    public required init() {}
}

/// One tab (`TabView.Tab`; `Tab` on the wire, as SwiftUI names it): its item (a Label, or a
/// Text), then its content (the children).
public struct Tab: ExpoSwiftUI.View {
    public let props: TabProps
    public init(props: TabProps) { self.props = props }
    public var body: some View {
        let props = props
        return VStack {
            if let systemImage = props.systemImage {
                Label(props.label ?? props.value, systemImage: systemImage)
            } else {
                Text(props.label ?? props.value)
            }
            Children()
        }
        .tag(props.value)
    }
}
