import Foundation
import PropertyBinding
import PropertyBindingControls
import Testing

private final class PickerController {
    var picked: [Date] = []
    func datePicked(_ sender: DatePicker) { picked.append(sender.date) }
}

private final class Person {
    var birthday = Date(timeIntervalSince1970: 0)
}

private final class BirthdayPicker: DatePicker {}

@Suite struct DatePickerTests {
    let epoch = Date(timeIntervalSince1970: 0)
    let nextDay = Date(timeIntervalSince1970: 86_400)

    @Test func pickSetsTheDateAndSendsValueChanged() {
        let picker = DatePicker(date: epoch)
        let controller = PickerController()
        picker.addTarget(controller, action: PickerController.datePicked, for: .valueChanged)
        picker.simulatePick(nextDay)
        #expect(picker.date == nextDay)
        #expect(controller.picked == [nextDay])
        picker.simulatePick(nextDay)
        #expect(controller.picked == [nextDay], "picking the date shown sends nothing")
    }

    @Test func settingTheDateFromCodeSendsNothing() {
        let picker = DatePicker(date: epoch)
        let controller = PickerController()
        picker.addTarget(controller, action: PickerController.datePicked, for: .allEvents)
        picker.date = nextDay
        #expect(picker.date == nextDay)
        #expect(controller.picked.isEmpty)
    }

    @Test func aStandardBindingFromTheDateFollowsThePicks() throws {
        let picker = DatePicker(date: epoch)
        let person = Person()
        let storeBirthday = try Binding(
            source: Property(picker, \.date), destination: Property(person, \.birthday), triggers: .standard)
        #expect((storeBirthday.triggers.first as? TargetActionTrigger)?.events == .valueChanged)
        picker.simulatePick(nextDay)
        #expect(person.birthday == nextDay)
        picker.date = epoch  // from code: no event, the model keeps the picked date
        #expect(person.birthday == nextDay)
    }

    @Test func aStandardBindingFromASubclasssDateFollowsThePicks() throws {
        let picker = BirthdayPicker(date: epoch)
        let person = Person()
        let storeBirthday = try Binding(
            source: Property(picker, \.date), destination: Property(person, \.birthday), triggers: .standard)
        picker.simulatePick(nextDay)
        #expect(person.birthday == nextDay)
        storeBirthday.invalidate()
        #expect(picker.actionCount() == 0)
    }
}
