// Starting a thread on another processor than its creator's (MBMLEngine's SiblingThread): the
// affinity calls need _GNU_SOURCE, which a Swift module can not ask of the C library's headers.
#ifndef CSIBLINGTHREAD_H
#define CSIBLINGTHREAD_H

#include <stddef.h>

/// Starts `body(context)` on a new detached thread with a stack of `stack_size` bytes, placed at
/// first on a processor the caller may run on other than the caller's own, then (once running)
/// allowed every processor the caller is. Where the caller may run on one processor only, or its
/// processor or affinity can not be read (or off Linux), the thread is placed as any other.
/// Returns 0 when the thread was started, an error number otherwise (nothing was started: `body`
/// will not run).
int mbml_start_sibling_thread(void (*body)(void *context), void *context, size_t stack_size);

/// The processor the calling thread runs on; -1 when it can not be read.
int mbml_current_processor(void);

/// How many processors the calling thread may run on; -1 when that can not be read.
int mbml_allowed_processor_count(void);

#endif
