// A hint that memory is about to be read, for MBMLEngine's tables larger than the processor's
// caches (NamePositions): Swift has no way to ask for it.
#ifndef CPREFETCH_SHIM_H
#define CPREFETCH_SHIM_H

/// Asks the processor to bring the cache line at `address` into its caches, without waiting for
/// it: only a hint, which reads nothing the program sees and never faults.
static inline void mbml_prefetch(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address, 0, 3);
#else
    (void)address;
#endif
}

#endif
