import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import HeckelDataDiff
import HeckelDataFiles

/// `heckel`: diff data files with the Heckel engine. Exit status as diff's: 0 same, 1 different,
/// 2 trouble (one line on stderr).
@main
struct HeckelCommand {
    static func main() {
        SignalCleanup.install()
        do {
            var command = try Heckel.parseAsRoot()
            if let diff = command as? DiffCommand { exit(try diff.execute() ? 1 : 0) }
            try command.run()
        } catch {
            if Heckel.exitCode(for: error) == .success { Heckel.exit(withError: error) }
            let message: String
            switch error {
            case let error as DataFileError: message = error.description
            case let error as DiffError: message = error.description
            default:
                message = Heckel.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
            }
            fputs("heckel: \(message)\n", stderr)
            exit(2)
        }
    }
}

struct Heckel: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "heckel",
        abstract: "Diff large data files: lines, CSV/TSV and JSON Lines, by key or whole record.",
        subcommands: [DiffCommand.self, GenerateCommand.self]
    )
}
