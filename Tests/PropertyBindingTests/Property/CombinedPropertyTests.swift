import Foundation
import PropertyBinding
import PropertyBindingControls
import PropertyBindingTesting
import Testing

@Suite struct CombinedPropertyTests {
    final class Credentials: KeyPathObservable {
        let keyPathObservers = KeyPathObservers()
        @Announced var email = ""
        @Announced var password = ""
    }
    final class Button {
        var isEnabled = false { didSet { writes += 1 } }
        var writes = 0
    }

    @Test func readsEverySourceAndCombines() throws {
        let credentials = Credentials()
        let canSignIn = CombinedProperty(Property(credentials, \.email), Property(credentials, \.password)) {
            email, password in
            email.contains("@") && password.count >= 8
        }
        #expect(try canSignIn.read() == false)
        credentials.email = "ann@example.com"
        credentials.password = "12345678"
        #expect(try canSignIn.read() == true)
    }

    @Test func anyNumberOfSourcesOfTheirOwnTypes() throws {
        final class Order { var count = 2; var price = 1.5; var name = "tea" }
        let order = Order()
        let summary = CombinedProperty(Property(order, \.count), Property(order, \.price), Property(order, \.name)) {
            "\($0) × \($2) at \($1)"
        }
        #expect(try summary.read() == "2 × tea at 1.5")
        let one = CombinedProperty(Property(order, \.count)) { $0 * 10 }
        #expect(try one.read() == 20)
    }

    @Test func triggersStandardHearsEveryInput() throws {
        let credentials = Credentials()
        let button = Button()
        let canSignIn = CombinedProperty(Property(credentials, \.email), Property(credentials, \.password).map(\.count))
        {
            email, length in email.contains("@") && length >= 8
        }
        let enable = try Binding(source: canSignIn, destination: Property(button, \.isEnabled), triggers: .standard)
        #expect(enable.triggers.count == 2)
        credentials.email = "ann@example.com"
        #expect(button.isEnabled == false)
        #expect(button.writes == 0)  // equal to the destination: not written
        credentials.password = "secret-password"
        #expect(button.isEnabled == true)
        credentials.email = "nobody"
        #expect(button.isEnabled == false)
        #expect(button.writes == 2)
    }

    @Test func aFailingSourceWritesNothingAndSaysWhichFailed() throws {
        final class Form { var quantity = "2"; var price = "x" }
        let form = Form()
        final class Holder { var total = 0.0 }
        let holder = Holder()
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let combined = CombinedProperty(
            StringToNumberTransformer<Int>(property: Property(form, \.quantity), formatter: formatter),
            StringToNumberTransformer<Double>(property: Property(form, \.price), formatter: formatter)
        ) { quantity, price in Double(quantity) * price }
        let binding = Binding(source: combined, destination: Property(holder, \.total))
        binding.onError = { _ in }
        let result = binding.update()
        let failed = try #require(result.failure?.error as? CombinedSourceError)
        #expect(failed.index == 1)
        #expect(failed.source == "\\Form.price")
        #expect(failed.error is TransformError)
        #expect(holder.total == 0)
        form.price = "1.5"
        #expect(binding.update().didWrite)
        #expect(holder.total == 3)
    }

    @Test func aSourceFilterDeclinesTheCombinedValue() {
        let credentials = Credentials()
        let button = Button()
        let combined = CombinedProperty(
            Property(credentials, \.email).filter { !$0.isEmpty }, Property(credentials, \.password)
        ) {
            !$0.isEmpty && !$1.isEmpty
        }
        let binding = Binding(source: combined, destination: Property(button, \.isEnabled))
        #expect(binding.update().description == "filtered")
        #expect(binding.lastError == nil)
    }

    @Test func theGraphDrawsAnEdgeFromEachSource() throws {
        let credentials = Credentials()
        let button = Button()
        let set = BindingSet()
        let binding = try Binding(
            source: CombinedProperty(Property(credentials, \.email), Property(credentials, \.password)) {
                !$0.isEmpty && !$1.isEmpty
            },
            destination: Property(button, \.isEnabled), triggers: .standard)
        binding.label = "canSignIn"
        set.add(binding)
        let graph = set.graph
        #expect(graph.edges.count == 2)
        #expect(Set(graph.edges.map(\.source)).count == 2)
        #expect(Set(graph.edges.map(\.destination)).count == 1)
        let names = graph.edges.compactMap { graph[node: $0.source]?.name }
        #expect(names.contains { $0.contains("email") } && names.contains { $0.contains("password") })
    }
}
