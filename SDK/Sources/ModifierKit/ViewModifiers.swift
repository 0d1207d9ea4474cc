// The modifiers every view has, with SwiftUI's names, parameters and defaults. Each returns
// a view that records the modifier around the view it was applied to; ModifierEvaluator
// reads them.

extension View {
    /// Tints this view, as SwiftUI's `tint(_:)`.
    ///
    /// On a ``Button`` inside ``swipeActions(edge:allowsFullSwipe:content:)`` (or on a view
    /// around it, inside the swipe actions), it is the action's background colour:
    /// ``ResolvedSwipeAction/tint``. On the modifier's `content`, it is
    /// ``ModifierEffect/tint``. When tints are nested the innermost one wins, and `nil`
    /// removes the tint: the front-end's default colour (red for a destructive button) shows.
    ///
    /// - Parameter tint: The colour, or `nil` for no tint.
    public func tint(_ tint: Color?) -> some View {
        TintedView(content: self, tint: tint)
    }

    /// Adds swipe actions to this view, as a row of a list, as SwiftUI's
    /// `swipeActions(edge:allowsFullSwipe:content:)`.
    ///
    /// Each ``Button`` that `content` builds is one action; other views are ignored (the
    /// evaluator lists them in ``ModifierEffect/ignored``). Actions appear in the order
    /// written, starting from the edge the swipe comes from. Calling the modifier again adds
    /// another group of actions; groups for the same edge accumulate.
    ///
    /// ```swift
    /// content
    ///   .swipeActions(edge: .leading) {
    ///     Button("Pin") { pin() }.tint(.orange)
    ///   }
    ///   .swipeActions {
    ///     Button(role: .destructive) { delete() } label: {
    ///       Label("Delete", systemImage: "trash")
    ///     }
    ///   }
    /// ```
    ///
    /// - Parameters:
    ///   - edge: The edge the swipe comes from. The default is ``HorizontalEdge/trailing``.
    ///   - allowsFullSwipe: Whether a full swipe performs the first action. The default is
    ///     `true`.
    ///   - content: The buttons, built with a ``ViewBuilder``; it runs once, right away.
    public func swipeActions<Actions: View>(
        edge: HorizontalEdge = .trailing,
        allowsFullSwipe: Bool = true,
        @ViewBuilder content: () -> Actions
    ) -> some View {
        SwipeActionsView(content: self, edge: edge, allowsFullSwipe: allowsFullSwipe, actions: content())
    }
}

/// `content.tint(tint)`.
struct TintedView<Content: View>: View {
    let content: Content
    let tint: Color?
    var body: Never { fatalError("TintedView is primitive") }
}

/// `content.swipeActions(edge:allowsFullSwipe:) { actions }`.
struct SwipeActionsView<Content: View, Actions: View>: View {
    let content: Content
    let edge: HorizontalEdge
    let allowsFullSwipe: Bool
    let actions: Actions
    var body: Never { fatalError("SwipeActionsView is primitive") }
}
