import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

// The snippets of the "Debouncing a trigger" article (PropertyBinding.docc/DebouncingATrigger.md);
// the article quotes them verbatim (scripts/docs checks it).

private final class Catalog {
    var query = ""
    var searches = 0
}

@Suite struct DebouncingATriggerSnippetTests {
    @Test func aBurstOfKeystrokesMakesOneUpdate() {
        // snippet: clock
        let clock = TestClock()  // from PropertyBindingTesting
        // end snippet
        let searchField = TextField()
        let catalog = Catalog()
        // snippet: debounce
        let search = Binding(source: Property(searchField, \.text), destination: Property(catalog, \.query))
        search.addTrigger(
            TargetActionTrigger(control: searchField, events: .editingChanged)
                .debounced(for: .milliseconds(300), clock: clock))

        searchField.simulateTyping("r")
        searchField.simulateTyping("re")
        searchField.simulateTyping("red")
        clock.advance(by: .milliseconds(300))  // catalog.query == "red": one update, after the last keystroke
        // end snippet
        #expect(catalog.query == "red")
        let recorder = BindingRecorder(search)
        searchField.simulateTyping("redo")
        search.invalidate()
        clock.advance(by: .seconds(1))
        #expect(recorder.newValues.isEmpty && catalog.query == "red")
    }
}
