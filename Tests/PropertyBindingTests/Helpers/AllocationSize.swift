#if canImport(Glibc)
    import Glibc

    @_silgen_name("malloc_usable_size")
    private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer?) -> Int

    /// The bytes malloc reserved for `object`'s allocation (glibc only; nil elsewhere).
    func allocationSize(of object: AnyObject) -> Int? {
        mallocUsableSize(Unmanaged.passUnretained(object).toOpaque())
    }
#else
    /// The bytes malloc reserved for `object`'s allocation (glibc only; nil elsewhere).
    func allocationSize(of object: AnyObject) -> Int? { nil }
#endif
