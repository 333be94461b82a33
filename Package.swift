// swift-tools-version:6.2
import Foundation
import PackageDescription

// XXH3 comes from the system's libxxhash where it is installed on Linux
// (Debian: libxxhash-dev, found through pkg-config), and from the core's own
// implementation of xxHash's specification everywhere else: Apple platforms,
// and Linux without xxhash.h, need nothing installed. HECKEL_BUILTIN_XXH3=1 in
// the environment of `swift build` asks for the built-in one on Linux too (CI
// tests both).
let systemXXHash: Bool = {
    #if os(Linux)
    let headers = ["/usr/include/xxhash.h", "/usr/local/include/xxhash.h"]
    return Context.environment["HECKEL_BUILTIN_XXH3"] != "1" && headers.contains(where: FileManager.default.fileExists)
    #else
    return false
    #endif
}()
let onLinux = TargetDependencyCondition.when(platforms: [.linux])

let package = Package(
    name: "swift-heckel",
    // The oldest versions with Swift concurrency (the async diffs, the
    // driver's tasks); `reconfigureItems` is used from iOS/tvOS 15 on.
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        // The engine: flat, sectioned diffs; no UI code.
        .library(name: "Heckel", targets: ["Heckel"]),
        // The list driver and its UIKit/AppKit adoption, over the engine.
        .library(name: "HeckelListUI", targets: ["HeckelListUI"]),
        .library(name: "CHeckel", targets: ["CHeckel"]),
    ],
    targets: [
        .target(
            name: "CHeckel",
            dependencies: systemXXHash ? [.target(name: "CXXHash", condition: onLinux)] : [],
            cSettings: systemXXHash ? [.define("HECKEL_SYSTEM_XXHASH", .when(platforms: [.linux]))] : []
        ),
        .target(
            name: "Heckel",
            dependencies: ["CHeckel"],
            // Sendable results and the async API are checked in full.
            swiftSettings: [.enableUpcomingFeature("StrictConcurrency"), .enableUpcomingFeature("ExistentialAny")]
        ),
        .target(
            name: "HeckelListUI",
            dependencies: ["Heckel"],
            swiftSettings: [.enableUpcomingFeature("StrictConcurrency"), .enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(name: "HeckelTests", dependencies: ["Heckel", "HeckelListUI"]),
        // The async API called from actors, compiled in Swift 6 language mode.
        .testTarget(name: "HeckelSwift6Tests", dependencies: ["Heckel"], swiftSettings: [.swiftLanguageMode(.v6)]),
    ],
    swiftLanguageModes: [.v5]
)

if systemXXHash {
    package.targets.append(.systemLibrary(
        name: "CXXHash",
        pkgConfig: "libxxhash",
        providers: [.apt(["libxxhash-dev"])]
    ))
}

#if os(Linux)
// The UIKit and AppKit adoption of the list driver, type-checked on Linux:
// ListUIGlueCheck compiles the same source files (symbolic links) against
// test-only stand-ins named UIKit and AppKit that declare exactly the calls
// those files make, and ListUIGlueTests drives them. Not on Apple platforms,
// where the real frameworks compile the files.
package.targets += [
    .target(name: "UIKit", path: "Tests/PlatformStandIns/UIKit"),
    .target(name: "AppKit", path: "Tests/PlatformStandIns/AppKit"),
    .target(
        name: "ListUIGlueCheck", dependencies: ["HeckelListUI", "UIKit", "AppKit"], path: "Tests/ListUIGlueCheck",
        swiftSettings: [.define("HECKEL_GLUE_CHECK")]
    ),
    .testTarget(name: "ListUIGlueTests", dependencies: ["ListUIGlueCheck"]),
]
#endif
