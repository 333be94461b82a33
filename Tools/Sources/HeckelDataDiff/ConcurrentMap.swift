import Dispatch

/// `body(0) ... body(count - 1)` run at once on Dispatch's threads, their results in order; the
/// first error (by index) is rethrown once all have finished. O(count) besides the bodies.
func concurrentMap<Value>(_ count: Int, _ body: (Int) throws -> Value) throws -> [Value] {
    let slots = UnsafeMutableBufferPointer<Result<Value, any Error>>.allocate(capacity: count)
    defer { slots.deinitialize().deallocate() }
    // Each iteration initializes its own slot only, so no two threads write the same memory.
    nonisolated(unsafe) let shared = slots
    DispatchQueue.concurrentPerform(iterations: count) { index in
        (shared.baseAddress! + index).initialize(to: Result { try body(index) })
    }
    return try slots.map { try $0.get() }
}
