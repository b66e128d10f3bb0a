import PropertyBinding

/// A segmented control model, as a `UISegmentedControl`: one segment of several selected, by
/// index.
///
/// ```swift
/// let plan = SegmentedControl(segments: ["Free", "Pro", "Team"], selectedSegmentIndex: 0)
/// plan.simulateSelection(2)                                   // .valueChanged is sent
/// let chosen = Property(plan, \.selectedSegmentIndex).cases(of: Plan.self)   // Plan ⇄ index
/// ```
///
/// ``selectedSegmentIndex`` is ``noSegment`` (`-1`) when no segment is selected; an index outside
/// the segments is ignored, so the index is always one of them or ``noSegment``. Bind it to an
/// enum with `ReadableProperty.cases(of:)`.
open class SegmentedControl: Control {
    /// The names of the segmentedcontrol's properties, added to its superclass's, for messages and graphs: a
    /// property of an `open` class prints without its name.
    ///
    /// ```swift
    /// print(Property(planPicker, \.selectedSegmentIndex))   // \SegmentedControl.selectedSegmentIndex
    /// ```
    override open class var keyPathNames: [AnyKeyPath: String] {
        super.keyPathNames.merging([
            \SegmentedControl.segments: "segments", \SegmentedControl.selectedSegmentIndex: "selectedSegmentIndex",
        ]) { $1 }
    }

    /// The index of no segment: nothing is selected.
    public static let noSegment = -1

    /// The segments' titles, in order.
    public let segments: [String]
    private var _selectedSegmentIndex: Int

    /// Creates a control with `segments`, selecting `selectedSegmentIndex` (none by default).
    public init(segments: [String], selectedSegmentIndex: Int = SegmentedControl.noSegment) {
        self.segments = segments
        self._selectedSegmentIndex = segments.indices.contains(selectedSegmentIndex) ? selectedSegmentIndex : -1
        super.init()
    }

    /// The selected segment's index, or ``noSegment``; setting it from code sends no event, and
    /// an index that is neither a segment's nor ``noSegment`` is ignored.
    public var selectedSegmentIndex: Int {
        get { _selectedSegmentIndex }
        set {
            guard newValue == Self.noSegment || segments.indices.contains(newValue) else { return }
            _selectedSegmentIndex = newValue
        }
    }

    /// Selects the segment at `index` as the user's tap does, and sends `.valueChanged` when the
    /// selection changed; an index outside the segments does nothing.
    open func simulateSelection(_ index: Int) {
        guard segments.indices.contains(index), index != _selectedSegmentIndex else { return }
        _selectedSegmentIndex = index
        sendActions(for: .valueChanged)
    }

    /// Deprecated: renamed ``simulateSelection(_:)``; every stand-in control's simulated input is named `simulate…`.
    @available(*, deprecated, renamed: "simulateSelection(_:)")
    open func select(_ index: Int) { simulateSelection(index) }
}
