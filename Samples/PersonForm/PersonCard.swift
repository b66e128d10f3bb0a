/// A card that shows the person elsewhere on screen, outside the form: it follows the model
/// through Swift Observation, so it lags the model by one turn of the UI queue.
final class PersonCard {
    var title = ""
    var detail = ""
}
