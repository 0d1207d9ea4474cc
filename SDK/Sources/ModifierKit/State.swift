import Glibc
import Synchronization

/// State a plugin view keeps for itself, as SwiftUI's `@State`: `@State private var expanded = false`.
///
/// It lives with the view's node in the host's tree, not in the view value: the host makes a
/// new view each time the node's props change, and each `@State` of the new view finds the
/// value the old one held (by the order the view creates them, as SwiftUI finds them by the
/// view's structure). The value goes when the node leaves the tree. `$expanded` is a
/// ``Binding`` to it, for a `Toggle(isOn:)` or a `TextField(text:)` in the body; after a
/// gesture changes it, the host evaluates the body again.
@propertyWrapper
public struct State<Value> {
    private let box: StateBox<Value>

    /// State starting at `wrappedValue` when the node enters the tree.
    public init(wrappedValue: Value) {
        box = ViewStateStore.current?.slot(initial: wrappedValue) ?? StateBox(wrappedValue)
    }

    /// State starting at `initialValue`, as SwiftUI's `State(initialValue:)`.
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

    /// The value now.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// A binding that reads and writes the value.
    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

/// What every `State` is, for the SDK to find a view's state by reflection.
protocol AnyViewState {}

extension State: AnyViewState {}

/// One `@State` value, shared by the successive views of a node.
final class StateBox<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// The `@State` values of one node of the host's tree, in the order its view creates them.
@_spi(ModhostHost) public final class ViewStateStore {
    private var boxes: [AnyObject] = []
    private var next = 0

    /// An empty store, for a node entering the tree.
    public init() {}

    /// How many values the store holds.
    public var count: Int { boxes.count }

    /// The store the view being made on each thread takes its state from, by address (the
    /// store outlives the entry: `making` removes it before returning).
    private static let stores = Mutex<[UInt: UInt]>([:])

    static var current: ViewStateStore? {
        guard let address = stores.withLock({ $0[UInt(pthread_self())] }), let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        return Unmanaged<ViewStateStore>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Runs `make` (a view's initializer) with the view's `@State`s taking their values from
    /// this store, in order; a slot of another type than before starts again from its default.
    func making<R>(_ make: () throws -> R) rethrows -> R {
        let thread = UInt(pthread_self())
        next = 0
        let previous = Self.stores.withLock { stores in
            defer { stores[thread] = UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()) }
            return stores[thread]
        }
        defer { Self.stores.withLock { $0[thread] = previous } }
        return try make()
    }

    func slot<Value>(initial: Value) -> StateBox<Value> {
        defer { next += 1 }
        if next < boxes.count, let box = boxes[next] as? StateBox<Value> { return box }
        let box = StateBox(initial)
        if next < boxes.count { boxes[next] = box } else { boxes.append(box) }
        return box
    }
}
