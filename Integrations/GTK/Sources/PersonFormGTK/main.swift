import CGTK
import Foundation
import PropertyBinding
import PropertyBindingGTK

// PersonFormGTK: the PersonForm sample's person editor, sign-in screen and people list, bound
// to real GTK 4 widgets in one window.
//
//     swift run --package-path Integrations/GTK PersonFormGTK                      # use it
//     swift run --package-path Integrations/GTK PersonFormGTK --screenshot out.png # scripted, rendered to a PNG

let arguments = CommandLine.arguments
let screenshotPath = arguments.firstIndex(of: "--screenshot").flatMap { index in
    arguments.indices.contains(index + 1) ? arguments[index + 1] : nil
}
if arguments.contains("--screenshot") && screenshotPath == nil {
    FileHandle.standardError.write(Data("usage: PersonFormGTK [--screenshot FILE.png]\n".utf8))
    exit(2)
}

setenv("GTK_A11Y", "none", 0)
guard GTKMainLoop.initialize() else {
    FileHandle.standardError.write(Data("PersonFormGTK: no display (run under xvfb-run -a for a screenshot)\n".utf8))
    exit(1)
}
GTKMainLoop.integrateDispatchMainQueue()
Layout.installStyle()

let editor = try PersonEditor(person: Person(name: "Ann", age: 42))
let signIn = try SignInScreen()
let people = try PeopleSection(names: ["Ann", "Bea", "Cid"])

let window = gtk_window_new()!
gtk_window_set_title(window.cast(to: GtkWindow.self), "PersonForm — PropertyBinding on GTK 4")
gtk_window_set_default_size(window.cast(to: GtkWindow.self), 980, 380)
let columns = Layout.row(spacing: 16, [editor.widget, Layout.column(spacing: 16, [signIn.widget]), people.widget])
gtk_box_set_homogeneous(columns.cast(to: GtkBox.self), 1)
gtk_widget_set_margin_top(columns, 16)
gtk_widget_set_margin_bottom(columns, 16)
gtk_widget_set_margin_start(columns, 16)
gtk_widget_set_margin_end(columns, 16)
gtk_window_set_child(window.cast(to: GtkWindow.self), columns)

if let screenshotPath {
    gtk_window_present(window.cast(to: GtkWindow.self))
    GTKMainLoop.run(until: { gtk_widget_get_mapped(window) != 0 && gtk_widget_get_width(window) > 0 })
    runScript(editor: editor, signIn: signIn, people: people)
    // Let the main-queue deliveries and a few frames run, so the window shows the final state.
    let settle = Date(timeIntervalSinceNow: 0.5)
    GTKMainLoop.run(until: { Date() > settle })
    let saved = saveScreenshot(of: window, to: screenshotPath)
    print(saved ? "wrote \(screenshotPath)" : "PersonFormGTK: could not render the window")
    gtk_window_destroy(window.cast(to: GtkWindow.self))
    GTKMainLoop.runUntilIdle()
    exit(saved ? 0 : 1)
} else {
    let loop = g_main_loop_new(nil, 0)
    let quit: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, loop in
        g_main_loop_quit(OpaquePointer(loop))
    }
    g_signal_connect_data(
        UnsafeMutableRawPointer(window), "destroy", unsafeBitCast(quit, to: GCallback.self),
        UnsafeMutableRawPointer(loop),
        nil, GConnectFlags(rawValue: 0))
    gtk_window_present(window.cast(to: GtkWindow.self))
    g_main_loop_run(loop)
}

/// The scripted session: typing, a commit, a refused value, a sign-in and list edits, each as GTK
/// emits it for a user, printed as it goes.
func runScript(editor: PersonEditor, signIn: SignInScreen, people: PeopleSection) {
    func step(_ title: String, _ action: () -> Void) {
        action()
        GTKMainLoop.runUntilIdle()
        print("> \(title)")
        print(
            "  person: name \(String(reflecting: editor.person.name)), age \(editor.person.age) · card: \(editor.card.text)"
        )
    }
    step("type \"Bea\" into the name entry, \"31\" into the age entry (the model waits for Commit)") {
        editor.nameField.type("Bea")
        editor.ageField.type("31")
    }
    step("click Commit") { editor.commitButton.click() }
    step("click the stepper's + (the spin button writes the age at once)") {
        gtk_spin_button_spin(OpaquePointer(editor.ageSpin.widget!), GTK_SPIN_STEP_FORWARD, 0)
    }
    step("type \"abc\" into the age entry, click Commit: refused, nothing stored") {
        editor.ageField.type("abc")
        editor.commitButton.click()
    }
    print("  errors: \(editor.errors.text)")
    step("sign in as bea@example.com") {
        signIn.email.type("bea@example.com")
        signIn.password.type("correct horse")
        signIn.signIn.click()
    }
    print("  status: \(signIn.status.text)")
    step("add Dee, remove Ann, rename Bea \"Bo\"") {
        people.newName.type("Dee")
        people.addButton.click()
        people.people.members.remove(at: 0)
        people.people.members[0].name = "Bo"
    }
    print("  people: \(people.people.members.map(\.name).joined(separator: ", "))")
}
