#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CHeckel
import HeckelDataFiles

/// Writes the JSON Lines change feed: a `header` object when the CSV/TSV headers differ, a
/// `byte_order_mark` object when only one file begins with one (`present`: whether NEW does), the
/// deletes (ascending old), then inserts, moves and updates ascending by new position, and a
/// `final_newline` object when only NEW's last line gains or loses its newline. Inserts and
/// updates carry NEW's record, so the feed applies to OLD without NEW:
///
///     {"op":"delete","old":i}
///     {"op":"insert","new":j,"record":...}
///     {"op":"move","old":i,"new":j}
///     {"op":"update","old":i,"new":j,"columns":[...],"record":...}
///
/// `record` is the JSON object itself for JSON Lines, else the record's text as a JSON string, or
/// `record_base64` when its bytes are not UTF-8.
struct ChangeFeedWriter {
    let format: RecordFormat
    let sink: OutputSink

    /// `newRecords` calls its argument for every NEW record in order. O(changes + NEW's bytes read).
    func write(_ result: DiffResult, newHeader: UnsafeRawBufferPointer?, finalNewline: Bool?,
               newRecords: ((Int, UnsafeRawBufferPointer, Range<Int>) throws -> Void) throws -> Void) throws {
        if result.headerChanged, let newHeader {
            sink.write("{\"op\":\"header\",")
            writeRecord(newHeader, 0..<newHeader.count)
            sink.write("}\n")
        }
        if let present = result.byteOrderMark {
            sink.write("{\"op\":\"byte_order_mark\",\"present\":\(present)}\n")
        }
        for i in result.deletions() {
            sink.write("{\"op\":\"delete\",\"old\":\(i)}\n")
        }
        var nextMove = 0, nextUpdate = 0
        let moved = result.moved, updates = result.updates, newToOld = result.newToOld
        try newRecords { j, bytes, content in
            let i = newToOld[j]
            if i == HECKEL_UNMATCHED {
                sink.write("{\"op\":\"insert\",\"new\":\(j),")
                writeRecord(bytes, content)
                sink.write("}\n")
                return
            }
            if nextMove < moved.count, moved[nextMove] == j {
                nextMove += 1
                sink.write("{\"op\":\"move\",\"old\":\(i),\"new\":\(j)}\n")
            }
            if nextUpdate < updates.count, updates[nextUpdate].new == j {
                let update = updates[nextUpdate]
                nextUpdate += 1
                sink.write("{\"op\":\"update\",\"old\":\(i),\"new\":\(j),\"columns\":[")
                for (k, column) in update.columns.enumerated() {
                    if k > 0 { sink.write(",") }
                    writeString(Array(column.utf8)[...])
                }
                sink.write("],")
                writeRecord(bytes, content)
                sink.write("}\n")
            }
        }
        if let finalNewline {
            sink.write("{\"op\":\"final_newline\",\"present\":\(finalNewline)}\n")
        }
    }

    private func writeRecord(_ bytes: UnsafeRawBufferPointer, _ content: Range<Int>) {
        let record = UnsafeRawBufferPointer(rebasing: bytes[content])
        if format == .jsonl {
            sink.write("\"record\":")
            sink.write(record)
        } else if String(validating: record, as: UTF8.self) != nil {
            sink.write("\"record\":")
            writeString(record[...])
        } else {
            sink.write("\"record_base64\":\"")
            sink.write(base64(record))
            sink.write("\"")
        }
    }

    private func writeString<C: Collection>(_ text: C) where C.Element == UInt8 {
        sink.write(byte: 0x22)
        for byte in text {
            switch byte {
            case 0x22: sink.write("\\\"")
            case 0x5C: sink.write("\\\\")
            case 0x0A: sink.write("\\n")
            case 0x0D: sink.write("\\r")
            case 0x09: sink.write("\\t")
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                sink.write("\\u00")
                sink.write(byte: hex[Int(byte >> 4)])
                sink.write(byte: hex[Int(byte & 15)])
            default: sink.write(byte: byte)
            }
        }
        sink.write(byte: 0x22)
    }
}

/// Standard base64 with padding. O(bytes).
func base64(_ bytes: UnsafeRawBufferPointer) -> String {
    let table = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i < bytes.count {
        let b0 = UInt32(bytes[i]), b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0, b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
        let word = b0 << 16 | b1 << 8 | b2
        out.append(table[Int(word >> 18 & 63)])
        out.append(table[Int(word >> 12 & 63)])
        out.append(i + 1 < bytes.count ? table[Int(word >> 6 & 63)] : UInt8(ascii: "="))
        out.append(i + 2 < bytes.count ? table[Int(word & 63)] : UInt8(ascii: "="))
        i += 3
    }
    return String(decoding: out, as: UTF8.self)
}
