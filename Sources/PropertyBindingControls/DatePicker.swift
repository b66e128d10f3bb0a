import Foundation
import PropertyBinding

/// A date picker model, as a `UIDatePicker`: a `Date` the user picks.
///
/// ```swift
/// let birthday = DatePicker(date: Date(timeIntervalSince1970: 0))
/// let storeBirthday = try Binding(
///     source: Property(birthday, \.date), destination: Property(person, \.birthday), triggers: .standard)
/// birthday.simulatePick(Date(timeIntervalSince1970: 86_400))   // .valueChanged is sent: person.birthday follows
/// birthday.date = Date()                               // set by code: no event (as in UIKit)
/// ```
open class DatePicker: Control {
    /// The names of the datepicker's properties, added to its superclass's, for messages and graphs: a
    /// property of an `open` class prints without its name.
    ///
    /// ```swift
    /// print(Property(picker, \.date))   // \DatePicker.date, not \DatePicker.<computed …>
    /// ```
    override open class var keyPathNames: [AnyKeyPath: String] {
        super.keyPathNames.merging([\DatePicker.date: "date"]) { $1 }
    }

    /// The date shown; setting it from code sends no event.
    ///
    /// ```swift
    /// picker.date = person.birthday   // no target is called
    /// ```
    public var date: Date

    /// Creates a picker showing `date` (now, by default).
    ///
    /// ```swift
    /// let birthday = DatePicker(date: Date(timeIntervalSince1970: 0))
    /// ```
    public init(date: Date = Date()) {
        self.date = date
        super.init()
    }

    /// Picks `newDate` as the user's spin of the wheels does, and sends `.valueChanged` when the
    /// date changed (picking the date shown sends nothing).
    ///
    /// ```swift
    /// birthday.simulatePick(Date(timeIntervalSince1970: 86_400))   // date is set; .valueChanged is sent
    /// ```
    open func simulatePick(_ newDate: Date) {
        guard newDate != date else { return }
        date = newDate
        sendActions(for: .valueChanged)
    }

    /// Deprecated: renamed ``simulatePick(_:)``; every stand-in control's simulated input is named `simulate…`.
    @available(*, deprecated, renamed: "simulatePick(_:)")
    open func pick(_ newDate: Date) { simulatePick(newDate) }
}
