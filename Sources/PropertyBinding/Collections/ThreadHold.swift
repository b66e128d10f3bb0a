/// A thread's run of calls, one inside the other, during which a value written on that thread is
/// held until the outermost call ends: the rows' `bind` closure running (a row made), or a list's
/// pass of making rows (``RowSource/listWillMakeRows()`` to ``RowSource/listDidMakeRows()``).
/// Kept inside the rows' lock.
struct ThreadHold<Held> {
    private var run: (thread: UInt, depth: Int)?
    private var held: Held?

    /// Begins a run on `thread` (or one more call inside the run it has); another thread's run
    /// is left as it is.
    mutating func begin(on thread: UInt) {
        if let run, run.thread == thread {
            self.run = (thread, run.depth + 1)
        } else if run == nil {
            run = (thread, 1)
        }
    }

    /// Holds `value` when `thread` runs now, replacing a value held before (each is a
    /// whole value: the last one written is the one to show); returns whether it did.
    mutating func hold(_ value: Held, on thread: UInt) -> Bool {
        guard let run, run.thread == thread else { return false }
        held = value
        return true
    }

    /// Ends a call on `thread`; returns the value held, once the outermost call ends.
    mutating func end(on thread: UInt) -> Held? {
        guard let run, run.thread == thread else { return nil }
        guard run.depth == 1 else {
            self.run = (thread, run.depth - 1)
            return nil
        }
        self.run = nil
        defer { held = nil }
        return held
    }
}
