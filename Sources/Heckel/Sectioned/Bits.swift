/// A fixed-size set of small non-negative integers, one bit each.
struct Bits: Equatable, Sendable {
    private var words: [UInt64]
    let count: Int

    init(count: Int) {
        self.count = count
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    mutating func insert(_ value: Int) {
        words[value >> 6] |= 1 << UInt64(value & 63)
    }

    func contains(_ value: Int) -> Bool {
        value < count && words[value >> 6] & (1 << UInt64(value & 63)) != 0
    }
}
