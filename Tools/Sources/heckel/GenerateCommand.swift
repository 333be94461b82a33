import ArgumentParser
import HeckelDataDiff

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a benchmark pair of keyed CSV files (10 columns; 1% updated in one column, 0.5% deleted, inserted and moved)."
    )

    @Option(help: "Rows in OLD.") var rows: Int
    @Option(help: "Seed of the edits.") var seed: UInt64 = 1
    @Argument(help: "Where to write OLD.") var old: String
    @Argument(help: "Where to write NEW.") var new: String

    func validate() throws {
        guard rows >= 0, rows < 1 << 32 else { throw ValidationError("--rows must be between 0 and 2^32") }
    }

    func run() throws {
        try CSVPairGenerator(rows: rows, seed: seed).write(oldPath: old, newPath: new)
    }
}
