#if canImport(Glibc)
    import Glibc

    @_silgen_name("malloc_usable_size")
    private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer?) -> Int

    /// The bytes glibc's malloc reserves for an object `make` returns (glibc only; nil
    /// elsewhere): the usable size of the block it hands out for the object's instance size.
    ///
    /// The instance size is what the Swift runtime asks malloc for, read from the class's
    /// metadata (without Objective-C interoperability: kind, superclass, flags and instance
    /// address point come first, then the 32-bit instance size at offset 24). Computing the
    /// block from it, instead of asking `malloc_usable_size` about a live object, keeps the
    /// figure exact: malloc may hand out a larger block than asked for when what is left of a
    /// free one would be too small to keep, which depends on what other tests freed.
    /// Nil when the instance size disagrees with the live object (its header must be in it, and
    /// the block malloc gave the object, by whichever allocator, must hold it with less than 64
    /// bytes to spare): the metadata was not read right.
    func allocationSize(of make: () -> AnyObject) -> Int? {
        let object = make()
        let metadata = unsafeBitCast(type(of: object), to: UnsafeRawPointer.self)
        let instanceSize = Int(metadata.load(fromByteOffset: 24, as: UInt32.self))
        // glibc: a chunk is the request plus an 8-byte header, rounded up to 16, at least 32.
        let usable = max(32, (instanceSize + 8 + 15) & ~15) - 8
        let live = mallocUsableSize(Unmanaged.passUnretained(object).toOpaque())
        guard instanceSize >= 16, live >= instanceSize, live < instanceSize + 64 else { return nil }
        return usable
    }
#else
    /// The bytes malloc reserves for an object `make` returns (glibc only; nil elsewhere).
    func allocationSize(of make: () -> AnyObject) -> Int? { nil }
#endif
