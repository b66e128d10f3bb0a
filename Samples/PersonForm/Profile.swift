import Foundation
import PropertyBinding

/// The model of the profile screen. It keeps money as a whole number of cents, as accounting
/// code does; the screen edits euros through a transformer on the model's side.
final class Profile: KeyPathObservable {
    enum Plan: String, CaseIterable {
        case free, pro, team
    }

    let keyPathObservers = KeyPathObservers()
    @Announced var name = "Ann"
    @Announced var age = 42
    /// Metres, as measured: more digits than the screen shows.
    @Announced var height = 1.755
    /// Nil when the person keeps it to themselves.
    @Announced var salaryCents: Int? = 5_200_000
    @Announced var newsletter = false
    @Announced var plan = Plan.free
    @Announced var password = "tulip"
}

/// An amount of euros that is not a whole number of cents: the model cannot store it.
struct FractionOfACent: Error, CustomStringConvertible {
    let euros: Decimal
    var description: String { "\(euros) € has a fraction of a cent" }
}

extension WritableProperty where Value == Int? {
    /// Cents read as euros, and euros written back as cents; writing euros with a fraction of a
    /// cent throws `FractionOfACent`, and nothing is stored.
    func inEuros() -> ClosureTransformer<Self, Decimal?> {
        map({ cents in cents.map { Decimal($0) / 100 } }, reverse: { euros in try euros.map(wholeCents) })
    }
}

private func wholeCents(_ euros: Decimal) throws -> Int {
    var cents = euros * 100
    var rounded = Decimal()
    NSDecimalRound(&rounded, &cents, 0, .plain)
    guard rounded == cents else { throw FractionOfACent(euros: euros) }
    return NSDecimalNumber(decimal: rounded).intValue
}
