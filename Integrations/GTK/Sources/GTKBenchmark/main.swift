import CGTK
import CGTKShims
import Foundation
import PropertyBinding
import PropertyBindingGTK

// GTKBenchmark: what a binding costs on real GTK widgets. Release build, under a display:
//
//     xvfb-run -a swift run -c release --package-path Integrations/GTK GTKBenchmark
//
// (a) One update from a real `changed` signal to a model property: a `Binding` with
//     `triggers: .standard` against a hand-written `g_signal_connect` callback that reads the
//     entry and sets the model, interleaved in the same run; medians of rounds.
// (b) Binding N entries in one window (both ways) and tearing it down, per entry, N = 1,000
//     against N = 100; after each teardown no handler, wrapper or widget is left.

final class Model {
    var name = ""
}

/// The model of the hand-written callback, reached through its user data.
final class HandWritten {
    let model = Model()
}

setenv("GTK_A11Y", "none", 0)
guard GTKMainLoop.initialize() else {
    print("GTKBenchmark: no display (run under xvfb-run -a)")
    exit(1)
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func newWindow() -> (UnsafeMutablePointer<GtkWidget>, OpaquePointer) {
    let window = gtk_window_new()!
    let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_window_set_child(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), box)
    return (window, OpaquePointer(box))
}

func destroy(_ window: UnsafeMutablePointer<GtkWidget>) {
    gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
    GTKMainLoop.runUntilIdle()
}

// MARK: (a) signal → model

/// `emitOnly`: the text stays, and `changed` is emitted by itself, so GTK's own work is only the
/// emission: the binding reads, compares and skips an equal value; the callback reads and writes.
func measureUpdate(emitOnly: Bool = false) -> (binding: Double, handWritten: Double) {
    let (window, box) = newWindow()
    let bound = GTKEntry()
    let raw = gtk_entry_new()!
    gtk_box_append(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), bound.widget!)
    gtk_box_append(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), raw)

    let boundModel = Model()
    let binding = try! Binding(
        source: Property(bound, \.text), destination: Property(boundModel, \.name), triggers: .standard)

    let handWritten = HandWritten()
    let callback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { editable, data in
        let target = Unmanaged<HandWritten>.fromOpaque(data!).takeUnretainedValue()
        target.model.name = String(cString: gtk_editable_get_text(OpaquePointer(editable)))
    }
    let handler = g_signal_connect_data(
        UnsafeMutableRawPointer(raw), "changed", unsafeBitCast(callback, to: GCallback.self),
        Unmanaged.passUnretained(handWritten).toOpaque(), nil, GConnectFlags(rawValue: 0))

    let texts = ["Ann", "Bea"]
    let perRound = 2_000
    func round(_ entry: UnsafeMutablePointer<GtkWidget>) -> Double {
        let start = now()
        if emitOnly {
            for _ in 0..<perRound { pbgtk_emit_signal(entry, "changed") }
        } else {
            for index in 0..<perRound { gtk_editable_set_text(OpaquePointer(entry), texts[index & 1]) }
        }
        return Double(now() - start) / Double(perRound)
    }
    // Warm up both, then interleave rounds so both see the same machine.
    _ = round(bound.widget!)
    _ = round(raw)
    var boundTimes: [Double] = []
    var rawTimes: [Double] = []
    for index in 0..<40 {
        if index.isMultiple(of: 2) {
            boundTimes.append(round(bound.widget!))
            rawTimes.append(round(raw))
        } else {
            rawTimes.append(round(raw))
            boundTimes.append(round(bound.widget!))
        }
    }
    precondition(boundModel.name == handWritten.model.name && boundModel.name == (emitOnly ? "" : "Bea"))
    g_signal_handler_disconnect(UnsafeMutableRawPointer(raw), handler)
    binding.invalidate()
    destroy(window)
    return (median(boundTimes), median(rawTimes))
}

// MARK: (b) bind and tear down N entries

/// Counts the entries finalized.
final class Finalizations {
    var count = 0
}

func bindAndTearDown(_ count: Int) -> Double {
    let finalizations = Finalizations()
    let start = now()
    let (window, box) = newWindow()
    let bindings = BindingSet()
    var models: [Model] = []
    models.reserveCapacity(count)
    for _ in 0..<count {
        let entry = GTKEntry()
        gtk_box_append(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), entry.widget!)
        g_object_weak_ref(
            UnsafeMutableRawPointer(entry.widget!).assumingMemoryBound(to: GObject.self),
            { data, _ in Unmanaged<Finalizations>.fromOpaque(data!).takeUnretainedValue().count += 1 },
            Unmanaged.passUnretained(finalizations).toOpaque())
        let model = Model()
        models.append(model)
        bindings.add(
            try! Binding(source: Property(entry, \.text), destination: Property(model, \.name), triggers: .standard))
    }
    destroy(window)
    bindings.removeAll()
    let elapsed = Double(now() - start) / Double(count)
    precondition(finalizations.count == count, "\(count - finalizations.count) entries left")
    precondition(GTKWidget.connectedHandlerCount == 0, "\(GTKWidget.connectedHandlerCount) handlers left")
    precondition(GTKWidget.liveWrapperCount == 0, "\(GTKWidget.liveWrapperCount) wrappers left")
    return elapsed
}

let update = measureUpdate()
print("(a) entry `changed` → model, ns per gtk_editable_set_text (two `changed` each), median of 40 rounds:")
print(String(format: "    Binding (triggers: .standard)   %8.0f ns", update.binding))
print(String(format: "    hand-written g_signal_connect    %8.0f ns", update.handWritten))
print(
    String(format: "    ratio                            %8.3fx (target ≤ 1.25x)", update.binding / update.handWritten))

let emitted = measureUpdate(emitOnly: true)
print("(a') `changed` emitted alone (g_signal_emit_by_name, text unchanged), ns per emission, same rounds:")
print(String(format: "    Binding (reads, compares, skips)  %7.0f ns", emitted.binding))
print(String(format: "    hand-written (reads, writes)      %7.0f ns", emitted.handWritten))
print(String(format: "    ratio                             %7.3fx", emitted.binding / emitted.handWritten))

_ = bindAndTearDown(100)  // warm-up
var small: [Double] = []
var large: [Double] = []
for _ in 0..<7 {
    small.append(bindAndTearDown(100))
    large.append(bindAndTearDown(1_000))
}
let perEntry100 = median(small)
let perEntry1000 = median(large)
print("(b) bind N entries in one window, destroy it, per entry, median of 7 runs:")
print(String(format: "    N = 100     %8.0f ns per entry", perEntry100))
print(String(format: "    N = 1,000   %8.0f ns per entry", perEntry1000))
print(
    String(
        format: "    ratio       %8.3fx (target ≤ 1.2x); 0 handlers, 0 wrappers, 0 widgets left",
        perEntry1000 / perEntry100))
