import PropertyBinding

extension BindingRecorder {
    /// Suspends until the binding has written `count` values in all since recording started
    /// (or since the last ``BindingRecorder/removeAll()``), or until `timeout` has passed: for
    /// triggers that deliver later, such as Swift Observation.
    ///
    /// ```swift
    /// model.name = "Ann"                              // observed: the update comes later
    /// #expect(await recorder.waitForUpdates(1))
    /// ```
    ///
    /// - Returns: true when the updates arrived, false on timeout.
    public func waitForUpdates(_ count: Int = 1, timeout: Duration = .seconds(5)) async -> Bool {
        await wait(timeout: timeout) { updates, _ in updates.count >= count }
    }

    /// Suspends until the binding has reported `count` failures in all since recording started
    /// (or since the last ``BindingRecorder/removeAll()``), or until `timeout` has passed.
    ///
    /// ```swift
    /// #expect(await recorder.waitForFailures(1))
    /// ```
    ///
    /// - Returns: true when the failures arrived, false on timeout.
    public func waitForFailures(_ count: Int = 1, timeout: Duration = .seconds(5)) async -> Bool {
        await wait(timeout: timeout) { _, failures in failures.count >= count }
    }

    /// Suspends until the destination holds `expected`, or until `timeout` has passed: it holds
    /// it already, or the binding writes it after the wait began.
    ///
    /// ```swift
    /// model.name = "Ann"
    /// #expect(await recorder.waitForDestination(toHold: "Ann"))
    /// ```
    ///
    /// Any write of `expected` since the wait began counts, even one the binding has overwritten
    /// since; a write made before the wait began counts only if the destination still holds it.
    /// The destination is read between the binding's updates, without waiting for the update's
    /// lock: while the binding is updating on another thread, the wait checks again every
    /// millisecond, suspended. (The read holds that lock for as long as the destination's getter
    /// runs; an update that another thread hands over in that moment, as the library's Threading
    /// model article describes, runs on this thread before the read returns.)
    ///
    /// - Returns: true when the destination holds `expected`, false on timeout.
    public func waitForDestination(toHold expected: Value, timeout: Duration = .seconds(5)) async -> Bool
    where Value: Equatable {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        // The writes from here on count, whatever the destination holds when they are seen.
        let writtenBefore = updates.count
        let wroteExpected: ([Update], [BindingFailure]) -> Bool = { updates, _ in
            updates.dropFirst(writtenBefore).contains { $0.newValue == expected }
        }
        while true {
            do {
                if let held = try readDestinationIfIdle() {
                    if held == expected { return true }
                    break
                }
            } catch {
                break  // unreadable (a released destination): only a write can tell
            }
            // An update runs on another thread: look again, suspended, unless it wrote `expected`.
            if wroteExpected(updates, []) { return true }
            if clock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return await wait(timeout: deadline - clock.now, until: wroteExpected)
    }
}
