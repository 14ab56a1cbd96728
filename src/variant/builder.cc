// variant/builder.cc — see builder.h.
#include "variant/builder.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>

#include "variant/bytes.h"

namespace parq {

using variant_internal::BytesFor;
using variant_internal::PutLE;

std::string* VariantValueBuilder::Next() {
  if (depth_ == 0) return out_;
  Frame& f = frames_[depth_ - 1];
  // An object's elements are recorded by Key().
  if (!f.object) f.elements.push_back({f.data.size(), {}, 0});
  return &f.data;
}

void VariantValueBuilder::Null() { Next()->push_back(0x00); }

void VariantValueBuilder::Bool(bool v) { Next()->push_back(v ? 0x04 : 0x08); }

void VariantValueBuilder::Int(int64_t i) {
  std::string* out = Next();
  if (i >= INT8_MIN && i <= INT8_MAX) {
    out->push_back(3 << 2);
    PutLE(out, static_cast<uint64_t>(i), 1);
  } else if (i >= INT16_MIN && i <= INT16_MAX) {
    out->push_back(4 << 2);
    PutLE(out, static_cast<uint64_t>(i), 2);
  } else if (i >= INT32_MIN && i <= INT32_MAX) {
    out->push_back(5 << 2);
    PutLE(out, static_cast<uint64_t>(i), 4);
  } else {
    out->push_back(6 << 2);
    PutLE(out, static_cast<uint64_t>(i), 8);
  }
}

void VariantValueBuilder::Double(double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, 8);
  std::string* out = Next();
  out->push_back(7 << 2);
  PutLE(out, bits, 8);
}

Status VariantValueBuilder::String(std::string_view s) {
  if (s.size() > UINT32_MAX) return Status::InvalidArgument("variant string over 4 GiB");
  std::string* out = Next();
  if (s.size() < 64) {
    out->push_back(static_cast<char>((s.size() << 2) | 1));
  } else {
    out->push_back(16 << 2);
    PutLE(out, s.size(), 4);
  }
  out->append(s);
  return Status::OK();
}

Status VariantValueBuilder::Binary(std::string_view b) {
  if (b.size() > UINT32_MAX) return Status::InvalidArgument("variant binary over 4 GiB");
  std::string* out = Next();
  out->push_back(static_cast<char>(static_cast<uint8_t>(VariantPrimitive::kBinary) << 2));
  PutLE(out, b.size(), 4);
  out->append(b);
  return Status::OK();
}

void VariantValueBuilder::Primitive(VariantPrimitive type, std::string_view payload) {
  std::string* out = Next();
  out->push_back(static_cast<char>(static_cast<uint8_t>(type) << 2));
  out->append(payload);
}

void VariantValueBuilder::BeginArray() {
  Next();
  if (frames_.size() == depth_) frames_.emplace_back();
  Frame& f = frames_[depth_++];
  f.object = false;
  f.data.clear();
  f.elements.clear();
}

void VariantValueBuilder::BeginObject() {
  BeginArray();
  frames_[depth_ - 1].object = true;
}

void VariantValueBuilder::Key(std::string_view key, uint32_t id) {
  Frame& f = frames_[depth_ - 1];
  f.elements.push_back({f.data.size(), key, id});
}

Status VariantValueBuilder::EndArray() { return Close(false); }
Status VariantValueBuilder::EndObject() { return Close(true); }

Status VariantValueBuilder::Close(bool object) {
  Frame& f = frames_[--depth_];
  const size_t n = f.elements.size();
  auto end_of = [&](size_t k) { return k + 1 < n ? f.elements[k + 1].begin : f.data.size(); };
  const std::string* data = &f.data;
  std::vector<uint64_t> offsets;
  offsets.reserve(n + 1);
  if (object) {
    // Fields in key order; copied into that order only when added otherwise.
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), size_t{0});
    auto by_key = [&](size_t a, size_t b) { return f.elements[a].key < f.elements[b].key; };
    const bool in_order = std::is_sorted(order.begin(), order.end(), by_key);
    if (!in_order) std::stable_sort(order.begin(), order.end(), by_key);
    for (size_t k = 1; k < n; ++k) {
      if (f.elements[order[k]].key == f.elements[order[k - 1]].key) {
        return Status::InvalidArgument("duplicate key '" + std::string(f.elements[order[k]].key) +
                                       "' in a variant object");
      }
    }
    if (in_order) {
      for (const Element& e : f.elements) offsets.push_back(e.begin);
    } else {
      sorted_.clear();
      for (size_t k : order) {
        offsets.push_back(sorted_.size());
        sorted_.append(f.data, f.elements[k].begin, end_of(k) - f.elements[k].begin);
      }
      data = &sorted_;
    }
    offsets.push_back(data->size());
    if (data->size() > UINT32_MAX) return Status::InvalidArgument("variant value over 4 GiB");
    uint32_t max_id = 0;
    for (const Element& e : f.elements) max_id = std::max(max_id, e.id);
    const bool large = n > 0xFF;
    const int off_size = BytesFor(data->size());
    const int id_size = BytesFor(max_id);
    std::string* out = depth_ == 0 ? out_ : &frames_[depth_ - 1].data;
    out->push_back(static_cast<char>((((large ? 1 : 0) << 4 | (id_size - 1) << 2 | (off_size - 1)) << 2) | 2));
    PutLE(out, n, large ? 4 : 1);
    for (size_t k = 0; k < n; ++k) PutLE(out, f.elements[in_order ? k : order[k]].id, id_size);
    for (uint64_t o : offsets) PutLE(out, o, off_size);
    out->append(*data);
    return Status::OK();
  }
  for (const Element& e : f.elements) offsets.push_back(e.begin);
  offsets.push_back(data->size());
  if (data->size() > UINT32_MAX) return Status::InvalidArgument("variant value over 4 GiB");
  const bool large = n > 0xFF;
  const int off_size = BytesFor(data->size());
  std::string* out = depth_ == 0 ? out_ : &frames_[depth_ - 1].data;
  out->push_back(static_cast<char>((((large ? 1 : 0) << 2 | (off_size - 1)) << 2) | 3));
  PutLE(out, n, large ? 4 : 1);
  for (uint64_t o : offsets) PutLE(out, o, off_size);
  out->append(*data);
  return Status::OK();
}

}  // namespace parq
