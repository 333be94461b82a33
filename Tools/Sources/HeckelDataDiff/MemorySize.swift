/// Sizes as `--memory-limit` takes them: a byte count with an optional K, M, G or T suffix (powers
/// of 1024, an optional trailing B or iB).
public enum MemorySize {
    /// The bytes `text` names, or nil when it is not a size. O(length).
    public static func parse(_ text: String) -> Int? {
        var digits = Substring(text.uppercased())
        for suffix in ["IB", "B"] where digits.hasSuffix(suffix) && digits.count > suffix.count {
            digits = digits.dropLast(suffix.count)
            break
        }
        var shift = 0
        if let last = digits.last, let index = "KMGT".firstIndex(of: last) {
            shift = 10 * ("KMGT".distance(from: "KMGT".startIndex, to: index) + 1)
            digits = digits.dropLast()
        }
        guard let value = Int(digits), value > 0, value <= (Int.max >> shift) else { return nil }
        return value << shift
    }

    /// A short human reading of `bytes` ("1.5G", "640M"). O(1).
    public static func text(_ bytes: Int) -> String {
        let units = ["", "K", "M", "G", "T"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 { value /= 1024; unit += 1 }
        return unit == 0 ? "\(bytes)" : (value < 10 ? String(format1: value) : "\(Int(value.rounded()))") + units[unit]
    }
}

extension String {
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(tenths % 10)"
    }
}
