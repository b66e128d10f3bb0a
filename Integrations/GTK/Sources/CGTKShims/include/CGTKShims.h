#ifndef CGTK_SHIMS_H
#define CGTK_SHIMS_H

#include <glib-object.h>

/// Whether the calling thread is the main thread (the one that loaded the program), in a few
/// nanoseconds: Foundation's `Thread.isMainThread` looks the current `Thread` object up on Linux,
/// which costs more than a binding's whole update from a GTK signal.
int pbgtk_is_main_thread(void);

/// The eventfd libdispatch signals when the main queue has work (what CoreFoundation's run loop watches).
int pbgtk_main_queue_fd(void);

/// Runs the blocks submitted to the main queue so far (what CoreFoundation's run loop calls).
void pbgtk_drain_main_queue(void);

/// Empties the main queue's eventfd, so that the GLib source does not fire again for work already run.
void pbgtk_clear_main_queue_fd(int fd);

/// `g_signal_connect_data`'s flags argument for a plain connection (an enum Swift imports awkwardly).
gulong pbgtk_signal_connect(gpointer instance, const char *signal, GCallback handler, gpointer data,
                            GClosureNotify destroy);

/// Emits `signal` (one without arguments or return value, as `clicked`) on `instance`:
/// `g_signal_emit_by_name` is variadic, which Swift cannot call.
void pbgtk_emit_signal(gpointer instance, const char *signal);

#endif
