/// A forward pass over one JSON text that checks it as RFC 8259 defines it: strings (no control
/// character, escapes `\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX` with surrogates in pairs), numbers
/// (`-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`), `true`, `false`, `null`, arrays and
/// objects nested up to `maxDepth`, and UTF-8. It moves `at` past what it accepts.
struct JSONValidator {
    let bytes: UnsafeRawBufferPointer
    var at: Int
    let end: Int
    /// Nesting refused past this depth (Foundation's parser has a limit of its own).
    static let maxDepth = 512

    init(bytes: UnsafeRawBufferPointer, at: Int, end: Int) {
        self.bytes = bytes
        self.at = at
        self.end = end
    }

    var peek: UInt8? { at < end ? bytes[at] : nil }

    mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        at += 1
        return true
    }

    mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { at += 1 }
    }

    /// A value at `at`; false when there is none. O(value).
    mutating func value(depth: Int) -> Bool {
        guard let byte = peek else { return false }
        switch byte {
        case 0x22: return string()
        case 0x7B, 0x5B: return container(depth: depth + 1)
        case 0x74: return literal("true")
        case 0x66: return literal("false")
        case 0x6E: return literal("null")
        default: return number()
        }
    }

    private mutating func container(depth: Int) -> Bool {
        guard depth <= Self.maxDepth else { return false }
        let object = bytes[at] == 0x7B
        let close: UInt8 = object ? 0x7D : 0x5D
        at += 1
        skipSpace()
        if take(close) { return true }
        while true {
            skipSpace()
            if object {
                guard peek == 0x22, string() else { return false }
                skipSpace()
                guard take(0x3A) else { return false }
                skipSpace()
            }
            guard value(depth: depth) else { return false }
            skipSpace()
            if take(0x2C) { continue }
            return take(close)
        }
    }

    /// A string at its opening quote. O(string).
    mutating func string() -> Bool {
        at += 1
        while let byte = peek {
            at += 1
            switch byte {
            case 0x22: return true
            case 0..<0x20: return false
            case 0x5C:
                guard let escape = peek else { return false }
                at += 1
                switch escape {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: continue
                case 0x75:
                    guard let unit = hex4() else { return false }
                    if (0xDC00...0xDFFF).contains(unit) { return false }  // a low surrogate alone
                    if (0xD800...0xDBFF).contains(unit) {  // a high one: its low one must follow
                        guard take(0x5C), take(0x75), let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return false }
                    }
                default: return false
                }
            default: continue
            }
        }
        return false
    }

    private mutating func hex4() -> UInt32? {
        guard at + 4 <= end else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[at]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            at += 1
        }
        return value
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard at + count <= end else { return false }
        for k in 0..<count where bytes[at + k] != word.utf8Start[k] { return false }
        at += count
        return true
    }

    private mutating func digits() -> Int {
        let first = at
        while let byte = peek, byte >= 0x30, byte <= 0x39 { at += 1 }
        return at - first
    }

    private mutating func number() -> Bool {
        _ = take(0x2D)
        if take(0x30) {
            // one zero, no more digits after it
        } else if let byte = peek, byte >= 0x31, byte <= 0x39 {
            _ = digits()
        } else {
            return false
        }
        if take(0x2E), digits() == 0 { return false }
        if take(0x65) || take(0x45) {
            if !take(0x2B) { _ = take(0x2D) }
            if digits() == 0 { return false }
        }
        return true
    }

    /// Whether `range` is valid UTF-8 (ASCII checked first, in one pass). O(range).
    func validUTF8(_ range: Range<Int>) -> Bool {
        var k = range.lowerBound
        while k < range.upperBound, bytes[k] < 0x80 { k += 1 }
        guard k < range.upperBound else { return true }
        return String(validating: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self) != nil
    }
}
