import ModhostWire

/// What `modhost plugins` prints: one row per plugin folder of `describe`'s `plugins`,
/// columns NAME VERSION STATUS TYPES ERROR.
enum PluginsTable {
    /// The widest a TYPES cell grows before the rest of its list is counted, not listed.
    static let typesWidth = 48

    static func text(of plugins: [JSONValue]) -> String {
        guard !plugins.isEmpty else { return "no plugins (see `modhost call describe` for the folders searched)" }
        let header = ["NAME", "VERSION", "STATUS", "TYPES", "ERROR"]
        let rows = plugins.map { plugin in
            [
                plugin["name"]?.stringValue ?? "?",
                plugin["version"]?.stringValue ?? "-",
                plugin["status"]?.stringValue ?? "?",
                types(plugin["types"]?.arrayValue?.compactMap(\.stringValue) ?? []),
                // One line per plugin: an error's own line breaks would break the table.
                (plugin["error"]?.stringValue ?? note(on: plugin, among: plugins)).split(whereSeparator: \.isNewline).joined(separator: " "),
            ]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { cells in
            cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell.padding(toWidth: widths[column])
            }.joined(separator: "  ").trailingSpacesRemoved
        }.joined(separator: "\n")
    }

    /// What the last column says of a plugin without an error: for an overridden (bundled)
    /// plugin, which folder's plugin of that name replaces it.
    static func note(on plugin: JSONValue, among plugins: [JSONValue]) -> String {
        guard plugin["status"] == "overridden" else { return "" }
        let replacement = plugins.first { $0["status"] == "loaded" && $0["name"] == plugin["name"] }
        return "replaced by the plugin in \(replacement?["path"]?.stringValue ?? "a folder that comes first")"
    }

    /// The types, comma-separated, cut after the last that fits `typesWidth` with a count
    /// of the rest: `a, b, c, +18 more`.
    static func types(_ types: [String]) -> String {
        guard !types.isEmpty else { return "-" }
        let whole = types.joined(separator: ", ")
        if whole.count <= typesWidth { return whole }
        var shown: [String] = []
        for type in types {
            let more = "+\(types.count - shown.count - 1) more"
            if (shown + [type, more]).joined(separator: ", ").count > typesWidth { break }
            shown.append(type)
        }
        return (shown + ["+\(types.count - shown.count) more"]).joined(separator: ", ")
    }
}

extension String {
    func padding(toWidth width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    var trailingSpacesRemoved: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
