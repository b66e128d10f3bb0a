import PropertyBinding

extension BindingRecorder {
    /// Starts recording what `field` writes to its model (its `TwoWayBinding.toModel`
    /// direction), its failures included.
    ///
    /// ```swift
    /// let recorder = BindingRecorder(ageField)          // a BindingRecorder<Int>
    /// form.commit()
    /// #expect(recorder.newValues == [42])
    /// ```
    public convenience init<Model, Form>(_ field: TwoWayBinding<Model, Form>) where Model.Value == Value {
        self.init(field.toModel)
    }
}

extension BindingRecorder where Value == Any {
    /// Starts recording what a form field writes to its model, with the values as `Any`: for a
    /// field known only as `any FormField` (`form["age"]`). Read the values back with a cast,
    /// `recorder.newValues as? [Int]`.
    ///
    /// ```swift
    /// let recorder = BindingRecorder(form["age"]!)
    /// ```
    ///
    /// `field` must be a `TwoWayBinding`, as every field the library makes is; any other type
    /// is a programming error and stops the test.
    public convenience init(_ field: any FormField) {
        guard let field = field as? any RecordableFormField else {
            preconditionFailure("BindingRecorder records a TwoWayBinding; \(type(of: field)) is not one")
        }
        self.init(readDestination: field.readModel)
        field.attachModelDirection(to: self)
    }
}

/// A form field whose form → model direction a recorder can attach to without its types.
protocol RecordableFormField {
    /// Reads the model property, as `Any`, between the field's updates (nil when that would
    /// mean waiting, and waiting is not allowed or could deadlock).
    var readModel: (_ waiting: Bool) throws -> Any? { get }
    /// Installs `recorder` on the form → model direction.
    func attachModelDirection(to recorder: BindingRecorder<Any>)
}

extension TwoWayBinding: RecordableFormField {
    var readModel: (_ waiting: Bool) throws -> Any? {
        let model = toModel.destination
        return reader(between: toModel) { () throws -> Any in try model.read() }
    }

    func attachModelDirection(to recorder: BindingRecorder<Any>) {
        recorder.attach(to: toModel) { $0 }
    }
}
