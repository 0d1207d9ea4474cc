// The view of issue 42's acceptance, as its author would write it: compiled as it stands.
import ModifierKit

public final class RatingProps: ExpoSwiftUI.ViewProps {
  @Field public var value: Int = 0
  @Field public var max: Int = 5
  @Field public var label: String = ""
  public var onValueChange = EventDispatcher()
  public required init() {}
}

public struct RatingView: ExpoSwiftUI.View {
  public let props: RatingProps
  public init(props: RatingProps) { self.props = props }
  public var body: some View {
    HStack {
      Text(props.label)
      ForEach(0..<Swift.max(props.max, 0), id: \.self) { index in
        Button { props.onValueChange(["value": index + 1]) } label: {
          Image(systemName: index < props.value ? "star.fill" : "star")
        }
      }
    }
  }
}

public final class RatingModule: Module {
  public func definition() -> ModuleDefinition {
    Name("Rating")
    View(RatingView.self)
  }
}
