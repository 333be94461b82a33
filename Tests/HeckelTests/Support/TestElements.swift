/// A plain struct on the general (hash value and `==`) path.
struct TwoFields: Hashable {
    var name: String
    var number: Int
    init(_ value: Int) {
        name = "item \(value % 7)"
        number = value
    }
}

/// Every value hashes alike: every key collides in the core.
struct ConstantHash: Hashable {
    var value: Int
    init(_ value: Int) { self.value = value }
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
}

/// Generic-path wrapper: hides the wrapped type from the fast paths, so a
/// fast path's result can be compared with the general one on the same data.
struct Opaque<Wrapped: Hashable>: Hashable {
    var wrapped: Wrapped
    init(_ wrapped: Wrapped) { self.wrapped = wrapped }
}
