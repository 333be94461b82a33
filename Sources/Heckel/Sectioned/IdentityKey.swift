/// A 64-bit key for an item identity, for the core's symbol table: equal
/// identities get equal keys. Keys may collide, except for the integer types
/// of `isBits` (whose key is their bit pattern, zero-extended).
@usableFromInline
enum IdentityKey {
    /// Whether `key(of:)` is the identity's bit pattern: then equal keys
    /// mean equal identities, since these types' `==` compares bits.
    @inlinable
    static func isBits<ID>(_ type: ID.Type) -> Bool {
        type == Int.self || type == UInt.self || type == Int64.self || type == UInt64.self
            || type == Int32.self || type == UInt32.self
    }

    /// The bits of a standard integer (cheaper than hashing it), else the
    /// identity's `hashValue`. The type tests fold away once specialized.
    ///
    /// - Complexity: O(1) for integers; one `hashValue` otherwise.
    @inlinable
    static func key<ID: Hashable>(of id: ID) -> UInt64 {
        if ID.self == Int.self { return UInt64(UInt(bitPattern: unsafeBitCast(id, to: Int.self))) }
        if ID.self == UInt.self { return UInt64(unsafeBitCast(id, to: UInt.self)) }
        if ID.self == Int64.self { return UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)) }
        if ID.self == UInt64.self { return unsafeBitCast(id, to: UInt64.self) }
        if ID.self == Int32.self { return UInt64(UInt32(bitPattern: unsafeBitCast(id, to: Int32.self))) }
        if ID.self == UInt32.self { return UInt64(unsafeBitCast(id, to: UInt32.self)) }
        return UInt64(truncatingIfNeeded: id.hashValue)
    }
}
