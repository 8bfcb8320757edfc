// The C library's allocator statistics (glibc's mallinfo2), for `mbml bench`.
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif
