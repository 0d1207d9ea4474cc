import ModifierKit

/// Expo UI's SwiftUI modifiers (`onTapGesture`, `padding`, `refreshable`, `symbolEffect`, ...) while the
/// plugin is loaded, SDK 58's components the host has no view for (`Form`, `Gauge`, ...:
/// Components.swift), and the function `completeRefresh(id)` that ends a refresh the
/// `refreshable` modifier announced.
public class ExpoUIModule: Module {
    /// The refreshes this module's `refreshable` modifiers started.
    let refreshes = RefreshStore()

    public func definition() -> ModuleDefinition {
        let refreshes = refreshes

        Name("ExpoUI")

        // Ends the refresh `id` (from a `{"refreshable": {"id": ...}}` event): the view stops
        // refreshing. An id that is not refreshing is an error.
        Function("completeRefresh") { (id: String) in
            try refreshes.complete(id)
        }

        // SDK 58's components the host did not have (Components.swift), as plugin views.
        View(FormView.self)
        View(DividerView.self)
        View(LabeledContentView.self)
        View(ContentUnavailableViewView.self)
        View(ProgressViewView.self)
        View(GaugeView.self)
        View(DisclosureGroupView.self)
        View(SwitchView.self).deprecated(use: "Toggle, with isOn and onIsOnChange")
        View(PickerView.self)
        View(SecureFieldView.self)
        View(SwipeActionsView.self)
        View(GroupView.self)
        View(AlertView.self)
        View(ConfirmationDialogView.self)
        View(MenuView.self)
        View(PopoverView.self)
        View(BottomSheetView.self)
        View(ControlGroupView.self)
        View(ContextMenuView.self)
        View(LazyVStackView.self)
        View(LazyHStackView.self)
        View(GridView.self)
        View(GridRowView.self)
        View(OverlayView.self)
        View(MaskView.self)
        View(BackgroundView.self)
        View(GlassEffectContainerView.self)
        View(NamespaceView.self)
        View(LinkView.self)
        View(TabViewView.self)
        View(Tab.self)
        View(CircularProgressView.self).deprecated(use: "ProgressView, with value and progressViewStyle('circular')")
        View(RectangleView.self)
        View(RoundedRectangleView.self)
        View(CircleView.self)
        View(EllipseView.self)
        View(CapsuleView.self)
        View(UnevenRoundedRectangleView.self)
        View(ConcentricRectangleView.self)

        OnCreate {
            ViewModifierRegistry.register("onTapGesture", description: "A tap (count 2: a double tap) on the view sends an event", event: TapEvent.self) { params, appContext, eventDispatcher in
                try OnTapGestureModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("onLongPressGesture", description: "A press of at least minimumDuration seconds on the view sends an event", event: TapEvent.self) { params, appContext, eventDispatcher in
                try OnLongPressGestureModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("onAppear", description: "Sends an event when the view enters the tree", event: TapEvent.self) { params, appContext, eventDispatcher in
                try OnAppearModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("onDisappear", description: "Sends an event when the view leaves the tree", event: TapEvent.self) { params, appContext, eventDispatcher in
                try OnDisappearModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("refreshable", description: "Pulling a List or ScrollView at or under the view sends an event with a refresh id; the view shows it refreshing until ExpoUI.completeRefresh(id)", event: RefreshStarted.self) { params, appContext, eventDispatcher in
                try RefreshableModifier(
                    from: params, appContext: appContext, eventDispatcher: eventDispatcher, refreshes: refreshes)
            }
            ViewModifierRegistry.register("onSubmit", description: "Submitting a text field at or under the view sends an event", event: TapEvent.self) { params, appContext, eventDispatcher in
                try OnSubmitModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("searchable", description: "A search field on the view, showing text; typing into it sends an event with the text", event: SearchTextEvent.self) { params, appContext, eventDispatcher in
                try SearchableModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("presentationDetents", description: "The heights the sheet showing the view rests at, and the one it is at; dragging it to another sends an event with the detent", event: DetentEvent.self) { params, appContext, eventDispatcher in
                try PresentationDetentsModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("disabled", description: "Turns off gestures on the view and everything under it", arguments: [.value("disabled")]) { params, appContext, _ in
                try DisabledModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("hidden", description: "Hides the view: it is not hit by gestures", arguments: [.value("hidden")]) { params, appContext, _ in
                try HiddenModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("contentShape", description: "The shape gestures hit: makes a container's empty space hittable", arguments: [.valueOrOptions("shape")]) { params, appContext, _ in
                try ContentShapeModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("padding", description: "Space around the view, in points (16 each side when no value is given)", arguments: [.valueOrOptions("all")]) { params, appContext, _ in
                try PaddingModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("frame", description: "A fixed or flexible frame around the view", arguments: [.options]) { params, appContext, _ in
                try FrameModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("background", description: "A colour behind the view, optionally in a shape", arguments: [.value("color"), .valueOrOptions("shape")]) { params, appContext, _ in
                try BackgroundModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("foregroundStyle", description: "The colour of the view's text and symbols; secondary and tertiary colour further symbol layers", arguments: [.value("color"), .value("secondary"), .value("tertiary")]) { params, appContext, eventDispatcher in
                try ForegroundStyleModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("tint", description: "The accent colour of the view's controls", arguments: [.value("color")]) { params, appContext, _ in
                try TintModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("font", description: "The font of the view's text", arguments: [.options]) { params, appContext, _ in
                try FontModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("opacity", description: "The view's opacity, from 0 to 1", arguments: [.value("value")]) { params, appContext, eventDispatcher in
                try OpacityModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("cornerRadius", description: "Clips the view to a rounded rectangle", arguments: [.value("radius")]) { params, appContext, _ in
                try CornerRadiusModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("border", description: "A border of a colour and width around the view", arguments: [.options]) { params, appContext, _ in
                try BorderModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("listRowBackground", description: "The background of the List row the view is", arguments: [.value("color")]) { params, appContext, _ in
                try ListRowBackgroundModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("badge", description: "A badge on a List row: a number or a short text") { params, appContext, _ in
                try BadgeModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("deleteDisabled", description: "Keeps a List row from being deleted by a swipe", arguments: [.value("disabled")]) { params, appContext, _ in
                try DeleteDisabledModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("symbolEffect", description: "A symbol effect on the images at or under the view: discrete with value (runs once per change), indefinite with isActive (runs while true; the default)") { params, appContext, eventDispatcher in
                try SymbolEffectModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("symbolEffectsRemoved", description: "Keeps the symbol effects from around the view from reaching the images in it", arguments: [.value("isEnabled")]) { params, appContext, _ in
                try SymbolEffectsRemovedModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("transition", description: "The symbol effect run when an image at or under the view enters or leaves the tree") { params, appContext, eventDispatcher in
                try TransitionModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("contentTransition", description: "The symbol effect run when the symbol an image at or under the view shows changes") { params, appContext, eventDispatcher in
                try ContentTransitionModifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
            }
            ViewModifierRegistry.register("imageScale", description: "The size of the symbols at or under the view, relative to the font", arguments: [.value("scale")]) { params, appContext, _ in
                try ImageScaleModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("symbolRenderingMode", description: "How the symbols at or under the view colour their layers", arguments: [.value("mode")]) { params, appContext, _ in
                try SymbolRenderingModeModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("symbolVariant", description: "The variants (fill, circle, slash, ...) the symbols at or under the view show", arguments: [.value("variant")]) { params, appContext, _ in
                try SymbolVariantModifier(from: params, appContext: appContext)
            }
            ViewModifierRegistry.register("fontWeight", description: "The stroke weight of the symbols and text at or under the view", arguments: [.value("weight")]) { params, appContext, _ in
                try FontWeightModifier(from: params, appContext: appContext)
            }
            // The modifiers the snapshot records by SwiftUI's name (Recorded*.swift).
            registerChecked("shadow", description: "A drop shadow: radius, x, y, colour", ShadowModifier.self, arguments: [.options])
            registerChecked("offset", description: "Moves the view's drawing by x and y points", OffsetModifier.self, arguments: [.options])
            registerChecked("fixedSize", description: "The view keeps its ideal size along the axes given", FixedSizeModifier.self, arguments: [.options])
            registerChecked("clipped", description: "Clips the view to its frame", ClippedModifier.self, arguments: [.value("clipped")])
            registerChecked("aspectRatio", description: "The view's width over height, fitting or filling", AspectRatioModifier.self, arguments: [.options])
            registerChecked("zIndex", description: "The view's place in its siblings' drawing order", ZIndexModifier.self, arguments: [.value("index")])
            registerChecked("layoutPriority", description: "Who gets space first in a stack", LayoutPriorityModifier.self, arguments: [.value("priority")])
            registerChecked("scaleEffect", description: "Scales the view's drawing by x and y", ScaleEffectModifier.self, arguments: [.valueOrOptions("x", "y")])
            registerChecked("rotationEffect", description: "Rotates the view's drawing by an angle in degrees", RotationEffectModifier.self, arguments: [.value("angle")])
            registerChecked("foregroundColor", description: "Deprecated alias of foregroundStyle with a colour", ForegroundColorModifier.self, arguments: [.value("color")])
            registerChecked("blur", description: "A Gaussian blur of a radius in points", BlurModifier.self, arguments: [.value("radius")])
            registerChecked("brightness", description: "Brightens (up to 1) or darkens (down to -1) the view", BrightnessModifier.self, arguments: [.value("amount")])
            registerChecked("contrast", description: "The view's contrast: 1 leaves it, 0 is grey, negative inverts", ContrastModifier.self, arguments: [.value("amount")])
            registerChecked("saturation", description: "The view's saturation: 1 leaves it, 0 is grey", SaturationModifier.self, arguments: [.value("amount")])
            registerChecked("hueRotation", description: "Shifts every hue by an angle in degrees", HueRotationModifier.self, arguments: [.value("angle")])
            registerChecked("colorInvert", description: "Inverts the view's colours", ColorInvertModifier.self, arguments: [.value("inverted")])
            registerChecked("grayscale", description: "Takes the view's colour away, from 0 (none) to 1 (grey)", GrayscaleModifier.self, arguments: [.value("amount")])
            registerChecked("luminanceToAlpha", description: "Makes the view a mask whose opacity is its luminance", LuminanceToAlphaModifier.self)
            registerChecked("bold", description: "Bold text", BoldModifier.self)
            registerChecked("italic", description: "Italic text", ItalicModifier.self)
            registerChecked("monospacedDigit", description: "Digits of one width", MonospacedDigitModifier.self)
            registerChecked("kerning", description: "Points between characters", KerningModifier.self, arguments: [.value("value")])
            registerChecked("lineSpacing", description: "Points between lines of text", LineSpacingModifier.self, arguments: [.value("value")])
            registerChecked("lineLimit", description: "The most lines the text shows: a limit or a min...max range", LineLimitModifier.self, arguments: [.valueOrOptions("limit"), .options])
            registerChecked("truncationMode", description: "Where text that does not fit is cut: head, middle or tail", TruncationModeModifier.self, arguments: [.value("mode")])
            registerChecked("textCase", description: "Shows the text in upper or lower case", TextCaseModifier.self, arguments: [.value("value")])
            registerChecked("underline", description: "A line under the text, in a pattern and colour", UnderlineModifier.self, arguments: [.options])
            registerChecked("strikethrough", description: "A line through the text, in a pattern and colour", StrikethroughModifier.self, arguments: [.options])
            registerChecked("multilineTextAlignment", description: "How lines of text align", MultilineTextAlignmentModifier.self, arguments: [.value("alignment")])
            registerChecked("allowsTightening", description: "Text may tighten its letters to fit", AllowsTighteningModifier.self, arguments: [.value("value")])
            registerChecked("textSelection", description: "The text can be selected", TextSelectionModifier.self, arguments: [.value("value")])
            registerChecked("listRowInsets", description: "The insets of the List row the view is", ListRowInsetsModifier.self, arguments: [.options])
            registerChecked("listRowSeparator", description: "Whether the row's separators show", ListRowSeparatorModifier.self, arguments: [.value("visibility"), .value("edges")])
            registerChecked("listStyle", description: "How the List at or under the view looks", ListStyleModifier.self, arguments: [.value("style")])
            registerChecked("moveDisabled", description: "Keeps the List row the view is from being moved", MoveDisabledModifier.self, arguments: [.value("disabled")])
            registerChecked("scrollContentBackground", description: "Whether a List's or ScrollView's own background shows", ScrollContentBackgroundModifier.self, arguments: [.value("visible")])
            registerChecked("headerProminence", description: "How a Section's header stands out", HeaderProminenceModifier.self, arguments: [.value("prominence")])
            registerChecked("badgeProminence", description: "How the row badges stand out", BadgeProminenceModifier.self, arguments: [.value("badgeType")])
            registerChecked("buttonStyle", description: "How the buttons at or under the view look", ButtonStyleModifier.self, arguments: [.value("style")])
            registerChecked("toggleStyle", description: "How the toggles at or under the view look", ToggleStyleModifier.self, arguments: [.value("style")])
            registerChecked("pickerStyle", description: "How the pickers at or under the view look", PickerStyleModifier.self, arguments: [.value("style")])
            registerChecked("datePickerStyle", description: "How the date pickers at or under the view look", DatePickerStyleModifier.self, arguments: [.value("style")])
            registerChecked("gaugeStyle", description: "How the gauges at or under the view look", GaugeStyleModifier.self, arguments: [.value("style")])
            registerChecked("progressViewStyle", description: "How the progress views at or under the view look", ProgressViewStyleModifier.self, arguments: [.value("style")])
            registerChecked("labelStyle", description: "What the labels at or under the view show", LabelStyleModifier.self, arguments: [.value("style")])
            registerChecked("textFieldStyle", description: "How the text fields at or under the view look", TextFieldStyleModifier.self, arguments: [.value("style")])
            registerChecked("controlSize", description: "The size of the controls at or under the view", ControlSizeModifier.self, arguments: [.value("size")])
            registerChecked("labelsHidden", description: "The controls at or under the view hide their labels", LabelsHiddenModifier.self)
            registerChecked("submitLabel", description: "The return key's label of the text fields at or under the view", SubmitLabelModifier.self, arguments: [.value("submitLabel")])
            registerChecked("accessibilityLabel", description: "What VoiceOver reads for the view", AccessibilityLabelModifier.self, arguments: [.value("label")])
            registerChecked("accessibilityHint", description: "What using the view does, read aloud", AccessibilityHintModifier.self, arguments: [.value("hint")])
            registerChecked("accessibilityValue", description: "The view's value, read aloud", AccessibilityValueModifier.self, arguments: [.value("value")])
            registerChecked("scrollDisabled", description: "The List or ScrollView at or under the view does not scroll (nor refresh)", ScrollDisabledModifier.self, arguments: [.value("disabled")])
            registerChecked("containerRelativeFrame", description: "A frame that is a share of the container's size", ContainerRelativeFrameModifier.self, arguments: [.options])
            registerChecked("tag", description: "The value a Picker or TabView selects with this view", TagModifier.self, arguments: [.value("tag")])
            registerChecked("environment", description: "An environment value (editMode, colorScheme, locale, timeZone) for the views under this one", EnvironmentModifier.self, arguments: [.valueOrOptions("key"), .value("value")])
            registerChecked("gridCellAnchor", description: "Where a Grid cell's content sits", GridCellAnchorModifier.self, arguments: [.options])
            registerChecked("animation", description: "Animates the view's changes when a value changes (no headless effect)", AnimationModifier.self)
            registerChecked("clipShape", description: "Shows the view only inside a shape", ClipShapeModifier.self, arguments: [.value("shape"), .value("cornerRadius")])
            registerChecked("mask", description: "Masks the view with a shape", MaskModifier.self, arguments: [.value("shape"), .value("cornerRadius")])
            registerChecked("containerShape", description: "The shape container-relative shapes inside take", ContainerShapeModifier.self, arguments: [.valueOrOptions("shape")])
            registerChecked("overlay", description: "A colour over the view", OverlayModifier.self, arguments: [.options])
            registerChecked("backgroundOverlay", description: "A colour behind the view, aligned", BackgroundOverlayModifier.self, arguments: [.options])
            registerChecked("rotation3DEffect", description: "Rotates the view's drawing in 3D", Rotation3DEffectModifier.self)
            registerChecked("listSectionSpacing", description: "The space between a List's sections", ListSectionSpacingModifier.self)
            registerChecked("listSectionMargins", description: "A List section's margins", ListSectionMarginsModifier.self, arguments: [.options])
            registerChecked("gridCellColumns", description: "The Grid columns the cell spans", GridCellColumnsModifier.self, arguments: [.value("count")])
            registerChecked("gridCellUnsizedAxes", description: "The cell takes no space of its own along an axis", GridCellUnsizedAxesModifier.self, arguments: [.value("axes")])
            registerChecked("gridColumnAlignment", description: "How a Grid column aligns", GridColumnAlignmentModifier.self, arguments: [.value("alignment")])
            registerChecked("resizable", description: "An Image fills its frame", ResizableModifier.self, arguments: [.options, .value("resizingMode")])
            // SDK 58 (RecordedAccessibilityModifiers.swift, RecordedNavigationAndLayoutModifiers.swift).
            registerChecked("accessibilityAddTraits", description: "Traits VoiceOver announces for the view (isHeader, isButton, ...)", AccessibilityAddTraitsModifier.self, arguments: [.value("traits")])
            registerChecked("accessibilityRemoveTraits", description: "Traits VoiceOver no longer announces for the view", AccessibilityRemoveTraitsModifier.self, arguments: [.value("traits")])
            registerChecked("accessibilityElement", description: "How the subtree's accessibility elements are exposed: contain, ignore or combine", AccessibilityElementModifier.self, arguments: [.value("children")])
            registerChecked("accessibilityHidden", description: "Assistive technologies skip the view", AccessibilityHiddenModifier.self, arguments: [.value("hidden")])
            registerChecked("accessibilityIdentifier", description: "The id UI tests find the view by", AccessibilityIdentifierModifier.self, arguments: [.value("identifier")])
            registerChecked("accessibilityInputLabels", description: "Phrases Voice Control knows the view by", AccessibilityInputLabelsModifier.self, arguments: [.value("inputLabels")])
            registerChecked("redacted", description: "The subtree shows placeholders for the reasons given", RedactedModifier.self, arguments: [.value("reasons")])
            registerChecked("unredacted", description: "The subtree is exempt from redaction above it", UnredactedModifier.self)
            registerChecked("privacySensitive", description: "The view is redacted under the privacy reason", PrivacySensitiveModifier.self, arguments: [.value("sensitive")])
            registerChecked("invalidatableContent", description: "The view is redacted under the invalidated reason", InvalidatableContentModifier.self, arguments: [.value("isInvalidatable")])
            registerChecked("dynamicTypeSize", description: "Fixes or bounds the Dynamic Type size under the view", DynamicTypeSizeModifier.self, arguments: [.valueOrOptions("size")])
            registerChecked("preferredColorScheme", description: "The colour scheme the enclosing presentation prefers", PreferredColorSchemeModifier.self, arguments: [.value("colorScheme")])
            registerChecked("alignmentGuide", description: "Where a horizontal alignment guide of the view sits", AlignmentGuideModifier.self, arguments: [.value("guide"), .value("value")])
            registerChecked("lineHeight", description: "The total height of a line of text, in points", LineHeightModifier.self, arguments: [.value("value")])
            registerChecked("minimumScaleFactor", description: "How far text may shrink to fit, 0 to 1", MinimumScaleFactorModifier.self, arguments: [.value("factor")])
            registerChecked("strokeBorder", description: "A border stroked inside the view's shape, in a ShapeStyle", StrokeBorderModifier.self, arguments: [.options])
            registerChecked("listRowSeparatorTint", description: "The colour of the row's separators", ListRowSeparatorTintModifier.self, arguments: [.value("color"), .value("edges")])
            registerChecked("listRowSpacing", description: "Points between a List's rows", ListRowSpacingModifier.self, arguments: [.value("spacing")])
            registerChecked("buttonBorderShape", description: "The border shape of the buttons under the view", ButtonBorderShapeModifier.self, arguments: [.value("shape"), .value("cornerRadius")])
            registerChecked("menuIndicator", description: "Whether menus under the view show their chevron", MenuIndicatorModifier.self, arguments: [.value("visibility")])
            registerChecked("menuStyle", description: "How the menus under the view look", MenuStyleModifier.self, arguments: [.value("style")])
            registerChecked("searchToolbarBehavior", description: "How a search field in the toolbar shows", SearchToolbarBehaviorModifier.self, arguments: [.value("behavior")])
            registerChecked("navigationTitle", description: "The title a navigation bar shows for the view", NavigationTitleModifier.self, arguments: [.value("title")])
            registerChecked("navigationBarTitleDisplayMode", description: "How the navigation bar shows the title", NavigationBarTitleDisplayModeModifier.self, arguments: [.value("displayMode")])
            registerChecked("toolbarTitleDisplayMode", description: "How the toolbar shows the title", ToolbarTitleDisplayModeModifier.self, arguments: [.value("mode")])
            registerChecked("navigationSplitViewStyle", description: "How a NavigationSplitView lays out its columns", NavigationSplitViewStyleModifier.self, arguments: [.value("style")])
            registerChecked("navigationSplitViewColumnWidth", description: "A split view column's fixed or resizable width", NavigationSplitViewColumnWidthModifier.self, arguments: [.valueOrOptions("width")])
            registerChecked("tabViewStyle", description: "How a TabView shows its tabs", TabViewStyleModifier.self, arguments: [.options])
            registerChecked("indexViewStyle", description: "The backdrop behind a paged TabView's dots", IndexViewStyleModifier.self, arguments: [.options])
            registerChecked("arrangementViewStyle", description: "How the ArrangementViews under the view arrange their views", ArrangementViewStyleModifier.self, arguments: [.value("style"), .options])
            registerChecked("splitArrangementFixedLayoutSize", description: "The view prefers its ideal size in a split arrangement", SplitArrangementFixedLayoutSizeModifier.self, arguments: [.options])
            registerChecked("splitArrangementLayoutRatio", description: "The view's share of a split arrangement", SplitArrangementLayoutRatioModifier.self, arguments: [.valueOrOptions("ratio")])
            registerChecked("splitArrangementLayoutSize", description: "The view's size bounds in a split arrangement", SplitArrangementLayoutSizeModifier.self, arguments: [.options])
            registerChecked("overlayArrangementEdge", description: "The edge the view takes in an overlay arrangement", OverlayArrangementEdgeModifier.self, arguments: [.value("edge")])
            // Accepted and recorded, with a no-headless-effect warning (ScreenOnlyModifiers.swift).
            registerChecked("ignoreSafeArea", description: "Lets the view extend into safe areas (no headless effect)", IgnoreSafeAreaModifier.self, arguments: [.options])
            registerChecked("glassEffect", description: "Liquid Glass behind the view (no headless effect)", GlassEffectModifier.self, arguments: [.options])
            registerChecked("glassEffectId", description: "Glass shapes that morph into each other (no headless effect)", GlassEffectIdModifier.self, arguments: [.value("id"), .value("namespaceId")])
            registerChecked("matchedGeometryEffect", description: "Views that animate into each other (no headless effect)", MatchedGeometryEffectModifier.self, arguments: [.value("id"), .value("namespaceId")])
            registerChecked("scrollDismissesKeyboard", description: "How scrolling dismisses the keyboard (no headless effect)", ScrollDismissesKeyboardModifier.self, arguments: [.value("mode")])
            registerChecked("scrollTargetBehavior", description: "Where scrolling comes to rest (no headless effect)", ScrollTargetBehaviorModifier.self, arguments: [.value("behavior")])
            registerChecked("scrollTargetLayout", description: "The views a viewAligned scroll rests on (no headless effect)", ScrollTargetLayoutModifier.self)
            registerChecked("defaultScrollAnchor", description: "Where a ScrollView starts (no headless effect)", DefaultScrollAnchorModifier.self, arguments: [.value("anchor")])
            registerChecked("defaultScrollAnchorForRole", description: "Where a ScrollView stays for a role (no headless effect)", DefaultScrollAnchorForRoleModifier.self, arguments: [.value("anchor"), .value("role")])
            registerChecked("menuActionDismissBehavior", description: "Whether a menu closes when used (no headless effect)", MenuActionDismissBehaviorModifier.self, arguments: [.value("behavior")])
            registerChecked("keyboardType", description: "The keyboard text fields show (no headless effect)", KeyboardTypeModifier.self, arguments: [.value("keyboardType")])
            registerChecked("autocorrectionDisabled", description: "Turns off autocorrection (no headless effect)", AutocorrectionDisabledModifier.self, arguments: [.value("disabled")])
            registerChecked("textInputAutocapitalization", description: "How typed text is capitalised (no headless effect)", TextInputAutocapitalizationModifier.self, arguments: [.value("autocapitalization")])
            registerChecked("textContentType", description: "What a text field holds, for autofill (no headless effect)", TextContentTypeModifier.self, arguments: [.value("textContentType")])
            registerChecked("presentationDragIndicator", description: "A sheet's grabber (no headless effect)", PresentationDragIndicatorModifier.self, arguments: [.value("visibility")])
            registerChecked("presentationBackgroundInteraction", description: "Whether what is behind a sheet takes touches (no headless effect)", PresentationBackgroundInteractionModifier.self)
            registerChecked("interactiveDismissDisabled", description: "A sheet cannot be swiped away: the dismiss gesture is refused", InteractiveDismissDisabledModifier.self, arguments: [.value("isDisabled")])
            // SDK 58, accepted with a no-headless-effect warning (ScreenOnlyChromeModifiers.swift).
            registerChecked("scrollIndicators", description: "Whether scroll views show their indicators (no headless effect)", ScrollIndicatorsModifier.self, arguments: [.value("visibility"), .value("axes")])
            registerChecked("scrollClipDisabled", description: "Scroll content may draw past the scroll view (no headless effect)", ScrollClipDisabledModifier.self, arguments: [.value("disabled")])
            registerChecked("scrollEdgeEffectStyle", description: "How scroll content meets a bar (no headless effect)", ScrollEdgeEffectStyleModifier.self, arguments: [.value("style"), .value("edges")])
            registerChecked("presentationBackground", description: "What paints a sheet's chrome, a ShapeStyle (no headless effect)", PresentationBackgroundModifier.self, arguments: [.value("style")])
            registerChecked("presentationCornerRadius", description: "A sheet's corner radius (no headless effect)", PresentationCornerRadiusModifier.self, arguments: [.value("cornerRadius")])
            registerChecked("presentationSizing", description: "How a sheet sizes itself on a large screen (no headless effect)", PresentationSizingModifier.self, arguments: [.value("sizing")])
            registerChecked("containerBackground", description: "The background of the enclosing widget or navigation container (no headless effect)", ContainerBackgroundModifier.self, arguments: [.value("style"), .value("container")])
            registerChecked("widgetAccentedRenderingMode", description: "How an image draws in a widget's accented mode (no headless effect)", WidgetAccentedRenderingModeModifier.self, arguments: [.value("renderingMode")])
            registerChecked("widgetURL", description: "The URL a tap on the widget opens (no headless effect)", WidgetURLModifier.self, arguments: [.value("url")])
            registerChecked("activityBackgroundTint", description: "A Live Activity's background tint (no headless effect)", ActivityBackgroundTintModifier.self, arguments: [.value("color")])
            registerChecked("geometryGroup", description: "The view's geometry animates as one (no headless effect)", GeometryGroupModifier.self)
            registerChecked("menuOrder", description: "The order an opened menu lists its items in (no headless effect)", MenuOrderModifier.self, arguments: [.value("order")])
            ViewModifierRegistry.register("onHingeChange", description: "Folding a foldable device sends an event; never fires headless (no headless effect)", event: HingeChangeEvent.self) { params, appContext, _ in
                try OnHingeChangeModifier.make(from: params, appContext: appContext)
            }
        }

        // The host unregisters every type this module registered when the plugin unloads.
        OnDestroy {
            // Nobody can complete a refresh once the module is gone.
            refreshes.endAll()
        }
    }
}

/// Registers `M` under `type`: made from the params, then checked (ranges, keys that go
/// together).
private func registerChecked<M: CheckedModifier>(
    _ type: String, description: String, _: M.Type, arguments: [ModifierArgument] = []
) {
    ViewModifierRegistry.register(type, description: description, arguments: arguments) { params, appContext, _ in
        try M.make(from: params, appContext: appContext)
    }
}
