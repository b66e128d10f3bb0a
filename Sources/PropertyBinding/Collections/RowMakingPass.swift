/// A list's pass of making rows, as its source records it (``RowSource/listWillMakeRows()`` to
/// ``RowSource/listDidMakeRows()``): the thread that makes them, how many passes it has begun one
/// inside the other, and the value that a `bind` closure wrote during the pass, held until the
/// pass ends. Kept inside the source's lock.
struct RowMakingPass<Held> {
    private var pass: (thread: UInt, depth: Int)?
    private var held: Held?

    /// Begins a pass on `thread` (or one more inside the one it runs).
    mutating func begin(on thread: UInt) {
        if let pass, pass.thread == thread {
            self.pass = (thread, pass.depth + 1)
        } else if pass == nil {
            pass = (thread, 1)
        }
    }

    /// Holds `value` when `thread` is making rows now, replacing a value held before (each is a
    /// whole value: the last one written is the one to show); returns whether it did.
    mutating func hold(_ value: Held, on thread: UInt) -> Bool {
        guard let pass, pass.thread == thread else { return false }
        held = value
        return true
    }

    /// Ends a pass on `thread`; returns the value held, once the outermost pass ends.
    mutating func end(on thread: UInt) -> Held? {
        guard let pass, pass.thread == thread else { return nil }
        guard pass.depth == 1 else {
            self.pass = (thread, pass.depth - 1)
            return nil
        }
        self.pass = nil
        defer { held = nil }
        return held
    }
}
