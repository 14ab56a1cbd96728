// arrow/arrow_array.h — ArrowArrays that own their buffers.
//
// An exported ArrowArray's private_data is an ArrayPrivate: the Buffers
// decoded for it (moved in, never copied), or a shared reference to memory
// that several arrays point into (a row group's nested columns, a chunk's
// dictionary), plus its children and dictionary.  Each child is a separate
// ArrowArray with its own private_data, so a consumer may move a child out
// and release it before or after its parent (the C Data Interface allows
// that): a parent's release frees the child structs but releases only the
// children whose `release` is still set.
//
// Thread-safety: releasing arrays of one batch on different threads is safe
// (shared memory is held through std::shared_ptr).
#ifndef PARQ_ARROW_ARROW_ARRAY_H_
#define PARQ_ARROW_ARROW_ARRAY_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "parq/arrow_c.h"
#include "parq/buffer.h"

namespace parq::arrow {

struct ArrayPrivate {
  std::vector<Buffer> owned;          // buffers this array owns
  std::shared_ptr<const void> keep;   // memory shared with other arrays
  const void* buffers[3] = {nullptr, nullptr, nullptr};
  std::vector<ArrowArray*> children;  // allocated here; released unless moved out
  ArrowArray* dictionary = nullptr;
};

// What a release callback does for the structs a parent allocated: each
// child (and the dictionary) released unless a consumer moved it out (and
// marked it released), then freed.  For ArrowSchema and ArrowArray alike.
template <typename T>
void ReleaseOwned(const std::vector<T*>& children, T* dictionary) {
  for (T* c : children) {
    if (c->release != nullptr) c->release(c);
    delete c;
  }
  if (dictionary != nullptr) {
    if (dictionary->release != nullptr) dictionary->release(dictionary);
    delete dictionary;
  }
}

// Makes *out a live array of `n_buffers` buffers (set them in the returned
// private's `buffers`) and no children yet.
ArrayPrivate* InitArray(ArrowArray* out, int64_t length, int64_t null_count, int64_t offset, int n_buffers);

// Appends a child to `parent` (made by InitArray) and returns it, to be
// filled with InitArray.
ArrowArray* AddChild(ArrowArray* parent);

// Gives `parent` a dictionary array, to be filled with InitArray.
ArrowArray* AddDictionary(ArrowArray* parent);

// *out: rows [offset, offset + length) of `whole` (a flat array, maybe with a
// dictionary), sharing its buffers: `whole` is released with its last slice.
void ExportSlice(const std::shared_ptr<ArrowArray>& whole, int64_t offset, int64_t length, ArrowArray* out);

// Counts the cleared bits of bits [offset, offset + length).
int64_t CountNulls(const uint8_t* bits, int64_t offset, int64_t length);

}  // namespace parq::arrow

#endif  // PARQ_ARROW_ARROW_ARRAY_H_
