import Glibc

/// Where an executable finds the other parts of Modhost. It runs either from a build of the
/// source tree (`swift build`, `swift run`: products in `.build` or another scratch path) or
/// from a copy that `scripts/install` put under a prefix:
///
///     <prefix>/bin/modhostd, <prefix>/bin/modhost
///     <prefix>/lib/modhost/libModifierKit.so   found through the rpath $ORIGIN/../lib/modhost
///     <prefix>/lib/modhost/plugins/            the bundled plugins
///     <prefix>/share/modhost/SDK/              the SDK package, for `modhost new-plugin`
///     <prefix>/share/modhost/inspector/        the inspector's server and page, for `modhost inspect`
///     <prefix>/share/modhost/clients/js/src/   the JS client the inspector's server uses
///
/// Which one it is, the dynamic loader decides: the executables' rpath is `$ORIGIN` (SwiftPM's,
/// where every build puts the SDK library beside them), then `$ORIGIN/../lib/modhost`. An
/// executable is an installed copy when it loads the SDK library of `lib/modhost`, and then it
/// never looks at the tree it was built from, even where that tree still exists.
public enum InstallLayout {
    /// Whether this executable loads the SDK library of an installed copy.
    public static var isInstalled: Bool {
        guard let bin = PluginLocations.executableFolder() else { return false }
        return access(bin + "/" + sdkLibrary, F_OK) != 0 && access(bin + "/../lib/modhost/" + sdkLibrary, F_OK) == 0
    }

    /// The source tree this executable was built from, or nil for an installed copy.
    /// `mainFile` is the `#filePath` of the executable's `Sources/NAME/main.swift`.
    public static func sourceTree(builtFrom mainFile: String) -> String? {
        isInstalled ? nil : "/" + mainFile.split(separator: "/").dropLast(3).joined(separator: "/")
    }

    /// The prefix of an installed copy: the folder above the executable's `bin`.
    public static var installedPrefix: String? {
        guard let bin = PluginLocations.executableFolder(), let slash = bin.lastIndex(of: "/") else { return nil }
        return String(bin[..<slash])
    }

    /// The bundled plugins: the source tree's `Plugins/` (their libraries are built next to
    /// the executable), else the installed `<prefix>/lib/modhost/plugins`.
    public static func bundledPlugins(sourceTree: String?) -> String? {
        if let sourceTree { return sourceTree + "/Plugins" }
        return installedPrefix.map { $0 + "/lib/modhost/plugins" }
    }

    /// The SDK package plugins build against: the source tree's `SDK/`, else the installed
    /// `<prefix>/share/modhost/SDK`, the copy that matches the installed `libModifierKit.so`.
    public static func sdk(sourceTree: String?) -> String? {
        if let sourceTree { return sourceTree + "/SDK" }
        return installedPrefix.map { $0 + "/share/modhost/SDK" }
    }

    /// The inspector's folder (`server.mjs`, `static/`): the source tree's `inspector/`, else
    /// the installed `<prefix>/share/modhost/inspector`.
    public static func inspector(sourceTree: String?) -> String? {
        if let sourceTree { return sourceTree + "/inspector" }
        return installedPrefix.map { $0 + "/share/modhost/inspector" }
    }

    private static let sdkLibrary = "libModifierKit.so"
}
