// record/variant_decoder.cc — see variant_decoder.h for the grammar and the
// JSON mapping.
#include "record/variant_decoder.h"

#include <cstring>

#include "record/json_format.h"

namespace parq {
namespace {

inline uint32_t LoadLE(const uint8_t *p, unsigned size) {
  uint32_t v = 0;
  for (unsigned i = 0; i < size; ++i)
    v |= uint32_t{p[i]} << (8 * i);
  return v;
}
inline uint64_t LoadLE64(const uint8_t *p) {
  uint64_t v;
  std::memcpy(&v, p, 8); // little-endian hosts only (as the rest of parq)
  return v;
}

std::string At(size_t base) { return " at value byte " + std::to_string(base); }

Status Truncated(const char *what, size_t need, size_t have, size_t base) {
  return Status::Corrupt(std::string("variant ") + what + " needs " +
                         std::to_string(need) + " bytes but only " +
                         std::to_string(have) + " remain" + At(base));
}

// Common header of objects and arrays: element count, then (object only) ids,
// then offsets; returns the positions in `v`.
struct Layout {
  uint32_t n = 0;
  uint8_t id_size = 0, off_size = 1;
  size_t ids_pos = 0, offs_pos = 0, fields_pos = 0, fields_end = 0;
};

Status ParseContainer(std::span<const uint8_t> v, size_t base, bool object,
                      Layout *L) {
  if (v.empty())
    return Truncated(object ? "object" : "array", 1, 0, base);
  const uint8_t header = static_cast<uint8_t>(v[0] >> 2);
  const bool is_large = object ? (header >> 4) & 1 : (header >> 2) & 1;
  L->off_size = static_cast<uint8_t>((header & 3) + 1);
  L->id_size = object ? static_cast<uint8_t>(((header >> 2) & 3) + 1) : 0;
  const size_t count_size = is_large ? 4 : 1;
  if (v.size() < 1 + count_size) {
    return Truncated(object ? "object element count" : "array element count",
                     count_size, v.size() - 1, base + 1);
  }
  L->n = LoadLE(v.data() + 1, static_cast<unsigned>(count_size));
  L->ids_pos = 1 + count_size;
  // 64-bit arithmetic: n <= 2^32 - 1 and sizes <= 4, so nothing overflows.
  const uint64_t ids_bytes = uint64_t{L->n} * L->id_size;
  const uint64_t offs_bytes = (uint64_t{L->n} + 1) * L->off_size;
  const uint64_t need = L->ids_pos + ids_bytes + offs_bytes;
  if (need > v.size()) {
    return Status::Corrupt(
        std::string("variant ") + (object ? "object" : "array") + " of " +
        std::to_string(L->n) + " elements needs a " + std::to_string(need) +
        "-byte header but the value has " + std::to_string(v.size()) +
        " bytes" + At(base));
  }
  L->offs_pos = L->ids_pos + static_cast<size_t>(ids_bytes);
  L->fields_pos = static_cast<size_t>(need);
  const uint32_t last =
      LoadLE(v.data() + L->offs_pos + size_t{L->n} * L->off_size, L->off_size);
  if (uint64_t{last} > v.size() - L->fields_pos) {
    return Status::Corrupt(std::string("variant ") +
                           (object ? "object" : "array") + " fields size " +
                           std::to_string(last) + " exceeds the " +
                           std::to_string(v.size() - L->fields_pos) +
                           " bytes after its header" + At(base));
  }
  L->fields_end = L->fields_pos + last;
  return Status::OK();
}

// The i-th element's bytes: from its offset to the end of the fields region.
Result<std::span<const uint8_t>> ElementAt(std::span<const uint8_t> v,
                                           const Layout &L, uint32_t i,
                                           size_t base) {
  const uint32_t off =
      LoadLE(v.data() + L.offs_pos + size_t{i} * L.off_size, L.off_size);
  if (uint64_t{off} >= L.fields_end - L.fields_pos) {
    return Status::Corrupt("variant element " + std::to_string(i) + " offset " +
                           std::to_string(off) + " is outside the " +
                           std::to_string(L.fields_end - L.fields_pos) +
                           "-byte fields region" + At(base));
  }
  return v.subspan(L.fields_pos + off, L.fields_end - L.fields_pos - off);
}

// Size of a primitive's data (after the header byte) that is fixed by its type;
// -1 for the length-prefixed ones (binary, string), -2 for unknown ids.
int PrimitiveFixedSize(uint8_t id) {
  switch (static_cast<VariantPrimitive>(id)) {
  case VariantPrimitive::kNull:
  case VariantPrimitive::kTrue:
  case VariantPrimitive::kFalse:
    return 0;
  case VariantPrimitive::kInt8:
    return 1;
  case VariantPrimitive::kInt16:
    return 2;
  case VariantPrimitive::kInt32:
  case VariantPrimitive::kDate:
  case VariantPrimitive::kFloat:
    return 4;
  case VariantPrimitive::kInt64:
  case VariantPrimitive::kDouble:
  case VariantPrimitive::kTimestampMicros:
  case VariantPrimitive::kTimestampNtzMicros:
  case VariantPrimitive::kTimeNtzMicros:
  case VariantPrimitive::kTimestampNanos:
  case VariantPrimitive::kTimestampNtzNanos:
    return 8;
  case VariantPrimitive::kDecimal4:
    return 1 + 4;
  case VariantPrimitive::kDecimal8:
    return 1 + 8;
  case VariantPrimitive::kDecimal16:
    return 1 + 16;
  case VariantPrimitive::kUuid:
    return 16;
  case VariantPrimitive::kBinary:
  case VariantPrimitive::kString:
    return -1;
  }
  return -2;
}

// Encoded size of a primitive / short string value (header byte included).
Result<size_t> ScalarSize(std::span<const uint8_t> v, size_t base) {
  const uint8_t type = v[0] & 3, header = static_cast<uint8_t>(v[0] >> 2);
  if (type == 1) {
    if (v.size() - 1 < header)
      return Truncated("short string", header, v.size() - 1, base + 1);
    return size_t{1} + header;
  }
  const int fixed = PrimitiveFixedSize(header);
  if (fixed == -2) {
    return Status::Unsupported("variant primitive type id " +
                               std::to_string(header) + " is not supported" +
                               At(base));
  }
  if (fixed >= 0) {
    if (v.size() - 1 < static_cast<size_t>(fixed)) {
      return Truncated("primitive", static_cast<size_t>(fixed), v.size() - 1,
                       base + 1);
    }
    return size_t{1} + static_cast<size_t>(fixed);
  }
  if (v.size() < 5)
    return Truncated("binary/string length", 4, v.size() - 1, base + 1);
  const uint32_t len = LoadLE(v.data() + 1, 4);
  if (v.size() - 5 < len)
    return Truncated("binary/string", len, v.size() - 5, base + 5);
  return size_t{5} + len;
}

Status AppendScalar(std::string &out, std::span<const uint8_t> v, size_t base) {
  PARQ_ASSIGN_OR_RETURN(size_t size, ScalarSize(v, base));
  (void)size;
  const uint8_t *d = v.data() + 1;
  const uint8_t header = static_cast<uint8_t>(v[0] >> 2);
  if ((v[0] & 3) == 1) {
    AppendJsonString(
        out, std::string_view(reinterpret_cast<const char *>(d), header));
    return Status::OK();
  }
  switch (static_cast<VariantPrimitive>(header)) {
  case VariantPrimitive::kNull:
    out.append("null");
    break;
  case VariantPrimitive::kTrue:
    out.append("true");
    break;
  case VariantPrimitive::kFalse:
    out.append("false");
    break;
  case VariantPrimitive::kInt8:
    AppendJsonInt32(out, static_cast<int8_t>(d[0]));
    break;
  case VariantPrimitive::kInt16:
    AppendJsonInt32(out, static_cast<int16_t>(LoadLE(d, 2)));
    break;
  case VariantPrimitive::kInt32:
    AppendJsonInt32(out, static_cast<int32_t>(LoadLE(d, 4)));
    break;
  case VariantPrimitive::kInt64:
    AppendJsonInt64(out, static_cast<int64_t>(LoadLE64(d)));
    break;
  case VariantPrimitive::kDouble: {
    double x;
    std::memcpy(&x, d, 8);
    AppendJsonDouble(out, x);
    break;
  }
  case VariantPrimitive::kFloat: {
    float x;
    std::memcpy(&x, d, 4);
    AppendJsonFloat(out, x);
    break;
  }
  case VariantPrimitive::kDecimal4:
  case VariantPrimitive::kDecimal8:
  case VariantPrimitive::kDecimal16: {
    const uint8_t scale = d[0];
    if (scale > 38) {
      return Status::Corrupt("variant decimal scale " + std::to_string(scale) +
                             " is outside [0, 38]" + At(base + 1));
    }
    const size_t width = static_cast<size_t>(PrimitiveFixedSize(header)) - 1;
    return AppendJsonDecimalLE(out, std::span<const uint8_t>(d + 1, width),
                               scale);
  }
  case VariantPrimitive::kDate:
    AppendJsonDate(out, static_cast<int32_t>(LoadLE(d, 4)));
    break;
  case VariantPrimitive::kTimestampMicros:
  case VariantPrimitive::kTimestampNtzMicros:
  case VariantPrimitive::kTimestampNanos:
  case VariantPrimitive::kTimestampNtzNanos: {
    const auto p = static_cast<VariantPrimitive>(header);
    const bool nanos = p == VariantPrimitive::kTimestampNanos ||
                       p == VariantPrimitive::kTimestampNtzNanos;
    const bool utc = p == VariantPrimitive::kTimestampMicros ||
                     p == VariantPrimitive::kTimestampNanos;
    AppendJsonTimestamp(out, static_cast<int64_t>(LoadLE64(d)),
                        nanos ? JsonTimeUnit::kNanos : JsonTimeUnit::kMicros,
                        utc);
    break;
  }
  case VariantPrimitive::kTimeNtzMicros:
    AppendJsonTime(out, static_cast<int64_t>(LoadLE64(d)),
                   JsonTimeUnit::kMicros);
    break;
  case VariantPrimitive::kBinary:
    AppendJsonBase64(out, std::span<const uint8_t>(d + 4, LoadLE(d, 4)));
    break;
  case VariantPrimitive::kString:
    AppendJsonString(
        out,
        std::string_view(reinterpret_cast<const char *>(d + 4), LoadLE(d, 4)));
    break;
  case VariantPrimitive::kUuid:
    AppendJsonUuid(out, d);
    break;
  }
  return Status::OK();
}

struct Decoder {
  const VariantMetadata &md;
  const VariantDecodeOptions &opt;
  std::string &out;
  size_t out_start;

  Status CheckOutput(size_t base) const {
    if (out.size() - out_start > opt.max_output_bytes) {
      return Status::LimitExceeded("variant JSON exceeds " +
                                   std::to_string(opt.max_output_bytes) +
                                   " bytes (max_output_bytes)" + At(base));
    }
    return Status::OK();
  }

  Status Value(std::span<const uint8_t> v, size_t base, int depth) {
    if (v.empty())
      return Truncated("value", 1, 0, base);
    const uint8_t type = v[0] & 3;
    if (type == 0 || type == 1)
      return AppendScalar(out, v, base);
    if (depth >= opt.max_depth) {
      return Status::LimitExceeded("variant nesting deeper than " +
                                   std::to_string(opt.max_depth) +
                                   " (max_depth)" + At(base));
    }
    Layout L;
    const bool object = type == 2;
    PARQ_RETURN_IF_ERROR(ParseContainer(v, base, object, &L));
    out.push_back(object ? '{' : '[');
    for (uint32_t i = 0; i < L.n; ++i) {
      if (i)
        out.push_back(',');
      if (object) {
        const uint32_t id =
            LoadLE(v.data() + L.ids_pos + size_t{i} * L.id_size, L.id_size);
        auto key = md.Key(id);
        if (!key.ok())
          return std::move(key).status().AddContext(
              "object field " + std::to_string(i) + At(base));
        AppendJsonString(out, *key);
        out.push_back(':');
      }
      PARQ_ASSIGN_OR_RETURN(auto elem, ElementAt(v, L, i, base));
      const size_t elem_base =
          base + static_cast<size_t>(elem.data() - v.data());
      PARQ_RETURN_IF_ERROR(Value(elem, elem_base, depth + 1));
      PARQ_RETURN_IF_ERROR(CheckOutput(elem_base));
    }
    out.push_back(object ? '}' : ']');
    return Status::OK();
  }
};

} // namespace

// ---- metadata ----

Result<VariantMetadata> VariantMetadata::Parse(std::span<const uint8_t> b) {
  if (b.empty())
    return Status::Corrupt("variant metadata is empty");
  const uint8_t header = b[0];
  if ((header & 0x0F) != 1) {
    return Status::Unsupported("variant metadata version " +
                               std::to_string(header & 0x0F) +
                               " (only version 1 is supported)");
  }
  VariantMetadata m;
  m.bytes_ = b;
  m.sorted_ = (header >> 4) & 1;
  m.offset_size_ = static_cast<uint8_t>((header >> 6) + 1);
  if (b.size() < 1 + size_t{m.offset_size_}) {
    return Status::Corrupt("variant metadata of " + std::to_string(b.size()) +
                           " bytes ends inside dictionary_size");
  }
  m.dict_size_ = LoadLE(b.data() + 1, m.offset_size_);
  m.offsets_pos_ = 1 + size_t{m.offset_size_};
  const uint64_t need =
      m.offsets_pos_ + (uint64_t{m.dict_size_} + 1) * m.offset_size_;
  if (need > b.size()) {
    return Status::Corrupt("variant metadata dictionary of " +
                           std::to_string(m.dict_size_) + " strings needs " +
                           std::to_string(need) + " bytes of offsets but has " +
                           std::to_string(b.size()));
  }
  m.strings_pos_ = static_cast<size_t>(need);
  const uint32_t total =
      LoadLE(b.data() + m.offsets_pos_ + size_t{m.dict_size_} * m.offset_size_,
             m.offset_size_);
  if (uint64_t{total} > b.size() - m.strings_pos_) {
    return Status::Corrupt(
        "variant metadata strings size " + std::to_string(total) +
        " exceeds the " + std::to_string(b.size() - m.strings_pos_) +
        " bytes left at byte " + std::to_string(m.strings_pos_));
  }
  m.encoded_size_ = m.strings_pos_ + total;
  return m;
}

Result<std::string_view> VariantMetadata::Key(uint32_t id) const {
  if (id >= dict_size_) {
    return Status::Corrupt("variant field id " + std::to_string(id) +
                           " is outside the dictionary of " +
                           std::to_string(dict_size_) + " strings");
  }
  const uint8_t *offs = bytes_.data() + offsets_pos_;
  const uint32_t begin = LoadLE(offs + size_t{id} * offset_size_, offset_size_);
  const uint32_t end =
      LoadLE(offs + (size_t{id} + 1) * offset_size_, offset_size_);
  const size_t limit = encoded_size_ - strings_pos_;
  if (begin > end || end > limit) {
    return Status::Corrupt("variant dictionary string " + std::to_string(id) +
                           " has offsets [" + std::to_string(begin) + ", " +
                           std::to_string(end) + ") outside [0, " +
                           std::to_string(limit) + "]");
  }
  return std::string_view(
      reinterpret_cast<const char *>(bytes_.data() + strings_pos_ + begin),
      end - begin);
}

// ---- object / array views ----

Result<VariantObjectView>
VariantObjectView::Parse(std::span<const uint8_t> value) {
  if (value.empty() ||
      VariantBasicTypeOf(value[0]) != VariantBasicType::kObject) {
    return Status::InvalidArgument("variant value is not an object");
  }
  Layout L;
  PARQ_RETURN_IF_ERROR(ParseContainer(value, 0, true, &L));
  VariantObjectView o;
  o.v_ = value;
  o.n_ = L.n;
  o.id_size_ = L.id_size;
  o.off_size_ = L.off_size;
  o.ids_pos_ = L.ids_pos;
  o.offs_pos_ = L.offs_pos;
  o.fields_pos_ = L.fields_pos;
  o.fields_end_ = L.fields_end;
  return o;
}

uint32_t VariantObjectView::field_id(uint32_t i) const {
  return LoadLE(v_.data() + ids_pos_ + size_t{i} * id_size_, id_size_);
}

Result<std::span<const uint8_t>>
VariantObjectView::field_value(uint32_t i) const {
  Layout L;
  L.n = n_;
  L.off_size = off_size_;
  L.offs_pos = offs_pos_;
  L.fields_pos = fields_pos_;
  L.fields_end = fields_end_;
  return ElementAt(v_, L, i, 0);
}

size_t VariantObjectView::field_value_offset(uint32_t i) const {
  return fields_pos_ +
         LoadLE(v_.data() + offs_pos_ + size_t{i} * off_size_, off_size_);
}

Result<VariantArrayView>
VariantArrayView::Parse(std::span<const uint8_t> value) {
  if (value.empty() ||
      VariantBasicTypeOf(value[0]) != VariantBasicType::kArray) {
    return Status::InvalidArgument("variant value is not an array");
  }
  Layout L;
  PARQ_RETURN_IF_ERROR(ParseContainer(value, 0, false, &L));
  VariantArrayView a;
  a.v_ = value;
  a.n_ = L.n;
  a.off_size_ = L.off_size;
  a.offs_pos_ = L.offs_pos;
  a.fields_pos_ = L.fields_pos;
  a.fields_end_ = L.fields_end;
  return a;
}

Result<std::span<const uint8_t>> VariantArrayView::element(uint32_t i) const {
  Layout L;
  L.n = n_;
  L.off_size = off_size_;
  L.offs_pos = offs_pos_;
  L.fields_pos = fields_pos_;
  L.fields_end = fields_end_;
  return ElementAt(v_, L, i, 0);
}

size_t VariantArrayView::element_offset(uint32_t i) const {
  return fields_pos_ +
         LoadLE(v_.data() + offs_pos_ + size_t{i} * off_size_, off_size_);
}

// ---- decoding ----

Status AppendVariantJson(std::string &out, const VariantMetadata &metadata,
                         std::span<const uint8_t> value,
                         const VariantDecodeOptions &options) {
  Decoder d{metadata, options, out, out.size()};
  return d.Value(value, 0, 0);
}

Status AppendVariantJson(std::string &out, std::span<const uint8_t> metadata,
                         std::span<const uint8_t> value,
                         const VariantDecodeOptions &options) {
  PARQ_ASSIGN_OR_RETURN(VariantMetadata md, VariantMetadata::Parse(metadata));
  return AppendVariantJson(out, md, value, options);
}

Status AppendVariantPrimitiveJson(std::string &out,
                                  std::span<const uint8_t> value) {
  if (value.empty())
    return Truncated("value", 1, 0, 0);
  const auto t = VariantBasicTypeOf(value[0]);
  if (t == VariantBasicType::kObject || t == VariantBasicType::kArray) {
    return Status::Corrupt(
        "variant value is an object or array where a primitive was expected");
  }
  return AppendScalar(out, value, 0);
}

Result<size_t> VariantValueSize(std::span<const uint8_t> value) {
  if (value.empty())
    return Truncated("value", 1, 0, 0);
  const auto t = VariantBasicTypeOf(value[0]);
  if (t == VariantBasicType::kPrimitive ||
      t == VariantBasicType::kShortString) {
    return ScalarSize(value, 0);
  }
  Layout L;
  PARQ_RETURN_IF_ERROR(
      ParseContainer(value, 0, t == VariantBasicType::kObject, &L));
  return L.fields_end;
}

} // namespace parq
