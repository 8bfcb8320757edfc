// Linux ptrace, wrapped for Swift (the C function is variadic, which Swift cannot call), for
// `mbml bench`: it stops a spawned program at its exit, while its memory is still there, to read
// the program's own peak resident memory.
#if defined(__linux__)
#include <sys/ptrace.h>
#include <sys/types.h>

/// Traces `pid` (without stopping it) so that it stops once more when it exits.
static inline int mbml_trace_exit(pid_t pid) {
    return (int)ptrace(PTRACE_SEIZE, pid, (void *)0, (void *)(long)PTRACE_O_TRACEEXIT);
}

/// Resumes the traced `pid` from a stop, delivering `signal` (0 for none).
static inline int mbml_trace_continue(pid_t pid, int signal) {
    return (int)ptrace(PTRACE_CONT, pid, (void *)0, (void *)(long)signal);
}

/// The event number of a stop at exit (in bits 16 and up of the wait status).
static inline int mbml_trace_event_exit(void) { return PTRACE_EVENT_EXIT; }
#endif
