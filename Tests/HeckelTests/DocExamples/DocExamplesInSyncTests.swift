import Foundation
import Testing

/// Every code example in the doc comments and DocC articles of the Heckel
/// and HeckelListUI sources stands verbatim (up to indentation, blank lines
/// and `import` lines) in a file of a `DocExamples` folder, where the test
/// build compiles it and a test runs it. So an example edited in a doc
/// comment and not in its mirror, or a new example without one, fails here;
/// one that stops compiling fails the build.
@Suite struct DocExamplesInSyncTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The files below `folder` (relative to the package root) whose names
    /// end in one of `suffixes`.
    static func files(under folder: String, endingIn suffixes: [String]) -> [URL] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { url in suffixes.contains { url.path.hasSuffix($0) } }
            .sorted { $0.path < $1.path }
    }

    /// The code blocks of a source file's `///` comments, or of an article.
    static func examples(in url: URL) throws -> [(line: Int, code: [String])] {
        let isArticle = url.pathExtension == "md"
        var blocks: [(line: Int, code: [String])] = [], current: [String]?, start = 0
        for (number, raw) in try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n").enumerated() {
            var text = raw.trimmingCharacters(in: .whitespaces)
            if !isArticle {
                guard text.hasPrefix("///") else { current = nil; continue }
                text = String(text.dropFirst(3))
            }
            if text.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                if let code = current { blocks.append((start, code)) ; current = nil } else { current = []; start = number + 2 }
            } else {
                current?.append(text)
            }
        }
        return blocks
    }

    /// Lines as compared: trimmed, without blank and `import` lines.
    static func significant(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("import ") }
    }

    @Test func everyDocExampleIsMirrored() throws {
        let sources = Self.files(under: "Sources/Heckel", endingIn: [".swift", ".md"])
            + Self.files(under: "Sources/HeckelListUI", endingIn: [".swift", ".md"])
        let mirrors = try (Self.files(under: "Tests/HeckelTests/DocExamples", endingIn: [".swift"])
            + Self.files(under: "Tests/ListUIGlueCheck/DocExamples", endingIn: [".swift"]))
            .map { Self.significant(try String(contentsOf: $0, encoding: .utf8).components(separatedBy: "\n")) }
        var count = 0
        for source in sources {
            for example in try Self.examples(in: source) {
                let code = Self.significant(example.code)
                if code.isEmpty { continue }
                count += 1
                let found = mirrors.contains { lines in
                    lines.count >= code.count && (0...(lines.count - code.count)).contains { Array(lines[$0 ..< $0 + code.count]) == code }
                }
                #expect(found, "\(source.lastPathComponent):\(example.line): example not mirrored in a DocExamples file")
            }
        }
        // The sources hold examples: finding none means the scan is broken.
        #expect(count >= 15, "only \(count) examples found")
    }
}
