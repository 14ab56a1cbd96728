// ArrowArray → ColumnView (arrow/import_array.h).
#include "arrow/import_array.h"

#include <cstring>
#include <limits>
#include <string>

namespace parq {

namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max() / 64;
constexpr int64_t kMsPerDay = 86400000;

inline bool Bit(const uint8_t* bits, int64_t i) { return ((bits[i >> 3] >> (i & 7)) & 1) != 0; }
inline void SetBit(uint8_t* bits, int64_t i) { bits[i >> 3] = static_cast<uint8_t>(bits[i >> 3] | (1u << (i & 7))); }

Status Bad(const ImportNode& n, const std::string& what) {
  return Status::InvalidArgument("Arrow array '" + n.path + "' (format '" + n.format + "'): " + what);
}

template <typename T>
T Load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

// Checks what every array needs: not released, sane length and offset, the
// buffer and child counts of its format, a bitmap where nulls are counted.
Status CheckArray(const ImportNode& n, const ArrowArray& a, int64_t buffers, int64_t children, bool at_least = false) {
  if (a.release == nullptr) return Bad(n, "a released array");
  if (a.length < 0 || a.offset < 0 || a.length > kMax || a.offset > kMax - a.length) {
    return Bad(n, "length " + std::to_string(a.length) + " at offset " + std::to_string(a.offset));
  }
  if (at_least ? a.n_buffers < buffers : a.n_buffers != buffers) {
    return Bad(n, std::to_string(a.n_buffers) + " buffers where the format has " + (at_least ? "at least " : "") +
                      std::to_string(buffers));
  }
  if (a.n_buffers > 0 && a.buffers == nullptr) return Bad(n, "a NULL buffer list");
  if (a.n_children != children) {
    return Bad(n, std::to_string(a.n_children) + " children where the schema has " + std::to_string(children));
  }
  if (children > 0 && a.children == nullptr) return Bad(n, "a NULL child list");
  for (int64_t i = 0; i < children; ++i) {
    if (a.children[i] == nullptr) return Bad(n, "a NULL child " + std::to_string(i));
  }
  if (buffers > 0 && a.buffers[0] == nullptr && a.null_count > 0) {
    return Bad(n, "a null count of " + std::to_string(a.null_count) + " without a validity bitmap");
  }
  return Status::OK();
}

const uint8_t* BufferAt(const ArrowArray& a, int64_t i) { return static_cast<const uint8_t*>(a.buffers[i]); }

// A present slot i of the array (its own validity only).
inline bool Present(const uint8_t* validity, int64_t i) { return validity == nullptr || Bit(validity, i); }

// Fills out[i] for i in [offset, offset + length) from the values buffer with
// `convert(src, i, dst)`, which may fail; null slots are left zero.
template <typename F>
Status Convert(const ImportNode& n, const ArrowArray& a, int src_width, int dst_width, ImportArena* arena,
               ColumnView* out, F&& convert) {
  const uint8_t* src = BufferAt(a, 1);
  const uint8_t* validity = BufferAt(a, 0);
  const int64_t end = a.offset + a.length;
  uint8_t* dst = arena->Alloc(static_cast<size_t>(end) * static_cast<size_t>(dst_width));
  if (a.length > 0 && src == nullptr) return Bad(n, "no values buffer");
  for (int64_t i = a.offset; i < end; ++i) {
    if (!Present(validity, i)) continue;
    PARQ_RETURN_IF_ERROR(convert(src + i * src_width, i - a.offset, dst + i * dst_width));
  }
  out->values = dst;
  return Status::OK();
}

// The little-endian two's complement `w` bytes at p as the low `n` bytes,
// when the others only extend its sign.
bool FitsIn(const uint8_t* p, int w, int n) {
  const uint8_t ext = (p[n - 1] & 0x80) != 0 ? 0xFF : 0x00;
  for (int i = n; i < w; ++i) {
    if (p[i] != ext) return false;
  }
  return true;
}

Status ConvertLeaf(const ImportNode& n, const ArrowArray& a, ImportArena* arena, ColumnView* out) {
  const int w = n.src_width;
  switch (n.conv) {
    case ImportConv::kNone:
    case ImportConv::kNull:
    case ImportConv::kBinaryView: break;
    case ImportConv::kWiden:
      return Convert(n, a, w, 4, arena, out, [&](const uint8_t* s, int64_t, uint8_t* d) {
        int32_t v = 0;
        if (w == 1) v = n.src_signed ? int32_t{Load<int8_t>(s)} : int32_t{Load<uint8_t>(s)};
        else v = n.src_signed ? int32_t{Load<int16_t>(s)} : int32_t{Load<uint16_t>(s)};
        std::memcpy(d, &v, 4);
        return Status::OK();
      });
    case ImportConv::kDate64:
      return Convert(n, a, 8, 4, arena, out, [&](const uint8_t* s, int64_t slot, uint8_t* d) {
        const int64_t ms = Load<int64_t>(s);
        const int64_t days = ms / kMsPerDay;
        if (ms % kMsPerDay != 0 || days < INT32_MIN || days > INT32_MAX) {
          return Bad(n, "date64 " + std::to_string(ms) + " at slot " + std::to_string(slot) + " is not a whole day");
        }
        const int32_t v = static_cast<int32_t>(days);
        std::memcpy(d, &v, 4);
        return Status::OK();
      });
    case ImportConv::kSecondsToMillis:
      return Convert(n, a, w, w, arena, out, [&](const uint8_t* s, int64_t slot, uint8_t* d) {
        const int64_t sec = w == 4 ? Load<int32_t>(s) : Load<int64_t>(s);
        const int64_t lim = w == 4 ? INT32_MAX / 1000 : INT64_MAX / 1000;
        if (sec > lim || sec < -lim) {
          return Bad(n, std::to_string(sec) + " s at slot " + std::to_string(slot) + " overflows in milliseconds");
        }
        const int64_t ms = sec * 1000;
        if (w == 4) {
          const int32_t v = static_cast<int32_t>(ms);
          std::memcpy(d, &v, 4);
        } else {
          std::memcpy(d, &ms, 8);
        }
        return Status::OK();
      });
    case ImportConv::kDecimal: {
      const int dw = n.physical == PhysicalType::kInt32 ? 4 : n.physical == PhysicalType::kInt64 ? 8 : n.type_length;
      const bool big_endian = n.physical == PhysicalType::kFixedLenByteArray;
      return Convert(n, a, w, dw, arena, out, [&](const uint8_t* s, int64_t slot, uint8_t* d) {
        if (dw < w && !FitsIn(s, w, dw)) {
          return Bad(n, "the decimal at slot " + std::to_string(slot) + " has more digits than its precision");
        }
        if (big_endian) {
          for (int i = 0; i < dw; ++i) d[i] = i < w ? s[dw - 1 - i] : 0;
        } else {
          const uint8_t ext = (s[w - 1] & 0x80) != 0 ? 0xFF : 0x00;
          for (int i = 0; i < dw; ++i) d[i] = i < w ? s[i] : ext;
        }
        return Status::OK();
      });
    }
    case ImportConv::kIntervalMonths:
    case ImportConv::kIntervalDayTime:
    case ImportConv::kIntervalMonthDayNano: {
      const int sw = n.conv == ImportConv::kIntervalMonths ? 4 : n.conv == ImportConv::kIntervalDayTime ? 8 : 16;
      return Convert(n, a, sw, 12, arena, out, [&](const uint8_t* s, int64_t slot, uint8_t* d) {
        int64_t months = 0, days = 0, ms = 0;
        if (n.conv == ImportConv::kIntervalMonths) {
          months = Load<int32_t>(s);
        } else if (n.conv == ImportConv::kIntervalDayTime) {
          days = Load<int32_t>(s);
          ms = Load<int32_t>(s + 4);
        } else {
          months = Load<int32_t>(s);
          days = Load<int32_t>(s + 4);
          const int64_t ns = Load<int64_t>(s + 8);
          if (ns % 1000000 != 0) {
            return Bad(n, "the interval at slot " + std::to_string(slot) + " has a fraction of a millisecond");
          }
          ms = ns / 1000000;
        }
        if (months < 0 || days < 0 || ms < 0 || ms > UINT32_MAX) {
          return Bad(n, "the interval at slot " + std::to_string(slot) +
                            " has no Parquet INTERVAL form (negative, or over 2^32 ms)");
        }
        const uint32_t parts[3] = {static_cast<uint32_t>(months), static_cast<uint32_t>(days),
                                   static_cast<uint32_t>(ms)};
        std::memcpy(d, parts, 12);
        return Status::OK();
      });
    }
  }
  return Status::OK();
}

// utf8_view / binary_view: 16-byte views (length, then 12 inline bytes or a
// prefix, a buffer index and an offset), the data buffers, and their sizes.
Status ImportViews(const ImportNode& n, const ArrowArray& a, ImportArena* arena, ColumnView* out) {
  const int64_t data_buffers = a.n_buffers - 3;
  const uint8_t* views = BufferAt(a, 1);
  const uint8_t* validity = BufferAt(a, 0);
  const int64_t* sizes = static_cast<const int64_t*>(a.buffers[a.n_buffers - 1]);
  if (a.length > 0 && views == nullptr) return Bad(n, "no views buffer");
  if (data_buffers > 0 && sizes == nullptr) return Bad(n, "no buffer sizes");
  const int64_t end = a.offset + a.length;
  auto* ba = reinterpret_cast<ByteArray*>(arena->Alloc(static_cast<size_t>(end) * sizeof(ByteArray)));
  for (int64_t i = a.offset; i < end; ++i) {
    if (!Present(validity, i)) continue;
    const uint8_t* v = views + i * 16;
    const int32_t len = Load<int32_t>(v);
    if (len < 0) return Bad(n, "a view of length " + std::to_string(len) + " at slot " + std::to_string(i - a.offset));
    if (len <= 12) {
      ba[i] = ByteArray(v + 4, static_cast<uint32_t>(len));
      continue;
    }
    const int32_t buf = Load<int32_t>(v + 8), off = Load<int32_t>(v + 12);
    if (buf < 0 || buf >= data_buffers || off < 0 || int64_t{off} + len > sizes[buf] || a.buffers[2 + buf] == nullptr) {
      return Bad(n, "the view at slot " + std::to_string(i - a.offset) + " points outside its data buffers");
    }
    ba[i] = ByteArray(static_cast<const uint8_t*>(a.buffers[2 + buf]) + off, static_cast<uint32_t>(len));
  }
  out->byte_arrays = ba;
  return Status::OK();
}

// A dictionary-encoded array: the values gathered slot by slot through the
// indices, a null index or a null dictionary entry giving a null slot.
Status ImportDictionary(const ImportNode& n, const ArrowArray& a, ImportArena* arena, ColumnView* out) {
  if (a.dictionary == nullptr) return Bad(n, "a dictionary-encoded array without a dictionary");
  ColumnView dv;
  PARQ_RETURN_IF_ERROR(ImportArray(*n.dictionary, *a.dictionary, arena, &dv));
  const int64_t dict_len = dv.length;
  const uint8_t* idx = BufferAt(a, 1);
  const uint8_t* validity = BufferAt(a, 0);
  if (a.length > 0 && idx == nullptr) return Bad(n, "no indices buffer");
  const int64_t end = a.offset + a.length;
  uint8_t* valid = arena->Alloc(static_cast<size_t>((end + 7) / 8));
  const PhysicalType t = n.physical;
  size_t w = 0;
  switch (t) {
    case PhysicalType::kInt32:
    case PhysicalType::kFloat: w = 4; break;
    case PhysicalType::kInt64:
    case PhysicalType::kDouble: w = 8; break;
    case PhysicalType::kFixedLenByteArray: w = static_cast<size_t>(n.type_length); break;
    case PhysicalType::kInt96: w = 12; break;
    default: break;
  }
  uint8_t* fixed = nullptr;
  ByteArray* ba = nullptr;
  if (t == PhysicalType::kByteArray) {
    ba = reinterpret_cast<ByteArray*>(arena->Alloc(static_cast<size_t>(end) * sizeof(ByteArray)));
  } else {
    fixed = arena->Alloc(t == PhysicalType::kBoolean ? static_cast<size_t>((end + 7) / 8) : static_cast<size_t>(end) * w);
  }
  const uint8_t* dvals = static_cast<const uint8_t*>(dv.values);
  if (dict_len > 0 && dvals == nullptr && dv.byte_arrays == nullptr && t != PhysicalType::kByteArray) {
    return Bad(n, "a dictionary without values");
  }
  for (int64_t i = a.offset; i < end; ++i) {
    if (!Present(validity, i)) continue;
    int64_t k = 0;
    const uint8_t* p = idx + i * n.index_width;
    switch (n.index_width) {
      case 1: k = n.index_signed ? Load<int8_t>(p) : Load<uint8_t>(p); break;
      case 2: k = n.index_signed ? Load<int16_t>(p) : Load<uint16_t>(p); break;
      case 4: k = n.index_signed ? Load<int32_t>(p) : Load<uint32_t>(p); break;
      default: k = Load<int64_t>(p); break;
    }
    if (k < 0 || k >= dict_len) {
      return Bad(n, "dictionary index " + std::to_string(k) + " at slot " + std::to_string(i - a.offset) +
                        " outside the " + std::to_string(dict_len) + " values");
    }
    const int64_t at = dv.offset + k;
    if (!Present(dv.validity, at)) continue;  // a null value
    SetBit(valid, i);
    if (t == PhysicalType::kBoolean) {
      if (Bit(dvals, at)) SetBit(fixed, i);
    } else if (t == PhysicalType::kByteArray) {
      if (dv.byte_arrays != nullptr) {
        ba[i] = dv.byte_arrays[at];
        continue;
      }
      const int64_t s = dv.offsets64 ? Load<int64_t>(static_cast<const uint8_t*>(dv.offsets) + at * 8)
                                     : Load<int32_t>(static_cast<const uint8_t*>(dv.offsets) + at * 4);
      const int64_t e = dv.offsets64 ? Load<int64_t>(static_cast<const uint8_t*>(dv.offsets) + (at + 1) * 8)
                                     : Load<int32_t>(static_cast<const uint8_t*>(dv.offsets) + (at + 1) * 4);
      if (s < 0 || e < s || e - s > int64_t{UINT32_MAX} || (e > s && dvals == nullptr)) {
        return Bad(n, "dictionary value " + std::to_string(k) + " has offsets " + std::to_string(s) + ".." +
                          std::to_string(e));
      }
      ba[i] = ByteArray(dvals + s, static_cast<uint32_t>(e - s));
    } else {
      std::memcpy(fixed + i * static_cast<int64_t>(w), dvals + at * static_cast<int64_t>(w), w);
    }
  }
  out->validity = valid;
  out->values = fixed;
  out->byte_arrays = ba;
  return Status::OK();
}

Status ImportLeaf(const ImportNode& n, const ArrowArray& a, ImportArena* arena, ColumnView* out) {
  out->kind = ColumnView::Kind::kLeaf;
  if (n.dictionary != nullptr) {
    PARQ_RETURN_IF_ERROR(CheckArray(n, a, 2, 0));
    return ImportDictionary(n, a, arena, out);
  }
  if (n.conv == ImportConv::kNull) {
    PARQ_RETURN_IF_ERROR(CheckArray(n, a, 0, 0));
    out->validity = arena->Alloc(static_cast<size_t>((a.offset + a.length + 7) / 8));  // all null
    return Status::OK();
  }
  if (n.conv == ImportConv::kBinaryView) {
    PARQ_RETURN_IF_ERROR(CheckArray(n, a, 3, 0, /*at_least=*/true));
    out->validity = BufferAt(a, 0);
    return ImportViews(n, a, arena, out);
  }
  const bool binary = n.physical == PhysicalType::kByteArray;
  PARQ_RETURN_IF_ERROR(CheckArray(n, a, binary ? 3 : 2, 0));
  out->validity = BufferAt(a, 0);
  if (binary) {
    out->offsets = a.buffers[1];
    out->offsets64 = n.large;
    out->values = a.buffers[2];
    return Status::OK();
  }
  if (n.conv == ImportConv::kNone) {
    out->values = a.buffers[1];
    return Status::OK();
  }
  return ConvertLeaf(n, a, arena, out);
}

}  // namespace

Status ImportArray(const ImportNode& n, const ArrowArray& a, ImportArena* arena, ColumnView* out) {
  *out = ColumnView();
  out->length = a.length;
  out->offset = a.offset;
  switch (n.kind) {
    case ColumnView::Kind::kLeaf: return ImportLeaf(n, a, arena, out);
    case ColumnView::Kind::kStruct: {
      PARQ_RETURN_IF_ERROR(CheckArray(n, a, 1, static_cast<int64_t>(n.children.size())));
      out->kind = ColumnView::Kind::kStruct;
      out->validity = BufferAt(a, 0);
      out->children.resize(n.children.size());
      for (size_t i = 0; i < n.children.size(); ++i) {
        PARQ_RETURN_IF_ERROR(ImportArray(n.children[i], *a.children[i], arena, &out->children[i]));
      }
      return Status::OK();
    }
    case ColumnView::Kind::kList: {
      const bool fixed = n.list_size > 0;
      PARQ_RETURN_IF_ERROR(CheckArray(n, a, fixed ? 1 : 2, 1));
      out->kind = ColumnView::Kind::kList;
      out->validity = BufferAt(a, 0);
      if (fixed) {
        out->list_size = n.list_size;
      } else {
        out->offsets = a.buffers[1];
        out->offsets64 = n.large;
      }
      out->children.resize(1);
      return ImportArray(n.children[0], *a.children[0], arena, &out->children[0]);
    }
    case ColumnView::Kind::kMap: {
      PARQ_RETURN_IF_ERROR(CheckArray(n, a, 2, 1));
      out->kind = ColumnView::Kind::kMap;
      out->validity = BufferAt(a, 0);
      out->offsets = a.buffers[1];
      out->offsets64 = false;
      const ArrowArray& e = *a.children[0];
      ImportNode entries;
      entries.path = n.path + ".entries";
      entries.format = "+s";
      PARQ_RETURN_IF_ERROR(CheckArray(entries, e, 1, 2));
      if (const uint8_t* ev = BufferAt(e, 0); ev != nullptr) {
        for (int64_t i = e.offset; i < e.offset + e.length; ++i) {
          if (!Bit(ev, i)) return Bad(n, "a null map entry at " + std::to_string(i - e.offset));
        }
      }
      // The map's offsets count entries; the key and value are the entries'
      // children, seen through the entries' own offset.
      out->children.resize(2);
      for (size_t i = 0; i < 2; ++i) {
        ColumnView& c = out->children[i];
        PARQ_RETURN_IF_ERROR(ImportArray(n.children[i], *e.children[i], arena, &c));
        if (c.length < e.offset + e.length) {
          return Bad(n.children[i], std::to_string(c.length) + " slots where the map entries need " +
                                        std::to_string(e.offset + e.length));
        }
        c.offset += e.offset;
        c.length = e.length;
      }
      return Status::OK();
    }
  }
  return Status::Internal("unknown Arrow import node");
}

}  // namespace parq
