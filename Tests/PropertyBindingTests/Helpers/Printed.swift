import Foundation

/// The documentation's snippets print, as users' code does (`print(failure)`), and the tests
/// quote them verbatim. Inside this test module `print` shadows the standard library's: it
/// records the line for the test that runs it, instead of writing it among the test results,
/// so that `swift test` prints results only. A test reads its lines with ``Printed/lines(during:)``.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Printed.sink?.withLock { $0.append(items.map { "\($0)" }.joined(separator: separator)) }
}

/// What `print` recorded.
enum Printed {
    /// Where the running task's lines go; nil drops them (a print on another thread, or outside
    /// ``lines(during:)``).
    @TaskLocal static var sink: Locked<[String]>?

    /// Runs `body` and returns the lines it printed on this task, in order.
    static func lines(during body: () throws -> Void) rethrows -> [String] {
        let lines = Locked<[String]>([])
        try $sink.withValue(lines) { try body() }
        return lines.value
    }
}
