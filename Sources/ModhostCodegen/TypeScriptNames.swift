/// The naming rule of `modhost codegen ts`: how a modifier type, module or function name
/// becomes a TypeScript identifier that is valid and distinct from its neighbours.
///
/// For one namespace (the modifier types; the modules; the functions of one module):
/// 1. Split the name into words at every character other than an ASCII letter, digit or `_`
///    (so `a-b` and `a b` give the words `a`, `b`; emoji and other non-ASCII characters split
///    too). Join them camel-case: the first word as it is, each later word with its first
///    letter upper-cased (`a-b` → `aB`, `on-tap gesture` → `onTapGesture`).
/// 2. No words left (an empty name, only emoji or punctuation): the stem is `unnamed`.
/// 3. Starts with a digit: prefix `_` (`3d` → `_3d`).
/// 4. A reserved word of JavaScript or TypeScript (`reservedWords`: keywords, strict-mode and
///    module reserved words, and names a module cannot declare such as `arguments`, `eval`,
///    `undefined`): suffix `_` (`class` → `class_`).
/// 5. Collisions: two names whose stems are equal ignoring case (`Foo` and `foo` would give the
///    same PascalCase type name; `a-b` and `aB` the same stem) are resolved in the order of the
///    original names (sorted by their Unicode scalars): the first keeps its stem, each later one
///    gets `_2`, `_3`, … (the smallest number whose result is still free, case-insensitively,
///    among all stems and the names the namespace reserves).
///
/// The original name is never changed on the wire: it stays the `$type` string, the module
/// name given to `requireNativeModule` and the function name given to `callFunction`.
public enum TypeScriptNames {
    /// Words a declaration may not be named in an ES module compiled by `tsc --strict`:
    /// ECMAScript keywords and future reserved words, the strict-mode ones, `await` (reserved
    /// in modules), names strict code cannot bind (`arguments`, `eval`), and global values a
    /// declaration would shadow confusingly (`undefined`, `NaN`, `Infinity`).
    public static let reservedWords: Set<String> = [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
        "else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "import", "in",
        "instanceof", "new", "null", "return", "super", "switch", "this", "throw", "true", "try",
        "typeof", "var", "void", "while", "with",
        "implements", "interface", "let", "package", "private", "protected", "public", "static", "yield",
        "await", "arguments", "eval", "undefined", "NaN", "Infinity",
    ]

    /// Steps 1–4 of the rule: the stem of one name, before collisions are resolved.
    public static func stem(of name: String) -> String {
        var words: [String] = []
        var current = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_") {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        guard var stem = words.first else { return "unnamed" }
        for word in words.dropFirst() { stem += upperFirst(word) }
        if let first = stem.unicodeScalars.first, ("0"..."9").contains(first) { stem = "_" + stem }
        if reservedWords.contains(stem) { stem += "_" }
        return stem
    }

    /// The whole rule for one namespace: each original name's identifier. `reserved` are
    /// identifiers the namespace must avoid (compared ignoring case), such as the names of
    /// other exports of the same file.
    public static func identifiers(for names: some Sequence<String>, avoiding reserved: Set<String> = []) -> [String: String] {
        // Sorting by scalars (not by String's canonical equivalence) keeps the order stable
        // for names that differ only in Unicode normalisation.
        let sorted = Set(names).sorted(by: precedes)
        var taken = Set(reserved.map { $0.lowercased() })
        var result: [String: String] = [:]
        var later: [(name: String, stem: String)] = []
        // Every first holder of a stem keeps it, before any suffix is handed out, so that a
        // suffixed `foo_2` can never take the stem of an original name `foo_2`.
        for name in sorted {
            let stem = stem(of: name)
            if taken.insert(stem.lowercased()).inserted {
                result[name] = stem
            } else {
                later.append((name, stem))
            }
        }
        for (name, stem) in later {
            var number = 2
            while !taken.insert("\(stem)_\(number)".lowercased()).inserted { number += 1 }
            result[name] = "\(stem)_\(number)"
        }
        return result
    }

    /// `identifier` with its first letter upper-cased: the PascalCase stem of type names.
    public static func upperFirst(_ identifier: String) -> String {
        guard let first = identifier.first else { return identifier }
        return first.uppercased() + identifier.dropFirst()
    }

    /// Whether `key` can be written unquoted as a property name (ASCII identifier; reserved
    /// words are fine as property names).
    public static func isPlainPropertyName(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "$")
        }
    }
}
