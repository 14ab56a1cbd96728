// What the CPU running parq can do, for kernels chosen at run time.  Builds
// target baseline x86-64; a few hot kernels (bit unpacking, the dictionary
// index check) have AVX2 versions that run where the CPU has AVX2.
#ifndef PARQ_UTIL_CPU_H_
#define PARQ_UTIL_CPU_H_

namespace parq::util {

// Whether the AVX2 kernels run: the CPU has AVX2 and the portable kernels
// have not been asked for.  Read on every kernel call (a relaxed load).
bool UseAvx2();

// true: the portable kernels only, whatever the CPU has; false: back to
// what the CPU has.  For tests that check the portable kernels on a machine
// with AVX2; not meant to be switched while other threads decode.
void SetPortableKernels(bool portable);

}  // namespace parq::util

#endif  // PARQ_UTIL_CPU_H_
