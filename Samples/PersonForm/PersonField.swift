/// The text fields a user types into, by the name the interactive commands use.
enum PersonField: String, CaseIterable {
    case name, age, email
}
