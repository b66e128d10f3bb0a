#include "HeapStats.h"

#if defined(__linux__)
#include <malloc.h>
#endif

#if defined(__GLIBC__)
// uordblks: the bytes of the arenas' blocks in use; hblkhd: the bytes of the blocks malloc
// mapped on their own (large ones, such as the buffer of an array of 100,000 elements), which
// uordblks leaves out.
size_t heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}
#else
size_t heap_bytes_in_use(void) { return 0; }
#endif
