/// A weak reference that can also say which object it referred to once that object is gone:
/// what a property keeps of its object, so that a ``BindingGraph`` tells two dead objects apart.
@frozen @usableFromInline
struct WeakReference<Object: AnyObject> {
    // First: `init` reads the reference's bits at offset 0.
    @usableFromInline weak var object: Object?
    /// The identity of the object referred to, taken when the reference was made, the same while
    /// it lives and after it is gone; 0 for no object.
    ///
    /// Swift gives an object that weak references point to one side record, shared by all of
    /// them and kept until the last one is gone: this is its address, so an object made later at
    /// the address of a dead one (whose side record this reference still holds) has another
    /// identity. A reference of the Objective-C runtime (an `NSObject` on Apple platforms) holds
    /// the object's address.
    @usableFromInline private(set) var identity: UInt

    @inlinable
    init(_ object: Object?) {
        self.identity = 0
        self.object = object
        // In place: a copy of a weak reference to a dead object is nil, and a read of `object`
        // would be the object itself.
        self.identity = withUnsafeBytes(of: &self) { $0.load(as: UInt.self) }
    }
}
