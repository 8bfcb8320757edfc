// Linux ptrace and prlimit, wrapped for Swift (ptrace and syscall are variadic, which Swift cannot
// call; prlimit is declared only for _GNU_SOURCE), for `mbml bench`: it stops a spawned program at
// its exit, while its memory is still there, to read the program's own peak resident memory, and
// limits the CPU time of a peer's run.
#if defined(__linux__)
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

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

/// Limits the CPU time of the (not yet reaped) child `pid` to `seconds`: SIGXCPU then, SIGKILL a
/// second later.
static inline int mbml_limit_cpu(pid_t pid, unsigned long seconds) {
    struct rlimit limit = { (rlim_t)seconds, (rlim_t)seconds + 1 };
    return (int)syscall(SYS_prlimit64, pid, RLIMIT_CPU, &limit, (void *)0);
}
#endif
