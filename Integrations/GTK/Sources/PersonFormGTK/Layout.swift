import CGTK
import PropertyBindingGTK

/// Small helpers that lay GTK widgets out, so the sections read as their bindings.
enum Layout {
    /// A vertical box of `spacing`, with `children` appended.
    static func column(spacing: Int32 = 6, _ children: [UnsafeMutablePointer<GtkWidget>]) -> UnsafeMutablePointer<
        GtkWidget
    > {
        box(GTK_ORIENTATION_VERTICAL, spacing, children)
    }

    /// A horizontal box of `spacing`, with `children` appended.
    static func row(spacing: Int32 = 6, _ children: [UnsafeMutablePointer<GtkWidget>]) -> UnsafeMutablePointer<
        GtkWidget
    > {
        box(GTK_ORIENTATION_HORIZONTAL, spacing, children)
    }

    private static func box(
        _ orientation: GtkOrientation, _ spacing: Int32, _ children: [UnsafeMutablePointer<GtkWidget>]
    ) -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(orientation, spacing)!
        for child in children { gtk_box_append(box.cast(to: GtkBox.self), child) }
        return box
    }

    /// A grid of rows, each a caption and a widget.
    static func form(_ rows: [(String, UnsafeMutablePointer<GtkWidget>)]) -> UnsafeMutablePointer<GtkWidget> {
        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(grid.cast(to: GtkGrid.self), 6)
        gtk_grid_set_column_spacing(grid.cast(to: GtkGrid.self), 12)
        for (index, (caption, widget)) in rows.enumerated() {
            let label = gtk_label_new(caption)!
            gtk_widget_set_halign(label, GTK_ALIGN_END)
            gtk_widget_add_css_class(label, "dim-label")
            gtk_grid_attach(grid.cast(to: GtkGrid.self), label, 0, Int32(index), 1, 1)
            gtk_widget_set_hexpand(widget, 1)
            gtk_grid_attach(grid.cast(to: GtkGrid.self), widget, 1, Int32(index), 1, 1)
        }
        return grid
    }

    /// A section: a heading over `content`, in a framed card.
    static func section(_ title: String, _ content: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>
    {
        let heading = gtk_label_new(title)!
        gtk_widget_add_css_class(heading, "title-4")
        gtk_widget_set_halign(heading, GTK_ALIGN_START)
        let column = column(spacing: 10, [heading, content])
        gtk_widget_add_css_class(column, "section")
        gtk_widget_set_valign(column, GTK_ALIGN_START)
        return column
    }

    /// A label styled with `classes`, start-aligned.
    static func label(_ wrapper: GTKLabel, classes: [String] = []) -> UnsafeMutablePointer<GtkWidget> {
        let widget = wrapper.widget!
        gtk_widget_set_halign(widget, GTK_ALIGN_START)
        gtk_label_set_xalign(OpaquePointer(widget), 0)
        for name in classes { gtk_widget_add_css_class(widget, name) }
        return widget
    }

    /// The style sheet of the window: sections as cards, errors in red.
    static func installStyle() {
        let css = """
            .section { background: alpha(currentColor, 0.04); border: 1px solid alpha(currentColor, 0.12);
                       border-radius: 10px; padding: 14px; }
            .card { background: #3584e4; color: white; border-radius: 8px; padding: 10px 14px; font-weight: bold; }
            .error { color: #c01c28; }
            .status { color: #26a269; font-weight: bold; }
            listview { background: transparent; }
            listview row { padding: 4px 8px; border-bottom: 1px solid alpha(currentColor, 0.08); }
            """
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
