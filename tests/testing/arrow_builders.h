// Hand-made Arrow C Data Interface structs for tests (parq/arrow_c.h):
// ArrowSchema, ArrowArray and ArrowArrayStream trees built from plain
// values, each with a release callback that frees what it owns, and a count
// of the structs not yet released so that tests can check every one was.
//
//   ArrowField schema = Struct("", {Field("id", "l", false), Field("name", "u")});
//   ArrowData batch = StructData(3, {Prim<int64_t>({1, 2, 3}), Strings({"a", std::nullopt, "c"})});
//   ArrowArrayStream s = MakeStream(schema, {batch});
//
// Buffers are copied into the exported structs; a buffer may be absent
// (NULL), as the interface allows for validity bitmaps.  Not thread-safe.
#ifndef PARQ_TESTS_TESTING_ARROW_BUILDERS_H_
#define PARQ_TESTS_TESTING_ARROW_BUILDERS_H_

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "parq/arrow_c.h"

namespace parq::testing {

// Structs exported and not yet released.
inline int& LiveArrowStructs() {
  static int live = 0;
  return live;
}

struct ArrowField {
  std::string format;
  std::string name;
  bool nullable = true;
  std::vector<std::pair<std::string, std::string>> metadata;
  std::vector<ArrowField> children;
  std::shared_ptr<ArrowField> dictionary;  // the value type of a dictionary-encoded field
};

inline ArrowField Field(std::string name, std::string format, bool nullable = true) {
  return ArrowField{std::move(format), std::move(name), nullable, {}, {}, nullptr};
}
inline ArrowField Struct(std::string name, std::vector<ArrowField> children, bool nullable = true) {
  ArrowField f = Field(std::move(name), "+s", nullable);
  f.children = std::move(children);
  return f;
}
inline ArrowField Extension(ArrowField f, std::string name, std::string meta = {}) {
  f.metadata.emplace_back("ARROW:extension:name", std::move(name));
  if (!meta.empty()) f.metadata.emplace_back("ARROW:extension:metadata", std::move(meta));
  return f;
}

struct ArrowData {
  int64_t length = 0;
  int64_t null_count = 0;
  int64_t offset = 0;
  std::vector<std::optional<std::vector<uint8_t>>> buffers;  // nullopt: a NULL buffer
  std::vector<ArrowData> children;
  std::shared_ptr<ArrowData> dictionary;
};

// An LSB-first bitmap of `valid`; nullopt when every slot is valid.
inline std::optional<std::vector<uint8_t>> Bitmap(const std::vector<bool>& valid) {
  bool all = true;
  std::vector<uint8_t> b((valid.size() + 7) / 8 + 1, 0);
  for (size_t i = 0; i < valid.size(); ++i) {
    if (valid[i]) b[i / 8] = static_cast<uint8_t>(b[i / 8] | (1u << (i % 8)));
    else all = false;
  }
  if (all) return std::nullopt;
  return b;
}

template <typename T>
std::vector<uint8_t> Bytes(const std::vector<T>& v) {
  std::vector<uint8_t> b(v.size() * sizeof(T) + 8, 0);
  if (!v.empty()) std::memcpy(b.data(), v.data(), v.size() * sizeof(T));
  return b;
}

inline int64_t Nulls(const std::vector<bool>& valid) {
  int64_t n = 0;
  for (bool v : valid) n += v ? 0 : 1;
  return n;
}

// Fixed-width values (nullopt: null; its slot holds T{}).
template <typename T>
ArrowData Prim(const std::vector<std::optional<T>>& v) {
  std::vector<bool> valid;
  std::vector<T> vals;
  for (const auto& x : v) {
    valid.push_back(x.has_value());
    vals.push_back(x.value_or(T{}));
  }
  return ArrowData{static_cast<int64_t>(v.size()), Nulls(valid), 0, {Bitmap(valid), Bytes(vals)}, {}, nullptr};
}

inline ArrowData Bools(const std::vector<std::optional<bool>>& v) {
  std::vector<bool> valid, bits;
  for (const auto& x : v) {
    valid.push_back(x.has_value());
    bits.push_back(x.value_or(false));
  }
  std::vector<uint8_t> b((v.size() + 7) / 8 + 1, 0);
  for (size_t i = 0; i < bits.size(); ++i) {
    if (bits[i]) b[i / 8] = static_cast<uint8_t>(b[i / 8] | (1u << (i % 8)));
  }
  return ArrowData{static_cast<int64_t>(v.size()), Nulls(valid), 0, {Bitmap(valid), b}, {}, nullptr};
}

// utf8 / binary (int32 offsets) or their large forms (int64).
inline ArrowData Strings(const std::vector<std::optional<std::string>>& v, bool large = false) {
  std::vector<bool> valid;
  std::vector<int64_t> off{0};
  std::string data;
  for (const auto& x : v) {
    valid.push_back(x.has_value());
    data += x.value_or("");
    off.push_back(static_cast<int64_t>(data.size()));
  }
  std::vector<uint8_t> offsets;
  if (large) {
    offsets = Bytes(off);
  } else {
    std::vector<int32_t> o32(off.begin(), off.end());
    offsets = Bytes(o32);
  }
  return ArrowData{static_cast<int64_t>(v.size()), Nulls(valid), 0,
                   {Bitmap(valid), offsets, std::vector<uint8_t>(data.begin(), data.end())}, {}, nullptr};
}

// Fixed-size binary: each present value `width` bytes.
inline ArrowData FixedBinary(const std::vector<std::optional<std::string>>& v, size_t width) {
  std::vector<bool> valid;
  std::vector<uint8_t> data;
  for (const auto& x : v) {
    valid.push_back(x.has_value());
    std::string s = x.value_or(std::string(width, '\0'));
    s.resize(width, '\0');
    data.insert(data.end(), s.begin(), s.end());
  }
  return ArrowData{static_cast<int64_t>(v.size()), Nulls(valid), 0, {Bitmap(valid), data}, {}, nullptr};
}

// A list (int32 offsets; int64 when large) of `sizes` elements per slot
// (nullopt: a null list of no elements) over `child`.
inline ArrowData ListData(const std::vector<std::optional<int>>& sizes, ArrowData child, bool large = false) {
  std::vector<bool> valid;
  std::vector<int64_t> off{0};
  for (const auto& s : sizes) {
    valid.push_back(s.has_value());
    off.push_back(off.back() + s.value_or(0));
  }
  std::vector<uint8_t> offsets;
  if (large) {
    offsets = Bytes(off);
  } else {
    std::vector<int32_t> o32(off.begin(), off.end());
    offsets = Bytes(o32);
  }
  ArrowData d{static_cast<int64_t>(sizes.size()), Nulls(valid), 0, {Bitmap(valid), offsets}, {}, nullptr};
  d.children.push_back(std::move(child));
  return d;
}

inline ArrowData StructData(int64_t length, std::vector<ArrowData> children, const std::vector<bool>& valid = {}) {
  ArrowData d{length, Nulls(valid), 0, {Bitmap(valid)}, std::move(children), nullptr};
  return d;
}

// A map: a list of a struct "entries" of the key and value.
inline ArrowData MapData(const std::vector<std::optional<int>>& sizes, ArrowData keys, ArrowData values) {
  const int64_t n = keys.length;
  ArrowData entries = StructData(n, {});
  entries.children.push_back(std::move(keys));
  entries.children.push_back(std::move(values));
  return ListData(sizes, std::move(entries));
}
inline ArrowField MapField(std::string name, ArrowField key, ArrowField value, bool nullable = true) {
  key.name = "key";
  value.name = "value";
  ArrowField entries = Struct("entries", {std::move(key), std::move(value)}, false);
  ArrowField f = Field(std::move(name), "+m", nullable);
  f.children.push_back(std::move(entries));
  return f;
}

namespace internal {

struct SchemaPrivate {
  std::string format, name, metadata;
  std::vector<ArrowSchema*> children;
  ArrowSchema* dictionary = nullptr;
};

struct ArrayPrivate {
  std::vector<std::optional<std::vector<uint8_t>>> buffers;
  std::vector<const void*> pointers;
  std::vector<ArrowArray*> children;
  ArrowArray* dictionary = nullptr;
};

// Releases and frees the children and dictionary `P` holds, then `P` (an
// ArrowSchema's or an ArrowArray's private data).
template <typename P, typename T>
void Release(T* t) {
  auto* p = static_cast<P*>(t->private_data);
  for (T* c : p->children) {
    if (c->release != nullptr) c->release(c);
    delete c;
  }
  if (p->dictionary != nullptr) {
    if (p->dictionary->release != nullptr) p->dictionary->release(p->dictionary);
    delete p->dictionary;
  }
  delete p;
  t->release = nullptr;
  --LiveArrowStructs();
}

inline void ReleaseSchema(ArrowSchema* s) { Release<SchemaPrivate>(s); }
inline void ReleaseArray(ArrowArray* a) { Release<ArrayPrivate>(a); }

}  // namespace internal

inline void ExportSchema(const ArrowField& f, ArrowSchema* out) {
  auto* p = new internal::SchemaPrivate;
  p->format = f.format;
  p->name = f.name;
  if (!f.metadata.empty()) {
    auto put32 = [&](int32_t v) { p->metadata.append(reinterpret_cast<const char*>(&v), 4); };
    put32(static_cast<int32_t>(f.metadata.size()));
    for (const auto& [k, v] : f.metadata) {
      put32(static_cast<int32_t>(k.size()));
      p->metadata += k;
      put32(static_cast<int32_t>(v.size()));
      p->metadata += v;
    }
  }
  for (const ArrowField& c : f.children) {
    p->children.push_back(new ArrowSchema);
    ExportSchema(c, p->children.back());
  }
  if (f.dictionary != nullptr) {
    p->dictionary = new ArrowSchema;
    ExportSchema(*f.dictionary, p->dictionary);
  }
  out->format = p->format.c_str();
  out->name = p->name.c_str();
  out->metadata = p->metadata.empty() ? nullptr : p->metadata.data();
  out->flags = f.nullable ? ARROW_FLAG_NULLABLE : 0;
  out->n_children = static_cast<int64_t>(p->children.size());
  out->children = p->children.empty() ? nullptr : p->children.data();
  out->dictionary = p->dictionary;
  out->release = internal::ReleaseSchema;
  out->private_data = p;
  ++LiveArrowStructs();
}

inline void ExportArray(const ArrowData& d, ArrowArray* out) {
  auto* p = new internal::ArrayPrivate;
  p->buffers = d.buffers;
  for (const auto& b : p->buffers) p->pointers.push_back(b.has_value() ? b->data() : nullptr);
  for (const ArrowData& c : d.children) {
    p->children.push_back(new ArrowArray);
    ExportArray(c, p->children.back());
  }
  if (d.dictionary != nullptr) {
    p->dictionary = new ArrowArray;
    ExportArray(*d.dictionary, p->dictionary);
  }
  out->length = d.length;
  out->null_count = d.null_count;
  out->offset = d.offset;
  out->n_buffers = static_cast<int64_t>(p->pointers.size());
  out->n_children = static_cast<int64_t>(p->children.size());
  out->buffers = p->pointers.empty() ? nullptr : p->pointers.data();
  out->children = p->children.empty() ? nullptr : p->children.data();
  out->dictionary = p->dictionary;
  out->release = internal::ReleaseArray;
  out->private_data = p;
  ++LiveArrowStructs();
}

// A stream of `batches` (record batches of `schema`, a struct).  With
// fail_at >= 0, get_next returns EIO at that batch with get_last_error
// giving `error`; with schema_fails, get_schema does.
struct StreamSpec {
  ArrowField schema;
  std::vector<ArrowData> batches;
  int fail_at = -1;
  bool schema_fails = false;
  std::string error = "the producer broke";
};

namespace internal {

struct StreamPrivate {
  StreamSpec spec;
  size_t next = 0;
  std::string last_error;
};

inline int GetSchema(ArrowArrayStream* s, ArrowSchema* out) {
  auto* p = static_cast<StreamPrivate*>(s->private_data);
  if (p->spec.schema_fails) {
    p->last_error = p->spec.error;
    return EINVAL;
  }
  ExportSchema(p->spec.schema, out);
  return 0;
}

inline int GetNext(ArrowArrayStream* s, ArrowArray* out) {
  auto* p = static_cast<StreamPrivate*>(s->private_data);
  if (p->spec.fail_at >= 0 && p->next == static_cast<size_t>(p->spec.fail_at)) {
    p->last_error = p->spec.error;
    return EIO;
  }
  if (p->next >= p->spec.batches.size()) {
    out->release = nullptr;
    return 0;
  }
  ExportArray(p->spec.batches[p->next++], out);
  return 0;
}

inline const char* LastError(ArrowArrayStream* s) {
  auto* p = static_cast<StreamPrivate*>(s->private_data);
  return p->last_error.empty() ? nullptr : p->last_error.c_str();
}

inline void ReleaseStream(ArrowArrayStream* s) {
  delete static_cast<StreamPrivate*>(s->private_data);
  s->release = nullptr;
  --LiveArrowStructs();
}

}  // namespace internal

inline void MakeStream(StreamSpec spec, ArrowArrayStream* out) {
  out->get_schema = internal::GetSchema;
  out->get_next = internal::GetNext;
  out->get_last_error = internal::LastError;
  out->release = internal::ReleaseStream;
  out->private_data = new internal::StreamPrivate{std::move(spec), 0, {}};
  ++LiveArrowStructs();
}

}  // namespace parq::testing

#endif  // PARQ_TESTS_TESTING_ARROW_BUILDERS_H_
