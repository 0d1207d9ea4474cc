@_spi(ModhostHost) import ModifierKit
import Synchronization
import Testing

@testable import ExpoUI

/// Shared helpers for the ExpoUI tests (a namespace, so its names cannot clash).
enum ExpoUITest {
    /// A style argument by Swift type: numbers, strings, bools and colours.
    static func argument(_ label: String, _ value: Any) -> StyleArgument {
        switch value {
        case let value as Double: return StyleArgument(label, .number(value))
        case let value as Int: return StyleArgument(label, .number(Double(value)))
        case let value as Bool: return StyleArgument(label, .bool(value))
        case let value as Color: return StyleArgument(label, .color(value))
        default: return StyleArgument(label, .string("\(value)"))
        }
    }

    /// A recorded style with its arguments; `hasHeadlessEffect` false for one recorded with a
    /// `no-headless-effect` warning.
    static func named(_ name: String, hasHeadlessEffect: Bool = true, _ arguments: [(String, Any)]) -> ResolvedStyle {
        .named(NamedStyle(name, arguments.map { argument($0.0, $0.1) }, hasHeadlessEffect: hasHeadlessEffect))
    }

    /// An ordinary (decoding) context.
    static let context = AppContext(hostVersion: "0.0.0-test", log: .silent)

    /// `M` made from `params` as the module's factory makes it, with `events` recording what
    /// it dispatches (nothing is recorded without it).
    static func make<M: ExpoUIModifier>(_ type: M.Type, _ params: Dict = [:], events: EventLog? = nil) throws -> M {
        let dispatcher = (events ?? EventLog()).dispatcher(for: "\(type)")
        return try M(from: params, appContext: context, eventDispatcher: dispatcher)
    }

    /// What `M` made from `params` does to the view.
    static func effect<M: ExpoUIModifier>(_ type: M.Type, _ params: Dict = [:], events: EventLog? = nil) throws -> ModifierEffect {
        ModifierEvaluator.evaluate(try make(type, params, events: events))
    }

    /// The `FieldError` that making a modifier from `params` throws.
    static func fieldError(_ body: () throws -> Any) throws -> FieldError {
        try #require(throws: FieldError.self) { _ = try body() }
    }

    /// A params value as canonical text: object keys sorted, strings quoted.
    static func canonical(_ value: Any) -> String {
        switch value {
        case let string as String: return "\"" + string + "\""
        case is JSNull: return "null"
        case let bool as Bool: return bool ? "true" : "false"
        case let int as Int: return String(int)
        case let double as Double: return String(double)
        case let array as [Any]: return "[" + array.map(canonical).joined(separator: ",") + "]"
        case let object as [String: Any]:
            return "{" + object.keys.sorted().map { "\"\($0)\":" + canonical(object[$0]!) }.joined(separator: ",") + "}"
        default: return "<\(type(of: value)): \(value)>"
        }
    }
}

/// The plugin's modifiers, made as the module's factories make them.
protocol ExpoUIModifier: ViewModifier, Record {
    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws
}

extension ExpoUIModifier {
    /// A modifier that sends no events is made from its params alone, as the module's
    /// factory makes it.
    init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
        try self.init(from: params, appContext: appContext)
    }
}

extension OnTapGestureModifier: ExpoUIModifier {}
extension OnLongPressGestureModifier: ExpoUIModifier {}
extension OnAppearModifier: ExpoUIModifier {}
extension OnDisappearModifier: ExpoUIModifier {}
extension RefreshableModifier: ExpoUIModifier {}
extension OnSubmitModifier: ExpoUIModifier {}
extension DisabledModifier: ExpoUIModifier {}
extension HiddenModifier: ExpoUIModifier {}
extension ContentShapeModifier: ExpoUIModifier {}
extension PaddingModifier: ExpoUIModifier {}
extension FrameModifier: ExpoUIModifier {}
extension BackgroundModifier: ExpoUIModifier {}
extension ForegroundStyleModifier: ExpoUIModifier {}
extension TintModifier: ExpoUIModifier {}
extension FontModifier: ExpoUIModifier {}
extension OpacityModifier: ExpoUIModifier {}
extension CornerRadiusModifier: ExpoUIModifier {}
extension BorderModifier: ExpoUIModifier {}
extension ListRowBackgroundModifier: ExpoUIModifier {}
extension BadgeModifier: ExpoUIModifier {}
extension DeleteDisabledModifier: ExpoUIModifier {}
extension SymbolEffectModifier: ExpoUIModifier {}
extension SymbolEffectsRemovedModifier: ExpoUIModifier {}
extension TransitionModifier: ExpoUIModifier {}
extension ContentTransitionModifier: ExpoUIModifier {}
extension ImageScaleModifier: ExpoUIModifier {}
extension SymbolRenderingModeModifier: ExpoUIModifier {}
extension SymbolVariantModifier: ExpoUIModifier {}
extension FontWeightModifier: ExpoUIModifier {}

/// Records the payloads modifiers dispatch, as canonical text, from any thread.
final class EventLog: Sendable {
    private let payloads = Mutex<[String]>([])

    init() {}

    /// A dispatcher for a modifier of `type` that records here.
    func dispatcher(for type: String) -> EventDispatcher {
        EventDispatcher(modifierType: type) { payload in
            let text = ExpoUITest.canonical(payload)
            self.payloads.withLock { $0.append(text) }
        }
    }

    /// The payloads dispatched so far, in order.
    var all: [String] { payloads.withLock { $0 } }

    /// Waits (up to 60 s: the task that dispatches shares the test runner's threads, which
    /// a sanitized run under full load keeps busy for seconds) until `count` payloads were
    /// dispatched, and returns them.
    func waitFor(count: Int) async throws -> [String] {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(60)
        while all.count < count {
            guard clock.now < deadline else {
                let got = all
                if got.count >= count { return got }
                Issue.record("waited 60 s for \(count) events; got \(got)")
                return got
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        return all
    }
}
extension SearchableModifier: ExpoUIModifier {}
extension PresentationDetentsModifier: ExpoUIModifier {}
