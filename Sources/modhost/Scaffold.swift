import Glibc
import ModhostWire

/// `modhost new-plugin NAME [DIR]`: writes a SwiftPM package for a third-party plugin that
/// builds against the SDK and loads into a running daemon by copying one folder.
enum Scaffold {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func validate(name: String) throws(Failure) {
        guard let first = name.unicodeScalars.first, first.properties.isUppercase, first.isASCII,
            name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        else {
            throw Failure(description: "the plugin name must be a Swift type name starting with a capital letter (letters and digits only), like 'Badge', not '\(name)'")
        }
    }

    /// The files of the package, by path relative to its folder.
    static func files(name: String, sdkPath: String) -> [(path: String, text: String)] {
        let type = name.prefix(1).lowercased() + name.dropFirst()
        let manifest: JSONValue = [
            "name": .string(name), "version": "0.1.0", "platforms": ["linux"], "sdkVersion": "2.0.0",
            "linux": ["library": .string("lib\(name).so"), "swiftModule": .string(name), "modules": .array([.string("\(name)Module")])],
        ]
        var manifestBytes: [UInt8] = []
        JSONWriter.writePretty(manifest, into: &manifestBytes)
        return [
            ("Package.swift", """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "\(name)",
                products: [
                    // The plugin: a dynamic library that links ModifierKit dynamically, so the
                    // daemon's one copy of the SDK is shared (never copy the SDK's sources in).
                    .library(name: "\(name)", type: .dynamic, targets: ["\(name)"]),
                ],
                dependencies: [
                    .package(path: "\(sdkPath)"),
                ],
                targets: [
                    .target(name: "\(name)", dependencies: [.product(name: "ModifierKit", package: "SDK")]),
                    .testTarget(name: "\(name)Tests", dependencies: ["\(name)"]),
                ]
            )

            """),
            ("Sources/\(name)/\(name)Modifier.swift", """
            import ModifierKit

            /// The params of the `\(type)` modifier, as the front-end sends them:
            /// `{"$type": "\(type)", "text": "New", "tint": "#FF9500"}`.
            struct \(name)Modifier: ViewModifier, Record {
              @Field(.required) var text: String = ""
              @Field var tint: Color?
              @Field var count: Int = 0

              var eventDispatcher: EventDispatcher?

              init() {}

              init(from params: Dict, appContext: AppContext, eventDispatcher: EventDispatcher) throws {
                try self = .init(from: params, appContext: appContext)
                self.eventDispatcher = eventDispatcher
              }

              func body(content: Content) -> some View {
                content
              }
            }

            """),
            ("Sources/\(name)/\(name)Module.swift", """
            import ModifierKit

            public class \(name)Module: Module {
              public func definition() -> ModuleDefinition {
                Name("\(name)")

                OnCreate {
                  ViewModifierRegistry.register("\(type)") { params, appContext, eventDispatcher in
                    try \(name)Modifier(from: params, appContext: appContext, eventDispatcher: eventDispatcher)
                  }
                }

                OnDestroy {
                  ViewModifierRegistry.unregister("\(type)")
                }
              }
            }

            """),
            ("Tests/\(name)Tests/\(name)Tests.swift", """
            import ModifierKit
            import Testing
            @testable import \(name)

            private let context = AppContext(hostVersion: "test", log: .silent)

            @Test func paramsDecodeIntoTheModifier() throws {
              let modifier = try \(name)Modifier(
                from: ["$type": "\(type)", "text": "New", "tint": "#FF9500", "count": 3], appContext: context,
                eventDispatcher: EventDispatcher(modifierType: "\(type)") { _ in })
              #expect(modifier.text == "New")
              #expect(modifier.tint?.hex == "#FF9500FF")
              #expect(modifier.count == 3)
            }

            @Test func aMissingTextIsAnErrorThatNamesTheField() throws {
              #expect(throws: FieldError.self) {
                try \(name)Modifier(from: ["$type": "\(type)"], appContext: context)
              }
            }

            """),
            ("plugin/plugin.json", String(decoding: manifestBytes, as: UTF8.self) + "\n"),
            ("install.sh", """
            #!/usr/bin/env bash
            # Builds the plugin and copies its folder where a running modhostd picks it up.
            set -euo pipefail
            cd "$(dirname "$0")"
            swift build -c release
            cp "$(swift build -c release --show-bin-path)/lib\(name).so" plugin/
            target="${1:-${XDG_DATA_HOME:-$HOME/.local/share}/modhost/plugins}/\(name)"
            mkdir -p "$(dirname "$target")"
            rm -rf "$target.new" && cp -r plugin "$target.new" && chmod -R go-w "$target.new"
            rm -rf "$target" && mv "$target.new" "$target"
            echo "installed \(name) into $target"

            """),
            ("README.md", """
            # \(name): a Modhost modifier plugin

            - `Sources/\(name)/\(name)Modifier.swift`: the modifier's params (`@Field`s) and body.
            - `Sources/\(name)/\(name)Module.swift`: registers the `\(type)` type in `OnCreate`.
            - `plugin/plugin.json`: the manifest the daemon reads.

            Build, test and install into the user plugin folder (a running `modhostd` loads it
            without a restart and announces it with `pluginsChanged`):

            ```sh
            swift test
            ./install.sh            # or ./install.sh /path/to/a/plugins/folder
            modhost call describe   # lists "\(type)" with its params schema
            ```

            """),
        ]
    }

    static func write(name: String, to folder: String, sdkPath: String) throws(Failure) {
        try validate(name: name)
        var info = stat()
        if stat(folder, &info) == 0 {
            throw Failure(description: "\(folder) already exists; choose a new folder")
        }
        for (path, text) in files(name: name, sdkPath: sdkPath) {
            let full = folder + "/" + path
            makeFolders(String(full[..<full.lastIndex(of: "/")!]))
            let fd = open(full, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, path.hasSuffix(".sh") ? 0o755 : 0o644)
            guard fd >= 0 else { throw Failure(description: "cannot write \(full): \(String(cString: strerror(errno)))") }
            let bytes = Array(text.utf8)
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            close(fd)
            guard written == bytes.count else { throw Failure(description: "cannot write \(full)") }
        }
    }

    private static func makeFolders(_ path: String) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            mkdir(current, 0o755)
        }
    }
}
