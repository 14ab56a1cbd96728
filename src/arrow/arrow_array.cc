#include "arrow/arrow_array.h"

#include <bit>
#include <cstring>

namespace parq::arrow {

namespace {

void ReleaseArray(ArrowArray* a) {
  if (a == nullptr || a->release == nullptr) return;
  auto* p = static_cast<ArrayPrivate*>(a->private_data);
  ReleaseOwned(p->children, p->dictionary);
  delete p;
  a->release = nullptr;
}

}  // namespace

ArrayPrivate* InitArray(ArrowArray* out, int64_t length, int64_t null_count, int64_t offset, int n_buffers) {
  auto* p = new ArrayPrivate;
  out->length = length;
  out->null_count = null_count;
  out->offset = offset;
  out->n_buffers = n_buffers;
  out->n_children = 0;
  out->buffers = p->buffers;
  out->children = nullptr;
  out->dictionary = nullptr;
  out->release = ReleaseArray;
  out->private_data = p;
  return p;
}

ArrowArray* AddChild(ArrowArray* parent) {
  auto* p = static_cast<ArrayPrivate*>(parent->private_data);
  auto* c = new ArrowArray{};
  p->children.push_back(c);
  parent->n_children = static_cast<int64_t>(p->children.size());
  parent->children = p->children.data();
  return c;
}

ArrowArray* AddDictionary(ArrowArray* parent) {
  auto* p = static_cast<ArrayPrivate*>(parent->private_data);
  p->dictionary = new ArrowArray{};
  parent->dictionary = p->dictionary;
  return p->dictionary;
}

void ExportSlice(const std::shared_ptr<ArrowArray>& whole, int64_t offset, int64_t length, ArrowArray* out) {
  const int64_t at = whole->offset + offset;
  int64_t nulls = 0;
  if (whole->n_buffers == 0) {
    nulls = length;  // the null type
  } else if (whole->buffers[0] != nullptr) {
    nulls = offset == 0 && length == whole->length ? whole->null_count
                                                   : CountNulls(static_cast<const uint8_t*>(whole->buffers[0]), at, length);
  }
  ArrayPrivate* p = InitArray(out, length, nulls, at, static_cast<int>(whole->n_buffers));
  p->keep = whole;
  for (int64_t i = 0; i < whole->n_buffers; ++i) p->buffers[i] = whole->buffers[i];
  if (nulls == 0) p->buffers[0] = nullptr;
  if (whole->dictionary != nullptr) {
    const std::shared_ptr<ArrowArray> dictionary(whole, whole->dictionary);  // owned with `whole`
    ExportSlice(dictionary, 0, whole->dictionary->length, AddDictionary(out));
  }
}

int64_t CountNulls(const uint8_t* bits, int64_t offset, int64_t length) {
  int64_t set = 0, i = offset;
  const int64_t end = offset + length;
  for (; i < end && (i & 7) != 0; ++i) set += (bits[i >> 3] >> (i & 7)) & 1;
  for (; i + 64 <= end; i += 64) {
    uint64_t w;
    std::memcpy(&w, bits + (i >> 3), 8);
    set += std::popcount(w);
  }
  for (; i < end; ++i) set += (bits[i >> 3] >> (i & 7)) & 1;
  return length - set;
}

}  // namespace parq::arrow
