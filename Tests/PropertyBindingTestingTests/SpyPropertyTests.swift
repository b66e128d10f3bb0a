import PropertyBinding
import PropertyBindingTesting
import Testing

@Suite struct SpyPropertyTests {
    @Test func countsReadsAndWrites() throws {
        let spy = SpyProperty("Ann")
        #expect(try spy.read() == "Ann")
        try spy.write("Bea")
        try spy.write("Cy")
        #expect(spy.readCount == 1)
        #expect(spy.writeCount == 2)
        #expect(spy.writtenValues == ["Bea", "Cy"])
        #expect(spy.value == "Cy")
        #expect(spy.readCount == 1)  // `value` is not counted
        #expect("\(spy)" == "SpyProperty<String>")

        spy.resetCounts()
        #expect(spy.readCount == 0 && spy.writtenValues.isEmpty && spy.value == "Cy")
    }

    @Test func showsWhatABindingReadsAndWrites() {
        let source = SpyProperty("Ann")
        let destination = SpyProperty("")
        let binding = Binding(source: source, destination: destination)

        binding.update()
        binding.update()  // equal: read, compared, not written

        #expect(source.readCount == 2)
        #expect(destination.writtenValues == ["Ann"])
        #expect(destination.readCount == 2)  // the binding reads the destination to compare
    }

    @Test func aReadErrorFailsTheUpdateAndWritesNothing() {
        let source = SpyProperty("Ann")
        source.readError = RejectedValue(value: "Ann")
        let destination = SpyProperty("")
        let binding = Binding(source: source, destination: destination)
        let recorder = BindingRecorder(binding)

        #expect(recorder.reports([RejectedValue(value: "Ann")]) { binding.update() })
        #expect(recorder.failures.first?.stage == .readingSource)
        #expect(destination.writeCount == 0)
        #expect(source.readCount == 1)

        source.readError = nil
        #expect(recorder.destination(holds: "Ann") { binding.update() })
    }

    @Test func aWriteErrorFailsTheUpdateAndStoresNothing() {
        let source = SpyProperty(3)
        let destination = SpyProperty(0)
        destination.writeError = RejectedValue(value: "3")
        let binding = Binding(source: source, destination: destination)
        let recorder = BindingRecorder(binding)

        #expect(recorder.reports([RejectedValue(value: "3")]) { binding.update() })
        #expect(recorder.failures.first?.stage == .writingDestination)
        #expect(destination.value == 0 && destination.writeCount == 0)
        #expect(throws: RejectedValue.self) { try destination.write(4) }
    }
}
