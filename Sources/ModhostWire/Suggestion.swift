/// "Did you mean": the known name closest to a misspelt one.
///
/// Used wherever the host refuses or warns about a name it does not know (methods, gestures,
/// modifier types, params), so every front-end gets the same hint. It lives with the wire
/// types because the CLI and the conformance runner use it too.
public enum Suggestion {
    /// The candidate closest to `name`, when it is close enough to be a likely typo: an
    /// optimal-string-alignment distance (insertions, deletions, substitutions and swaps of
    /// two neighbours each count one) of at most 1 for names up to 4 characters, 2 up to 8,
    /// and 3 beyond, compared case-insensitively; a candidate that differs only in case
    /// always qualifies. Ties go to the earlier candidate, so the answer is deterministic for
    /// a given order.
    public static func closest(to name: String, among candidates: some Sequence<String>) -> String? {
        let wanted = Array(name.lowercased().unicodeScalars)
        guard !wanted.isEmpty else { return nil }
        let limit = wanted.count <= 4 ? 1 : wanted.count <= 8 ? 2 : 3
        var best: (name: String, distance: Int)? = nil
        for candidate in candidates where candidate != name {
            let other = Array(candidate.lowercased().unicodeScalars)
            if abs(other.count - wanted.count) > limit { continue }
            let distance = Self.distance(wanted, other)
            guard distance <= limit, best == nil || distance < best!.distance else { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// The "did you mean" clause of a message: `; did you mean 'x'?`, or nothing without a
    /// suggestion.
    public static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The error `data` members that go with it: `known` (the accepted names, when given) and
    /// `suggestion` (when there is one).
    public static func data(known: [String]? = nil, suggestion: String?) -> JSONObject {
        var data = JSONObject()
        if let known { data["known"] = .array(known.map { .string($0) }) }
        if let suggestion { data["suggestion"] = .string(suggestion) }
        return data
    }

    /// Optimal string alignment distance between two scalar arrays.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        // Three rows: the one before the previous is needed for swaps.
        var older = [Int](repeating: 0, count: width)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, older[j - 2] + 1)
                }
                current[j] = value
            }
            (older, previous, current) = (previous, current, older)
        }
        return previous[b.count]
    }
}
