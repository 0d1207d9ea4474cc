import Glibc
import ModhostPlugins

/// Where the daemon looks for plugins.
public enum PluginLocations {
    /// `--plugins` folders, then `$XDG_DATA_HOME/modhost/plugins` (or
    /// `~/.local/share/modhost/plugins`), then the bundled plugins: the `Plugins/` folder of
    /// `sourceRoot`, the source tree the daemon runs from, or else an installed daemon's
    /// `<prefix>/lib/modhost/plugins` (see `InstallLayout`), never both.
    public static func roots(
        extra: [String], environment: [String: String], includeBundled: Bool, sourceRoot: String?
    ) -> [PluginRoot] {
        var roots = extra.map { PluginRoot(path: absolute($0), kind: .flag) }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            roots.append(PluginRoot(path: data + "/modhost/plugins", kind: .user))
        } else if let home = environment["HOME"], !home.isEmpty {
            roots.append(PluginRoot(path: home + "/.local/share/modhost/plugins", kind: .user))
        }
        if includeBundled, let bundled = InstallLayout.bundledPlugins(sourceTree: sourceRoot) {
            roots.append(PluginRoot(path: bundled, kind: .bundled))
        }
        return roots
    }

    /// The folder of the running executable (SwiftPM builds plugin libraries there too).
    public static func executableFolder() -> String? {
        guard let path = executablePath(), let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// The running executable.
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let cwd = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return cwd + "/" + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
    }
}
