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
    /// The SDK version the package at `sdkPath` declares in its `VERSION` file.
    static func sdkVersion(at sdkPath: String) throws(Failure) -> String {
        let file = sdkPath + "/VERSION"
        guard let handle = fopen(file, "r") else {
            throw Failure(description: "\(file) cannot be read; --sdk must name the SDK folder of a Modhost checkout (it holds Package.swift and VERSION)")
        }
        defer { fclose(handle) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, Int32(buffer.count), handle) != nil else { throw Failure(description: "\(file) is empty") }
        let version = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            .filter { !$0.isWhitespace }
        guard !version.isEmpty else { throw Failure(description: "\(file) is empty") }
        return version
    }

    /// The files of the package, by path relative to its folder. `sdkPath` is absolute;
    /// SwiftPM names a path dependency after its folder, so the product is looked up in
    /// the package of that name.
    static func files(name: String, sdkPath: String, sdkVersion: String, modhostPath: String) -> [(path: String, text: String)] {
        let type = name.prefix(1).lowercased() + name.dropFirst()
        let sdkPackage = sdkPath.split(separator: "/").last.map(String.init) ?? "SDK"
        let manifest: JSONValue = [
            "name": .string(name), "version": "0.1.0", "platforms": ["linux"], "sdkVersion": .string(sdkVersion),
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
                    .target(name: "\(name)", dependencies: [.product(name: "ModifierKit", package: "\(sdkPackage)")]),
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
            import \(name)

            // These tests check what the plugin serves, as modhostd and front-ends see it: the
            // types its module registers and, for each, its params schema (what `describe`
            // shows) and the modifiers its factory makes from params. They name the params only
            // through the schema, never the modifier's Swift properties, so they keep passing
            // when you rename, add or remove fields; add tests of your own for what the
            // modifier does (`effect`, `tap()`, `performSwipeAction(_:)`, `eventPayloads`).

            /// The modifier types the module registers: the `$type`s front-ends send. Add any
            /// type you register; the other tests check every registered one.
            private let servedTypes = ["\(type)"]

            /// The plugin loaded as modhostd loads it: its module created and its `OnCreate`
            /// run, registering into a registry of this host's own.
            private func loadedPlugin() -> PluginTestHost {
              PluginTestHost(plugin: "\(name)", modules: [\(name)Module.self])
            }

            @Suite(.timeLimit(.minutes(5))) struct \(name)Tests {
              @Test func theModuleServesItsTypesAndRemovesThemOnDestroy() {
                let host = loadedPlugin()
                #expect(host.types == servedTypes.sorted())
                #expect(host.destroy() == [], "OnDestroy should unregister what OnCreate registered")
              }

              @Test func paramsMadeFromTheSchemaMakeAModifier() throws {
                let host = loadedPlugin()
                defer { host.destroy() }
                for modifierType in host.types {
                  let modifier = try host.makeModifier(try host.exampleParams(of: modifierType))
                  #expect(modifier.unknownParams.isEmpty, "\\(modifierType)")
                  #expect(modifier.events.isEmpty, "building a '\\(modifierType)' should not send events")
                  // Drop this check if a body is meant to replace the view it modifies.
                  #expect(modifier.effect.includesContent, "the body of '\\(modifierType)' should keep the view it modifies")
                }
              }

              @Test func eachRequiredParamLeftOutIsAnErrorNamingIt() throws {
                let host = loadedPlugin()
                defer { host.destroy() }
                for modifierType in host.types {
                  let required = try host.paramsSchema(of: modifierType)["required"] as? [String] ?? []
                  #expect(required.first == "$type")
                  for key in required.dropFirst() {
                    var params = try host.exampleParams(of: modifierType)
                    params[key] = nil
                    let error = try #require(throws: PluginTestError.self, "'\\(modifierType)' without '\\(key)'") {
                      try host.makeModifier(params)
                    }
                    #expect(error.path == key)
                    #expect(error.message.contains("'\\(key)'"), "the error should name the param: \\(error.message)")
                  }
                }
              }

              @Test func eachParamOfTheWrongJSONTypeIsAnErrorNamingIt() throws {
                let host = loadedPlugin()
                defer { host.destroy() }
                for modifierType in host.types {
                  let properties = try host.paramsSchema(of: modifierType)["properties"] as? [String: Any] ?? [:]
                  for (key, property) in properties where key != "$type" {
                    // A value of a JSON type the param does not take (none known: skipped).
                    let allowed = jsonTypes(of: property)
                    let wrong: Any
                    if allowed.isEmpty {
                      continue
                    } else if !allowed.contains("object") {
                      wrong = ["not": "this"] as Dict
                    } else if !allowed.contains("boolean") {
                      wrong = true
                    } else {
                      continue
                    }
                    var params = try host.exampleParams(of: modifierType)
                    params[key] = wrong
                    let error = try #require(throws: PluginTestError.self, "'\\(modifierType)' with a bad '\\(key)'") {
                      try host.makeModifier(params)
                    }
                    #expect(error.path == key, "the error should name the param: \\(error.message)")
                  }
                }
              }

              @Test func anUnknownParamIsReported() throws {
                let host = loadedPlugin()
                defer { host.destroy() }
                for modifierType in host.types {
                  var params = try host.exampleParams(of: modifierType)
                  params["notAParamOf\(name)"] = 1
                  let modifier = try host.makeModifier(params)
                  #expect(modifier.unknownParams.map(\\.path) == ["notAParamOf\(name)"], "\\(modifierType)")
                }
              }
            }

            /// The JSON types a param's schema allows (`string`, `object`, ...), through `anyOf`.
            private func jsonTypes(of schema: Any) -> Set<String> {
              guard let schema = schema as? [String: Any] else { return [] }
              var types = Set<String>()
              if let type = schema["type"] as? String { types.insert(type) }
              for option in schema["anyOf"] as? [Any] ?? [] { types.formUnion(jsonTypes(of: option)) }
              return types
            }

            """),
            ("plugin/plugin.json", String(decoding: manifestBytes, as: UTF8.self) + "\n"),
            ("install.sh", """
            #!/usr/bin/env bash
            # Builds the plugin, copies its folder where a running modhostd picks it up, and
            # says what the daemon made of it.
            set -euo pipefail
            cd "$(dirname "$0")"
            sdk="\(sdkPath)"
            fresh=false
            [ -d .build/release ] || fresh=true
            swift build -c release
            # SwiftPM relinks and reruns the SDK's fingerprint tool on a package's second build
            # (about a second): paid here, on the first install, not on the first edit after it.
            if $fresh; then swift build -c release >/dev/null; fi
            cp "$(swift build -c release --show-bin-path)/lib\(name).so" plugin/
            # The manifest names the SDK version this build linked (the daemon checks it, and
            # the library's own SDK build fingerprint).
            version="$(tr -d '[:space:]' < "$sdk/VERSION")"
            sed -i "s/\\"sdkVersion\\": *\\"[^\\"]*\\"/\\"sdkVersion\\": \\"$version\\"/" plugin/plugin.json
            root="${1:-${XDG_DATA_HOME:-$HOME/.local/share}/modhost/plugins}"
            target="$root/\(name)"
            mkdir -p -m 700 "$root"
            # Staged under a dot name (the daemon skips those) and renamed into place, so the
            # daemon never sees a half-copied folder; the swap is two renames in a row, well
            # inside the time it waits for a folder to settle.
            rm -rf "$root/.\(name).new" "$root/.\(name).old"
            cp -r plugin "$root/.\(name).new" && chmod -R go-w "$root/.\(name).new"
            if [ -e "$target" ]; then mv "$target" "$root/.\(name).old"; fi
            mv "$root/.\(name).new" "$target"
            rm -rf "$root/.\(name).old"
            echo "installed \(name) into $target"
            modhost="${MODHOST:-\(modhostPath)}"
            if [ -x "$modhost" ] && "$modhost" ping >/dev/null 2>&1; then
              "$modhost" reload "$target"
            else
              echo "no modhostd answers on its default socket: it loads \(name) when it starts."
              echo "check with: $modhost call describe"
            fi

            """),
            ("README.md", """
            # \(name): a Modhost modifier plugin

            - `Sources/\(name)/\(name)Modifier.swift`: the modifier's params (`@Field`s) and body.
            - `Sources/\(name)/\(name)Module.swift`: registers the `\(type)` type in `OnCreate`.
            - `Tests/\(name)Tests/\(name)Tests.swift`: tests of what the plugin serves.
            - `plugin/plugin.json`: the manifest the daemon reads.

            The tests load the module with ModifierKit's `PluginTestHost`, which runs it the way
            `modhostd` does (its `OnCreate`, a registry of its own) and checks what front-ends
            see: the `\(type)` type is registered (and unregistered by `OnDestroy`), params made
            from its params schema (what `describe` shows) build a modifier, every required
            param left out and every param of the wrong JSON type is an error naming it, and an
            unknown param is reported. They read the params from the schema, so they keep passing when you
            rename or add fields; add your own for what the modifier does (its `effect`, `tap()`,
            `performSwipeAction(_:)` and the `eventPayloads` it sent). The SDK guide's "Testing
            a plugin" section shows more.

            Build, test and install into the user plugin folder:

            ```sh
            swift test
            ./install.sh            # or ./install.sh /path/to/a/plugins/folder
            ```

            `install.sh` builds in release mode, writes the SDK's version into the manifest,
            copies `plugin/` into the folder with one rename, and asks a running `modhostd` to
            rescan (`modhost reload`), printing whether the plugin loaded and which types it
            serves, or why it was refused. A running daemon also notices the folder by itself
            within about a second, loads it without a restart and announces it to front-ends
            with `pluginsChanged`; reinstalling a changed build loads the new code (modifiers
            already mounted keep the old code until the front-end updates them). A daemon that
            is not running loads it when it starts. `modhost call describe` lists "\(type)" with
            its params schema.

            The plugin must be built against the same SDK and toolchain as the daemon: the
            daemon refuses a library built against any other build of ModifierKit, and says
            so. Rebuild and reinstall after updating Modhost.

            """),
        ]
    }

    static func write(name: String, to folder: String, sdkPath: String, modhostPath: String) throws(Failure) {
        try validate(name: name)
        let sdkVersion = try sdkVersion(at: sdkPath)
        var info = stat()
        if stat(folder, &info) == 0 {
            throw Failure(description: "\(folder) already exists; choose a new folder")
        }
        for (path, text) in files(name: name, sdkPath: sdkPath, sdkVersion: sdkVersion, modhostPath: modhostPath) {
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
