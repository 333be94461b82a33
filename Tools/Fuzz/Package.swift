// swift-tools-version:6.2
// The readers' libFuzzer target, in its own package because it links only with
// `-sanitize=fuzzer` (libFuzzer supplies `main`): built and run by Scripts/fuzz-readers.sh.
import PackageDescription

let package = Package(
    name: "HeckelReadersFuzz",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
    ],
    targets: [
        .executableTarget(
            name: "ReadersFuzz",
            dependencies: [.product(name: "HeckelDataFiles", package: "Tools"), .product(name: "CSV", package: "CSV.swift")]
        ),
    ],
    swiftLanguageModes: [.v5]
)
