#if canImport(Glibc)
    import Glibc

    @_silgen_name("malloc_usable_size")
    private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer?) -> Int

    /// The bytes malloc reserves for an object `make` returns (glibc only; nil elsewhere): the
    /// smallest block of eight made one after another, because malloc may hand out a block a
    /// little larger than asked for when what is left of a free one would be too small to keep.
    func allocationSize(of make: () -> AnyObject) -> Int? {
        let objects = (0..<8).map { _ in make() }
        return objects.map { mallocUsableSize(Unmanaged.passUnretained($0).toOpaque()) }.min()
    }
#else
    /// The bytes malloc reserves for an object `make` returns (glibc only; nil elsewhere).
    func allocationSize(of make: () -> AnyObject) -> Int? { nil }
#endif
