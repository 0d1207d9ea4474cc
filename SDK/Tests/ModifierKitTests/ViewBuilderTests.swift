import Testing
@_spi(ModhostHost) import ModifierKit

/// A modifier whose body is the view it was made with, placed in swipe actions.
private struct ActionsModifier<Actions: View>: ViewModifier {
    let actions: Actions
    func body(content: Content) -> some View {
        content.swipeActions { actions }
    }
}

private func actionIDs(_ actions: some View) -> [String] {
    ModifierEvaluator.evaluate(ActionsModifier(actions: actions)).swipeActions[0].actions.map(\.id)
}

@ViewBuilder private func one() -> some View {
    Text("one")
}

@ViewBuilder private func two() -> TupleView<(Text, Image)> {
    Text("two")
    Image(systemName: "2.circle")
}

@ViewBuilder private func none() -> EmptyView {}

@ViewBuilder private func conditional(_ flag: Bool) -> ConditionalView<Text, Image> {
    if flag {
        Text("yes")
    } else {
        Image(systemName: "xmark")
    }
}

@ViewBuilder private func optional(_ flag: Bool) -> OptionalView<Text> {
    if flag {
        Text("maybe")
    }
}

@Suite("Views: builder and primitives", .timeLimit(.minutes(20)))
struct ViewBuilderTests {
    @Test func builderShapes() {
        #expect(one() is Text)
        #expect(two().value.0.content == "two")
        #expect(two().value.1.name == "2.circle")
        _ = none()
        if case .first(let text) = conditional(true) { #expect(text.content == "yes") } else { Issue.record("not first") }
        if case .second(let image) = conditional(false) { #expect(image.isSystemImage) } else { Issue.record("not second") }
        #expect(optional(true).wrapped?.content == "maybe")
        #expect(optional(false).wrapped == nil)
    }

    @Test func tupleViewMadeByHandIsEvaluatedToo() {
        let tuple = TupleView((Button("A") {}, Text("skip"), Button("B") {}))
        #expect(actionIDs(tuple) == ["A", "B"])
        #expect(actionIDs(TupleView(Button("Single") {})) == ["Single"])
    }

    @Test func anyViewErasesAndNests() {
        let erased = AnyView(AnyView(Button("Deep") {}))
        #expect(actionIDs(erased) == ["Deep"])
        #expect(actionIDs(AnyView(erasing: Button("Erasing") {})) == ["Erasing"])
    }

    @Test func groupsAndManyStatements() {
        let many = Group {
            Button("1") {}
            Button("2") {}
            Button("3") {}
            Button("4") {}
            Button("5") {}
            Button("6") {}
            Button("7") {}
            Button("8") {}
            Button("9") {}
            Button("10") {}
            Button("11") {}
        }
        #expect(actionIDs(many) == (1...11).map(String.init))
    }

    @Test func primitivesKeepWhatTheyWereGiven() {
        let text = Text("abc".dropFirst())
        #expect(text.content == "bc")
        #expect(Text(verbatim: "%d").content == "%d")
        #expect(Label("Delete", systemImage: "trash").title == "Delete")
        #expect(Image(systemName: "trash").isSystemImage)
        #expect(!Image("logo").isSystemImage)
        #expect(Spacer().minLength == nil)
        #expect(Spacer(minLength: 8).minLength == 8)
        let button = Button(role: .cancel) {} label: { Text("Cancel") }
        #expect(button.role == .cancel)
        #expect(button.label.content == "Cancel")
        #expect(Button("Plain") {}.role == nil)
    }

    @Test func rolesAndEdges() {
        #expect(ButtonRole.destructive != .cancel)
        #expect(ButtonRole.destructive.name == "destructive")
        #expect("\(ButtonRole.cancel)" == "cancel")
        #expect(HorizontalEdge.allCases == [.leading, .trailing])
        #expect("\(HorizontalEdge.trailing)" == "trailing")
    }

    @Test func forEachKeepsItsDataAndIds() {
        let forEach = ForEach(["x", "y"], id: \.self) { Text($0) }
        #expect(forEach.data == ["x", "y"])
        #expect(forEach.content("z").content == "z")
        #expect(actionIDs(ForEach(["x", "y"], id: \.self) { name in Button("Name \(name)") {} }) == ["x", "y"])
    }
}
