import Foundation
import Testing

/// Runs the built `heckel-bench` next to the test bundle, as a user runs it, with `environment`
/// added to this process's; returns its exit status, stdout and stderr.
func heckelBench(_ arguments: [String], environment: [String: String] = [:]) throws
    -> (status: Int32, output: String, error: String) {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let process = Process()
    process.executableURL = directory.appendingPathComponent("heckel-bench")
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let (output, error) = (Pipe(), Pipe())
    (process.standardOutput, process.standardError) = (output, error)
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit, "no crash")
    return (process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self))
}
