// swift-tools-version:6.0
// ModifierKit, the plugin SDK. It is its own package so that its dynamic library is the one
// copy shared by the host, the bundled plugins and third-party plugins: inside a single
// package SwiftPM would link it statically into every product that uses it.
import PackageDescription

let package = Package(
    name: "ModifierKit",
    products: [
        .library(name: "ModifierKit", type: .dynamic, targets: ["ModifierKit"]),
    ],
    targets: [
        .target(name: "ModifierKit"),
        .testTarget(name: "ModifierKitTests", dependencies: ["ModifierKit"]),
    ]
)
