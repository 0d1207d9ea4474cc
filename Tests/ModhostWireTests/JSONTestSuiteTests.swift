import Foundation
import ModhostWire
import Testing

/// Runs the parser over Nicolas Seriot's JSONTestSuite (`test_parsing`): every `y_` file must be
/// accepted, every `n_` file rejected, and every `i_` (implementation-defined) file must get the
/// decision pinned in `JSONTestSuiteCorpus.implementationDefined` (documented in protocol/json.md).
///
/// The corpus lives next to the repository at `../shared/corpora/JSONTestSuite/test_parsing`;
/// the environment variable `MODHOST_JSONTESTSUITE` overrides that location (either the
/// `test_parsing` folder itself or the JSONTestSuite folder containing it).
enum JSONTestSuiteCorpus {
    /// The host's decision for each implementation-defined file: `true` = accepted.
    static let implementationDefined: [String: Bool] = [
        // Numbers: underflow becomes zero, integers beyond Int64 become doubles, overflow to
        // infinity is rejected.
        "i_number_double_huge_neg_exp.json": true,
        "i_number_huge_exp.json": false,
        "i_number_neg_int_huge_exp.json": false,
        "i_number_pos_double_huge_exp.json": false,
        "i_number_real_neg_overflow.json": false,
        "i_number_real_pos_overflow.json": false,
        "i_number_real_underflow.json": true,
        "i_number_too_big_neg_int.json": true,
        "i_number_too_big_pos_int.json": true,
        "i_number_very_big_negative_int.json": true,
        // Escaped surrogates must pair up.
        "i_object_key_lone_2nd_surrogate.json": false,
        "i_string_1st_surrogate_but_2nd_missing.json": false,
        "i_string_1st_valid_surrogate_2nd_invalid.json": false,
        "i_string_incomplete_surrogate_and_escape_valid.json": false,
        "i_string_incomplete_surrogate_pair.json": false,
        "i_string_incomplete_surrogates_escape_valid.json": false,
        "i_string_invalid_lonely_surrogate.json": false,
        "i_string_invalid_surrogate.json": false,
        "i_string_inverted_surrogates_U+1D11E.json": false,
        "i_string_lone_second_surrogate.json": false,
        // Only well-formed UTF-8 (no BOM, no UTF-16, no Latin-1).
        "i_string_UTF-16LE_with_BOM.json": false,
        "i_string_UTF-8_invalid_sequence.json": false,
        "i_string_UTF8_surrogate_U+D800.json": false,
        "i_string_invalid_utf-8.json": false,
        "i_string_iso_latin_1.json": false,
        "i_string_lone_utf8_continuation_byte.json": false,
        "i_string_not_in_unicode_range.json": false,
        "i_string_overlong_sequence_2_bytes.json": false,
        "i_string_overlong_sequence_6_bytes.json": false,
        "i_string_overlong_sequence_6_bytes_null.json": false,
        "i_string_truncated-utf-8.json": false,
        "i_string_utf16BE_no_BOM.json": false,
        "i_string_utf16LE_no_BOM.json": false,
        "i_structure_UTF-8_BOM_empty_object.json": false,
        // 500 levels is within the 512 limit.
        "i_structure_500_nested_arrays.json": true,
    ]

    struct Location {
        var directory: String?
        var lookedAt: [String]
    }

    static func locate(filePath: String = #filePath) -> Location {
        let fileManager = FileManager.default
        func isCorpus(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return fileManager.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        if let override = ProcessInfo.processInfo.environment["MODHOST_JSONTESTSUITE"], !override.isEmpty {
            let candidates = [override + "/test_parsing", override]
            for candidate in candidates where isCorpus(candidate) && containsTestFiles(candidate) {
                return Location(directory: candidate, lookedAt: candidates)
            }
            return Location(directory: nil, lookedAt: candidates.map { $0 + " (from MODHOST_JSONTESTSUITE)" })
        }
        // Walk up from this file to the package root (the folder holding Package.swift).
        var looked: [String] = []
        var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().standardizedFileURL
        while directory.path != "/" {
            if fileManager.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                let candidate = directory.deletingLastPathComponent()
                    .appendingPathComponent("shared/corpora/JSONTestSuite/test_parsing").standardizedFileURL.path
                looked.append(candidate)
                if isCorpus(candidate) { return Location(directory: candidate, lookedAt: looked) }
            }
            directory = directory.deletingLastPathComponent()
        }
        if looked.isEmpty { looked.append("no Package.swift above \(filePath)") }
        return Location(directory: nil, lookedAt: looked)
    }

    private static func containsTestFiles(_ path: String) -> Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).contains { $0.hasPrefix("y_") }
    }

    /// The corpus files whose names start with `prefix`, sorted by name; records a test failure
    /// (and returns nil) when the corpus cannot be found or read.
    static func files(prefix: String, sourceLocation: SourceLocation = #_sourceLocation) -> [(name: String, bytes: [UInt8])]? {
        let location = locate()
        guard let directory = location.directory else {
            let places = location.lookedAt.joined(separator: ", ")
            Issue.record(
                "JSONTestSuite corpus not found; looked in: \(places). Set MODHOST_JSONTESTSUITE to its test_parsing folder.",
                sourceLocation: sourceLocation)
            return nil
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
                .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
        } catch {
            Issue.record("cannot list \(directory): \(error)", sourceLocation: sourceLocation)
            return nil
        }
        var result: [(name: String, bytes: [UInt8])] = []
        for name in names {
            guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
                Issue.record("cannot read \(directory)/\(name)", sourceLocation: sourceLocation)
                return nil
            }
            result.append((name, [UInt8](data)))
        }
        if result.isEmpty {
            Issue.record("no \(prefix)*.json files in \(directory)", sourceLocation: sourceLocation)
            return nil
        }
        return result
    }

    static func accepts(_ bytes: [UInt8]) -> Bool {
        (try? JSONParser.parse(bytes)) != nil
    }
}

/// The corpus is outside the repository (CI has it beside the clone): without it the suite is
/// skipped, with the places looked at as the reason, rather than failed.
@Suite(
    "JSONTestSuite",
    .timeLimit(.minutes(20)),
    .enabled(
        if: JSONTestSuiteCorpus.locate().directory != nil,
        Comment(rawValue: "JSONTestSuite corpus not found (looked in: \(JSONTestSuiteCorpus.locate().lookedAt.joined(separator: ", "))); set MODHOST_JSONTESTSUITE to its test_parsing folder to run these")))
struct JSONTestSuiteTests {
    @Test func everyYFileIsAccepted() {
        guard let files = JSONTestSuiteCorpus.files(prefix: "y_") else { return }
        var rejected: [String] = []
        for file in files {
            do {
                _ = try JSONParser.parse(file.bytes)
            } catch {
                rejected.append("\(file.name) (\(error))")
            }
        }
        #expect(rejected.isEmpty, "y_ files rejected:\n\(rejected.joined(separator: "\n"))")
        #expect(files.count >= 95, "only \(files.count) y_ files found")
    }

    @Test func everyNFileIsRejected() {
        guard let files = JSONTestSuiteCorpus.files(prefix: "n_") else { return }
        let accepted = files.filter { JSONTestSuiteCorpus.accepts($0.bytes) }.map(\.name)
        #expect(accepted.isEmpty, "n_ files accepted:\n\(accepted.joined(separator: "\n"))")
        #expect(files.count >= 188, "only \(files.count) n_ files found")
    }

    @Test func everyIFileGetsThePinnedDecision() {
        guard let files = JSONTestSuiteCorpus.files(prefix: "i_") else { return }
        var wrong: [String] = []
        var unlisted: [String] = []
        for file in files {
            let accepted = JSONTestSuiteCorpus.accepts(file.bytes)
            guard let expected = JSONTestSuiteCorpus.implementationDefined[file.name] else {
                unlisted.append("\(file.name) (currently \(accepted ? "accepted" : "rejected"))")
                continue
            }
            if accepted != expected {
                wrong.append("\(file.name): expected \(expected ? "accept" : "reject"), got \(accepted ? "accept" : "reject")")
            }
        }
        let present = Set(files.map(\.name))
        let missing = JSONTestSuiteCorpus.implementationDefined.keys.filter { !present.contains($0) }.sorted()
        #expect(wrong.isEmpty, "i_ files with the wrong decision:\n\(wrong.joined(separator: "\n"))")
        #expect(unlisted.isEmpty, "i_ files without a pinned decision:\n\(unlisted.joined(separator: "\n"))")
        #expect(missing.isEmpty, "pinned i_ files missing from the corpus:\n\(missing.joined(separator: "\n"))")
    }

    @Test func pinnedRejectionsFailForTheDocumentedReason() throws {
        guard let files = JSONTestSuiteCorpus.files(prefix: "i_") else { return }
        let byName = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.bytes) })
        func message(_ name: String) throws -> String? {
            let bytes = try #require(byName[name], "\(name) missing")
            do {
                _ = try JSONParser.parse(bytes)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(try message("i_number_huge_exp.json") == "number out of range")
        #expect(try message("i_number_real_pos_overflow.json") == "number out of range")
        #expect(try message("i_string_lone_second_surrogate.json") == "unpaired surrogate")
        #expect(try message("i_string_1st_valid_surrogate_2nd_invalid.json") == "unpaired surrogate")
        #expect(try message("i_string_UTF8_surrogate_U+D800.json") == "invalid UTF-8")
        #expect(try message("i_string_overlong_sequence_2_bytes.json") == "invalid UTF-8")
        #expect(try message("i_structure_UTF-8_BOM_empty_object.json") == "byte order mark not allowed")
    }

    @Test func nestingFilesFailOnDepthNotStack() {
        guard let files = JSONTestSuiteCorpus.files(prefix: "n_structure_") else { return }
        for name in ["n_structure_100000_opening_arrays.json", "n_structure_open_array_object.json"] {
            guard let file = files.first(where: { $0.name == name }) else {
                Issue.record("\(name) missing from the corpus")
                continue
            }
            do {
                _ = try JSONParser.parse(file.bytes)
                Issue.record("\(name) was accepted")
            } catch {
                #expect(error.message == "nesting deeper than 512", "\(name): \(error)")
            }
        }
    }

    @Test func acceptedFilesRoundTripThroughTheWriter() throws {
        guard let yFiles = JSONTestSuiteCorpus.files(prefix: "y_"),
            let iFiles = JSONTestSuiteCorpus.files(prefix: "i_")
        else { return }
        for file in yFiles + iFiles {
            guard let value = try? JSONParser.parse(file.bytes) else { continue }
            let compact = value.serialized()
            #expect(try JSONParser.parse(compact) == value, "\(file.name): \(value.jsonText)")
            var pretty: [UInt8] = []
            JSONWriter.writePretty(value, into: &pretty)
            #expect(try JSONParser.parse(pretty) == value, "\(file.name) (pretty)")
        }
    }
}
