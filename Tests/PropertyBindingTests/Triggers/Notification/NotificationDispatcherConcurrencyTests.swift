import Foundation
import PropertyBinding
import Testing

/// Posts racing the creation of the first trigger of a center and name, which sets up the
/// shared observer: under the thread sanitizer this used to report the dispatcher's table read
/// by a post against its set-up.
@Suite struct NotificationDispatcherConcurrencyTests {
    @Test func postsRacingTheFirstTriggerOfACenterAndNameReachItOnceItIsAdded() {
        let name = Notification.Name("NotificationDispatcherConcurrencyTests.ping")
        for _ in 0..<100 {
            let center = NotificationCenter()
            let source = SharedSource(1)
            let view = HookedView()
            let binding = Binding(source: Property(source, \.value), destination: Property(view, \.value))
            let added = SharedCounter()
            let meeting = ThreadMeeting(2)
            let finished = runOnThreads(
                timeout: 20,
                [
                    {
                        meeting.arrive()
                        binding.addTrigger(NotificationTrigger(center: center, name: name, object: source))
                        added.isSet = true
                    },
                    {
                        meeting.arrive()
                        var afterAdding = 0
                        while afterAdding < 3 {
                            if added.isSet { afterAdding += 1 }
                            center.post(name: name, object: source)
                        }
                    },
                ])
            #expect(finished, "the threads did not finish")
            #expect(view.value == 1, "a post after the trigger was added did not reach it")
            binding.invalidate()
        }
    }
}
