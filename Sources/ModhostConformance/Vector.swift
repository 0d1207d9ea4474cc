import ModhostWire

/// One conformance vector: a session of steps run on fresh connections.
public struct Vector: Sendable {
    public var name: String
    /// The file it came from (without `.json`), e.g. `framing`.
    public var file: String
    /// Connections to open and `initialize` before the steps (the `initialize` shorthand).
    public var initialize: [String]
    /// The connection names it declares (`connections`, default `["main"]`); steps run on the
    /// first until a step's `on` names another.
    public var connections: [String]
    public var steps: [JSONValue]
    public var timeoutMilliseconds: Int32
    /// Options the host must be started with (`hostArguments`), for limits a vector could not
    /// reach in reasonable time at their defaults (`--frame-timeout 1`). Such a vector runs on
    /// a host the runner starts for it, and is skipped against a host it did not start.
    public var hostArguments: [String] = []
    /// What the vector needs of the host besides the protocol (`requires`):
    /// `controlled-host` (see `Vector.controlledHost`) and `rating-fixture` (`Vector.ratingFixture`).
    public var requires: [String] = []

    /// A vector that `requires` this checks what only a host the runner started itself shows:
    /// exactly the bundled plugins (`ExpoUI`, `SwipeActions`) and no connections but the
    /// vector's own (whole `describe` or `initialize` lists, `watch`'s list of connections).
    /// It runs with `--spawn` and is skipped against a host given by `--socket`, which may
    /// have user plugins and other clients and is still conforming.
    public static let controlledHost = "controlled-host"
    /// A vector that `requires` this needs the views of the Rating fixture plugin
    /// (`Tests/Fixtures/RatingPlugin`: `Rating` and `Panel`). With `--spawn`, the runner loads
    /// it into the host it starts (`libRatingFixture.so` beside the host's executable, with
    /// the manifest in `vectors/fixtures/RatingFixture`); against `--socket`, the group runs
    /// when the host serves `Rating` and is skipped, saying so, when it does not.
    public static let ratingFixture = "rating-fixture"
    public static let knownRequirements = [controlledHost, ratingFixture]

    /// Why a host given by `--socket` cannot run it, or nil when it can.
    public var unmetOnAHostNotStartedByTheRunner: String? {
        guard requires.contains(Self.controlledHost) else { return nil }
        return "needs a controlled host (only the bundled plugins ExpoUI and SwipeActions, no other connections); run with --spawn"
    }

    public var fullName: String { "\(file)/\(name)" }

    /// Whether the vector needs the Rating fixture plugin's views.
    public var needsRatingFixture: Bool { requires.contains(Self.ratingFixture) }

    public init(name: String, file: String, initialize: [String] = [], steps: [JSONValue], timeoutMilliseconds: Int32 = 3000) {
        self.name = name
        self.file = file
        self.initialize = initialize
        self.connections = initialize.isEmpty ? ["main"] : initialize
        self.steps = steps
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    /// Parses one vector object of a vector file.
    public init(_ value: JSONValue, file: String) throws(ConformanceError) {
        guard let name = value["name"]?.stringValue else { throw ConformanceError("\(file): a vector without a string 'name': \(value.jsonText)") }
        guard let steps = value["steps"]?.arrayValue else { throw ConformanceError("\(file): vector '\(name)' has no 'steps' array") }
        self.name = name
        self.file = file
        self.steps = steps
        let connections = value["connections"]?.arrayValue?.compactMap(\.stringValue) ?? ["main"]
        self.connections = connections
        switch value["initialize"] {
        case .bool(true)?: initialize = connections
        case let .array(names)?: initialize = names.compactMap(\.stringValue)
        default: initialize = []
        }
        timeoutMilliseconds = Int32(value["timeout"]?.intValue ?? 3000)
        if let arguments = value["hostArguments"] {
            guard let list = arguments.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                throw ConformanceError("\(file): vector '\(name)' has a 'hostArguments' that is not an array of strings")
            }
            hostArguments = list.compactMap(\.stringValue)
        }
        if let requirement = value["requires"] {
            let list = requirement.stringValue.map { [JSONValue.string($0)] } ?? requirement.arrayValue
            guard let list, list.allSatisfy({ $0.stringValue != nil }) else {
                throw ConformanceError("\(file): vector '\(name)' has a 'requires' that is not a string or an array of strings")
            }
            requires = list.compactMap(\.stringValue)
            for item in requires where !Self.knownRequirements.contains(item) {
                throw ConformanceError("\(file): vector '\(name)' requires '\(item)', which this runner does not know (known: \(Self.knownRequirements.joined(separator: ", ")))")
            }
        }
        for (index, step) in steps.enumerated() {
            let known = ["send", "sendText", "sendFrames", "sendRaw", "sendSplit", "expect", "expectNotification", "expectClose", "quiet", "close", "sleep"]
            guard let object = step.objectValue, object.keys.contains(where: { known.contains($0) }) else {
                throw ConformanceError("\(file): vector '\(name)' step \(index) is not a step: \(step.jsonText)")
            }
        }
    }

    /// Every vector in every `*.json` file of a folder, files in name order.
    public static func load(folder: String) throws(ConformanceError) -> [Vector] {
        var vectors: [Vector] = []
        var seen = Set<String>()
        for name in try listFolder(folder) where name.hasSuffix(".json") {
            let value: JSONValue
            do { value = try JSONParser.parse(try readFile(folder + "/" + name)) } catch let error as ConformanceError { throw error } catch {
                throw ConformanceError("\(folder)/\(name) is not valid JSON: \(error)")
            }
            guard let items = value.arrayValue else { throw ConformanceError("\(folder)/\(name) is not an array of vectors") }
            for item in items {
                let vector = try Vector(item, file: String(name.dropLast(5)))
                guard seen.insert(vector.fullName).inserted else { throw ConformanceError("two vectors named \(vector.fullName)") }
                vectors.append(vector)
            }
        }
        return vectors
    }
}

/// Bytes from hex text such as `"00 00 00 28 7b"` (spaces ignored).
func bytes(fromHex text: String) throws(ConformanceError) -> [UInt8] {
    let digits = Array(text.utf8.filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 })
    guard digits.count % 2 == 0 else { throw ConformanceError("odd number of hex digits in '\(text)'") }
    func nibble(_ c: UInt8) throws(ConformanceError) -> UInt8 {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x61...0x66: return c - 0x61 + 10
        case 0x41...0x46: return c - 0x41 + 10
        default: throw ConformanceError("'\(text)' is not hex")
        }
    }
    var out: [UInt8] = []
    var at = 0
    while at < digits.count {
        out.append(try nibble(digits[at]) << 4 | nibble(digits[at + 1]))
        at += 2
    }
    return out
}
