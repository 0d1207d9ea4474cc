@_spi(ModhostHost) import ModifierKit
import Testing

// Plugin views without a host: the guide's Rating and Counter (GuideExamplesTests) made from
// props as the host makes them, their bodies evaluated, their controls driven.

private let context = AppContext(hostVersion: "test", log: .silent)

/// The one view `module` declares.
private func registration(_ module: some Module) throws -> ViewRegistration {
    try #require(module.definition().views.first)
}

/// What `element` shows (`HeadlessElement.outline`), for comparing whole bodies.
private func outline(_ element: HeadlessElement) -> String { element.outline }

@Suite("Plugin views", .timeLimit(.minutes(5)))
struct ViewTests {
    @Test func aViewIsNamedAfterItsTypeAndListsItsEvents() throws {
        let rating = try registration(RatingModule(appContext: context))
        #expect(rating.name == "Rating")
        #expect(rating.typeName == "RatingView")
        #expect(rating.events == ["onValueChange"])
        let properties = try #require(rating.propsSchema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == ["value", "max", "label"])
        #expect(ViewRegistration.wireName(ofType: "View") == "View")
        #expect(ViewRegistration.wireName(ofType: "Panel") == "Panel")
    }

    @Test func theBodyIsEvaluatedFromTheProps() throws {
        let rating = try registration(RatingModule(appContext: context))
        let view = try rating.makeInstance(params: ["value": 1, "max": 2, "label": "Hi"], appContext: context, state: ViewStateStore()) { _, _ in }
        let body = view.render()
        #expect(body.ignored.isEmpty)
        #expect(outline(body.root) == "HStack(alignment=center)[Text(text=Hi) Button[Image(systemName=star.fill)] Button[Image(systemName=star)]]")
    }

    @Test func aButtonsActionSendsThePropsEvent() throws {
        let rating = try registration(RatingModule(appContext: context))
        var sent: [(String, Dict)] = []
        let view = try rating.makeInstance(params: ["max": 3], appContext: context, state: ViewStateStore()) { sent.append(($0, $1)) }
        let star = try #require(view.render().root.element(at: [2]))
        guard case .taken = star.tap() else { Issue.record("the star takes the tap"); return }
        #expect(sent.map(\.0) == ["onValueChange"])
        #expect(sent.first?.1["value"] as? Int == 2)
    }

    @Test func aBadPropIsAFieldErrorAtItsKey() throws {
        let rating = try registration(RatingModule(appContext: context))
        let error = try #require(throws: FieldError.self) {
            try rating.makeInstance(params: ["max": "five"], appContext: context, state: ViewStateStore()) { _, _ in }
        }
        #expect(error.path == "max")
    }

    @Test func stateOutlivesTheViewValueInItsStore() throws {
        let counter = try registration(CounterModule(appContext: context))
        let store = ViewStateStore()
        let first = try counter.makeInstance(params: ["title": "A"], appContext: context, state: store) { _, _ in }
        let add = try #require(first.render().root.element(at: [2]))
        _ = add.tap()
        _ = add.tap()
        #expect(outline(first.render().root.children[0]) == "Text(text=A: 2)")
        // New props make a new view value; its @States find the store's values.
        let second = try counter.makeInstance(params: ["title": "B"], appContext: context, state: store) { _, _ in }
        #expect(outline(second.render().root.children[0]) == "Text(text=B: 2)")
        #expect(store.count == 2)
        // Switching the toggle off disables the button.
        _ = try #require(second.render().root.element(at: [1])).tap()
        let disabled = try #require(second.render().root.element(at: [2]))
        #expect(disabled.isDisabled)
        guard case let .notTaken(reason) = disabled.tap() else { Issue.record("a disabled button takes no tap"); return }
        #expect(reason.contains("disabled"))
        #expect(outline(second.render().root.children[0]) == "Text(text=B: 2)")
        // A new store is a new node: state from its defaults.
        let fresh = try counter.makeInstance(params: ["title": "C"], appContext: context, state: ViewStateStore()) { _, _ in }
        #expect(outline(fresh.render().root.children[0]) == "Text(text=C: 0)")
    }

    @Test func controlsActOnTheirBindings() {
        var isOn = false
        var text = "a"
        var value = 0.0
        var choice = 1
        var submitted = 0
        let toggle = Binding(get: { isOn }, set: { isOn = $0 })
        let field = Binding(get: { text }, set: { text = $0 })
        let slider = Binding(get: { value }, set: { value = $0 })
        let picker = Binding(get: { choice }, set: { choice = $0 })
        let body = RenderedBody.of(ControlsView(toggle: toggle, field: field, slider: slider, picker: picker) { submitted += 1 })
        let root = body.root
        #expect(root.type == "Group")
        _ = root.children[0].tap()
        #expect(isOn)
        _ = root.children[1].type("b", replacing: false)
        #expect(text == "ab")
        _ = root.children[1].type("z", replacing: true)
        #expect(text == "z")
        _ = root.children[1].submit()
        #expect(submitted == 1)
        _ = root.children[2].slide(to: 0.74)
        #expect(value == 0.75)
        _ = root.children[2].slide(to: -3)
        #expect(value == 0)
        let options = root.children[3].children
        #expect(options.map(outline) == ["Text(text=one,tag=1,selected=true)", "Text(text=two,tag=2,selected=false)", "Text(text=free)"])
        _ = options[1].tap()
        #expect(choice == 2)
        guard case .notTaken = options[2].tap() else { Issue.record("an option without a tag is no option"); return }
        guard case .notTaken = root.children[0].slide(to: 1) else { Issue.record("a toggle does not slide"); return }
    }

    /// A decimal step lands on the number as written, as the host's own Slider does.
    @Test func aDecimalStepSnapsToTheNumberAsWritten() {
        var value = 0.0
        let body = RenderedBody.of(TenthsSlider(value: Binding(get: { value }, set: { value = $0 })))
        _ = body.root.slide(to: 0.29)
        #expect(value == 0.3)
        _ = body.root.slide(to: 0.72)
        #expect(value == 0.7)
        #expect(SliderSnapping.snapped(0.34, min: 0.05, max: 1, step: 0.1) == 0.35)
        #expect(SliderSnapping.snapped(7, min: 0, max: 10, step: 4) == 8)
        #expect(SliderSnapping.snapped(11, min: 0, max: 10, step: 4) == 8, "never past max")
        #expect(SliderSnapping.snapped(-1, min: 0, max: 10, step: nil) == 0)
    }

    @Test func viewsWithoutAHeadlessFormAreLeftOutAndNamed() {
        let body = RenderedBody.of(OpaqueHolder())
        #expect(outline(body.root) == "VStack(alignment=center)[Text(text=kept)]")
        #expect(body.ignored == ["Opaque"])
    }
}

private final class CounterModule: Module {
    func definition() -> ModuleDefinition {
        Name("Counter")
        View(CounterView.self)
    }
}

/// A slider in tenths.
private struct TenthsSlider: View {
    let value: Binding<Double>
    var body: some View { Slider(value: value, in: 0...1, step: 0.1) }
}

/// A body of every control, bound to the test's variables.
private struct ControlsView: View {
    let toggle: Binding<Bool>
    let field: Binding<String>
    let slider: Binding<Double>
    let picker: Binding<Int>
    let onSubmit: () -> Void
    var body: some View {
        Toggle("On", isOn: toggle)
        TextField("Name", text: field, onSubmit: onSubmit)
        Slider(value: slider, in: 0...1, step: 0.25)
        Picker("Pick", selection: picker) {
            Text("one").tag(1)
            Text("two").tag(2)
            Text("free")
        }
    }
}

/// A primitive of no headless form, as a `UIViewRepresentable` would be.
private struct Opaque: View {
    var body: Never { fatalError("primitive") }
}

private struct OpaqueHolder: View {
    var body: some View {
        VStack {
            Text("kept")
            Opaque()
        }
    }
}

@Suite("PluginTestHost: views", .timeLimit(.minutes(5)))
struct PluginTestHostViewTests {
    @Test func stateSurvivesAnUpdateAndControlsFollowTheirRules() throws {
        let host = PluginTestHost(modules: [CounterModule.self, RatingModule.self])
        #expect(host.views == ["Counter", "Rating"])
        let counter = try host.makeView("Counter", props: ["title": "A"])
        #expect(counter.tap("0/2"))
        #expect(counter.outline.contains("Text(text=A: 1)"))
        try counter.update(props: ["title": "B"])
        #expect(counter.outline.contains("Text(text=B: 1)"), "the update kept @State: \(counter.outline)")
        #expect(counter.tap("0/1"), "the toggle flips")
        #expect(!counter.tap("0/2"), "the button is disabled now")
        #expect(counter.outline.contains("Button!disabled"), "\(counter.outline)")
        #expect(!counter.tap("0/9"))
        #expect(!counter.tap("1"))
        let missing = try #require(throws: PluginTestError.self) { try host.makeView("Ratting") }
        #expect(missing.path == "type")
    }
}
