import Foundation
import PropertyBinding

/// The profile screen: eight fields of five types, each declared in one statement whose
/// triggers `TriggerRegistry.standard` infers, and one rule over two of them. The lines between
/// the two `form:` markers are all of its binding code (the "Two-way forms" article counts them).
final class ProfileScreen {
    let profile: Profile
    let view = ProfileView()
    let form: BindingForm

    init(profile: Profile) throws {
        self.profile = profile
        let view = self.view
        // form: begin
        let german = NumberFormatter()
        german.locale = Locale(identifier: "de_DE")
        german.numberStyle = .decimal
        german.maximumFractionDigits = 2
        form = try BindingForm(continuous: false) {
            try TwoWayBinding(
                "name", model: Property(profile, \.name), form: Property(view.name, \.text), triggers: .standard,
                validators: [.nonEmpty])
            try TwoWayBinding(
                "age", model: Property(profile, \.age),
                form: StringToNumberTransformer<Int>(property: Property(view.age, \.text), formatter: german),
                triggers: .standard, validators: [.range(0...150)])
            try TwoWayBinding(
                "height", model: Property(profile, \.height),
                form: StringToNumberTransformer<Double>(property: Property(view.height, \.text), formatter: german),
                triggers: .standard, validators: [.range(0.5...2.5)])
            try TwoWayBinding(
                "salary", model: Property(profile, \.salaryCents).inEuros(),
                form: StringToNumberTransformer<Decimal?>(property: Property(view.salary, \.text), formatter: german),
                triggers: .standard, validators: [.range(0...1_000_000)])
            try TwoWayBinding(
                "newsletter", model: Property(profile, \.newsletter), form: Property(view.newsletter, \.isOn),
                triggers: .standard)
            try TwoWayBinding(
                "plan", model: Property(profile, \.plan),
                form: Property(view.plan, \.selectedSegmentIndex).cases(of: Profile.Plan.self), triggers: .standard)
            try TwoWayBinding(
                "password", model: Property(profile, \.password), form: Property(view.password, \.text),
                triggers: .standard, validators: [.nonEmpty])
            try TwoWayBinding(
                "confirmation", model: Property(profile, \.password), form: Property(view.confirmation, \.text),
                triggers: .standard)
        }
        try form.addRule(
            FormRule("matches", on: "confirmation", reading: ["password"]) {
                view.confirmation.text == view.password.text ? nil : "does not match the password"
            })
        // form: end
        // Each field keeps its failure in `error`, which the tour prints; nothing more to say.
        form.onError = { _ in }
    }

    /// What the profile and the screen hold now, as the lines the tour prints.
    var lines: [String] {
        let salary = profile.salaryCents.map { "\($0) cents" } ?? "nil"
        let plan = view.plan.segments[view.plan.selectedSegmentIndex]
        var lines = [
            "profile: name \(quoted(profile.name)), age \(profile.age), height \(profile.height), salary \(salary),"
                + " newsletter \(profile.newsletter), plan .\(profile.plan), password \(quoted(profile.password))",
            "screen: name \(shown(view.name)), age \(shown(view.age)), height \(shown(view.height)),"
                + " salary \(shown(view.salary)), newsletter \(view.newsletter.isOn ? "on" : "off"), plan \(plan),"
                + " password \(shown(view.password)), confirmation \(shown(view.confirmation))",
        ]
        let errors = form.fields.compactMap { field in field.error.map { "\(field.label ?? ""): \($0.error)" } }
        if !errors.isEmpty { lines.append("errors: " + errors.joined(separator: "; ")) }
        return lines
    }
}
