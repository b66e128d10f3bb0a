#include "CGTKShims.h"
#include <poll.h>
#include <sys/eventfd.h>
#include <glib-object.h>

// Exported by libdispatch on Linux for CoreFoundation's run loop; not in its public headers.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

#include <pthread.h>

// The thread that loaded the program: a constructor runs on it, before `main`.
static pthread_t main_thread;
__attribute__((constructor)) static void pbgtk_record_main_thread(void) { main_thread = pthread_self(); }

int pbgtk_is_main_thread(void) { return pthread_equal(pthread_self(), main_thread) != 0; }

int pbgtk_main_queue_fd(void) { return _dispatch_get_main_queue_handle_4CF(); }

void pbgtk_drain_main_queue(void) { _dispatch_main_queue_callback_4CF(NULL); }

void pbgtk_clear_main_queue_fd(int fd) {
    // Read only when ready: the descriptor may be blocking, and libdispatch may have read it.
    struct pollfd ready = {.fd = fd, .events = POLLIN};
    if (poll(&ready, 1, 0) == 1 && (ready.revents & POLLIN)) {
        eventfd_t value;
        (void)eventfd_read(fd, &value);
    }
}

gulong pbgtk_signal_connect(gpointer instance, const char *signal, GCallback handler, gpointer data,
                            GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}

void pbgtk_emit_signal(gpointer instance, const char *signal) { g_signal_emit_by_name(instance, signal); }
