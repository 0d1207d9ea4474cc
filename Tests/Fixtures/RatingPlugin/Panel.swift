// A view in Expo UI's own spelling (`UIBaseViewProps`, `@ObservedObject`, `ExpoUIView`) whose
// body keeps `@State` and holds every control: for the tests of state, bindings and gestures.
import ModifierKit

public final class PanelProps: UIBaseViewProps {
  @Field public var title: String = ""
  @Field public var options: [String] = ["small", "large"]
  public var onCommit = EventDispatcher()
  public required init() {}
}

public struct PanelView: ExpoSwiftUI.View {
  @ObservedObject public var props: PanelProps
  @State private var enabled = false
  @State private var name = ""
  @State private var volume = 0.0
  @State private var size = "small"
  @State private var taps = 0

  public init(props: PanelProps) { self.props = props }

  public var body: some View {
    VStack(alignment: .leading, spacing: 8) {
      Text("\(props.title): \(taps) taps")
      Toggle("Enabled", isOn: $enabled)
      TextField("Name", text: $name) { props.onCommit(["name": name, "enabled": enabled]) }
      Slider(value: $volume, in: 0...10, step: 0.5)
      Picker("Size", selection: $size) {
        ForEach(props.options, id: \.self) { option in Text(option) }
      }
      Button("Count") { taps += 1 }
        .disabled(!enabled)
      Children()
    }
  }
}

public final class PanelModule: Module {
  public func definition() -> ModuleDefinition {
    Name("Panel")
    ExpoUIView(PanelView.self)
  }
}

/// The smallest plugin view: a line of text, as the host's own `Text` shows one. The bench
/// (bench/plugin-views.mjs) mounts it against the built-in view to measure a plugin view's cost.
public final class CaptionProps: ExpoSwiftUI.ViewProps {
  @Field public var text: String = ""
  public required init() {}
}

public struct CaptionView: ExpoSwiftUI.View {
  public let props: CaptionProps
  public init(props: CaptionProps) { self.props = props }
  public var body: some View { Text(props.text) }
}

public final class CaptionModule: Module {
  public func definition() -> ModuleDefinition {
    Name("Caption")
    View(CaptionView.self)
    View(CardView.self)
  }
}

/// A view with a slot: `header` holds a view the front-end sends as the prop's value.
public final class CardProps: ExpoSwiftUI.ViewProps {
  @Field public var title: String = ""
  public var header = Slot()
  public required init() {}
}

public struct CardView: ExpoSwiftUI.View {
  public let props: CardProps
  public init(props: CardProps) { self.props = props }
  public var body: some View {
    VStack {
      if !props.header.isEmpty { props.header }
      Text(props.title)
      Children()
    }
  }
}

/// A view that chooses among its node's children, as Expo UI's Picker does: each child is an
/// option marked by its `tag`; `label` takes a string or a view.
public final class ChoiceProps: ExpoSwiftUI.ViewProps {
  public var label = Slot(takesText: true)
  @Field public var selection: String?
  public var onChoose = EventDispatcher()
  public required init() {}
}

public struct ChoiceView: ExpoSwiftUI.View {
  public let props: ChoiceProps
  @State private var own: String?
  public init(props: ChoiceProps) { self.props = props }
  public var body: some View {
    let props = props
    let own = $own
    let selection = Binding<String?>(
      get: { props.selection ?? own.wrappedValue },
      set: { chosen in
        own.wrappedValue = chosen
        props.onChoose(["selection": chosen ?? ""])
      })
    return VStack {
      props.label
      Picker("Choice", selection: selection) { Children() }
    }
  }
}

/// A PIN field: a SecureField whose text is a secret event, and whose focus is another.
public final class PinProps: ExpoSwiftUI.ViewProps {
  public var onPinChange = EventDispatcher()
  public var onFocus = EventDispatcher()
  public required init() {}
  public override class var secretEvents: [String] { ["onPinChange"] }
}

public struct PinView: ExpoSwiftUI.View {
  public let props: PinProps
  @State private var pin = ""
  @State private var focused = false
  public init(props: PinProps) { self.props = props }
  public var body: some View {
    let props = props
    let pin = $pin
    let focused = $focused
    return SecureField("PIN", text: Binding(get: { pin.wrappedValue }, set: { pin.wrappedValue = $0; props.onPinChange(["value": $0]) }))
      .focused(Binding(get: { focused.wrappedValue }, set: { focused.wrappedValue = $0; props.onFocus(["value": $0]) }))
  }
}

/// A drawer that a tap on its handle (a slot) opens; its children are placed only while it
/// is open, and a tap on one closes it after the child's own action.
public final class DrawerProps: ExpoSwiftUI.ViewProps {
  public var handle = Slot()
  public var onOpenChange = EventDispatcher()
  /// Sent for a long press (half a second) on the handle.
  public var onPeek = EventDispatcher()
  public required init() {}
}

public struct DrawerView: ExpoSwiftUI.View {
  public let props: DrawerProps
  @State private var open = false
  public init(props: DrawerProps) { self.props = props }
  public var body: some View {
    let props = props
    let open = $open
    let set = { (value: Bool) in
      open.wrappedValue = value
      props.onOpenChange(["open": value])
    }
    return VStack {
      props.handle
        .simultaneousTapGesture { set(!open.wrappedValue) }
        .onLongPressGesture(minimumDuration: 0.5) { props.onPeek() }
      if open.wrappedValue { Children().simultaneousTapGesture { set(false) } }
    }
  }
}

/// Its children, taking a tap that nothing in them takes only when `onPress` is listened to.
public final class TapAreaProps: ExpoSwiftUI.ViewProps {
  public var onPress = EventDispatcher()
  public required init() {}
}

public struct TapAreaView: ExpoSwiftUI.View {
  public let props: TapAreaProps
  public init(props: TapAreaProps) { self.props = props }
  public var body: some View {
    let props = props
    return Group {
      if props.onPress.isListened { Children().onTapGesture { props.onPress() } } else { Children() }
    }
  }
}

/// Tabs without a selection of the front-end's: the view keeps it (none at first: the first
/// page shows). Its children are `Page`s, tagged by name in their bodies.
public final class PagesProps: ExpoSwiftUI.ViewProps {
  public required init() {}
}

public struct PagesView: ExpoSwiftUI.View {
  public let props: PagesProps
  @State private var page: String?
  public init(props: PagesProps) { self.props = props }
  public var body: some View { TabView(selection: $page) { Children() } }
}

public final class PageProps: ExpoSwiftUI.ViewProps {
  @Field public var name: String = ""
  public required init() {}
}

public struct PageView: ExpoSwiftUI.View {
  public let props: PageProps
  public init(props: PageProps) { self.props = props }
  public var body: some View {
    VStack {
      Text(props.name)
      Children()
    }
    .tag(props.name)
  }
}

public final class ChoiceModule: Module {
  public func definition() -> ModuleDefinition {
    Name("Choice")
    View(ChoiceView.self)
    View(PinView.self)
    View(DrawerView.self)
    View(TapAreaView.self)
    View(PagesView.self)
    View(PageView.self)
  }
}
