import Dispatch
import PropertyBinding
import Testing

// Eight classes, each with an `@Announced` property of its own value type: Swift prints each
// key path as `\Meter1.<computed 0x… (Int)>`, and only a probe of the wrapper learns `value`.
private final class Meter1: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var value = 0
}
private final class Meter2: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var value = ""
}
private final class Meter3: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var value = 0.0
}
private final class Meter4: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var value = false
}
private final class Meter5: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var value: [Int] = []
}
private final class Meter6: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var value: Int8 = 0
}
private final class Meter7: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var value: UInt = 0
}
private final class Meter8: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var value: Float = 0
}

/// What one thread names in a round. Unchecked: `names` makes its own objects and reads only
/// immutable key paths.
private struct Naming: @unchecked Sendable {
    /// The names the thread saw, in order.
    let names: () -> [String]
    /// The names it must see in every round.
    let expected: [String]

    /// A thread that names `keyPath` of a live object (a probe runs), in the registry's error
    /// too, and then of a gone one.
    static func probing<Root: KeyPathObservable, Value>(
        _ make: @escaping () -> Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>,
        valueType: String
    ) -> Naming {
        let root = String(describing: Root.self)
        return Naming(
            names: {
                let object = make()
                let live = "\(Property(object, keyPath))"
                var registry = ""
                do { _ = try TriggerRegistry().triggers(for: Property(object, keyPath)) } catch {
                    registry = "\(error)"
                }
                return [live, registry, goneName(make, keyPath)]
            },
            expected: [
                "\\\(root).value", "\(TriggerRegistryError.noTrigger(root: root, keyPath: "\\\(root).value"))",
                "\\\(root).<computed \(valueType)>",
            ])
    }

    /// A thread that only reads `keyPath` (as a binding does, no probe), and names it once the
    /// object is gone: no other thread's probe may teach it the name.
    static func reading<Root: KeyPathObservable, Value>(
        _ make: @escaping () -> Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>,
        valueType: String
    ) -> Naming {
        Naming(
            names: {
                for _ in 0..<20 { _ = make()[keyPath: keyPath] }
                return [goneName(make, keyPath)]
            },
            expected: ["\\\(String(describing: Root.self)).<computed \(valueType)>"])
    }

    /// The key path as a read of a gone object names it.
    private static func goneName<Root: AnyObject, Value>(
        _ make: () -> Root, _ keyPath: ReferenceWritableKeyPath<Root, Value>
    ) -> String {
        let property = Property(make(), keyPath)  // the object goes at once
        do {
            _ = try property.read()
            return "read"
        } catch {
            guard case .objectDeallocated(let gone) = error as? PropertyError else { return "\(error)" }
            return gone.keyPath
        }
    }
}

@Suite struct KeyPathNamingThreadTests {
    @Test func eightThreadsNamingAtOnceAlwaysGetTheSameNames() {
        let namings: [Naming] = [
            .probing({ Meter1() }, \.value, valueType: "Int"),
            .reading({ Meter2() }, \.value, valueType: "String"),
            .probing({ Meter3() }, \.value, valueType: "Double"),
            .reading({ Meter4() }, \.value, valueType: "Bool"),
            .probing({ Meter5() }, \.value, valueType: "Array<Int>"),
            .reading({ Meter6() }, \.value, valueType: "Int8"),
            .probing({ Meter7() }, \.value, valueType: "UInt"),
            .reading({ Meter8() }, \.value, valueType: "Float"),
        ]
        let seen = Locked<[Int: Set<[String]>]>([:])
        for _ in 0..<50 {
            DispatchQueue.concurrentPerform(iterations: namings.count) { thread in
                let names = namings[thread].names()
                seen.withLock { _ = $0[thread, default: []].insert(names) }
            }
        }
        for (thread, naming) in namings.enumerated() {
            #expect(seen.value[thread] == [naming.expected], "thread \(thread)")
        }
    }
}
