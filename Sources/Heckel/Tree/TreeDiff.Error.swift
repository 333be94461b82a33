#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TreeDiff {
    /// Why a tree diff could not be computed. Cancellation of the `async`
    /// forms is reported as `CancellationError`.
    public enum Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// Which of the two trees.
        public enum Tree: Hashable, Sendable {
            case old
            case new
        }

        /// Two nodes of one tree share an identity, so a node could not be
        /// told from the other: the identity, the tree, and both nodes'
        /// paths (the first in preorder, then the other).
        case duplicateIdentity(ID, tree: Tree, first: IndexPath, second: IndexPath)
        /// A tree has more nodes than the core's 32-bit offsets can hold
        /// (both trees together are checked for duplicates in one match:
        /// at most `ListDiff.maximumCount` nodes in all).
        case tooLarge(count: Int)
        /// The core could not allocate its scratch space.
        case outOfMemory

        /// What went wrong, in one line of English.
        ///
        /// - Complexity: O(length of the identity's description and paths).
        public var description: String {
            switch self {
            case let .duplicateIdentity(id, tree, first, second):
                return "node identity \"\(id)\" appears twice in the \(tree) tree, at \(Array(first)) and \(Array(second))"
            case .tooLarge(let count):
                return "trees of \(count) nodes are too large to diff (at most \(ListDiff.maximumCount) in all)"
            case .outOfMemory:
                return "out of memory while diffing trees"
            }
        }

        /// A core failure other than cancellation, as this type says it.
        @usableFromInline
        static func from(_ failure: CoreFailure) -> Self? {
            switch failure {
            case .tooLarge(let count): return .tooLarge(count: count)
            case .outOfMemory: return .outOfMemory
            case .cancelled: return nil
            }
        }
    }
}
