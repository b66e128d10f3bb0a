import Dispatch
import PropertyBinding
import PropertyBindingTesting
import Testing

@Suite struct SetterTests {
    final class Session { var user = "" }
    final class Screen {
        var shown: [String] = []
        func present(_ user: String) { shown.append(user) }
    }

    @Test func callsTheClosureWithTheTargetAndTheValue() {
        let session = Session()
        let screen = Screen()
        let trigger = TestTrigger()
        let showUser = Binding(
            source: Property(session, \.user), destination: Setter(screen) { screen, user in screen.present(user) })
        showUser.addTrigger(trigger)
        session.user = "Ann"
        trigger.fire()
        session.user = "Bea"
        trigger.fire()
        #expect(screen.shown == ["Ann", "Bea"])
    }

    @Test func anEqualValueIsHandedAgain() throws {
        let session = Session()
        let screen = Screen()
        let setter = Setter(screen) { (screen: Screen, user: String) in screen.present(user) }
        let showUser = Binding(source: Property(session, \.user), destination: setter)
        session.user = "Ann"
        #expect(showUser.update().didWrite)
        #expect(showUser.update().didWrite)
        #expect(screen.shown == ["Ann", "Ann"])
        #expect(throws: PropertyError.writeOnly("Setter(Screen)")) { try setter.read() }
    }

    @Test func aDeliveredSetterIsHandedEveryFire() {
        let session = Session()
        let screen = Screen()
        let queue = DispatchQueue(label: "setter")
        let showUser = Binding(
            source: Property(session, \.user), destination: Setter(screen) { screen, user in screen.present(user) }
        ).delivered(on: queue)
        session.user = "Ann"
        showUser.update()
        queue.sync {}
        showUser.update()
        queue.sync {}
        #expect(screen.shown == ["Ann", "Ann"])
    }

    @Test func behindATransformerOrErasedItStillTakesEveryFire() {
        let session = Session()
        let screen = Screen()
        let setter = Setter(screen) { (screen: Screen, user: String) in screen.present(user) }
        let mapped = Binding(
            source: Property(session, \.user),
            destination: setter.map {
                $0
            } reverse: {
                $0
            })
        let erased = Binding(source: Property(session, \.user), destination: AnyProperty(setter))
        session.user = "Ann"
        for _ in 0..<2 {
            mapped.update()
            erased.update()
        }
        #expect(screen.shown == ["Ann", "Ann", "Ann", "Ann"])
    }

    @Test func skippingEqualValuesMakesItState() throws {
        let session = Session()
        let screen = Screen()
        let setter = Setter(screen) { (screen: Screen, user: String) in screen.present(user) }.skippingEqualValues()
        let showUser = Binding(source: Property(session, \.user), destination: setter)
        session.user = "Ann"
        #expect(showUser.update().didWrite)
        #expect(showUser.update().description == "unchanged")
        session.user = "Bea"
        #expect(showUser.update().didWrite)
        #expect(screen.shown == ["Ann", "Bea"])
        #expect(try setter.read() == "Bea")
    }

    @Test func readingBeforeTheFirstWriteThrows() {
        let screen = Screen()
        let setter = Setter(screen) { (_: Screen, _: Int) in }.skippingEqualValues()
        #expect(throws: PropertyError.notWrittenYet("Setter(Screen)")) { try setter.read() }
    }

    @Test func neverKeepsItsTargetAlive() {
        let session = Session()
        weak var released: Screen?
        var binding: Binding<Property<Session, String>, Setter<Screen, String>>?
        do {
            let screen = Screen()
            released = screen
            binding = Binding(
                source: Property(session, \.user), destination: Setter(screen) { screen, user in screen.present(user) })
        }
        #expect(released == nil)
        #expect(binding?.isValid == true)
    }

    @Test func theBindingEndsWhenTheTargetIsGone() {
        let session = Session()
        let trigger = TestTrigger()
        let set = BindingSet()
        var screen: Screen? = Screen()
        let showUser = Binding(
            source: Property(session, \.user), destination: Setter(screen!) { screen, user in screen.present(user) })
        showUser.addTrigger(trigger)
        set.add(showUser)
        screen = nil
        let failures = DefaultErrorRouting.failures(of: showUser) {
            session.user = "Ann"
            trigger.fire()
            trigger.fire()
        }
        #expect(failures.count == 1)
        #expect(
            failures.first?.error as? PropertyError == .objectDeallocated(root: "Screen", keyPath: "Setter(Screen)"))
        #expect(!showUser.isValid)
        #expect(!trigger.isObserving)
        #expect(set.count == 0)
    }
}
