#include <stddef.h>

/// The bytes the process has allocated with malloc and not freed (glibc's mallinfo2: the arenas'
/// blocks in use and the blocks mapped on their own), or 0 where glibc is not the allocator.
size_t heap_bytes_in_use(void);
