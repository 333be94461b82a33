/// Chooses how to key a list of `Hashable` elements for the C core.
///
/// Every key scheme must agree with `==`: equal elements get equal keys. Where
/// equal keys also imply equal elements, the core needs no equality callback.
/// Each scheme answers `nil` for element types it does not cover; its type
/// tests are on concrete metatypes, so they fold away when the generic entry
/// point is specialized for a caller's element type.
@usableFromInline
enum Matcher {
    /// Matches two lists of `Hashable` elements.
    ///
    /// - Complexity: O(n) expected, n the total element count, plus
    ///   O(m log m) for m matched pairs out of order.
    @inlinable
    static func match<Old: Collection, New: Collection>(
        _ old: Old, _ new: New, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping where Old.Element == New.Element, Old.Element: Hashable {
        try old.withContiguousElements { (old) throws(CoreFailure) in
            try new.withContiguousElements { (new) throws(CoreFailure) in
                try match(old, new, options: options, cancel: cancel)
            }
        }
    }

    /// Matches two contiguous lists, dispatching on the element type.
    @inlinable
    static func match<Element: Hashable>(
        _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>,
        options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        if let mapping = try IntegerKeys.match(old, new, options: options, cancel: cancel) { return mapping }
        if let mapping = try FloatKeys.match(old, new, options: options, cancel: cancel) { return mapping }
        if let mapping = try UUIDRecords.match(old, new, options: options, cancel: cancel) { return mapping }
        if let mapping = try StringKeys.match(old, new, options: options, cancel: cancel) { return mapping }
        if let mapping = try ByteKeys.match(old, new, options: options, cancel: cancel) { return mapping }
        return try HashValueKeys.match(old, new, options: options, cancel: cancel)
    }
}
