#define _GNU_SOURCE
#include "CSiblingThread.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

#if defined(__linux__)
#define MBML_HAS_AFFINITY 1
#else
#define MBML_HAS_AFFINITY 0
#endif

/// What the new thread runs, and the processors it may use once it runs.
struct sibling_start {
    void (*body)(void *context);
    void *context;
    int has_allowed;
#if MBML_HAS_AFFINITY
    cpu_set_t allowed;
#endif
};

static void *sibling_main(void *argument) {
    struct sibling_start start = *(struct sibling_start *)argument;
    free(argument);
#if MBML_HAS_AFFINITY
    // Placed: from now on free to move wherever the caller may run.
    if (start.has_allowed) {
        pthread_setaffinity_np(pthread_self(), sizeof(cpu_set_t), &start.allowed);
    }
#endif
    start.body(start.context);
    return NULL;
}

int mbml_start_sibling_thread(void (*body)(void *context), void *context, size_t stack_size) {
    struct sibling_start *start = malloc(sizeof *start);
    if (start == NULL) return 12; /* ENOMEM */
    start->body = body;
    start->context = context;
    start->has_allowed = 0;
#if MBML_HAS_AFFINITY
    start->has_allowed = pthread_getaffinity_np(pthread_self(), sizeof(cpu_set_t), &start->allowed) == 0;
#endif

    pthread_attr_t attributes;
    int failure = pthread_attr_init(&attributes);
    if (failure != 0) {
        free(start);
        return failure;
    }
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    if (stack_size > 0) pthread_attr_setstacksize(&attributes, stack_size);
#if MBML_HAS_AFFINITY
    int here = sched_getcpu();
    if (start->has_allowed && here >= 0 && here < CPU_SETSIZE && CPU_ISSET(here, &start->allowed)) {
        cpu_set_t elsewhere = start->allowed;
        CPU_CLR(here, &elsewhere);
        if (CPU_COUNT(&elsewhere) > 0) {
            pthread_attr_setaffinity_np(&attributes, sizeof(cpu_set_t), &elsewhere);
        }
    }
#endif
    pthread_t thread;
    failure = pthread_create(&thread, &attributes, sibling_main, start);
    pthread_attr_destroy(&attributes);
    if (failure != 0) free(start);
    return failure;
}

int mbml_current_processor(void) {
#if MBML_HAS_AFFINITY
    return sched_getcpu();
#else
    return -1;
#endif
}

int mbml_allowed_processor_count(void) {
#if MBML_HAS_AFFINITY
    cpu_set_t allowed;
    if (pthread_getaffinity_np(pthread_self(), sizeof(cpu_set_t), &allowed) != 0) return -1;
    return CPU_COUNT(&allowed);
#else
    return -1;
#endif
}
