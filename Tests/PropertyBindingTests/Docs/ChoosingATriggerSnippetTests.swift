import Foundation
import Observation
import PropertyBinding
import PropertyBindingControls
import Testing

// The snippets of the "Choosing a trigger" article (PropertyBinding.docc/ChoosingATrigger.md);
// the article quotes them verbatim (scripts/docs checks it).

private final class Playlist {
    var title = ""
    var trackCount = 0
}

private final class Header {
    var text = ""
}

extension Notification.Name {
    fileprivate static let playlistDidChange = Notification.Name("PlaylistDidChange")
}

private final class Song: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var title = ""
    var rating = 0 { didSet { didChange(\.rating) } }
    static let announcedKeyPaths: [AnnouncedKeyPath] = [.announced("rating", \Song.rating)]
}

@Observable
private final class Player {
    var score = 0
}

private final class Profile: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var name = ""
    var title = "" { didSet { didChange(\.title) } }
    var greeting: String { "Hello, \(title)\(name)!" }
    static let announcedKeyPaths: [AnnouncedKeyPath] = [
        .announced("title", \Profile.title),
        .computed("greeting", \Profile.greeting, dependsOn: \Profile.name, \Profile.title),
    ]
}

private final class Album: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var artist = Artist(name: "")
}

private final class Artist: KeyPathObservable {
    let keyPathObservers = KeyPathObservers()
    @Announced var name: String
    init(name: String) { self.name = name }
}

private final class Settings {
    var newsletter = false
}

private final class RatingLabel {
    var number = 0
}

@Suite struct ChoosingATriggerSnippetTests {
    @Test func aKeyPathTriggerFiresInTheWrite() {
        let header = Header()
        // snippet: key path
        let song = Song()
        let showTitle = Binding(source: Property(song, \.title), destination: Property(header, \.text))
        showTitle.addTrigger(KeyPathTrigger(song, \.title))

        song.title = "Blue"  // header.text == "Blue" when this line returns
        song.rating = 5  // another key path: showTitle does not fire
        // end snippet
        #expect(header.text == "Blue")
        #expect(song.keyPathObservers.count == 1)
        showTitle.invalidate()
        #expect(song.keyPathObservers.count == 0)
    }

    @Test func anObservationTriggerDeliversOnItsQueue() {
        let header = Header()
        // snippet: observation
        let player = Player()  // @Observable
        let model = DispatchQueue(label: "model")  // where the player changes; the main queue by default
        let showScore = Binding(
            source: Property(player, \.score).map { "\($0) points" }, destination: Property(header, \.text))
        showScore.addTrigger(ObservationTrigger(player, \.score, queue: model))

        model.sync { player.score = 10 }  // header.text is written next, on `model`
        // end snippet
        model.sync {}
        #expect(header.text == "10 points")
        showScore.invalidate()
    }

    @Test func aTargetActionTriggerFiresOnControlEvents() {
        let song = Song()
        // snippet: target action
        let titleField = TextField()
        let ratingStepper = Stepper(value: 3, minimumValue: 0, maximumValue: 5)
        let storeTitle = Binding(source: Property(titleField, \.text), destination: Property(song, \.title))
        storeTitle.addTrigger(TargetActionTrigger(control: titleField, events: .editingChanged))
        let storeRating = Binding(source: Property(ratingStepper, \.intValue), destination: Property(song, \.rating))
        storeRating.addTrigger(TargetActionTrigger(control: ratingStepper, events: .valueChanged))

        titleField.simulateTyping("Green")  // song.title == "Green", before simulateTyping returns
        ratingStepper.simulateIncrement()  // song.rating == 4
        // end snippet
        #expect(song.title == "Green")
        #expect(song.rating == 4)
        titleField.text = "Set by code"
        #expect(song.title == "Green")
    }

    @Test func aDelegationTriggerFiresOnChosenCallbacks() {
        let song = Song()
        // snippet: delegation
        let titleField = TextField()
        let storeTitle = Binding(source: Property(titleField, \.text), destination: Property(song, \.title))
        storeTitle.addTrigger(DelegationTrigger(textField: titleField, callbacks: [.textFieldDidEndEditing]))

        titleField.simulateTyping("Red")  // song.title is unchanged: the user is still editing
        titleField.endEditing()  // song.title == "Red"
        // end snippet
        #expect(song.title == "Red")
        storeTitle.invalidate()
        #expect(titleField.delegateSlot.proxyCount == 0)
    }

    @Test func aKeyPathThroughObjectsFollowsTheObjectHeldNow() throws {
        let album = Album()
        let header = Header()
        // snippet: through objects
        let showArtist = try Binding(
            source: Property(album, \.artist.name), destination: Property(header, \.text), triggers: .standard)
        let first = album.artist
        album.artist = Artist(name: "Nina")  // header.text == "Nina"
        first.name = "Ray"  // the artist replaced: showArtist does not fire
        // end snippet
        #expect(header.text == "Nina")
        #expect(first.keyPathObservers.count == 0)
        album.artist.name = "Nina Simone"
        #expect(header.text == "Nina Simone")
        showArtist.invalidate()
        #expect(album.keyPathObservers.count == 0)
    }

    @Test func theStandardRegistryKnowsTheLibrarysTypes() throws {
        let song = Song()
        let titleField = TextField()
        let header = Header()
        // snippet: standard registry
        let storeTitle = try Binding(
            source: Property(titleField, \.text), destination: Property(song, \.title), triggers: .standard)
        let showTitle = try Binding(
            source: Property(song, \.title), destination: Property(header, \.text), triggers: .standard)

        titleField.simulateTyping("Gold")  // song.title == "Gold", then header.text == "Gold"
        // end snippet
        #expect(song.title == "Gold")
        #expect(header.text == "Gold")
        #expect(storeTitle.triggers.first is TargetActionTrigger)
        #expect(showTitle.triggers.first is KeyPathTrigger)
    }

    @Test func theStandardRegistryKnowsASubclassOfAControl() throws {
        let settings = Settings()
        // snippet: subclass of a control
        final class NewsletterSwitch: Switch {}
        let newsletter = NewsletterSwitch()
        let storeNewsletter = try Binding(
            source: Property(newsletter, \.isOn), destination: Property(settings, \.newsletter), triggers: .standard)

        newsletter.simulateToggle()  // settings.newsletter == true
        // end snippet
        #expect(settings.newsletter)
        #expect((storeNewsletter.triggers.first as? TargetActionTrigger)?.events == .valueChanged)
    }

    @Test func aRegistryLearnsYourTypes() throws {
        let center = NotificationCenter()
        let playlist = Playlist()
        let header = Header()
        // snippet: registry
        let registry = TriggerRegistry(copying: .standard)
        registry.register(\Playlist.title) { playlist in
            [NotificationTrigger(center: center, name: .playlistDidChange, object: playlist)]
        }
        let showTitle = try registry.bind(source: Property(playlist, \.title), destination: Property(header, \.text))

        playlist.title = "Road trip"
        center.post(name: .playlistDidChange, object: playlist)  // header.text == "Road trip"
        // end snippet
        #expect(header.text == "Road trip")
        #expect(showTitle.triggers.count == 1)
        // snippet: no trigger
        let trackCount = Property(playlist, \.trackCount).map { "\($0) tracks" }
        do {
            _ = try registry.bind(source: trackCount, destination: Property(header, \.text))
        } catch {
            print(error)  // no trigger is registered for \Playlist.trackCount of Playlist, nor does …
        }
        // end snippet
        #expect(throws: TriggerRegistryError.noTrigger(root: "Playlist", keyPath: "\\Playlist.trackCount")) {
            try registry.bind(source: trackCount, destination: Property(header, \.text))
        }
    }

    @Test func aNotificationFiresTheBinding() {
        let center = NotificationCenter()
        let playlist = Playlist()
        let header = Header()
        // snippet: notification
        let showTitle = Binding(source: Property(playlist, \.title), destination: Property(header, \.text))
        let trigger = NotificationTrigger(center: center, name: .playlistDidChange, object: playlist)
        showTitle.addTrigger(trigger)

        playlist.title = "Road trip"
        center.post(name: .playlistDidChange, object: playlist, userInfo: ["field": "title"])
        // header.text == "Road trip"; trigger.lastNotification?.userInfo?["field"] as? String == "title"
        // end snippet
        #expect(header.text == "Road trip")
        #expect(trigger.lastNotification?.userInfo?["field"] as? String == "title")
        playlist.title = "Other"
        center.post(name: .playlistDidChange, object: Playlist())
        #expect(header.text == "Road trip")
    }

    @Test func severalTriggersFireOneBinding() {
        let center = NotificationCenter()
        let playlist = Playlist()
        let header = Header()
        // snippet: several
        let showSummary = Binding(
            source: Property(playlist, \.trackCount).map { "\($0) tracks" }, destination: Property(header, \.text))
        showSummary.addTrigger(NotificationTrigger(center: center, name: .playlistDidChange, object: playlist))
        showSummary.addTrigger(NotificationTrigger(center: center, name: NSLocale.currentLocaleDidChangeNotification))
        // end snippet
        playlist.trackCount = 3
        center.post(name: NSLocale.currentLocaleDidChangeNotification, object: nil)
        #expect(header.text == "3 tracks")
        playlist.trackCount = 4
        center.post(name: .playlistDidChange, object: playlist)
        #expect(header.text == "4 tracks")
        #expect(showSummary.triggers.count == 2)
    }

    @Test func aComputedKeyPathFollowsItsDeclaredDependencies() throws {
        let profile = Profile()
        let header = Header()
        // snippet: computed
        let showGreeting = try Binding(
            source: ReadOnlyProperty(profile, \.greeting), destination: Property(header, \.text), triggers: .standard)

        profile.name = "Ann"  // announces \Profile.name: header.text == "Hello, Ann!"
        // end snippet
        #expect(header.text == "Hello, Ann!")
        profile.title = "Dr "
        #expect(header.text == "Hello, Dr Ann!")
        _ = showGreeting
    }

    @Test func updatingNowStartsABindingInSync() throws {
        let song = Song()
        song.rating = 4
        let ratingLabel = RatingLabel()
        // snippet: updating now
        let showRating = try Binding(
            source: Property(song, \.rating), destination: Property(ratingLabel, \.number), triggers: .standard
        ).updatingNow()  // ratingLabel.number == song.rating already
        // end snippet
        #expect(ratingLabel.number == 4)
        song.rating = 5
        #expect(ratingLabel.number == 5)
        _ = showRating
    }
}
