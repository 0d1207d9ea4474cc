// swift-tools-version:6.0
// ModifierKit, the plugin SDK. It is its own package so that its dynamic library is the one
// copy shared by the host, the bundled plugins and third-party plugins: inside a single
// package SwiftPM would link it statically into every product that uses it.
import PackageDescription

let package = Package(
    name: "ModifierKit",
    products: [
        .library(name: "ModifierKit", type: .dynamic, targets: ["ModifierKit"]),
        // Exported so that a deliberate copy of the SDK (a test fixture) is fingerprinted the
        // same way; plugin authors never use it.
        .plugin(name: "ModifierKitFingerprint", targets: ["ModifierKitFingerprint"]),
    ],
    targets: [
        // Stamps every build of the SDK with a fingerprint of its sources (see
        // `ModifierKit.buildFingerprint`), which every plugin built against it must link.
        .executableTarget(name: "modifierkit-fingerprint", path: "Tools/Fingerprint"),
        .plugin(
            name: "ModifierKitFingerprint", capability: .buildTool(), dependencies: ["modifierkit-fingerprint"],
            path: "Plugins/ModifierKitFingerprint"),
        .target(name: "ModifierKit", plugins: ["ModifierKitFingerprint"]),
        .testTarget(name: "ModifierKitTests", dependencies: ["ModifierKit"]),
    ]
)
