import CSV
import Foundation
import HeckelDataFiles

/// One fuzz input: its first byte picks the format (and the block size of the streaming reader),
/// the rest is the file. Every input is read by the mapping reader (`RecordFile`) and the
/// streaming one (`BlockRecordReader`), strict and `flexible`, and checked against a second
/// reader: CSV.swift for CSV/TSV, Foundation's JSONSerialization for JSON Lines. A disagreement
/// traps (libFuzzer keeps the input).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 1 else { return 0 }
    let formats: [RecordFormat] = [.lines, .csv, .tsv, .jsonl]
    let format = formats[Int(data[0]) % formats.count]
    let blockSize = 16 + Int(data[0] >> 2)
    let content = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let path = FuzzFile.path
    guard (try? Data(content).write(to: URL(fileURLWithPath: path))) != nil else { fatalError("cannot write \(path)") }
    for flexible in [true, false] {
        let mapped = Records.mapped(path, format: format, flexible: flexible)
        let streamed = Records.streamed(path, format: format, flexible: flexible, blockSize: blockSize)
        expectAgreement(mapped == streamed, "mapped and streamed readers differ (\(format), flexible \(flexible)): \(mapped) \(streamed)")
        guard flexible, case .records(let header, let records) = mapped else { continue }
        switch format {
        case .csv, .tsv: CSVOracle.check(content, format: format, header: header, records: records)
        case .jsonl: JSONOracle.check(records)
        case .lines: break
        }
    }
    return 0
}

/// Stops the fuzzer on a disagreement, with what it was.
func expectAgreement(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError(message()) }
}

enum FuzzFile {
    static let path = "/dev/shm/heckel-readers-fuzz-\(getpid())"
}

/// What a reader made of a file: the header and records' bytes, or its error.
enum Records: Equatable, CustomStringConvertible {
    case records(header: [UInt8]?, records: [[UInt8]])
    case refused(DataFileError)

    static func mapped(_ path: String, format: RecordFormat, flexible: Bool) -> Records {
        do {
            let file = try RecordFile(path: path, format: format, flexible: flexible)
            let bytes = file.file.bytes
            return .records(header: file.header.map { Array(bytes[$0]) }, records: (0..<file.count).map { Array(bytes[file.content($0)]) })
        } catch let error as DataFileError {
            return .refused(error)
        } catch {
            fatalError("\(error)")
        }
    }

    static func streamed(_ path: String, format: RecordFormat, flexible: Bool, blockSize: Int) -> Records {
        var header: [UInt8]?, records: [[UInt8]] = []
        do {
            try BlockRecordReader(path: path, format: format, flexible: flexible, blockSize: blockSize)
                .forEachRecord(header: { header = Array($0) }) { _, bytes, content in records.append(Array(bytes[content])) }
            return .records(header: header, records: records)
        } catch let error as DataFileError {
            return .refused(error)
        } catch {
            fatalError("\(error)")
        }
    }

    var description: String {
        switch self {
        case .records(let header, let records): return "header \(header.map { String(decoding: $0, as: UTF8.self) } ?? "none"), \(records.count) records"
        case .refused(let error): return error.description
        }
    }
}
