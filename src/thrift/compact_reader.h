// CompactReader: decodes Thrift compact protocol from a byte span.
//
// Sticky errors: each Read* returns a value (zero/empty on failure) and the
// first failure is kept in status(); once failed, every later call is a
// no-op.  Generated code checks ok() after each field, so a corrupt input
// stops within one field.  Errors are kCorrupt (truncated or malformed) or
// kLimitExceeded (a ThriftLimits bound) and name the byte offset.
//
// Bounds: no length or count read from the input is used before it is
// checked against the bytes left and the limits, so the largest allocation a
// caller makes from a returned size is bounded by the input size.
//
// Strictness (beyond Apache Thrift, which never writes these forms):
//   - a varint for an i64 takes at most 10 bytes and must fit 64 bits; one
//     for an i32, a length or a size at most 5 bytes and must fit 32 bits;
//     an i16 must fit 16 bits.  Redundant 0x80 padding inside those byte
//     counts is accepted (Apache Thrift and protobuf accept it too).
//   - a bool list element must be 0, 1 or 2; a field, element, key or value
//     type code must be 1..12 (an empty list or set may say 0).
//
// Ownership: the reader borrows the bytes; they must outlive it.
// Thread-safety: none; one reader per thread.
//
// Implementation note: the hot paths (field headers, varints, framing) are
// inline below the class.  Each checks for "enough bytes for the longest
// form" once and then decodes unchecked; anything else (few bytes left, a
// long form, an error) goes to an out-of-line slow path.  A failure sets
// end_ = pos_, so every later read takes the slow path and returns zero
// without a separate ok() test on the fast path.
#ifndef PARQ_THRIFT_COMPACT_READER_H_
#define PARQ_THRIFT_COMPACT_READER_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "parq/status.h"
#include "thrift/compact_types.h"

namespace parq::thrift {

class CompactReader {
 public:
  // `base_offset` is added to positions in error messages (e.g. the file
  // offset of the footer) so that errors point into the file.
  CompactReader(const uint8_t* data, size_t size, const ThriftLimits& limits = {},
                uint64_t base_offset = 0);

  bool ok() const { return status_.ok(); }
  const Status& status() const { return status_; }
  // Bytes consumed so far.
  size_t position() const { return static_cast<size_t>(pos_ - begin_); }
  size_t remaining() const { return static_cast<size_t>(end_ - pos_); }

  // Deferred lists (thriftgen --defer, e.g. RowGroup.columns): when set,
  // their elements are skipped and only their offsets kept.  Off by default.
  void set_defer_lists(bool on) { defer_lists_ = on; }
  bool defer_lists() const { return defer_lists_; }

  // Marks the reader failed (first failure wins) with a message that gets
  // " at offset N" appended.
  void Fail(StatusCode code, std::string message);

  // Struct framing.  StructBegin fails at the depth limit.
  bool StructBegin();
  void StructEnd();
  // The form generated readers use: the enclosing struct's last field id is
  // handed to the caller, which keeps it (in a register) and gives it back
  // to StructEnd, instead of the reader's own stack.  The same checks.
  bool StructBegin(int16_t* outer_field_id);
  void StructEnd(int16_t outer_field_id);
  // Reads the next field header.  Returns false at STOP or on error; for a
  // bool field the value is remembered and ReadBool returns it.
  bool FieldBegin(CType* type, int16_t* id);
  // The in-order fast path of generated readers, which match the next field
  // header against their fields in id order.  PeekField reads nothing and
  // returns FieldKey(id, type) of the next header if it is the short form
  // (one byte, id = previous + 1..15).  Otherwise it returns a key that no
  // field after the previous one matches: 0 at the end of input or after a
  // failure, FieldKey(previous id, t) for a long form (delta 0), a type code
  // of 0 for STOP.  After a match the caller consumes the header with
  // TakeField (TakeBoolField for a bool field, whose value ReadBool then
  // returns); it then acts like FieldBegin.
  uint32_t PeekField() const;
  // Consumes the next header if it is STOP (a type nibble of 0) and returns
  // true; otherwise reads nothing.  The end-of-struct fast path.
  bool TakeStop();
  void TakeField(int16_t id);
  void TakeBoolField(int16_t id, uint32_t key);

  // Values.
  bool ReadBool();
  int8_t ReadByte();
  int16_t ReadI16();
  int32_t ReadI32();
  int64_t ReadI64();
  double ReadDouble();
  // Binary and string share one wire form.
  template <class String>
  void ReadBinary(String* out);
  // The same, as a view into the input bytes (valid while they are); empty
  // on error.  Lets callers construct strings in place.
  std::string_view ReadBinaryView();

  // Containers: the size is checked against the limit and against the bytes
  // left (every element takes at least one byte, a double eight), and the
  // nesting depth is counted; call ContainerEnd after the elements.  A bool
  // element type may be 1 or 2 (test with IsBool); an empty map reports
  // kStop for both its types, an empty list may too.
  bool ListBegin(CType* elem_type, uint32_t* size);
  bool SetBegin(CType* elem_type, uint32_t* size) { return ListBegin(elem_type, size); }
  bool MapBegin(CType* key_type, CType* value_type, uint32_t* size);
  void ContainerEnd();

  // Skips one value of the given type, recursing with the depth cap.
  void Skip(CType type);

 private:
  static constexpr size_t kMaxVarint64 = 10;
  static constexpr size_t kMaxVarint32 = 5;

  // Decodes a varint of at most N bytes at p, all N readable.  Returns the
  // byte after it, or nullptr when byte N still has the continuation bit or
  // sets bits above `Bits`.
  template <size_t N, int Bits>
  static const uint8_t* DecodeVarint(const uint8_t* p, uint64_t* out);
  static size_t DecodeVarintWord(const uint8_t* p, uint64_t* out);

  uint32_t ReadVarint32();  // unsigned, for lengths, sizes and i16/i32
  uint64_t ReadVarint64();
  uint64_t ReadVarintSlow(size_t max_bytes, int bits);
  [[gnu::cold]] void FailTruncated(size_t need, const char* what);

  bool FieldBeginSlow(CType* type, int16_t* id);
  bool StructBeginSlow();
  bool ListBeginSlow(CType* elem_type, uint32_t* size);
  [[gnu::cold]] int16_t FailI16Range(uint32_t v);
  [[gnu::cold]] bool FailBoolByte(uint8_t b);
  [[gnu::cold]] void FailBinary(uint32_t len);
  void PopFieldIdSlow();
  // Checks a container of `n` entries, each at least `min_entry` bytes,
  // against the limit, the bytes left and the depth; on success counts the
  // depth.
  bool SkipScalar(CType type);
  bool CheckContainer(const char* kind, uint32_t n, uint64_t min_entry);
  static bool ValidType(uint32_t t) { return t - 1u < 12u; }
  static uint32_t MinBytes(uint32_t t) { return t == static_cast<uint32_t>(CType::kDouble) ? 8u : 1u; }

  const uint8_t* begin_;
  const uint8_t* pos_;
  const uint8_t* end_;
  ThriftLimits limits_;
  uint64_t base_offset_;
  Status status_;
  int32_t depth_ = 0;  // open structs and containers
  int16_t last_field_id_ = 0;
  // The type code of the last field header while its value is unread; a
  // bool field (1 or 2) hands its value to ReadBool/Skip, which clear it.
  uint8_t field_type_ = 0;
  bool defer_lists_ = false;
  // The enclosing structs' last field ids (for the id deltas): the first
  // kInlineStructs in place, deeper ones in spill_.
  static constexpr int kInlineStructs = 32;
  int32_t struct_depth_ = 0;
  int16_t field_stack_[kInlineStructs];
  std::vector<int16_t> spill_;
};

// ---------------------------------------------------------------------------
// Inline hot paths.  They are forced inline: generated readers call them for
// every field, and a call costs about as much as the work itself.

#define PARQ_THRIFT_HOT inline __attribute__((always_inline))

template <size_t N, int Bits>
PARQ_THRIFT_HOT const uint8_t* CompactReader::DecodeVarint(const uint8_t* p, uint64_t* out) {
  // Each step adds the byte with its continuation bit, then removes that bit
  // when it turns out to be set; this keeps the loop to one test per byte.
  uint64_t b = p[0];
  uint64_t r = b;
  if (b < 0x80) [[likely]] {
    *out = r;
    return p + 1;
  }
  r -= 0x80;
#pragma GCC unroll 10
  for (size_t i = 1; i < N; ++i) {
    b = p[i];
    r += b << (7 * i);
    if (b < 0x80) {
      if (i == N - 1 && (b >> (Bits - 7 * (N - 1))) != 0) return nullptr;  // overflow
      *out = r;
      return p + i + 1;
    }
    r -= uint64_t{0x80} << (7 * i);
  }
  return nullptr;  // the last byte still continues: too long
}

// A varint of up to 8 bytes from 8 readable bytes, without a branch per
// byte: the first byte with its high bit clear ends it; the 7-bit groups
// below it are then packed together in three mask-and-shift steps. Returns
// the bytes used, or 0 for a varint longer than 8 bytes.
PARQ_THRIFT_HOT size_t CompactReader::DecodeVarintWord(const uint8_t* p, uint64_t* out) {
  uint64_t x;
  std::memcpy(&x, p, 8);
  if constexpr (std::endian::native == std::endian::big) x = __builtin_bswap64(x);
  const uint64_t stop = ~x & 0x8080808080808080ull;
  if (stop == 0) [[unlikely]] return 0;
  x &= (stop ^ (stop - 1)) & 0x7f7f7f7f7f7f7f7full;  // the bytes up to the last one
  x = (x & 0x007f007f007f007full) | ((x & 0x7f007f007f007f00ull) >> 1);
  x = (x & 0x00003fff00003fffull) | ((x & 0x3fff00003fff0000ull) >> 2);
  x = (x & 0x000000000fffffffull) | ((x & 0x0fffffff00000000ull) >> 4);
  *out = x;
  return static_cast<size_t>(std::countr_zero(stop) >> 3) + 1;
}

PARQ_THRIFT_HOT uint32_t CompactReader::ReadVarint32() {
  if (static_cast<size_t>(end_ - pos_) >= 8) [[likely]] {
    const uint8_t b = *pos_;
    if (b < 0x80) [[likely]] {
      ++pos_;
      return b;
    }
    uint64_t v;
    const size_t n = DecodeVarintWord(pos_, &v);
    // Longer than 5 bytes or above 32 bits: the slow path names the error.
    if (n != 0 && n <= kMaxVarint32 && v <= 0xFFFFFFFFull) [[likely]] {
      pos_ += n;
      return static_cast<uint32_t>(v);
    }
  }
  return static_cast<uint32_t>(ReadVarintSlow(kMaxVarint32, 32));
}

PARQ_THRIFT_HOT uint64_t CompactReader::ReadVarint64() {
  if (static_cast<size_t>(end_ - pos_) >= 8) [[likely]] {
    const uint8_t b = *pos_;
    if (b < 0x80) [[likely]] {
      ++pos_;
      return b;
    }
    uint64_t v;
    const size_t n = DecodeVarintWord(pos_, &v);
    if (n != 0) [[likely]] {
      pos_ += n;
      return v;
    }
  }
  return ReadVarintSlow(kMaxVarint64, 64);  // 9 or 10 bytes, the end of input, errors
}

PARQ_THRIFT_HOT int16_t CompactReader::ReadI16() {
  uint32_t v = ReadVarint32();
  if (v > 0xFFFF) [[unlikely]] return FailI16Range(v);
  return static_cast<int16_t>((v >> 1) ^ (0u - (v & 1)));
}

PARQ_THRIFT_HOT int32_t CompactReader::ReadI32() {
  uint32_t v = ReadVarint32();
  return static_cast<int32_t>((v >> 1) ^ (0u - (v & 1)));
}

PARQ_THRIFT_HOT int64_t CompactReader::ReadI64() {
  uint64_t v = ReadVarint64();
  return static_cast<int64_t>((v >> 1) ^ (uint64_t{0} - (v & 1)));
}

PARQ_THRIFT_HOT int8_t CompactReader::ReadByte() {
  if (pos_ == end_) [[unlikely]] {
    FailTruncated(1, "byte");
    return 0;
  }
  return static_cast<int8_t>(*pos_++);
}

PARQ_THRIFT_HOT bool CompactReader::ReadBool() {
  if (field_type_ - 1u < 2u) {  // a bool field: the value was in the header
    bool v = field_type_ == 1;
    field_type_ = 0;
    return v;
  }
  if (pos_ == end_) [[unlikely]] {
    FailTruncated(1, "bool");
    return false;
  }
  uint8_t b = *pos_;
  if (b > 2) [[unlikely]] return FailBoolByte(b);
  ++pos_;
  return b == 1;
}

PARQ_THRIFT_HOT double CompactReader::ReadDouble() {
  if (static_cast<size_t>(end_ - pos_) < 8) [[unlikely]] {
    FailTruncated(8, "double");
    return 0.0;
  }
  uint64_t bits;
  std::memcpy(&bits, pos_, 8);
  if constexpr (std::endian::native == std::endian::big) bits = __builtin_bswap64(bits);
  pos_ += 8;
  return std::bit_cast<double>(bits);
}

PARQ_THRIFT_HOT std::string_view CompactReader::ReadBinaryView() {
  uint32_t len = ReadVarint32();
  if (len > static_cast<size_t>(end_ - pos_) ||
      static_cast<int64_t>(len) > limits_.max_string_size) [[unlikely]] {
    FailBinary(len);
    return {};
  }
  // A bad length varint fails the reader and yields 0, so this is "".
  const char* p = reinterpret_cast<const char*>(pos_);
  pos_ += len;
  return {p, len};
}

template <class String>
PARQ_THRIFT_HOT void CompactReader::ReadBinary(String* out) {
  std::string_view v = ReadBinaryView();
  if constexpr (requires { out->capacity(); }) {
    // Into existing capacity: copy in place.  Otherwise construct the string
    // at its size (one allocation and copy) rather than growing the old one.
    if (v.size() <= out->capacity()) {
      out->assign(v.data(), v.size());
    } else {
      *out = String(v);
    }
  } else {
    *out = v;
  }
}

PARQ_THRIFT_HOT bool CompactReader::TakeStop() {
  if (pos_ == end_ || (*pos_ & 0x0F) != 0) return false;
  ++pos_;
  field_type_ = 0;
  return true;
}

PARQ_THRIFT_HOT bool CompactReader::FieldBegin(CType* type, int16_t* id) {
  if (pos_ == end_) [[unlikely]] return FieldBeginSlow(type, id);
  uint32_t b = *pos_;
  uint32_t t = b & 0x0F;
  uint32_t delta = b >> 4;
  if (t == 0) {  // STOP (Apache Thrift ignores the high nibble too)
    ++pos_;
    field_type_ = 0;
    return false;
  }
  if (delta == 0 || !ValidType(t)) [[unlikely]] return FieldBeginSlow(type, id);
  ++pos_;
  int16_t fid = static_cast<int16_t>(last_field_id_ + static_cast<int>(delta));
  last_field_id_ = fid;
  *id = fid;
  *type = static_cast<CType>(t);
  field_type_ = static_cast<uint8_t>(t);
  return true;
}

PARQ_THRIFT_HOT uint32_t CompactReader::PeekField() const {
  if (pos_ == end_) [[unlikely]] return 0;
  uint32_t b = *pos_;
  // In the fast path last_field_id_ is 0 or a field's (positive) id, so the
  // sum is at most 32767 + 15 and its key is no field's. The key
  // ((last + delta) << 4) | type is just (last << 4) + the header byte.
  return (static_cast<uint32_t>(static_cast<uint16_t>(last_field_id_)) << 4) + b;
}

PARQ_THRIFT_HOT void CompactReader::TakeField(int16_t id) {
  // field_type_ only matters for bools: it is 0 or a non-bool code here,
  // as every bool field's value has been read (ReadBool clears it).
  ++pos_;
  last_field_id_ = id;
}

PARQ_THRIFT_HOT void CompactReader::TakeBoolField(int16_t id, uint32_t key) {
  ++pos_;
  last_field_id_ = id;
  field_type_ = static_cast<uint8_t>(key & 0x0F);
}

PARQ_THRIFT_HOT bool CompactReader::StructBegin() {
  if (depth_ >= limits_.max_depth || struct_depth_ >= kInlineStructs || !ok()) [[unlikely]] {
    return StructBeginSlow();
  }
  ++depth_;
  field_stack_[struct_depth_++] = last_field_id_;
  last_field_id_ = 0;
  return true;
}

PARQ_THRIFT_HOT bool CompactReader::StructBegin(int16_t* outer_field_id) {
  if (depth_ >= limits_.max_depth || !ok()) [[unlikely]] return StructBeginSlow();  // fails
  ++depth_;
  *outer_field_id = last_field_id_;
  last_field_id_ = 0;
  return true;
}

PARQ_THRIFT_HOT void CompactReader::StructEnd(int16_t outer_field_id) {
  last_field_id_ = outer_field_id;
  --depth_;
}

PARQ_THRIFT_HOT void CompactReader::StructEnd() {
  if (struct_depth_ > kInlineStructs || struct_depth_ == 0) [[unlikely]] return PopFieldIdSlow();
  last_field_id_ = field_stack_[--struct_depth_];
  --depth_;
}

PARQ_THRIFT_HOT bool CompactReader::ListBegin(CType* elem_type, uint32_t* size) {
  if (pos_ != end_) [[likely]] {
    uint32_t b = *pos_;
    uint32_t n = b >> 4;
    uint32_t t = b & 0x0F;
    // Short form, a valid one-byte-minimum element type, fits the bytes
    // left, the limit and the depth: the common case, no further checks.
    if (n != 15 && ValidType(t) && t != static_cast<uint32_t>(CType::kDouble) &&
        n < static_cast<size_t>(end_ - pos_) && static_cast<int64_t>(n) <= limits_.max_container_size &&
        depth_ < limits_.max_depth) [[likely]] {
      ++pos_;
      ++depth_;
      *elem_type = static_cast<CType>(t);
      *size = n;
      return true;
    }
  }
  return ListBeginSlow(elem_type, size);
}

PARQ_THRIFT_HOT void CompactReader::ContainerEnd() {
  if (depth_ > 0) --depth_;
}

}  // namespace parq::thrift

#undef PARQ_THRIFT_HOT

#endif  // PARQ_THRIFT_COMPACT_READER_H_
