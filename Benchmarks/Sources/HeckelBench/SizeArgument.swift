import ArgumentParser

/// A list length given on the command line as `1000000`, `1_000_000`, `1e6`, `10^6`, `1M` or `250k`.
struct SizeArgument: ExpressibleByArgument, Hashable {
    static let largest = 100_000_000

    let count: Int

    init(count: Int) { self.count = count }

    init?(argument: String) {
        guard let size = try? Self.parsed(argument) else { return nil }
        self = size
    }

    /// The size in `text`, or an error saying what is wrong with it.
    static func parsed(_ text: String) throws -> SizeArgument {
        guard let count = parse(text) else {
            throw ValidationError("'\(text)' is not a size: write 1000000, 1_000_000, 1e6, 10^6, 1M or 250k")
        }
        guard count >= 0 else { throw ValidationError("size \(text) is negative: a list has 0 elements or more") }
        guard count <= largest else {
            throw ValidationError("size \(text) is above the largest supported, 10^8")
        }
        return SizeArgument(count: count)
    }

    static var defaultCompletionKind: CompletionKind { .default }

    /// `10^k` for exact powers of ten, otherwise the plain number (`250000`).
    static func label(_ count: Int) -> String {
        var power = 0
        var rest = count
        while rest >= 10, rest % 10 == 0 { rest /= 10; power += 1 }
        return rest == 1 && power >= 2 ? "10^\(power)" : String(count)
    }

    private static func parse(_ text: String) -> Int? {
        let text = text.replacingOccurrences(of: "_", with: "").lowercased()
        if let caret = text.firstIndex(of: "^") {
            guard let base = Int(text[..<caret]), let power = Int(text[text.index(after: caret)...]),
                  power >= 0, power <= 18 else { return nil }
            return checkedPower(base, power)
        }
        let suffixes: [Character: Int] = ["k": 1_000, "m": 1_000_000, "g": 1_000_000_000]
        if let last = text.last, let multiplier = suffixes[last] {
            guard let value = Double(text.dropLast()) else { return nil }
            return exactInteger(value * Double(multiplier))
        }
        if let value = Int(text) { return value }
        guard text.contains("e"), let value = Double(text) else { return nil }
        return exactInteger(value)
    }

    private static func checkedPower(_ base: Int, _ power: Int) -> Int? {
        var result = 1
        for _ in 0..<power {
            let (product, overflow) = result.multipliedReportingOverflow(by: base)
            if overflow { return nil }
            result = product
        }
        return result
    }

    private static func exactInteger(_ value: Double) -> Int? {
        guard value.isFinite, value >= 0, value <= Double(Int32.max) * 4, value == value.rounded() else {
            return nil
        }
        return Int(value)
    }
}
