// swift-tools-version:6.2
// The benchmark harness lives in its own package so users of swift-heckel never build it or its
// dependencies.
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, and the clone's folder differs from machine to
// machine (`swift-heckel`, `main`, ...), so take the identity from where this manifest sits.
let rootPackage = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Benchmarks/
    .deletingLastPathComponent()  // the root package
    .lastPathComponent

let package = Package(
    name: "HeckelBenchmarks",
    products: [
        .executable(name: "heckel-bench", targets: ["HeckelBench"]),
    ],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/ordo-one/TextTable", exact: "0.0.2"),
        .package(path: "../Tools"),  // the text scenario's byte-exact file reader
    ],
    targets: [
        .executableTarget(
            name: "HeckelBench",
            dependencies: [
                .product(name: "Heckel", package: rootPackage),
                .product(name: "CHeckel", package: rootPackage),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "TextTable", package: "TextTable"),
                .product(name: "HeckelDataFiles", package: "Tools"),
                "CMallocControl",
            ]
        ),
        .target(name: "CMallocControl"),
        .testTarget(name: "HeckelBenchTests", dependencies: ["HeckelBench"]),
    ],
    swiftLanguageModes: [.v5]
)
