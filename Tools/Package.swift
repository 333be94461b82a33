// swift-tools-version:6.2
// The `heckel` command (diff data files) lives in its own package so users of swift-heckel never
// build it or its dependencies; Benchmarks depends on its byte-exact reader (HeckelDataFiles).
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, and the clone's folder differs from machine to
// machine (`swift-heckel`, `main`, ...), so take the identity from where this manifest sits.
let rootPackage = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Tools/
    .deletingLastPathComponent()  // the root package
    .lastPathComponent

let package = Package(
    name: "HeckelTools",
    products: [
        .executable(name: "heckel", targets: ["heckel"]),
        .library(name: "HeckelDataFiles", targets: ["HeckelDataFiles"]),
    ],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Tests only: the reference CSV reader the byte scanner is checked against.
        .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
    ],
    targets: [
        // Guarded file mappings (no SIGBUS when a mapped file shrinks) and a vectorized byte count.
        .target(name: "CDataFiles"),
        // Byte-exact records of lines, CSV/TSV and JSON Lines files; no dependencies but its C helpers.
        .target(name: "HeckelDataFiles", dependencies: ["CDataFiles"]),
        // The SIGINT/SIGTERM/SIGHUP handler that removes temporary files (async-signal-safe).
        .target(name: "CSignalCleanup"),
        .target(
            name: "HeckelDataDiff",
            dependencies: ["HeckelDataFiles", "CSignalCleanup", .product(name: "CHeckel", package: rootPackage)]
        ),
        .executableTarget(
            name: "heckel",
            dependencies: ["HeckelDataDiff", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(
            name: "HeckelDataTests",
            dependencies: ["HeckelDataDiff", "heckel", .product(name: "CSV", package: "CSV.swift")]
        ),
    ],
    swiftLanguageModes: [.v5]
)
