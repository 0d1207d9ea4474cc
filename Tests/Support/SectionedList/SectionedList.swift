import Foundation

/// A hand-kept list in sections, as Plugins/ExpoUI/expo-modifiers.txt and expo-components.txt
/// are written: `[section]` lines, then one name a line; `#` starts a comment, and a comment on
/// a name's line is the reason given for it.
public struct SectionedList: Sendable {
    /// The names under each `[section]`, in file order.
    public let sections: [String: [String]]
    /// The comment on a name's own line, by name.
    public let reasons: [String: String]

    public init(text: String) throws {
        var sections: [String: [String]] = [:]
        var reasons: [String: String] = [:]
        var current: String?
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let parts = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            let line = parts.first ?? ""
            if line.isEmpty { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                let name = String(line.dropFirst().dropLast())
                current = name
                sections[name, default: []] += []
                continue
            }
            guard let current else {
                throw ListError(message: "line \(number + 1): '\(line)' is before the first [section]")
            }
            sections[current, default: []].append(line)
            if parts.count > 1, !parts[1].isEmpty { reasons[line] = parts[1] }
        }
        self.sections = sections
        self.reasons = reasons
    }

    /// A line the list cannot take, with its number.
    public struct ListError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
