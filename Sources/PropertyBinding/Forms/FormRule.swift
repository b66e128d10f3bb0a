import Synchronization

/// A rule over several fields of a ``BindingForm``: it is checked on each edit of any field it
/// reads and at every commit, and its failure shows on the one field it names.
///
/// ```swift
/// try form.addRule(FormRule("end after start", on: "end", reading: ["start"]) {
///     endPicker.date > startPicker.date ? nil : "must be after the start"
/// })
/// startPicker.date = .distantFuture      // form["end"]?.error: "… must be after the start"
/// form.commit()                           // refused while the rule fails: nothing is written
/// ```
///
/// The check reads what it needs itself (the fields' controls, the model), so it captures
/// them; like a ``Validator``, it runs on the thread that edits the form or commits it (the
/// main thread of an app), never concurrently with that form's other updates, and it is not
/// `Sendable`.
public struct FormRule {
    /// The rule's name, reported in ``ValidationError/rule``.
    public let name: String
    /// The label of the field that shows the rule's failure, and whose value it refuses.
    public let field: String
    /// The labels of the other fields whose edits check the rule again.
    public let reading: [String]
    let check: () -> String?

    /// Creates a rule named `name` whose failure shows on `field`; `check` returns nil when the
    /// fields agree, or a message that says what is wrong.
    public init(_ name: String, on field: String, reading: [String], _ check: @escaping () -> String?) {
        self.name = name
        self.field = field
        self.reading = reading
        self.check = check
    }
}

/// The rules that report on one field, shared by its form → model transformer and its form.
@usableFromInline
final class FieldRules: @unchecked Sendable {
    private let rules = Locked<[FormRule]>([])
    /// Whether a rule was ever added: read without the lock on every form value (a field
    /// gains its rules when its form is built, before any update), so that a field without
    /// rules pays one load.
    @usableFromInline let hasRules = Atomic<Bool>(false)

    @usableFromInline init() {}

    func add(_ rule: FormRule) {
        rules.withLock { $0.append(rule) }
        hasRules.store(true, ordering: .releasing)
    }

    /// Throws the ``ValidationError`` of the first rule that fails for the field's value,
    /// described by `input` only then.
    @inlinable
    func check(_ input: () -> String) throws {
        guard hasRules.load(ordering: .acquiring) else { return }
        try checkRules(input)
    }

    @usableFromInline
    func checkRules(_ input: () -> String) throws {
        for rule in rules.value {
            if let message = rule.check() {
                throw ValidationError(rule: rule.name, message: message, input: input())
            }
        }
    }
}
