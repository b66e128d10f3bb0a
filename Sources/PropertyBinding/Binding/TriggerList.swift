/// A binding's triggers, in two words: almost every binding has exactly one, so one is stored
/// inline and only a second one makes an array.
enum TriggerList {
    case none
    case one(any Trigger)
    case many([any Trigger])

    /// The triggers, in the order they were added.
    var all: [any Trigger] {
        switch self {
        case .none: []
        case .one(let trigger): [trigger]
        case .many(let triggers): triggers
        }
    }

    /// Whether `trigger` (compared by identity) is in the list.
    @inline(__always)
    func contains(_ trigger: any Trigger) -> Bool {
        switch self {
        case .none: false
        case .one(let only): only === trigger
        case .many(let triggers): triggers.contains { $0 === trigger }
        }
    }

    /// Adds `trigger` at the end; the caller has checked it is not in the list.
    mutating func append(_ trigger: any Trigger) {
        switch self {
        case .none: self = .one(trigger)
        case .one(let first): self = .many([first, trigger])
        case .many(var triggers):
            self = .none  // so that the array is uniquely referenced while it grows
            triggers.append(trigger)
            self = .many(triggers)
        }
    }

    /// Removes `trigger`; returns whether it was in the list.
    mutating func remove(_ trigger: any Trigger) -> Bool {
        switch self {
        case .none:
            return false
        case .one(let only):
            guard only === trigger else { return false }
            self = .none
            return true
        case .many(var triggers):
            guard let index = triggers.firstIndex(where: { $0 === trigger }) else { return false }
            self = .none
            triggers.remove(at: index)
            self = triggers.count == 1 ? .one(triggers[0]) : .many(triggers)
            return true
        }
    }
}
