import Foundation
import PropertyBinding
import PropertyBindingControls

// A model and form fields that announce every change synchronously on a private center, the
// way a KVO-compliant object or a text field would: enough to drive both directions.

extension Notification.Name {
    static let formModelDidChange = Notification.Name("FormTests.modelDidChange")
    static let formFieldDidChange = Notification.Name("FormTests.fieldDidChange")
}

final class FormModel {
    let center: NotificationCenter
    var name = "" { didSet { announce() } }
    var age = 0 { didSet { announce() } }
    var email = "" { didSet { announce() } }
    var height = 0.0 { didSet { announce() } }
    var nickname: String? { didSet { announce() } }
    private(set) var writes = 0

    init(center: NotificationCenter) { self.center = center }

    private func announce() {
        writes += 1
        center.post(name: .formModelDidChange, object: self)
    }
}

final class FormTextField {
    let center: NotificationCenter
    var text = "" { didSet { center.post(name: .formFieldDidChange, object: self) } }
    init(center: NotificationCenter) { self.center = center }
}

/// Builds the triggers of one field: the model's announcement fires model → form, the field's
/// fires form → model.
func modelTrigger(_ model: FormModel) -> NotificationTrigger {
    NotificationTrigger(center: model.center, name: .formModelDidChange, object: model)
}

func fieldTrigger(_ field: FormTextField) -> NotificationTrigger {
    NotificationTrigger(center: field.center, name: .formFieldDidChange, object: field)
}

func decimalFormatter(_ locale: String = "en_US") -> NumberFormatter {
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: locale)
    formatter.numberStyle = .decimal
    formatter.maximumFractionDigits = 6
    return formatter
}

/// A model that announces each change by key path, so that a `TriggerRegistry` infers its triggers.
final class FormProfile: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var name = ""
    @Announced var age = 0
    @Announced var height = 0.0
    @Announced var start = 0
    @Announced var end = 0
    /// Clamped to 0...100 by the model itself.
    @Announced var score = 0 {
        didSet { if score > 100 { score = 100 } }
    }
}

/// A `de_DE` formatter that shows at most two fraction digits: 1.755 is shown as "1,76".
func germanFormatter() -> NumberFormatter {
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: "de_DE")
    formatter.numberStyle = .decimal
    formatter.maximumFractionDigits = 2
    return formatter
}

/// Text ⇄ number for `field`, in `formatter`'s locale (en_US by default).
func number<Number: ParsableNumber>(
    _ field: TextField, as type: Number.Type = Int.self, _ formatter: NumberFormatter = decimalFormatter()
) -> StringToNumberTransformer<Number> {
    StringToNumberTransformer<Number>(property: Property(field, \.text), formatter: formatter)
}

/// Thrown by a model-side transformer that refuses a value.
struct Refused: Error, Equatable {
    let value: Int
}
