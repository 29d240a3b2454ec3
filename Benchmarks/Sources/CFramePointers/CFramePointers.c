// A model of Darwin's `backtrace()` (libsystem_c's `_thread_stack_pcs`): the frame-pointer chain,
// bounded by the thread's stack. glibc's `backtrace()` unwinds with DWARF call-frame information
// instead (about 1,700 instructions a frame here), which no Darwin process pays.
#if !defined(__APPLE__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE  // pthread_getattr_np
#endif
#include "CFramePointers.h"
#if defined(__APPLE__)
#include <execinfo.h>
#include <string.h>

// Darwin's own, less its first address (this function's frame), so that both start at the
// return into the caller.
__attribute__((noinline)) int pi_frame_pointer_backtrace(void **buffer, int size) {
    if (size <= 0) return 0;
    void *frames[size + 1];
    int count = backtrace(frames, size + 1);
    if (count <= 1) return 0;
    memcpy(buffer, frames + 1, (size_t)(count - 1) * sizeof(void *));
    return count - 1;
}

#else
#include <pthread.h>
#include <stdint.h>

// The thread's stack, looked up once per thread (Darwin reads it from the pthread structure:
// `pthread_get_stackaddr_np`/`pthread_get_stacksize_np`).
static __thread uintptr_t stack_low, stack_high;

static void load_stack_bounds(void) {
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return;
    void *address = 0;
    size_t size = 0;
    if (pthread_attr_getstack(&attr, &address, &size) == 0) {
        stack_low = (uintptr_t)address;
        stack_high = stack_low + size;
    }
    pthread_attr_destroy(&attr);
}

__attribute__((noinline)) int pi_frame_pointer_backtrace(void **buffer, int size) {
    if (stack_high == 0) load_stack_bounds();
    if (stack_high == 0) return 0;
    uintptr_t frame = (uintptr_t)__builtin_frame_address(0);
    int count = 0;
    while (count < size) {
        // A frame holds the caller's frame pointer, then the return address.
        if (frame < stack_low || frame > stack_high - 2 * sizeof(uintptr_t) || (frame & (sizeof(uintptr_t) - 1)) != 0) break;
        uintptr_t next = ((const uintptr_t *)frame)[0];
        uintptr_t returnAddress = ((const uintptr_t *)frame)[1];
        if (returnAddress == 0) break;
        buffer[count++] = (void *)returnAddress;
        if (next <= frame) break;  // the stack grows down: a caller's frame is above its callee's
        frame = next;
    }
    return count;
}
#endif
