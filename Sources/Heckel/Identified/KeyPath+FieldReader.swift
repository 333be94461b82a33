/// A key path's value read as a field: for a stored property held inline in
/// `Root` (`MemoryLayout.offset(of:)` is not `nil`), a load at its offset;
/// otherwise the key path projected at run time.
///
/// For the forms that receive a key path as a value and cannot fold it into a
/// field access (the `async` forms hand it to a task): a load at a fixed
/// offset, where projecting the key path would be a call into the runtime
/// for every element.
@inlinable
func fieldReader<Root, Value>(_ path: KeyPath<Root, Value>) -> (Root) -> Value {
    guard let offset = MemoryLayout<Root>.offset(of: path) else { return { $0[keyPath: path] } }
    return { root in withUnsafeBytes(of: root) { $0.load(fromByteOffset: offset, as: Value.self) } }
}
