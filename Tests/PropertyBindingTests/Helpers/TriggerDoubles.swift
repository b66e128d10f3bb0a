import Dispatch
import Observation
import PropertyBinding
import PropertyBindingControls

/// A model that announces its key paths: `name` in `didSet` (declared), `age` with `@Announced`.
final class AnnouncingPerson: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    var name = "" { didSet { didChange(\.name) } }
    @Announced var age = 0
    var nameWrites = 0
    static let announcedKeyPaths: [AnnouncedKeyPath] = [.announced("name", \AnnouncingPerson.name)]
}

/// A view that announces its text, for two-way pairs.
final class AnnouncingLabel: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    var text = "" {
        didSet {
            writes += 1
            didChange(\.text)
        }
    }
    var writes = 0
}

/// A destination that announces nothing.
final class PlainLabel {
    var text = ""
    var number = 0
    var writes = 0
}

/// An `@Observable` model.
@Observable final class ObservedPlayer {
    var name = ""
    var score = 0
}

/// A text field whose `announcedText` writes are announced like the user's (an AppKit field bound
/// with KVO would be): to make two-way pairs over target-action and delegation.
final class AnnouncingTextField: TextField {
    /// The text; a write of a new value tells the delegate and sends `.editingChanged`.
    var announcedText: String {
        get { text }
        set {
            guard newValue != text else { return }
            text = newValue
            writes += 1
            delegateSlot.receiver?.textFieldDidChange(self)
            sendActions(for: .editingChanged)
        }
    }
    var writes = 0
}

/// A text field delegate that records what it is told and answers as configured.
final class RecordingTextFieldDelegate: TextFieldDelegate {
    var calls: [String] = []
    var allowsChange = true
    var allowsReturn = true

    func textFieldDidBeginEditing(_ textField: TextField) { calls.append("begin") }
    func textField(_ textField: TextField, shouldChangeTextTo text: String) -> Bool {
        calls.append("shouldChange:\(text)")
        return allowsChange
    }
    func textFieldDidChange(_ textField: TextField) { calls.append("change:\(textField.text)") }
    func textFieldDidEndEditing(_ textField: TextField) { calls.append("end") }
    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        calls.append("return")
        return allowsReturn
    }
}

/// The property error of a binding's last failure.
func lastPropertyError(_ binding: AnyBinding) -> PropertyError? {
    binding.lastError?.error as? PropertyError
}

/// Waits until every block queued on the main queue before this call has run.
@MainActor func drainMainQueue(times: Int = 3) async {
    for _ in 0..<times {
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }
    }
}

/// Whether `condition` holds within five seconds, checked after each turn of the main queue.
@MainActor func eventually(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(5)
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        await drainMainQueue(times: 1)
        try? await Task.sleep(for: .milliseconds(1))
    }
    return true
}
