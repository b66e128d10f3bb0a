import Foundation
import PropertyBinding
import PropertyBindingTesting
import Testing

final class Account { var owner = ""; var balance = 0 }
final class AccountForm { var ownerText = ""; var balanceText = "" }

extension Notification.Name {
    static let accountDidChange = Notification.Name("AccountDidChange")
    static let balanceTextDidChange = Notification.Name("BalanceTextDidChange")
}

@Suite struct AccountFormTests {
    @Test func theFormShowsTheOwner() {
        let center = NotificationFixture()  // a private center: parallel tests never meet
        let account = Account()
        let form = AccountForm()
        let showOwner = Binding(source: Property(account, \.owner), destination: Property(form, \.ownerText))
        showOwner.addTrigger(center.trigger(for: .accountDidChange, from: account))
        let recorder = BindingRecorder(showOwner)

        account.owner = "Ann"
        #expect(recorder.destination(holds: "Ann") { center.post(.accountDidChange, from: account) })
        #expect(recorder.producesNoUpdate { center.post(.accountDidChange, from: Account()) })  // another sender
        #expect(recorder.updates.first?.oldValue == "")
    }

    @Test func aBalanceThatIsNotANumberIsReportedAndNotWritten() {
        let center = NotificationFixture()
        let account = Account()
        let form = AccountForm()
        let typedBalance = StringToNumberTransformer<Int>(
            property: Property(form, \.balanceText), formatter: NumberFormatter())
        let storeBalance = Binding(source: typedBalance, destination: Property(account, \.balance))
        storeBalance.addTrigger(center.trigger(for: .balanceTextDidChange, from: form))
        let recorder = BindingRecorder(storeBalance)

        form.balanceText = "lots"
        #expect(
            recorder.reports([TransformError(.notANumber, input: "lots", targetType: "Int")]) {
                center.post(.balanceTextDidChange, from: form)
            })
        #expect(account.balance == 0)
    }

    @Test func anUpdateThatArrivesLaterIsAwaited() async {
        let account = Account()
        let form = AccountForm()
        let showOwner = Binding(source: Property(account, \.owner), destination: Property(form, \.ownerText))
        let trigger = TestTrigger()  // fired by hand, from any thread
        showOwner.addTrigger(trigger)
        let recorder = BindingRecorder(showOwner)

        account.owner = "Bea"
        Task.detached { trigger.fire() }  // delivers later, on another thread
        #expect(await recorder.waitForUpdates(1, timeout: .seconds(5)))
        #expect(recorder.updates.first?.wasFired(by: trigger) == true)
    }

    @Test func teardownLeavesNoObserverAndNothingAlive() {
        let center = NotificationFixture()
        let leaks = LeakTracker.leaks { tracker in
            let account = tracker.track(Account(), "model")
            let form = tracker.track(AccountForm(), "view")
            let bindings = tracker.track(BindingSet(), "bindings")
            let showOwner = Binding(source: Property(account, \.owner), destination: Property(form, \.ownerText))
            showOwner.addTrigger(center.trigger(for: .accountDidChange, from: account))
            bindings.add(showOwner)
            #expect(center.observerCount(for: .accountDidChange, from: account) == 1)
            bindings.removeAll()
            #expect(center.observerCount() == 0)
        }
        #expect(leaks.isEmpty)  // the model, the view and the set are all gone
    }
}
