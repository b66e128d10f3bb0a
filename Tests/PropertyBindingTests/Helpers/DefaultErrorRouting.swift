import Foundation
import PropertyBinding
import Testing

/// The process-wide `AnyBinding.defaultErrorHandler`, set once for the whole test run: tests
/// run in parallel, so a suite that replaced it (to silence it, or to record) would take it
/// from a test running at the same time. Failures of a binding a test listens to go to that
/// test; the others are dropped.
enum DefaultErrorRouting {
    private static let listeners = Locked<[ObjectIdentifier: @Sendable (BindingFailure) -> Void]>([:])

    /// Installs the router (once; later calls do nothing).
    static let install: Void = {
        AnyBinding.defaultErrorHandler = { failure in
            listeners.withLock { $0[failure.bindingID] }?(failure)
        }
    }()

    /// Runs `body` with the failures of `binding` that reach the default handler recorded, and
    /// returns them.
    static func failures(of binding: AnyBinding, during body: () -> Void) -> [BindingFailure] {
        install
        let recorded = Locked<[BindingFailure]>([])
        let id = ObjectIdentifier(binding)
        listeners.withLock { $0[id] = { failure in recorded.withLock { $0.append(failure) } } }
        defer { listeners.withLock { $0[id] = nil } }
        body()
        return recorded.value
    }
}

/// A suite whose bindings fail with no handler of their own: its failures that reach
/// `AnyBinding.defaultErrorHandler` go to the test that listens (``DefaultErrorRouting``), or
/// nowhere, instead of among the test results.
///
/// ```swift
/// @Suite(.routesDefaultErrors) struct BindingFormTests { … }
/// ```
struct RoutesDefaultErrors: SuiteTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        DefaultErrorRouting.install
        try await function()
    }
}

extension Trait where Self == RoutesDefaultErrors {
    /// Routes the suite's unhandled failures (see ``RoutesDefaultErrors``).
    static var routesDefaultErrors: Self { Self() }
}
