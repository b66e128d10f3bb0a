import CGTK

/// Renders `window` with GTK's own renderer into a PNG at `path`: the widget's paintable,
/// snapshotted into a render node, rendered to a texture by the window's GSK renderer.
/// Returns whether the PNG was written.
func saveScreenshot(of window: UnsafeMutablePointer<GtkWidget>, to path: String) -> Bool {
    let width = gtk_widget_get_width(window)
    let height = gtk_widget_get_height(window)
    guard width > 0, height > 0, let paintable = gtk_widget_paintable_new(window) else { return false }
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    let snapshot = gtk_snapshot_new()!
    gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
    guard let node = gtk_snapshot_free_to_node(snapshot),
        let renderer = gtk_native_get_renderer(OpaquePointer(window))
    else { return false }
    defer { gsk_render_node_unref(node) }
    var bounds = graphene_rect_t(
        origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
    guard let texture = gsk_renderer_render_texture(renderer, node, &bounds) else { return false }
    defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
    return gdk_texture_save_to_png(texture, path) != 0
}
