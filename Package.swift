// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "swift-heckel",
    products: [
        .library(name: "Heckel", targets: ["Heckel"]),
        .library(name: "CHeckel", targets: ["CHeckel"]),
    ],
    targets: [
        .systemLibrary(
            name: "CXXHash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]
        ),
        .target(name: "CHeckel", dependencies: ["CXXHash"]),
        .target(
            name: "Heckel",
            dependencies: ["CHeckel", "CXXHash"],
            // Sendable results and the async API are checked in full.
            swiftSettings: [.enableUpcomingFeature("StrictConcurrency"), .enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(name: "HeckelTests", dependencies: ["Heckel"]),
        // The async API called from actors, compiled in Swift 6 language mode.
        .testTarget(name: "HeckelSwift6Tests", dependencies: ["Heckel"], swiftSettings: [.swiftLanguageMode(.v6)]),
    ],
    swiftLanguageModes: [.v5]
)

#if os(Linux)
// The UIKit and AppKit conformances of the list driver, type-checked on Linux:
// ListUIGlueCheck compiles the same source files (symbolic links) against
// test-only stand-ins named UIKit and AppKit that declare exactly the calls
// those files make, and ListUIGlueTests drives them. Not on Apple platforms,
// where the real frameworks compile the files.
package.targets += [
    .target(name: "UIKit", path: "Tests/PlatformStandIns/UIKit"),
    .target(name: "AppKit", path: "Tests/PlatformStandIns/AppKit"),
    .target(
        name: "ListUIGlueCheck", dependencies: ["Heckel", "UIKit", "AppKit"], path: "Tests/ListUIGlueCheck",
        swiftSettings: [.define("HECKEL_GLUE_CHECK")]
    ),
    .testTarget(name: "ListUIGlueTests", dependencies: ["ListUIGlueCheck"]),
]
#endif
