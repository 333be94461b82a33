import Foundation
import HeckelDataDiff
import HeckelDataFiles
import Testing

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct Scratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("heckel-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        try Data(bytes).write(to: url.appendingPathComponent(name))
        return path(name)
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// What one run of the `heckel` executable gave.
struct Run {
    var status: Int32
    var stdout: Data
    var stderr: String
}

/// The `heckel` executable SwiftPM built next to this test bundle.
let heckelExecutable: URL = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("heckel")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder = folder.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/heckel")
}()

/// Runs `heckel` with `arguments` (and `environment` added to this process's), waiting for it.
func runHeckel(_ arguments: [String], environment: [String: String] = [:]) throws -> Run {
    try runProcess(heckelExecutable, arguments, environment: environment)
}

func runProcess(_ executable: URL, _ arguments: [String], environment: [String: String] = [:], currentDirectory: URL? = nil) throws -> Run {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes to the end before waiting, so a large output cannot block the child.
    final class Box: @unchecked Sendable { var data = Data() }
    let errData = Box()
    let errRead = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        errData.data = err.fileHandleForReading.readDataToEndOfFile()
        errRead.signal()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // stderr ends when the child exits (it starts no process that could hold it open): woken
    // then, and bounded, so a child that left it open fails here instead of hanging the suite.
    guard errRead.wait(timeout: .now() + 60) == .success else {
        throw ChildOutputError(message: "\(executable.lastPathComponent): stderr still open 60 s after it exited")
    }
    return Run(status: process.terminationStatus, stdout: outData, stderr: String(decoding: errData.data, as: UTF8.self))
}

struct ChildOutputError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Runs the diff in this process and returns the output bytes and whether the files differ.
func diffOutput(_ options: DiffOptions, scratch: Scratch) throws -> (differs: Bool, output: [UInt8]) {
    let out = scratch.path("out-\(UUID().uuidString)")
    let differs = try DiffRunner.run(options, outputPath: out)
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
    try FileManager.default.removeItem(atPath: out)
    return (differs, bytes)
}

/// The records of a file as byte arrays, read by the tool's own reader (CSV: header excluded).
func records(_ path: String, format: RecordFormat) throws -> (header: [UInt8]?, records: [[UInt8]]) {
    let file = try RecordFile(path: path, format: format)
    let bytes = file.file.bytes
    let header = file.header.map { Array(bytes[$0]) }
    return (header, (0..<file.count).map { Array(bytes[file.content($0)]) })
}

/// The seeded generator of test data: the tool's own (SplitMix64, also behind `heckel generate`).
typealias TestRandom = SplitMix
