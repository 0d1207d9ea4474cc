import PackagePlugin

/// Generates `ModifierKitBuild.swift` for the target it is applied to: a fingerprint of the
/// target's Swift sources and the link token named after it (see `Tools/Fingerprint`).
@main
struct ModifierKitFingerprint: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        let output = context.pluginWorkDirectoryURL.appending(path: "ModifierKitBuild.swift")
        return [
            .buildCommand(
                displayName: "Fingerprinting \(target.name)'s sources",
                executable: try context.tool(named: "modifierkit-fingerprint").url,
                arguments: [output.path(percentEncoded: false)] + sources.map { $0.path(percentEncoded: false) },
                inputFiles: sources,
                outputFiles: [output])
        ]
    }
}
