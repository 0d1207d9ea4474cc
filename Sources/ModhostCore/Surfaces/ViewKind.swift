/// The views a surface may hold, and which of them take children.
public enum ViewKind: String, CaseIterable, Sendable {
    case list = "List"
    case section = "Section"
    case hStack = "HStack"
    case vStack = "VStack"
    case zStack = "ZStack"
    case text = "Text"
    case label = "Label"
    case image = "Image"
    case button = "Button"
    case spacer = "Spacer"

    public var takesChildren: Bool {
        switch self {
        case .list, .section, .hStack, .vStack, .zStack, .button: return true
        case .text, .label, .image, .spacer: return false
        }
    }

    /// View names as `initialize` lists them.
    public static var names: [String] { allCases.map(\.rawValue) }
}

/// Limits that keep one front-end from exhausting the host. Exceeding one is an error.
public struct SurfaceLimits: Sendable {
    public var maxDepth = 64
    public var maxNodesPerSurface = 100_000
    public var maxSurfacesPerConnection = 64
    public var maxModifiersPerNode = 16
    public var maxSurfaceNameLength = 128

    public init() {}
}
