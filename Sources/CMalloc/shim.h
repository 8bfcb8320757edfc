// The C library's allocator statistics (mallinfo2), for `mbml bench`.
#include <malloc.h>
