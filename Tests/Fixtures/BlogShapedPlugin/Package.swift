// swift-tools-version:6.0
// A third-party plugin in the shape of the Expo UI blog post's swipeActions module, built on
// its own against the SDK, as a plugin author would. The integration tests build and load it.
import PackageDescription

let package = Package(
    name: "BlogShapedPlugin",
    products: [
        .library(name: "BlogShapedPlugin", type: .dynamic, targets: ["BlogShapedPlugin"]),
    ],
    dependencies: [
        .package(path: "../../../SDK"),
    ],
    targets: [
        .target(name: "BlogShapedPlugin", dependencies: [.product(name: "ModifierKit", package: "SDK")]),
    ]
)
