import ArgumentParser
import HeckelDataDiff
import HeckelDataFiles

extension RecordFormat: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare OLD and NEW record by record.",
        discussion: """
        Exit status: 0 no differences, 1 differences, 2 trouble. Duplicate keys (or duplicate \
        records without --key) pair in order: the k-th in NEW with the k-th in OLD.
        """
    )

    @Argument(help: "The old file.") var old: String
    @Argument(help: "The new file.") var new: String

    @Option(help: "lines, csv, tsv or jsonl (default: from the extension, else lines).")
    var input: RecordFormat?

    @Option(name: .long, parsing: .upToNextOption,
            help: "Key column(s) by header name or 1-based number, or top-level JSON field(s).")
    var key: [String] = []

    @Flag(help: "Report only inserted, deleted and updated records; skip the move pass.")
    var ignoreOrder = false

    @Flag(help: "Accept CSV/TSV rows with more or fewer fields than the header (a missing field differs from an empty one).")
    var flexible = false

    @Option(help: "summary, unified or jsonl.") var format: OutputFormat = .summary

    @Option(name: [.customShort("U"), .long], help: "Lines of context in unified output.")
    var unified: Int = 3

    @Option(help: "Keep peak memory under SIZE (e.g. 512M, 1G) by spilling partitions to temporary files.")
    var memoryLimit: String?

    @Option(name: [.short, .long], help: "Write to FILE (renamed into place only when complete) instead of stdout.")
    var output: String?

    @Flag(help: "Never draw the progress bar.") var noProgress = false

    func validate() throws {
        guard unified >= 0 else { throw ValidationError("-U must be 0 or more, not \(unified)") }
        if let memoryLimit, MemorySize.parse(memoryLimit) == nil {
            throw ValidationError("--memory-limit \(memoryLimit) is not a size (e.g. 512M, 1G)")
        }
        if let output, output == old || output == new || OutputPath.replaces(old, output: output)
            || OutputPath.replaces(new, output: output) {
            throw ValidationError("--output must not be one of the inputs")
        }
    }

    /// Runs the diff; true when the files differ.
    func execute() throws -> Bool {
        var options = DiffOptions(oldPath: old, newPath: new)
        options.format = input
        options.keys = key
        options.ignoreOrder = ignoreOrder
        options.flexible = flexible
        options.output = format
        options.context = unified
        options.memoryLimit = memoryLimit.flatMap(MemorySize.parse)
        options.showsProgress = !noProgress
        return try DiffRunner.run(options, outputPath: output)
    }

    func run() throws { _ = try execute() }
}
