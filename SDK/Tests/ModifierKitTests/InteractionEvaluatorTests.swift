import Testing
@_spi(ModhostHost) import ModifierKit

/// A modifier whose body is the closure it was made with.
private struct BodyModifier<Result: View>: ViewModifier {
    let make: (Content) -> Result
    init(@ViewBuilder _ make: @escaping (Content) -> Result) { self.make = make }
    func body(content: Content) -> Result { make(content) }
}

private func effect<Result: View>(@ViewBuilder _ make: @escaping (ModifiedContent) -> Result) -> ModifierEffect {
    ModifierEvaluator.evaluate(BodyModifier(make))
}

private final class Runs {
    var names: [String] = []
    func run(_ name: String) -> () -> Void { { self.names.append(name) } }
}

@Suite("ModifierEvaluator: gestures, lifecycle and styles", .timeLimit(.minutes(20)))
struct InteractionEvaluatorTests {
    @Test func tapHandlersAroundTheContentAreFoundInnermostFirst() {
        let runs = Runs()
        let found = effect { content in
            content
                .onTapGesture(count: 2, perform: runs.run("double"))
                .onTapGesture(perform: runs.run("single"))
        }
        #expect(found.taps.map(\.count) == [2, 1])
        found.taps.forEach { $0.perform() }
        #expect(runs.names == ["double", "single"])
    }

    @Test func aButtonWhoseLabelHoldsTheContentIsATapHandler() {
        let runs = Runs()
        let found = effect { content in
            Button(action: runs.run("open")) { content }
        }
        #expect(found.includesContent)
        #expect(found.taps.count == 1)
        found.taps.first?.perform()
        #expect(runs.names == ["open"])
        // A button beside the content taps nothing of the node.
        let beside = effect { content in
            content
            Button("Other", action: runs.run("other"))
        }
        #expect(beside.taps.isEmpty)
    }

    @Test func modifiersOnAViewThatIsNotTheContentDoNothingToTheNode() {
        let runs = Runs()
        let found = effect { content in
            content
            Text("Footer").onTapGesture(perform: runs.run("footer")).padding().hidden()
        }
        #expect(found.taps.isEmpty)
        #expect(found.styles.isEmpty)
        #expect(!found.isHidden)
    }

    @Test func longPressKeepsItsDurationAndPressingCallback() {
        let runs = Runs()
        let found = effect { content in
            content.onLongPressGesture(minimumDuration: 1.5, perform: runs.run("long")) { pressing in
                runs.names.append("pressing \(pressing)")
            }
        }
        let press = try! #require(found.longPresses.first)
        #expect(press.minimumDuration == 1.5)
        press.onPressingChanged?(true)
        press.perform()
        #expect(runs.names == ["pressing true", "long"])
        #expect(effect { $0.onLongPressGesture {} }.longPresses.first?.minimumDuration == 0.5)
    }

    @Test func lifecycleActionsAreFoundEachOnce() {
        let runs = Runs()
        let found = effect { content in
            content.onAppear(perform: runs.run("a1")).onDisappear(perform: runs.run("d")).onAppear(perform: runs.run("a2")).onAppear()
        }
        #expect(found.appearActions.count == 2)
        #expect(found.disappearActions.count == 1)
        found.appearActions.forEach { $0() }
        #expect(runs.names == ["a1", "a2"])
    }

    @Test func theInnermostRefreshableWins() async {
        let inner = KitTestRecorder<String>()
        let found = effect { content in
            content.refreshable { inner.append("inner") }.refreshable { inner.append("outer") }
        }
        await found.refreshAction?()
        #expect(inner.values == ["inner"])
    }

    @Test func submitHandlersKeepTheirTriggers() {
        let found = effect { content in
            content.onSubmit {}.onSubmit(of: .search) {}
        }
        #expect(found.submits.map(\.triggers) == [.text, .search])
    }

    @Test func disabledHiddenAndContentShape() {
        #expect(effect { $0.disabled(true) }.isDisabled)
        #expect(!effect { $0.disabled(false) }.isDisabled)
        // disabled(false) inside does not undo a disabled(true) around it, nor the reverse.
        #expect(effect { $0.disabled(false).disabled(true) }.isDisabled)
        #expect(effect { $0.disabled(true).disabled(false) }.isDisabled)
        #expect(effect { $0.hidden() }.isHidden)
        #expect(effect { $0.contentShape(Rectangle()) }.contentShape == ResolvedShape(name: "rectangle"))
        #expect(effect { $0.contentShape(RoundedRectangle(cornerRadius: 6)) }.contentShape == ResolvedShape(name: "roundedRectangle", cornerRadius: 6))
    }

    @Test func stylesAreRecordedInTheOrderTheyApply() {
        let found = effect { content in
            content
                .padding()
                .background(.red, in: Capsule())
                .padding(.horizontal, 4)
                .font(.title.bold())
                .foregroundStyle(.blue)
                .opacity(0.5)
                .frame(maxWidth: .infinity, alignment: .leading)
                .cornerRadius(8)
                .border(.gray, width: 2)
                .listRowBackground(.yellow)
                .badge(3)
                .badge(0)
                .badge("New")
                .deleteDisabled(true)
                .font(nil)
        }
        #expect(found.styles == [
            .padding(EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)),
            .background(.red, shape: ResolvedShape(name: "capsule")),
            .padding(EdgeInsets(leading: 4, trailing: 4)),
            .font(Font.title.weight(.bold)),
            .foregroundStyle(.blue),
            .opacity(0.5),
            .frame(ResolvedFrame(maxWidth: .infinity, alignment: .leading)),
            .cornerRadius(8),
            .border(.gray, width: 2),
            .listRowBackground(.yellow),
            .badge("3"),
            .badge("New"),
            .deleteDisabled(true),
        ])
    }

    @Test func wrappersInsideSwipeActionsDoNotReachTheRow() {
        let found = effect { content in
            content.swipeActions {
                Button("Delete") {}.onTapGesture {}.padding()
            }
        }
        #expect(found.taps.isEmpty)
        #expect(found.styles.isEmpty)
        #expect(found.swipeActions.first?.actions.map(\.id) == ["Delete"])
    }

    @Test func deferredSwipeActionsAreReadWhenResolved() {
        let runs = Runs()
        let modifier = BodyModifier { content in
            content
                .swipeActions(edge: .leading) { Button("Pin", action: runs.run("pin")) }
                .swipeActions { Text("not a button"); Button("Delete", action: runs.run("delete")) }
                .onAppear(perform: runs.run("appear"))
        }
        var deferred = ModifierEvaluator.evaluate(modifier, deferringSwipeActions: true)
        #expect(deferred.swipeActions.isEmpty && deferred.ignored.isEmpty)
        #expect(deferred.hasSwipeActions && !deferred.isInert)
        #expect(deferred.appearActions.count == 1)
        deferred.resolveSwipeActions()
        let eager = ModifierEvaluator.evaluate(modifier)
        #expect(deferred.swipeActions.map { $0.actions.map(\.id) } == eager.swipeActions.map { $0.actions.map(\.id) })
        #expect(deferred.swipeActions.map(\.edge) == [.leading, .trailing])
        #expect(deferred.ignored == ["Text"] && eager.ignored == ["Text"])
        #expect(deferred.deferredSwipeActions.isEmpty)
    }
}
