// swift-tools-version:6.0
// Swift 6 language mode (tools 6.0) with strict concurrency for every target.
import PackageDescription

/// The rpath of an installed executable's libraries, after SwiftPM's own `$ORIGIN`.
let installedLibraryPath: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "-rpath", "-Xlinker", "$ORIGIN/../lib/modhost"])]

let package = Package(
    name: "Modhost",
    products: [
        .executable(name: "modhostd", targets: ["modhostd"]),
        .executable(name: "modhost", targets: ["modhost"]),
        // Bundled plugins: the daemon finds their manifests in Plugins/ and their libraries
        // next to itself.
        .library(name: "SwipeActions", type: .dynamic, targets: ["SwipeActions"]),
        .library(name: "ExpoUI", type: .dynamic, targets: ["ExpoUI"]),
        // Test plugins, loaded by the integration tests from temporary plugin folders.
        .library(name: "GreetingFixture", type: .dynamic, targets: ["GreetingFixture"]),
        .library(name: "DuplicateSDKFixture", type: .dynamic, targets: ["DuplicateSDKFixture"]),
        .library(name: "FaultyFixture", type: .dynamic, targets: ["FaultyFixture"]),
        .library(name: "HostileNamesFixture", type: .dynamic, targets: ["HostileNamesFixture"]),
        .library(name: "RatingFixture", type: .dynamic, targets: ["RatingFixture"]),
    ],
    dependencies: [
        // The plugin SDK, a package of its own so that everyone shares its one dynamic library.
        .package(path: "SDK"),
    ],
    targets: [
        // libuv from Debian's libuv1-dev.
        .systemLibrary(
            name: "CLibUV",
            pkgConfig: "libuv",
            providers: [.apt(["libuv1-dev"])]
        ),
        // What is on the wire: frames, JSON values, JSON-RPC messages. No I/O.
        .target(name: "ModhostWire"),
        // What the host does: sessions, method dispatch, state. No I/O.
        .target(
            name: "ModhostCore",
            dependencies: ["ModhostWire", .product(name: "ModifierKit", package: "SDK")]),
        // System calls Glibc does not expose to Swift (memfd_create, file seals).
        // DWARF 4 when debug info is on: the DWARF 5 that Swift's clang emits by default stops
        // valgrind 3.19 (Debian 12's) from reading modhostd at all, and scripts/memcheck runs
        // the daemon under it. (The Swift code's debug info is DWARF 4 already.)
        .target(name: "CModhostSystem", cSettings: [.unsafeFlags(["-fdebug-default-version=4"])]),
        // Finds, checks and loads plugin folders (manifests, dlopen, module classes).
        .target(
            name: "ModhostPlugins",
            dependencies: ["CModhostSystem", "ModhostCore", "ModhostWire", .product(name: "ModifierKit", package: "SDK")]),
        // What a front-end or tool needs to reach a daemon: a blocking client, where sockets
        // and plugins are, the install layout. No libuv.
        .target(name: "ModhostClient", dependencies: ["ModhostPlugins", "ModhostWire"]),
        // How bytes move: connections, the listening socket, the folder watcher. With the
        // supervisor, the only modules that touch libuv and sockets.
        .target(name: "ModhostServer", dependencies: ["ModhostClient", "ModhostCore", "ModhostPlugins", "ModhostWire", "CLibUV", "CModhostSystem"]),
        // Runs the host in an engine process and restarts it when a plugin crashes or hangs:
        // the engine page, the link to the engine, crash and quarantine decisions.
        .target(
            name: "ModhostSupervisor",
            dependencies: ["ModhostClient", "ModhostServer", "ModhostCore", "ModhostPlugins", "ModhostWire", "CLibUV", "CModhostSystem"]),
        // Thin executables. Installed (scripts/install), they find libModifierKit.so in
        // <prefix>/lib/modhost, beside their bin/.
        .executableTarget(
            name: "modhostd", dependencies: ["ModhostSupervisor", "ModhostServer", "ModhostClient"], linkerSettings: installedLibraryPath),
        .executableTarget(
            name: "modhost",
            dependencies: ["ModhostClient", "ModhostCore", "ModhostWire", "ModhostConformance", "ModhostCodegen", .product(name: "ModifierKit", package: "SDK")],
            linkerSettings: installedLibraryPath),
        // The protocol conformance runner: vectors and schemas from protocol/, run against a host.
        .target(name: "ModhostConformance", dependencies: ["ModhostClient", "ModhostWire"]),
        // `modhost codegen ts`: TypeScript from a describe result. No I/O.
        .target(name: "ModhostCodegen", dependencies: ["ModhostWire"]),

        .target(
            name: "SwipeActions", dependencies: [.product(name: "ModifierKit", package: "SDK")],
            path: "Plugins/SwipeActions/Sources"),
        .target(
            name: "ExpoUI", dependencies: [.product(name: "ModifierKit", package: "SDK")],
            path: "Plugins/ExpoUI/Sources"),

        // Fixtures: a plugin in the shape authors write, and one that links its own copy of
        // the SDK (ModifierKitCopy is a symlink to the SDK's sources) to prove it is refused.
        .target(
            name: "GreetingFixture", dependencies: [.product(name: "ModifierKit", package: "SDK")],
            path: "Tests/Fixtures/GreetingPlugin"),
        .target(
            name: "ModifierKitCopy", path: "Tests/Fixtures/ModifierKitCopy",
            plugins: [.plugin(name: "ModifierKitFingerprint", package: "SDK")]),
        .target(name: "DuplicateSDKFixture", dependencies: ["ModifierKitCopy"], path: "Tests/Fixtures/DuplicateSDKPlugin"),
        // A plugin that traps or hangs on purpose, for the crash tests.
        .target(
            name: "FaultyFixture", dependencies: [.product(name: "ModifierKit", package: "SDK")],
            path: "Tests/Fixtures/FaultyPlugin"),
        // A plugin whose type, module and function names are hard to turn into identifiers,
        // for the TypeScript generator's tests.
        .target(
            name: "HostileNamesFixture", dependencies: [.product(name: "ModifierKit", package: "SDK")],
            path: "Tests/Fixtures/HostileNamesPlugin"),

        // Plugin views: issue 42's Rating view as written there, and a view with state and
        // every control, in Expo UI's spelling.
        .target(
            name: "RatingFixture", dependencies: [.product(name: "ModifierKit", package: "SDK")],
            path: "Tests/Fixtures/RatingPlugin"),

        // A seeded generator the tests that shuffle share.
        .target(name: "SeededRandom", path: "Tests/Support/SeededRandom"),
        // Hand-kept lists in sections (Plugins/ExpoUI/expo-modifiers.txt, expo-components.txt).
        .target(name: "SectionedList", path: "Tests/Support/SectionedList"),
        .target(name: "BlockingTests", path: "Tests/Support/BlockingTests"),
        .testTarget(name: "ModhostWireTests", dependencies: ["ModhostWire", "SeededRandom"]),
        .testTarget(name: "ModhostCodegenTests", dependencies: ["ModhostCodegen", "ModhostWire", "SeededRandom"]),
        // The ExpoUI plugin on its own, without a host: params, effects, completeRefresh.
        .testTarget(
            name: "ExpoUITests", dependencies: ["ExpoUI", "SectionedList", .product(name: "ModifierKit", package: "SDK")],
            path: "Tests/ExpoUITests"),
        // Checks libraries' bytes and loads them from sealed memory files; needs `swift build`
        // first (it inspects and loads libGreetingFixture.so).
        .testTarget(name: "ModhostPluginsTests", dependencies: ["ModhostPlugins", "SeededRandom"]),
        // Drives the host in memory, with the real SwipeActions plugin and test modifiers.
        .testTarget(
            name: "ModhostCoreTests",
            dependencies: ["ModhostCore", "ModhostWire", "SwipeActions", "RatingFixture", "SeededRandom", .product(name: "ModifierKit", package: "SDK")]),
        // The SwipeActions plugin on its own, without a host.
        .testTarget(
            name: "SwipeActionsTests", dependencies: ["SwipeActions", .product(name: "ModifierKit", package: "SDK")],
            path: "Tests/SwipeActionsTests"),
        // Starts real daemons on temporary sockets; needs `swift build` first.
        .testTarget(name: "IntegrationTests", dependencies: ["ModhostClient", "ModhostServer", "ModhostSupervisor", "ModhostWire", "ModhostCodegen", "SectionedList", "BlockingTests"]),
        // The supervisor's decisions, without processes.
        .testTarget(name: "ModhostSupervisorTests", dependencies: ["ModhostSupervisor", "ModhostCore", "ModhostPlugins", "ModhostWire"]),
        // Runs the conformance vectors against a real daemon and against a deliberately broken host.
        .testTarget(name: "ConformanceTests", dependencies: ["ModhostConformance", "ModhostClient", "ModhostWire", "BlockingTests"]),
    ]
)
