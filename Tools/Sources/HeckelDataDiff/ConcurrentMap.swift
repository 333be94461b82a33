import Dispatch

/// `body(0) ... body(count - 1)` run at once on Dispatch's threads (one after another when not
/// `concurrently`), their results in order; the first error (by index) is rethrown once all have
/// finished. O(count) besides the bodies.
func concurrentMap<Value>(_ count: Int, concurrently: Bool = true, _ body: (Int) throws -> Value) throws -> [Value] {
    guard concurrently else { return try (0..<count).map(body) }
    let slots = UnsafeMutableBufferPointer<Result<Value, any Error>>.allocate(capacity: count)
    defer { slots.deinitialize().deallocate() }
    // Each iteration initializes its own slot only, so no two threads write the same memory.
    nonisolated(unsafe) let shared = slots
    DispatchQueue.concurrentPerform(iterations: count) { index in
        (shared.baseAddress! + index).initialize(to: Result { try body(index) })
    }
    return try slots.map { try $0.get() }
}
