import PropertyBinding
import PropertyBindingTesting
import Testing

// The snippets of the "Throttling a trigger" article (PropertyBinding.docc/ThrottlingATrigger.md);
// the article quotes them verbatim (scripts/docs checks it).

private final class Download: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var fraction = 0.0
}

private final class ProgressBar {
    var value = 0.0 { didSet { shown.append(value) } }
    var shown: [Double] = []
}

@Suite struct ThrottlingATriggerSnippetTests {
    @Test func aBusyWindowMakesALeadingAndATrailingUpdate() {
        let clock = TestClock()
        let download = Download()
        let bar = ProgressBar()
        // snippet: throttle
        let showProgress = Binding(source: Property(download, \.fraction), destination: Property(bar, \.value))
        showProgress.addTrigger(KeyPathTrigger(download, \.fraction).throttled(for: .seconds(1), clock: clock))

        download.fraction = 0.1  // leading: bar.value == 0.1 at once
        download.fraction = 0.2  // inside the window: held back
        download.fraction = 0.3
        clock.advance(by: .seconds(1))  // trailing: bar.value == 0.3
        // end snippet
        #expect(bar.shown == [0.1, 0.3])
    }
}
