import ModhostCodegen
import Testing
import SeededRandom

@Suite("TypeScript naming rule", .timeLimit(.minutes(20)))
struct TypeScriptNamesTests {
    @Test("a name that is already an identifier keeps its spelling")
    func plainNamesStay() {
        #expect(TypeScriptNames.stem(of: "swipeActions") == "swipeActions")
        #expect(TypeScriptNames.stem(of: "a_b") == "a_b")
        #expect(TypeScriptNames.identifiers(for: ["swipeActions", "padding"]) == ["swipeActions": "swipeActions", "padding": "padding"])
    }

    @Test("a digit-led name gets a leading underscore")
    func digitLed() {
        #expect(TypeScriptNames.stem(of: "3d") == "_3d")
        #expect(TypeScriptNames.stem(of: "2-up") == "_2Up")
    }

    @Test("reserved words, strict-mode ones and unbindable names get a trailing underscore")
    func reservedWords() {
        for word in ["class", "default", "enum", "let", "static", "yield", "await", "arguments", "eval", "undefined", "implements"] {
            #expect(TypeScriptNames.stem(of: word) == word + "_", "\(word)")
        }
        // Only the exact word is reserved; a PascalCase spelling is an ordinary name.
        #expect(TypeScriptNames.stem(of: "Class") == "Class")
        #expect(TypeScriptNames.stem(of: "constructor") == "constructor")
    }

    @Test("characters that cannot be in an identifier split words, joined camel-case")
    func separators() {
        #expect(TypeScriptNames.stem(of: "a-b") == "aB")
        #expect(TypeScriptNames.stem(of: "on tap.gesture") == "onTapGesture")
        // Non-ASCII letters split too: the output stays plain ASCII.
        #expect(TypeScriptNames.stem(of: "café-au-lait") == "cafAuLait")
    }

    @Test("an empty name, or one of emoji only, is 'unnamed'")
    func emptyAndEmoji() {
        #expect(TypeScriptNames.stem(of: "") == "unnamed")
        #expect(TypeScriptNames.stem(of: "✨") == "unnamed")
        #expect(TypeScriptNames.stem(of: "--") == "unnamed")
        #expect(TypeScriptNames.identifiers(for: ["", "✨", "unnamed"]) == ["": "unnamed", "unnamed": "unnamed_2", "✨": "unnamed_3"])
    }

    @Test("names differing only in case get distinct stems, in sorted order of the originals")
    func caseOnlyDifferences() {
        #expect(TypeScriptNames.identifiers(for: ["foo", "Foo"]) == ["Foo": "Foo", "foo": "foo_2"])
    }

    @Test("a-b, a_b and aB: two map to one stem, so the later one is numbered")
    func sameStem() {
        let names = TypeScriptNames.identifiers(for: ["aB", "a_b", "a-b"])
        // Sorted by scalars: "a-b" < "aB" < "a_b".
        #expect(names == ["a-b": "aB", "aB": "aB_2", "a_b": "a_b"])
    }

    @Test("a numbered name never takes the stem of another original name")
    func suffixSkipsTakenNames() {
        let names = TypeScriptNames.identifiers(for: ["foo", "Foo", "foo_2", "FOO"])
        #expect(names == ["FOO": "FOO", "Foo": "Foo_3", "foo": "foo_4", "foo_2": "foo_2"])
        #expect(Set(names.values.map { $0.lowercased() }).count == names.count)
    }

    @Test("reserved identifiers of the namespace are avoided, ignoring case")
    func avoidsReserved() {
        let names = TypeScriptNames.identifiers(for: ["requireExpoUIModule", "x"], avoiding: ["requireExpoUIModule"])
        #expect(names == ["requireExpoUIModule": "requireExpoUIModule_2", "x": "x"])
    }

    @Test("the result does not depend on the order the names come in")
    func orderIndependent() {
        let names = ["3d", "class", "Foo", "foo", "a-b", "a_b", "aB", "default", "constructor", "✨", "", "class_"]
        let expected = TypeScriptNames.identifiers(for: names)
        for seed in 0..<20 {
            var generator = SplitMix64(seed: UInt64(seed))
            #expect(TypeScriptNames.identifiers(for: names.shuffled(using: &generator)) == expected)
        }
        // Every identifier is valid and distinct, even case-insensitively.
        #expect(Set(expected.values.map { $0.lowercased() }).count == names.count)
        for identifier in expected.values {
            #expect(TypeScriptNames.isPlainPropertyName(identifier) && !TypeScriptNames.reservedWords.contains(identifier), "\(identifier)")
        }
        #expect(expected["class"] == "class_" && expected["class_"] == "class__2")
    }
}

