import ModhostCore
import ModhostWire

/// `plugin.json`, modelled on Expo's `expo-module.config.json`:
///
/// ```json
/// {"name": "SwipeActions", "platforms": ["linux"], "sdkVersion": "2.5.0",
///  "linux": {"library": "libSwipeActions.so", "swiftModule": "SwipeActions",
///            "modules": ["SwipeActionsModule"]}}
/// ```
public struct PluginManifest: Equatable, Sendable {
    public static let fileName = "plugin.json"

    public var name: String
    public var version: String?
    public var sdkVersion: String
    /// The shared library's file name, found in the plugin folder (or, for bundled plugins,
    /// next to the daemon, where the build puts it).
    public var library: String
    /// The Swift module the classes live in; defaults to the library name without `lib` and `.so`.
    public var swiftModule: String
    /// Module class names, unqualified or `SwiftModule.Class`.
    public var modules: [String]

    /// Reads a manifest's text; errors name the member at fault and what it should be.
    /// The manifest in `folder` (its `plugin.json`, read as the loader reads it: a regular
    /// file, not a link), or nil when there is none that parses.
    public static func read(inFolder folder: String) -> PluginManifest? {
        let path = folder + "/" + fileName
        guard let bytes = try? FileSystem.readRegularFile(path) else { return nil }
        return try? parse(bytes, file: path)
    }

    public static func parse(_ text: [UInt8], file: String) throws(PluginError) -> PluginManifest {
        let value: JSONValue
        do {
            value = try JSONParser.parse(text)
        } catch {
            throw PluginError("\(file) is not valid JSON (\(error)); fix the file")
        }
        guard case let .object(root) = value else {
            throw PluginError("\(file) must hold a JSON object, not \(value.typeName)")
        }
        func string(_ object: JSONObject, _ key: String, at path: String, required: Bool = true) throws(PluginError) -> String? {
            let where_ = JSONPath.member(key, of: path)
            guard let member = object[key] else {
                if required { throw PluginError("\(file): '\(where_)' is missing; it must be a string") }
                return nil
            }
            guard case let .string(text) = member, !text.isEmpty else {
                throw PluginError("\(file): '\(where_)' must be a non-empty string, not \(member.jsonText)")
            }
            return text
        }
        let name = try string(root, "name", at: "")!
        let sdkVersion = try string(root, "sdkVersion", at: "")!
        let version = try string(root, "version", at: "", required: false)
        if let platforms = root["platforms"] {
            guard let list = platforms.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                throw PluginError("\(file): 'platforms' must be an array of strings such as [\"linux\"]")
            }
            guard list.contains("linux") else {
                throw PluginError("\(file): 'platforms' is \(platforms.jsonText) and does not include \"linux\"; add it if the plugin builds for Linux")
            }
        }
        guard case let .object(linux)? = root["linux"] else {
            throw PluginError("\(file): 'linux' must be an object with 'library' and 'modules'")
        }
        let library = try string(linux, "library", at: "linux")!
        guard !library.contains("/") else {
            throw PluginError("\(file): 'linux.library' must be a file name inside the plugin folder, not a path: '\(library)'")
        }
        var derivedModule = Substring(library)
        if derivedModule.hasPrefix("lib") { derivedModule = derivedModule.dropFirst(3) }
        if derivedModule.hasSuffix(".so") { derivedModule = derivedModule.dropLast(3) }
        let swiftModule = try string(linux, "swiftModule", at: "linux", required: false) ?? String(derivedModule)
        guard let modules = linux["modules"]?.arrayValue, !modules.isEmpty,
            modules.allSatisfy({ ($0.stringValue ?? "").isEmpty == false })
        else {
            throw PluginError("\(file): 'linux.modules' must be a non-empty array of module class names, e.g. [\"MyModule\"]")
        }
        return PluginManifest(
            name: name, version: version, sdkVersion: sdkVersion, library: library, swiftModule: swiftModule,
            modules: modules.compactMap(\.stringValue))
    }

    /// `SwiftModule.Class` for a listed module name.
    public func qualifiedName(of module: String) -> String {
        module.contains(".") ? module : swiftModule + "." + module
    }
}

/// Why a plugin was refused: a message that names the file and the fix.
public struct PluginError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
