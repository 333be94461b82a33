// swift-tools-version:5.9
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
            dependencies: ["CHeckel"],
            // Sendable results and the async API are checked in full.
            swiftSettings: [.enableUpcomingFeature("StrictConcurrency"), .enableUpcomingFeature("ExistentialAny")]
        ),
        .testTarget(name: "HeckelTests", dependencies: ["Heckel"]),
    ]
)
