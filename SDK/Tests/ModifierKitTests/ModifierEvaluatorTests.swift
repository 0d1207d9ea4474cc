import Testing
@_spi(ModhostHost) import ModifierKit

/// A modifier whose body is the closure it was made with.
private struct InlineModifier<Result: View>: ViewModifier {
    let make: (Content) -> Result
    init(@ViewBuilder _ make: @escaping (Content) -> Result) { self.make = make }
    func body(content: Content) -> Result { make(content) }
}

/// Evaluates a modifier whose body is `make`.
private func effect<Result: View>(@ViewBuilder _ make: @escaping (ModifiedContent) -> Result) -> ModifierEffect {
    ModifierEvaluator.evaluate(InlineModifier(make))
}

/// Counts the runs of actions.
private final class Presses {
    var names: [String] = []
    func press(_ name: String) -> () -> Void { { self.names.append(name) } }
}

private struct Item: Identifiable {
    let id: Int
    let title: String
}

/// A view of the test's own, evaluated through its body.
private struct DeleteButton: View {
    let presses: Presses
    var body: some View {
        Button(role: .destructive, action: presses.press("delete")) {
            Label("Delete", systemImage: "trash")
        }
    }
}

/// A view whose body contains itself, endlessly.
private struct Endless: View {
    var body: some View { AnyView(Endless()) }
}

/// A view of the test's own that has no body to evaluate.
private struct Opaque: View {
    var body: Never { fatalError("no body") }
}

/// The cases of `switchPicksOneCase` (internal: test arguments cannot be private).
enum EvaluatorTestMode: Sendable { case one, two, three }

@Suite("ModifierEvaluator", .timeLimit(.minutes(20)))
struct ModifierEvaluatorTests {
    // MARK: swipeActions

    @Test func swipeActionsDefaultsToTrailingWithFullSwipe() {
        let result = effect { content in
            content.swipeActions {
                Button("Flag") {}
            }
        }
        #expect(result.swipeActions.count == 1)
        #expect(result.swipeActions[0].edge == .trailing)
        #expect(result.swipeActions[0].allowsFullSwipe == true)
        #expect(result.swipeActions[0].actions.map(\.id) == ["Flag"])
    }

    @Test func groupsComeInnermostFirstAndKeepTheirEdges() {
        let result = effect { content in
            content
                .swipeActions(edge: .leading, allowsFullSwipe: false) { Button("Read") {} }
                .swipeActions(edge: .trailing) { Button("Delete") {} }
                .swipeActions(edge: .leading) { Button("Pin") {} }
        }
        #expect(result.swipeActions.map(\.edge) == [.leading, .trailing, .leading])
        #expect(result.swipeActions.map(\.allowsFullSwipe) == [false, true, true])
        #expect(result.swipeActions.map { $0.actions.map(\.id) } == [["Read"], ["Delete"], ["Pin"]])
    }

    @Test func actionsKeepTheOrderWrittenAndRunTheirClosures() {
        let presses = Presses()
        let result = effect { content in
            content.swipeActions {
                Button(role: .destructive, action: presses.press("a")) { Label("Delete", systemImage: "trash") }
                Button("Flag", action: presses.press("b"))
                Button("Later", role: .cancel, action: presses.press("c"))
                Button("Trash", systemImage: "trash", role: .destructive, action: presses.press("d"))
                Button("Share", systemImage: "square.and.arrow.up") { presses.press("e")() }
            }
        }
        let actions = result.swipeActions[0].actions
        #expect(actions.map(\.label) == ["Delete", "Flag", "Later", "Trash", "Share"])
        #expect(actions.map(\.systemImage) == ["trash", nil, nil, "trash", "square.and.arrow.up"])
        #expect(actions.map(\.role) == [.destructive, nil, .cancel, .destructive, nil])
        #expect(presses.names.isEmpty)
        actions[2].perform()
        actions[0].perform()
        actions[4].perform()
        actions[3].perform()
        #expect(presses.names == ["c", "a", "e", "d"])
    }

    @Test func labelsAndImagesComeFromTextLabelAndSystemImages() {
        let result = effect { content in
            content.swipeActions {
                Button {} label: { Label("Archive", systemImage: "archivebox") }
                Button {} label: { Image(systemName: "flag") }
                Button {} label: {
                    Image(systemName: "star")
                    Text("Star")
                }
                Button {} label: { Image("custom-asset") }
                Button {} label: {
                    Text("First")
                    Label("Second", systemImage: "2.circle")
                    Image(systemName: "3.circle")
                }
            }
        }
        let actions = result.swipeActions[0].actions
        // The first title and the first system image of a label count.
        #expect(actions.map(\.label) == ["Archive", nil, "Star", nil, "First"])
        #expect(actions.map(\.systemImage) == ["archivebox", "flag", "star", nil, "2.circle"])
        #expect(result.ignored.isEmpty)
    }

    // MARK: ids

    @Test func forEachElementIdsAreTheActionIds() {
        let numbers = [7, 3, 11]
        let result = effect { content in
            content.swipeActions {
                ForEach(numbers, id: \.self) { number in
                    Button("N\(number)") {}
                }
            }
        }
        #expect(result.swipeActions[0].actions.map(\.id) == ["7", "3", "11"])
        #expect(result.swipeActions[0].actions.map(\.label) == ["N7", "N3", "N11"])
    }

    @Test func identifiableAndRangeForEachGiveIdsToo() {
        let items = [Item(id: 40, title: "Forty"), Item(id: 2, title: "Two")]
        let result = effect { content in
            content
                .swipeActions(edge: .leading) {
                    ForEach(items) { item in Button(item.title) {} }
                }
                .swipeActions {
                    ForEach(0..<3) { index in
                        Button {} label: { Image(systemName: "circle.\(index)") }
                    }
                }
        }
        #expect(result.swipeActions[0].actions.map(\.id) == ["40", "2"])
        #expect(result.swipeActions[1].actions.map(\.id) == ["0", "1", "2"])
    }

    @Test func idFallsBackToLabelThenPosition() {
        let result = effect { content in
            content.swipeActions {
                Button("Edit") {}
                Button {} label: { Image(systemName: "flag") }
                Button {} label: { Label("Share", systemImage: "square.and.arrow.up") }
                Button {} label: { EmptyView() }
            }
        }
        #expect(result.swipeActions[0].actions.map(\.id) == ["Edit", "1", "Share", "3"])
    }

    @Test func innermostForEachGivesTheId() {
        let groups = [["a", "b"], ["c"]]
        let result = effect { content in
            content.swipeActions {
                ForEach(groups.indices, id: \.self) { group in
                    ForEach(groups[group], id: \.self) { name in
                        Button("Button \(name)") {}
                    }
                }
                Button("After") {}
            }
        }
        #expect(result.swipeActions[0].actions.map(\.id) == ["a", "b", "c", "After"])
    }

    // MARK: builder branches

    @Test(arguments: [true, false])
    func ifWithoutElse(show: Bool) {
        let result = effect { content in
            content.swipeActions {
                Button("Always") {}
                if show {
                    Button("Sometimes") {}
                }
            }
        }
        #expect(result.swipeActions[0].actions.map(\.id) == (show ? ["Always", "Sometimes"] : ["Always"]))
    }

    @Test(arguments: [true, false])
    func ifElse(unread: Bool) {
        let result = effect { content in
            content.swipeActions(edge: .leading) {
                Button {} label: {
                    if unread {
                        Label("Read", systemImage: "envelope.open")
                    } else {
                        Label("Unread", systemImage: "envelope.badge")
                    }
                }
            }
        }
        let action = result.swipeActions[0].actions[0]
        #expect(action.label == (unread ? "Read" : "Unread"))
        #expect(action.systemImage == (unread ? "envelope.open" : "envelope.badge"))
    }

    @Test(arguments: ["pencil", nil] as [String?])
    func ifLetElse(icon: String?) {
        let result = effect { content in
            content.swipeActions {
                Button {} label: {
                    if let icon {
                        Label("Edit", systemImage: icon)
                    } else {
                        Text("Edit")
                    }
                }
            }
        }
        #expect(result.swipeActions[0].actions[0].label == "Edit")
        #expect(result.swipeActions[0].actions[0].systemImage == icon)
    }

    @Test(arguments: [EvaluatorTestMode.one, .two, .three])
    func switchPicksOneCase(mode: EvaluatorTestMode) {
        let result = effect { content in
            content.swipeActions {
                switch mode {
                case .one:
                    Button("One") {}
                case .two:
                    Button("Two") {}
                    Button("Two more") {}
                case .three:
                    EmptyView()
                }
            }
        }
        let expected: [String] = switch mode {
        case .one: ["One"]
        case .two: ["Two", "Two more"]
        case .three: []
        }
        #expect(result.swipeActions[0].actions.map(\.id) == expected)
    }

    @Test(arguments: [true, false])
    func optionalViews(present: Bool) {
        let extra: Button<Text>? = present ? Button("Extra") {} : nil
        let title: Text? = present ? Text("Titled") : nil
        let result = effect { content in
            content.swipeActions {
                extra
                Button {} label: {
                    title
                    Image(systemName: "tag")
                }
            }
        }
        #expect(result.swipeActions[0].actions.map(\.label) == (present ? ["Extra", "Titled"] : [nil]))
        #expect(result.ignored.isEmpty)
    }

    @Test func letDeclarationsAndAvailabilityInsideBuilders() {
        let result = effect { content in
            let edge: HorizontalEdge = .leading
            content.swipeActions(edge: edge) {
                let title = "Computed"
                if #available(macOS 10.15, iOS 13, *) {
                    Button(title) {}
                }
            }
        }
        #expect(result.swipeActions[0].edge == .leading)
        #expect(result.swipeActions[0].actions.map(\.id) == ["Computed"])
    }

    @Test func viewsOfThePluginsOwnAreEvaluatedThroughTheirBody() {
        let presses = Presses()
        let result = effect { content in
            content.swipeActions {
                DeleteButton(presses: presses).tint(.purple)
                AnyView(Group { Button("Erased", action: presses.press("erased")) })
            }
        }
        let actions = result.swipeActions[0].actions
        #expect(actions.map(\.id) == ["Delete", "Erased"])
        #expect(actions[0].systemImage == "trash")
        #expect(actions[0].role == .destructive)
        #expect(actions[0].tint == .purple)
        actions[0].perform()
        actions[1].perform()
        #expect(presses.names == ["delete", "erased"])
    }

    // MARK: tint

    @Test func innermostTintWins() {
        let result = effect { content in
            content.swipeActions {
                Group {
                    Button("Own") {}.tint(.red)
                    Button("Inherited") {}
                    Button("Cleared") {}.tint(nil)
                    Button("Innermost") {}.tint(.green).tint(.orange)
                    Group {
                        Button("Nested") {}
                    }
                    .tint(.yellow)
                }
                .tint(.blue)
                Button("Untinted") {}
            }
        }
        let tints = result.swipeActions[0].actions.map(\.tint)
        #expect(tints == [.red, .blue, nil, .green, .yellow, nil])
    }

    @Test func tintInsideALabelDoesNotTintTheButton() {
        let result = effect { content in
            content.swipeActions {
                Button {} label: { Text("Label").tint(.red) }
            }
        }
        #expect(result.swipeActions[0].actions[0].tint == nil)
        #expect(result.swipeActions[0].actions[0].label == "Label")
    }

    @Test func tintOnTheContentIsTheEffectsTintAndDoesNotReachTheActions() {
        let result = effect { content in
            content
                .tint(.pink)
                .tint(.teal)
                .swipeActions { Button("Plain") {} }
                .tint(.indigo)
        }
        #expect(result.tint == .pink)
        #expect(result.swipeActions[0].actions[0].tint == nil)
    }

    @Test func tintNilOnTheContentMeansNoTint() {
        #expect(effect { content in content.tint(nil).tint(.red) }.tint == nil)
        #expect(effect { content in content }.tint == nil)
    }

    // MARK: what is ignored

    @Test func nonButtonsInsideSwipeActionsAreIgnoredByName() {
        let result = effect { content in
            content.swipeActions {
                Text("Note")
                Button("Keep") {}
                Spacer()
                Image(systemName: "flag")
                Label("Hint", systemImage: "info")
                Opaque()
                EmptyView()
            }
        }
        #expect(result.swipeActions[0].actions.map(\.id) == ["Keep"])
        #expect(result.ignored == ["Text", "Spacer", "Image", "Label", "Opaque"])
    }

    @Test func buttonsOutsideSwipeActionsAndSwipeActionsOffTheContentHaveNoEffect() {
        let presses = Presses()
        let result = effect { content in
            content
            Button("Loose", action: presses.press("loose"))
            Text("Side").swipeActions { Button("Lost", action: presses.press("lost")) }
        }
        #expect(result.includesContent)
        #expect(result.swipeActions.isEmpty)
        // Only views among swipe actions are listed.
        #expect(result.ignored.isEmpty)
        #expect(presses.names.isEmpty)
    }

    @Test func whatALabelShowsIsNeverListed() {
        let result = effect { content in
            content.swipeActions {
                Button {} label: {
                    Spacer()
                    Button("Inner") {}
                    Opaque()
                    Text("Shown")
                }
            }
        }
        #expect(result.swipeActions[0].actions.map(\.id) == ["Shown"])
        #expect(result.ignored.isEmpty)
    }

    @Test func swipeActionsNestedInActionsAndContentInActionsAreIgnored() {
        let result = effect { content in
            content.swipeActions {
                Button("Outer") {}
                    .swipeActions(edge: .leading) { Button("Inner") {} }
                content
            }
        }
        #expect(result.swipeActions.count == 1)
        #expect(result.swipeActions[0].actions.map(\.id) == ["Outer"])
        #expect(result.ignored == ["swipeActions", "ModifiedContent"])
    }

    @Test func endlesslyRecursiveViewsStopAndAreListed() {
        let result = effect { content in
            content.swipeActions {
                Button("Before") {}
                Endless()
                Button("After") {}
            }
        }
        #expect(result.swipeActions[0].actions.map(\.id) == ["Before", "After"])
        #expect(result.ignored.count == 1)
    }

    @Test func bodyWithoutTheContent() {
        let result = effect { _ in
            Text("Replacement")
        }
        #expect(!result.includesContent)
        #expect(result.swipeActions.isEmpty)
        #expect(result.ignored.isEmpty)
    }

    @Test func contentAloneHasNoEffect() {
        let result = effect { content in content }
        #expect(result.includesContent)
        #expect(result.swipeActions.isEmpty)
        #expect(result.tint == nil)
        #expect(result.ignored.isEmpty)
    }

    @Test func modifierAsAnExistentialIsOpened() {
        let modifier: any ViewModifier = InlineModifier { content in
            content.swipeActions { Button("Any") {} }
        }
        #expect(ModifierEvaluator.evaluate(modifier).swipeActions[0].actions.map(\.id) == ["Any"])
    }
}
