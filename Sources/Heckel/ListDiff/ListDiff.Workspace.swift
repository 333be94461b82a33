import Foundation // NSLock (not in FoundationEssentials)
import CHeckel

extension ListDiff {
    /// Scratch memory the C core keeps from one diff to the next, for a
    /// caller that diffs over and over (a list driver, a server).
    ///
    /// Without a workspace every diff takes its scratch from the system and
    /// gives it back, and the system may return the pages to the kernel
    /// (glibc does for large blocks), so the next diff faults them in again.
    /// Through a workspace the core keeps its blocks: a diff no larger than
    /// an earlier one through the same workspace allocates at most one block
    /// of scratch, as a rule none (the core's partitioned tables follow each
    /// call's random seed: `heckel.h`), and its kept blocks touch no fresh
    /// page.
    ///
    /// ```swift
    /// let workspace = ListDiff.Workspace()
    /// for (old, new) in snapshots {
    ///     let diff = ListDiff(from: old, to: new, options: .init(workspace: workspace))
    ///     print(diff.changeCount)
    /// }
    /// // Or for every diff inside a call, nested ones included (SectionedDiff, TreeDiff):
    /// let sections = try ListDiff.withWorkspace(workspace) { try SectionedDiff(from: oldSections, to: newSections) }
    /// ```
    ///
    /// It keeps about what its largest diff held at its peak (12 to 40 bytes
    /// per element; `keptBytes`) until it is released. One diff uses it at a
    /// time: a diff that finds it in use by another (on another thread) runs
    /// with scratch of its own instead, so sharing a workspace is safe, only
    /// not useful.
    ///
    /// Invariants: `pointer` is created in `init` and destroyed in `deinit`;
    /// the core reads and writes it only inside `lend`, while `lock` is
    /// held. That makes concurrent use sound, hence `@unchecked Sendable`.
    public final class Workspace: Hashable, @unchecked Sendable {
        private let pointer: OpaquePointer
        private let lock = NSLock()

        /// An empty workspace.
        ///
        /// - Complexity: O(1): one small allocation; the scratch comes with
        ///   the first diff.
        public init() {
            var created: OpaquePointer?
            guard heckel_workspace_create(nil, &created) == HECKEL_OK, let created else {
                fatalError("ListDiff.Workspace: out of memory")
            }
            pointer = created
        }

        deinit { heckel_workspace_destroy(pointer) }

        /// The bytes of scratch the workspace keeps now (0 while a diff uses
        /// it on another thread).
        ///
        /// - Complexity: O(1).
        public var keptBytes: Int {
            lend { workspace in workspace.map { heckel_workspace_bytes($0) } ?? 0 }
        }

        /// Runs `body` with the core's workspace, or with `nil` when another
        /// diff holds it.
        func lend<Result>(_ body: (OpaquePointer?) throws -> Result) rethrows -> Result {
            guard lock.try() else { return try body(nil) }
            defer { lock.unlock() }
            return try body(pointer)
        }

        /// The workspace of the diffs `ListDiff.withWorkspace` runs.
        @TaskLocal static var current: Workspace?

        public static func == (lhs: Workspace, rhs: Workspace) -> Bool { lhs === rhs }

        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    /// Runs `body` with every diff inside it (those of `SectionedDiff` and
    /// `TreeDiff` too) using `workspace`, unless its options name another.
    ///
    /// - Complexity: O(1) besides `body`.
    public static func withWorkspace<Result>(_ workspace: Workspace, _ body: () throws -> Result) rethrows -> Result {
        try Workspace.$current.withValue(workspace, operation: body)
    }

    /// As `withWorkspace(_:_:)`, for an asynchronous `body`: the diffs of its
    /// task and its child tasks use `workspace`.
    ///
    /// - Complexity: O(1) besides `body`.
    public static func withWorkspace<Result>(
        _ workspace: Workspace, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async rethrows -> Result {
        try await Workspace.$current.withValue(workspace, operation: body, isolation: isolation)
    }
}
