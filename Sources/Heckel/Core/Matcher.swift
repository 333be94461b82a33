#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Chooses how to key a list of `Hashable` elements for the C core.
///
/// Every key scheme must agree with `==`: equal elements get equal keys. Where
/// equal keys also imply equal elements, the core needs no equality callback.
/// The type tests below are on concrete metatypes, so they fold away when the
/// generic entry point is specialized for a caller's element type.
@usableFromInline
enum Matcher {
    /// Matches two lists of `Hashable` elements.
    ///
    /// - Complexity: O(n) expected, n the total element count, plus
    ///   O(m log m) for m matched pairs out of order.
    @inlinable
    static func match<Old: Collection, New: Collection>(
        _ old: Old, _ new: New, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping where Old.Element == New.Element, Old.Element: Hashable {
        try withContiguousElements(of: old) { (old) throws(CoreFailure) in
            try withContiguousElements(of: new) { (new) throws(CoreFailure) in
                try match(old, new, cancel: cancel)
            }
        }
    }

    /// Matches two contiguous lists, dispatching on the element type.
    @inlinable
    static func match<Element: Hashable>(
        _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>,
        cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        if IntegerKeys.accepts(Element.self) {
            return try IntegerKeys.match(
                UnsafeRawBufferPointer(old), UnsafeRawBufferPointer(new),
                width: MemoryLayout<Element>.size, cancel: cancel)
        }
        if Element.self == Double.self {
            return try FloatKeys.match(
                old.sameElements(as: Double.self), new.sameElements(as: Double.self), cancel: cancel)
        }
        if Element.self == Float.self {
            return try FloatKeys.match(
                old.sameElements(as: Float.self), new.sameElements(as: Float.self), cancel: cancel)
        }
        #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
        if #available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *), Element.self == Float16.self {
            return try FloatKeys.match(
                old.sameElements(as: Float16.self), new.sameElements(as: Float16.self), cancel: cancel)
        }
        #endif
        if Element.self == UUID.self, UUIDRecords.isPacked {
            return try UUIDRecords.match(UnsafeRawBufferPointer(old), UnsafeRawBufferPointer(new), cancel: cancel)
        }
        if Element.self == String.self {
            let mapping = try StringKeys.match(
                old.sameElements(as: String.self), new.sameElements(as: String.self),
                cancel: cancel)
            if let mapping { return mapping }
        }
        if Element.self == Substring.self {
            let mapping = try StringKeys.match(
                old.sameElements(as: Substring.self), new.sameElements(as: Substring.self),
                cancel: cancel)
            if let mapping { return mapping }
        }
        if Element.self == [UInt8].self {
            return try ByteKeys.match(
                old.sameElements(as: [UInt8].self), new.sameElements(as: [UInt8].self),
                cancel: cancel)
        }
        if Element.self == Data.self {
            return try ByteKeys.match(
                old.sameElements(as: Data.self), new.sameElements(as: Data.self),
                cancel: cancel)
        }
        return try HashValueKeys.match(old, new, cancel: cancel)
    }
}
