import Glibc
import Synchronization

/// Finds a record's fields without reflecting on every instance.
///
/// `Mirror` resolves each stored property's type by name on every call, which made decoding
/// the dominant cost of mounting large trees. Instead, every `Field` announces itself to the
/// collector of its thread while a record's `init()` runs (in declaration order, the order
/// `Mirror` lists them), and the property names come from one `Mirror` per record type. When
/// the counts disagree (a field's default built another record, say) the caller falls back
/// to reflection, so the fast path is only taken when it is certainly right.
@usableFromInline
enum FieldLayout {
    /// The fields created on one thread while collections are open. One per thread, kept
    /// for the thread's life, so that collecting allocates nothing.
    final class Collector {
        // Both are touched once per field and record on one thread only; the dynamic
        // exclusivity checks on them cost more than the accesses.
        /// Open collections; fields are kept only while one is open.
        @exclusivity(unchecked) var depth = 0
        /// Fields of the open collections, innermost last.
        @exclusivity(unchecked) var fields: [any AnyField] = []
        /// The property names of the record types decoded last on this thread: a few types
        /// (a modifier and its nested records) alternate, and the shared table takes a lock.
        @exclusivity(unchecked) var recentNames: [(type: ObjectIdentifier, names: [String])] = []

        /// Opens a collection: fields created from now on are kept, after index `start`.
        func open() -> Int {
            depth += 1
            return fields.count
        }

        /// Closes the collection opened at `start`, dropping its fields.
        func close(at start: Int) {
            depth -= 1
            fields.removeLast(fields.count - start)
        }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { collector in
            if let collector { Unmanaged<Collector>.fromOpaque(collector).release() }
        }
        return key
    }()

    private static let names = Mutex<[ObjectIdentifier: [String]]>([:])

    /// This thread's collector.
    static var collector: Collector {
        if let current = pthread_getspecific(key) { return Unmanaged<Collector>.fromOpaque(current).takeUnretainedValue() }
        let collector = Collector()
        collector.fields.reserveCapacity(32)
        pthread_setspecific(key, Unmanaged.passRetained(collector).toOpaque())
        return collector
    }

    /// Called by every field as it is created.
    @usableFromInline
    static func created(_ field: any AnyField) {
        guard let current = pthread_getspecific(key) else { return }
        let collector = Unmanaged<Collector>.fromOpaque(current).takeUnretainedValue()
        if collector.depth > 0 { collector.fields.append(field) }
    }

    /// The property names of `type`'s fields in declaration order, learnt once from `sample`.
    static func propertyNames<R: Record>(of type: R.Type, sample: R, collector: Collector) -> [String] {
        let id = ObjectIdentifier(type)
        for recent in collector.recentNames where recent.type == id { return recent.names }
        let found: [String]
        if let known = names.withLock({ $0[id] }) {
            found = known
        } else {
            found = sample.fields.map(\.name)
            names.withLock { $0[id] = found }
        }
        if collector.recentNames.count == 4 { collector.recentNames.removeFirst() }
        collector.recentNames.append((id, found))
        return found
    }
}
