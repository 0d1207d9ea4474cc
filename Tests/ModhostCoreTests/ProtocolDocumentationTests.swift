import Foundation
@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

/// The lists in `protocol/` are the lists in the code: the methods the host serves, the
/// diagnostic codes and error codes it sends, the topics `watch` takes. Each check reads a
/// table (or a heading, or a schema's `enum`), never prose, and compares both ways.
@Suite("protocol/ and the code", .timeLimit(.minutes(20)))
struct ProtocolDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    /// The lines of `text` from the heading line `heading` (e.g. "## `watch`") to the next
    /// heading of the same or a higher level.
    static func section(_ heading: String, of text: String) throws -> String {
        let level = heading.prefix { $0 == "#" }.count
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == heading }) else { throw DocumentError("no heading '\(heading)'") }
        let end = lines[(start + 1)...].firstIndex { line in
            let hashes = line.prefix { $0 == "#" }.count
            return hashes > 0 && hashes <= level && line.dropFirst(hashes).first == " "
        } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }

    /// The rows of the first Markdown table in `text` whose header is `header`, each row as
    /// its first `header.count` cells, trimmed. Tables may be indented (inside a list item).
    static func table(_ header: [String], in text: String) throws -> [[String]] {
        func cells(_ line: Substring) -> [String]? {
            let row = line.trimmingCharacters(in: .whitespaces)
            guard row.hasPrefix("|") else { return nil }
            return row.dropFirst().split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { cells($0).map { Array($0.prefix(header.count)) == header && $0.count == header.count + 1 } ?? false })
        else { throw DocumentError("no table with columns \(header)") }
        var rows: [[String]] = []
        for line in lines[(start + 2)...] {
            guard let row = cells(line) else { break }
            guard row.count > header.count else { throw DocumentError("a row with too few cells: \(line)") }
            rows.append(Array(row.prefix(header.count)))
        }
        return rows
    }

    /// The text inside the first pair of backticks of `cell`: "[`ping`](#ping)" gives "ping".
    static func code(_ cell: String) throws -> String {
        let parts = cell.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { throw DocumentError("no `name` in '\(cell)'") }
        return String(parts[1])
    }

    /// The `enum` of the JSON Schema `file` at the members `path`.
    static func schemaEnum(_ file: String, _ path: [String]) throws -> [JSONValue] {
        var value = try JSONParser.parse(read("protocol/schemas/" + file))
        for key in path {
            guard let next = value[key] else { throw DocumentError("\(file) has no '\(key)' at \(path)") }
            value = next
        }
        guard case .array(let values) = value["enum"] else { throw DocumentError("\(file) has no enum at \(path)") }
        return values
    }

    /// The `public static let NAME = VALUE` (or `NAME: TYPE = VALUE`) lines of `enum name`
    /// in the source file `path`, as [NAME: VALUE] with VALUE as written: read from the source,
    /// since Swift cannot list static members, so a constant added there is seen here.
    static func constants(ofEnum name: String, in path: String) throws -> [String: String] {
        let source = try read(path)
        guard let start = source.range(of: "public enum \(name) {\n"),
            let end = source[start.upperBound...].range(of: "\n}\n")
        else { throw DocumentError("\(path) has no 'public enum \(name)'") }
        var found: [String: String] = [:]
        for line in source[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("public static let "), let equals = text.range(of: " = ") else { continue }
            let constant = text.dropFirst("public static let ".count).prefix { $0.isLetter || $0.isNumber }
            found[String(constant)] = String(text[equals.upperBound...]).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return found
    }

    /// The text of every Swift file under Sources/, without the file `excluded` or, given
    /// `enum`, without only that enum's body in it: where a constant could be used.
    static func sources(except excluded: String, enum name: String? = nil) throws -> String {
        let folder = root + "/Sources"
        guard let walker = FileManager.default.enumerator(atPath: folder) else { throw DocumentError("no \(folder)") }
        return try walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { path in
            let text = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
            guard path == excluded else { return text }
            guard let name, let start = text.range(of: "public enum \(name) {\n"), let end = text[start.upperBound...].range(of: "\n}\n")
            else { return "" }
            return String(text[..<start.lowerBound] + text[end.upperBound...])
        }.joined(separator: "\n")
    }

    // MARK: Methods

    /// methods.md's summary table names every method the host serves, and only those, with
    /// whether it is allowed before `initialize` as the registry has it.
    @Test func methodsMdTableListsTheServedMethods() throws {
        let host = Host(registry: .tests)
        let served = host.methods.methodNames
        #expect(served.count >= 13 && served.contains("watch"), "\(served)")
        let rows = try Self.table(["method", "allowed before `initialize`", "params", "result"], in: Self.read("protocol/methods.md"))
        let documented = try rows.map { try Self.code($0[0]) }
        #expect(documented.sorted() == served, "methods.md's table: \(documented); the host serves \(served)")
        for row in rows {
            let method = try Self.code(row[0])
            guard let handler = host.methods.handler(for: method) else { continue }
            #expect(row[1].hasPrefix("yes") == !handler.requiresInitialize, "\(method): '\(row[1])'")
        }
    }

    /// methods.md has a section `## \`name\`` for each served method, and none for others.
    @Test func methodsMdHasASectionPerServedMethod() throws {
        let served = Host(registry: .tests).methods.methodNames
        let headings = try Self.read("protocol/methods.md").split(separator: "\n").filter {
            $0.hasPrefix("## `") && $0.hasSuffix("`") && $0.dropFirst(4).dropLast().allSatisfy { $0.isLetter }
        }.map { String($0.dropFirst(4).dropLast()) }
        #expect(headings.sorted() == served, "methods.md's sections: \(headings); the host serves \(served)")
    }

    /// protocol/schemas/ has `result-NAME.json` for each served method, and for no other.
    @Test func theSchemasHaveAResultPerServedMethod() throws {
        let served = Host(registry: .tests).methods.methodNames
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/protocol/schemas")
        let methods = files.filter { $0.hasPrefix("result-") && $0.hasSuffix(".json") }.map {
            String($0.dropFirst("result-".count).dropLast(".json".count))
        }
        #expect(methods.sorted() == served, "result schemas: \(methods.sorted()); the host serves \(served)")
    }

    // MARK: Diagnostics

    /// notifications.md's table of codes lists every `DiagnosticCode` as sent, and marks any
    /// other code it lists as not sent; each `DiagnosticCode` is used somewhere in Sources/.
    @Test func notificationsMdListsEveryDiagnosticCode() throws {
        let declared = try Self.constants(ofEnum: "DiagnosticCode", in: "Sources/ModhostCore/Surfaces/Events.swift")
        #expect(declared["unknownParam"] == DiagnosticCode.unknownParam && declared["pluginCrashed"] == DiagnosticCode.pluginCrashed)
        #expect(declared.count >= 9, "\(declared)")
        let section = try Self.section("## `diagnostic`", of: Self.read("protocol/notifications.md"))
        let rows = try Self.table(["code", "severity", "sent", "when"], in: section)
        let sent = try Set(rows.filter { $0[2] == "yes" }.map { try Self.code($0[0]) })
        let notSent = try Set(rows.filter { $0[2] != "yes" }.map { try Self.code($0[0]) })
        #expect(sent == Set(declared.values), "sent per notifications.md: \(sent.sorted()); DiagnosticCode: \(declared.values.sorted())")
        #expect(notSent.isDisjoint(with: declared.values), "documented as not sent: \(notSent.sorted())")
        #expect(rows.count == sent.count + notSent.count, "a code listed twice")
        for row in rows { #expect(["warning", "error"].contains(row[1]), "\(row[0]): severity '\(row[1])'") }
        let others = try Self.sources(except: "ModhostCore/Surfaces/Events.swift", enum: "DiagnosticCode")
        for name in declared.keys.sorted() where !others.contains("DiagnosticCode.\(name)") {
            Issue.record("DiagnosticCode.\(name) is never sent, but notifications.md says it is")
        }
    }

    // MARK: Error codes

    /// errors.md's table lists every `RPCErrorCode`, by code and name, and says `sent: yes`
    /// exactly for those something in Sources/ uses.
    @Test func errorsMdListsEveryErrorCode() throws {
        let declared = try Self.constants(ofEnum: "RPCErrorCode", in: "Sources/ModhostWire/RPCError.swift")
        #expect(declared["invalidParams"] == String(RPCErrorCode.invalidParams) && declared["notPermitted"] == String(RPCErrorCode.notPermitted))
        #expect(declared.count >= 9, "\(declared)")
        let byCode = Dictionary(uniqueKeysWithValues: declared.map { ($0.value, $0.key) })
        let rows = try Self.table(["code", "name", "sent", "when"], in: Self.section("## Codes", of: Self.read("protocol/errors.md")))
        #expect(Set(rows.map { $0[0] }) == Set(byCode.keys) && rows.count == byCode.count, "errors.md: \(rows.map { $0[0] }); RPCErrorCode: \(byCode.keys.sorted())")
        let others = try Self.sources(except: "ModhostWire/RPCError.swift")
        for row in rows {
            guard let name = byCode[row[0]] else { continue }
            // "Method not found" is `methodNotFound`.
            #expect(row[1].replacingOccurrences(of: " ", with: "").lowercased() == name.lowercased(), "\(row[0]) is '\(row[1])' but \(name) in the code")
            let used = others.contains(".\(name)(") || others.contains("RPCErrorCode.\(name)")
            let documented = row[2].trimmingCharacters(in: CharacterSet(charactersIn: "*"))
            #expect(documented == (used ? "yes" : "no"), "\(row[0]) \(name): errors.md says sent '\(row[2])'")
        }
    }

    /// jsonrpc.md's error table and error-response.json's enum have the same codes.
    @Test func jsonrpcMdAndTheSchemaListEveryErrorCode() throws {
        let declared = try Self.constants(ofEnum: "RPCErrorCode", in: "Sources/ModhostWire/RPCError.swift")
        let codes = Set(declared.values)
        let section = try Self.section("## 9. Error codes", of: Self.read("protocol/jsonrpc.md"))
        let rows = try Self.table(["code", "name", "when"], in: section)
        #expect(Set(rows.map { $0[0] }) == codes && rows.count == codes.count, "jsonrpc.md: \(rows.map { $0[0] }); RPCErrorCode: \(codes.sorted())")
        let hostRange = try Self.table(["code", "name", "meaning"], in: section).map { $0[0] }
        let inHostRange = codes.filter { Int($0).map { (-32099)...(-32000) ~= $0 } ?? false }
        #expect(Set(hostRange) == inHostRange && hostRange.count == inHostRange.count, "jsonrpc.md's host range: \(hostRange)")
        let schema = try Self.schemaEnum("error-response.json", ["$defs", "error", "properties", "code"]).map { $0.jsonText }
        #expect(Set(schema) == codes && schema.count == codes.count, "error-response.json: \(schema)")
    }

    // MARK: Views

    /// surfaces.md's table of views lists `ViewKind`'s views in order, with whether each
    /// takes children and its own events as the code has them; methods.md's `views` list is
    /// the same list.
    @Test func surfacesMdListsTheViewsWithTheirEvents() throws {
        let section = try Self.section("### Views", of: Self.read("protocol/surfaces.md"))
        let rows = try Self.table(["view", "takes children", "events", ""], in: section)
        #expect(try rows.map { try Self.code($0[0]) } == ViewKind.names, "surfaces.md: \(rows.map { $0[0] })")
        for row in rows {
            guard let kind = ViewKind(name: try Self.code(row[0])) else { continue }
            #expect(row[1] == (kind.takesChildren ? "yes" : "no"), "\(kind.rawValue): takes children '\(row[1])'")
            let events = row[2] == "none" ? [] : row[2].split(separator: ",").map { try? Self.code(String($0)) }
            #expect(events == kind.events, "\(kind.rawValue): events '\(row[2])'")
        }
        let list = "`[" + ViewKind.names.map { "\"\($0)\"" }.joined(separator: ",") + "]`"
        #expect(try Self.read("protocol/methods.md").contains(list), "methods.md does not list the views as \(list)")
    }

    // MARK: Watch topics

    /// methods.md's table of `watch` topics, the unknown-topic error it shows, and the schemas
    /// of the result and of `watched` name the topics of `Watch`, in its order.
    @Test func methodsMdListsTheWatchTopics() throws {
        let section = try Self.section("## `watch`", of: Self.read("protocol/methods.md"))
        let rows = try Self.table(["topic", "default", "what the watcher gets"], in: section)
        #expect(try rows.map { try Self.code($0[0]) } == Watch.topics, "methods.md: \(rows.map { $0[0] })")
        #expect(try rows.filter { $0[1] == "yes" }.map { try Self.code($0[0]) } == Watch.defaultTopics)
        #expect(rows.allSatisfy { ["yes", "no"].contains($0[1]) }, "\(rows.map { $0[1] })")
        let unknown = try #require(try Self.table(["situation", "code", "`data`"], in: section).first { $0[0] == "an unknown topic" })
        #expect(unknown[2].contains("expected: \"one of \(Watch.topics.joined(separator: ", "))\""), "\(unknown[2])")
        let result = try Self.schemaEnum("result-watch.json", ["properties", "topics", "items"])
        #expect(result == Watch.topics.map { .string($0) }, "result-watch.json: \(result)")
        let watched = try Self.schemaEnum("watched.json", ["properties", "params", "properties", "method"])
        #expect(watched == (Watch.defaultTopics + [Watch.surfaceMethod]).map { .string($0) }, "watched.json: \(watched)")
    }
}

struct DocumentError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
