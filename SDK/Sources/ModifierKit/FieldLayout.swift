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
enum FieldLayout {
    /// Fields created on this thread since `collect` began, innermost collection last.
    final class Collection {
        var fields: [any AnyField] = []
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    private static let names = Mutex<[ObjectIdentifier: [String]]>([:])

    /// Runs `make` (a record's `init()`) and returns what it built with the fields it created.
    static func collect<R>(_ make: () -> R) -> (R, [any AnyField]) {
        let collection = Collection()
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(collection).toOpaque())
        let result = withExtendedLifetime(collection) { make() }
        pthread_setspecific(key, previous)
        return (result, collection.fields)
    }

    /// Called by every field as it is created.
    static func created(_ field: any AnyField) {
        guard let current = pthread_getspecific(key) else { return }
        Unmanaged<Collection>.fromOpaque(current).takeUnretainedValue().fields.append(field)
    }

    /// The property names of `type`'s fields in declaration order, learnt once from `sample`.
    static func propertyNames<R: Record>(of type: R.Type, sample: R) -> [String] {
        let id = ObjectIdentifier(type)
        if let known = names.withLock({ $0[id] }) { return known }
        let learnt = sample.fields.map(\.name)
        names.withLock { $0[id] = learnt }
        return learnt
    }
}
