@_spi(ModhostHost) import ModifierKit
import Synchronization

/// Shared helpers for the ModifierKit tests (a namespace, so that its names cannot clash with
/// other test files).
enum KitTestSupport {
    /// An ordinary (decoding) context.
    static let context = AppContext(hostVersion: "0.0.0-test", log: .silent)
    /// A context in describing mode.
    static let describing = AppContext(hostVersion: "0.0.0-test", log: .silent, isDescribing: true)

    /// A params value as canonical JSON-ish text: object keys sorted, strings quoted, `null`
    /// for `JSNull`. Two values with the same text have the same shape and contents.
    static func canonical(_ value: Any) -> String {
        switch value {
        case let string as String: return "\"" + string + "\""
        case is JSNull: return "null"
        case let bool as Bool: return bool ? "true" : "false"
        case let int as Int: return "int:" + String(int)
        case let double as Double: return "double:" + String(double)
        case let array as [Any]: return "[" + array.map(canonical).joined(separator: ",") + "]"
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { "\"\($0)\":" + canonical(object[$0]!) }.joined(separator: ",") + "}"
        default: return "<\(type(of: value)): \(value)>"
        }
    }
}

/// Collects values from `@Sendable` callbacks.
final class KitTestRecorder<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])
    init() {}
    func append(_ value: Value) { storage.withLock { $0.append(value) } }
    var values: [Value] { storage.withLock { $0 } }
}
