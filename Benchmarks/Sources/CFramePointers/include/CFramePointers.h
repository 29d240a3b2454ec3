#ifndef CFRAMEPOINTERS_H
#define CFRAMEPOINTERS_H

/// The return addresses of the calling thread's stack, innermost first (the first is the return
/// into the caller), found the way Darwin's `backtrace()` finds them: by following the
/// frame-pointer chain, each frame pointer checked to lie inside the thread's stack, aligned, and
/// above the one before. Writes at most `size` addresses into `buffer`; returns how many.
///
/// It answers correctly only for frames compiled with frame pointers, as every frame on Darwin
/// is (its ABI keeps them) and as `pibench` is built (`-fno-omit-frame-pointer`); a frame
/// without one ends the walk or gives wrong addresses, never a read outside the stack.
int pi_frame_pointer_backtrace(void **buffer, int size);

#endif
