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

    /// Suspends until the destination holds `expected` (it already does, or the binding's
    /// latest write from now on is `expected`), or until `timeout` has passed.
    ///
    /// ```swift
    /// model.name = "Ann"
    /// #expect(await recorder.waitForDestination(toHold: "Ann"))
    /// ```
    ///
    /// The destination is read between the binding's updates, and this never blocks its thread:
    /// while the binding is updating on another thread, it checks again every millisecond, while
    /// suspended, until that update is over.
    ///
    /// - Returns: true when the destination holds `expected`, false on timeout.
    public func waitForDestination(toHold expected: Value, timeout: Duration = .seconds(5)) async -> Bool
    where Value: Equatable {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            // Only a write recorded after the destination was read counts: an earlier write of
            // `expected` may have been overwritten since.
            let writtenBefore = updates.count
            let held: Value?
            do {
                guard let read = try readDestinationIfIdle() else {
                    // An update runs on another thread; its write may already be recorded.
                    if clock.now >= deadline { return false }
                    try? await Task.sleep(for: .milliseconds(1))
                    continue
                }
                held = read
            } catch {
                held = nil  // unreadable (a released destination): only a later write can tell
            }
            if held == expected { return true }
            return await wait(timeout: deadline - clock.now) { updates, _ in
                updates.count > writtenBefore && updates.last?.newValue == expected
            }
        }
    }
}
