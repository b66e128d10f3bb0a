import PropertyBinding
import PropertyBindingTesting
import Testing

// The snippets of the "Firing from an async sequence" article
// (PropertyBinding.docc/FiringFromAnAsyncSequence.md); the article quotes them verbatim
// (scripts/docs checks it).

private enum InboxEvent: Sendable {
    case received
}

private final class Inbox {
    var unread = 0
}

private final class Badge {
    var count = 0
}

/// Lines written from the listening task.
private final class BadgeLog: Sendable {
    let lines = Locked<[String]>([])
    func append(_ line: String) { lines.withLock { $0.append(line) } }
}

@Suite struct FiringFromAnAsyncSequenceSnippetTests {
    @Test func eachElementUpdatesTheBinding() async {
        let inbox = Inbox()
        let badge = Badge()
        // snippet: trigger
        let (events, continuation) = AsyncStream.makeStream(of: InboxEvent.self)
        let showUnread = Binding(source: Property(inbox, \.unread), destination: Property(badge, \.count))
        showUnread.addTrigger(AsyncSequenceTrigger(events))

        inbox.unread = 3
        continuation.yield(.received)  // badge.count == 3 once the trigger's task takes the element
        // end snippet
        let recorder = BindingRecorder(showUnread)
        #expect(await recorder.waitForDestination(toHold: 3))
    }

    @Test func theWritesArriveForAwait() async {
        let inbox = Inbox()
        let badge = Badge()
        let showUnread = Binding(source: Property(inbox, \.unread), destination: Property(badge, \.count))
        let badgeLog = BadgeLog()
        // snippet: values
        let counts = showUnread.values()  // every write from now on
        Task {
            for await count in counts {
                badgeLog.append("badge shows \(count)")
            }
        }
        // end snippet
        inbox.unread = 2
        showUnread.update()
        inbox.unread = 5
        showUnread.update()
        let deadline = ContinuousClock.now + .seconds(10)
        while badgeLog.lines.value.count < 2, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        #expect(badgeLog.lines.value == ["badge shows 2", "badge shows 5"])
    }
}
