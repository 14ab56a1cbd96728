// CompactReader: the out-of-line slow paths (short input, long forms,
// errors), container headers and Skip.  The hot paths are inline in
// compact_reader.h.
#include "thrift/compact_reader.h"

#include <algorithm>
#include <string>
#include <utility>

namespace parq::thrift {

CompactReader::CompactReader(const uint8_t* data, size_t size, const ThriftLimits& limits,
                             uint64_t base_offset)
    : begin_(data), pos_(data), end_(data + size), limits_(limits), base_offset_(base_offset) {}

void CompactReader::Fail(StatusCode code, std::string message) {
  if (!status_.ok()) return;
  message += " at offset ";
  message += std::to_string(base_offset_ + position());
  status_ = Status(code, std::move(message));
  // Sticky: with no bytes left every later read takes its slow path, which
  // finds the reader failed and returns zero.
  end_ = pos_;
  field_type_ = 0;
}

void CompactReader::FailTruncated(size_t need, const char* what) {
  if (!ok()) return;
  Fail(StatusCode::kCorrupt, "truncated input: " + std::string(what) + " needs " + std::to_string(need) +
                                 (need == 1 ? " byte but " : " bytes but ") + std::to_string(remaining()) +
                                 " left");
}

uint64_t CompactReader::ReadVarintSlow(size_t max_bytes, int bits) {
  if (!ok()) return 0;
  // Copy what is left into a zero-padded buffer: a varint that runs past the
  // end then stops at the first padding byte, which shows as "used more
  // bytes than there are".
  uint8_t buf[kMaxVarint64] = {};
  size_t rem = remaining();
  size_t avail = std::min(rem, max_bytes);
  if (avail > 0) std::memcpy(buf, pos_, avail);
  uint64_t v = 0;
  const uint8_t* p = max_bytes == kMaxVarint64 ? DecodeVarint<kMaxVarint64, 64>(buf, &v)
                                               : DecodeVarint<kMaxVarint32, 32>(buf, &v);
  if (p == nullptr) {
    if (buf[max_bytes - 1] & 0x80) {
      Fail(StatusCode::kCorrupt, "varint longer than " + std::to_string(max_bytes) + " bytes");
    } else {
      Fail(StatusCode::kCorrupt, "varint overflows " + std::to_string(bits) + " bits");
    }
    return 0;
  }
  size_t used = static_cast<size_t>(p - buf);
  if (used > rem) {
    Fail(StatusCode::kCorrupt, "truncated varint (" + std::to_string(rem) +
                                   (rem == 1 ? " byte left)" : " bytes left)"));
    return 0;
  }
  pos_ += used;
  return v;
}

int16_t CompactReader::FailI16Range(uint32_t v) {
  if (ok()) Fail(StatusCode::kCorrupt, "i16 varint " + std::to_string(v) + " overflows 16 bits");
  return 0;
}

bool CompactReader::FailBoolByte(uint8_t b) {
  Fail(StatusCode::kCorrupt, "invalid bool byte " + std::to_string(b) + " (expected 0, 1 or 2)");
  return false;
}

void CompactReader::FailBinary(uint32_t len) {
  if (!ok()) return;
  if (static_cast<int64_t>(len) > limits_.max_string_size) {
    Fail(StatusCode::kLimitExceeded, "binary length " + std::to_string(len) + " exceeds the limit " +
                                         std::to_string(limits_.max_string_size));
  } else {
    Fail(StatusCode::kCorrupt, "binary length " + std::to_string(len) + " exceeds the " +
                                   std::to_string(remaining()) + " bytes left");
  }
}

bool CompactReader::FieldBeginSlow(CType* type, int16_t* id) {
  if (pos_ == end_) {
    FailTruncated(1, "field header");
    return false;
  }
  uint32_t b = *pos_;
  uint32_t t = b & 0x0F;
  uint32_t delta = b >> 4;
  if (!ValidType(t)) {
    Fail(StatusCode::kCorrupt, "invalid field type code " + std::to_string(t));
    return false;
  }
  ++pos_;
  int16_t fid;
  if (delta == 0) {
    fid = ReadI16();  // long form: the absolute id
    if (!ok()) return false;
  } else {
    fid = static_cast<int16_t>(last_field_id_ + static_cast<int>(delta));
  }
  last_field_id_ = fid;
  *id = fid;
  *type = static_cast<CType>(t);
  field_type_ = static_cast<uint8_t>(t);
  return true;
}

bool CompactReader::StructBeginSlow() {
  if (!ok()) return false;
  if (depth_ >= limits_.max_depth) {
    Fail(StatusCode::kLimitExceeded, "nesting depth exceeds the limit " + std::to_string(limits_.max_depth));
    return false;
  }
  // Deeper than the inline stack (only with a raised max_depth).
  ++depth_;
  if (struct_depth_ < kInlineStructs) {
    field_stack_[struct_depth_] = last_field_id_;
  } else {
    spill_.push_back(last_field_id_);
  }
  ++struct_depth_;
  last_field_id_ = 0;
  return true;
}

void CompactReader::PopFieldIdSlow() {
  if (struct_depth_ == 0) return;  // unbalanced call; nothing to restore
  --struct_depth_;
  --depth_;
  if (struct_depth_ < kInlineStructs) {
    last_field_id_ = field_stack_[struct_depth_];
  } else {
    last_field_id_ = spill_.back();
    spill_.pop_back();
  }
}

bool CompactReader::CheckContainer(const char* kind, uint32_t n, uint64_t min_entry) {
  if (static_cast<int64_t>(n) > limits_.max_container_size) {
    Fail(StatusCode::kLimitExceeded, std::string(kind) + " size " + std::to_string(n) + " exceeds the limit " +
                                         std::to_string(limits_.max_container_size));
    return false;
  }
  if (uint64_t{n} * min_entry > remaining()) {
    std::string each = min_entry == 1 ? "" : " (at least " + std::to_string(min_entry) + " bytes each)";
    Fail(StatusCode::kCorrupt, std::string(kind) + " size " + std::to_string(n) + each + " exceeds the " +
                                   std::to_string(remaining()) + " bytes left");
    return false;
  }
  if (depth_ >= limits_.max_depth) {
    Fail(StatusCode::kLimitExceeded, "nesting depth exceeds the limit " + std::to_string(limits_.max_depth));
    return false;
  }
  ++depth_;
  return true;
}

bool CompactReader::ListBeginSlow(CType* elem_type, uint32_t* size) {
  if (pos_ == end_) {
    FailTruncated(1, "list header");
    return false;
  }
  uint32_t b = *pos_;
  uint32_t t = b & 0x0F;
  uint32_t n = b >> 4;
  ++pos_;
  if (n == 15) {
    n = ReadVarint32();
    if (!ok()) return false;
  }
  // An empty list with element type 0 carries no elements to misread; some
  // writers emit it, so it is accepted.
  if (!ValidType(t) && !(t == 0 && n == 0)) {
    Fail(StatusCode::kCorrupt, "invalid list element type code " + std::to_string(t));
    return false;
  }
  if (!CheckContainer("list", n, MinBytes(t))) return false;
  *elem_type = static_cast<CType>(t);
  *size = n;
  return true;
}

bool CompactReader::MapBegin(CType* key_type, CType* value_type, uint32_t* size) {
  uint32_t n = ReadVarint32();
  if (!ok()) return false;
  uint32_t kt = 0;
  uint32_t vt = 0;
  if (n != 0) {  // an empty map has no type byte
    if (pos_ == end_) {
      FailTruncated(1, "map key/value types");
      return false;
    }
    uint32_t b = *pos_;
    kt = b >> 4;
    vt = b & 0x0F;
    if (!ValidType(kt) || !ValidType(vt)) {
      Fail(StatusCode::kCorrupt, "invalid map key/value type codes " + std::to_string(kt) + "/" + std::to_string(vt));
      return false;
    }
    ++pos_;
  }
  if (!CheckContainer("map", n, MinBytes(kt) + MinBytes(vt))) return false;
  *key_type = static_cast<CType>(kt);
  *value_type = static_cast<CType>(vt);
  *size = n;
  return true;
}

// Skips a value that is not a struct or container; false for those.
inline bool CompactReader::SkipScalar(CType type) {
  switch (type) {
    case CType::kBoolTrue:
    case CType::kBoolFalse:
      (void)ReadBool();  // a field's value was in its header; an element is one byte
      return true;
    case CType::kByte:
      (void)ReadByte();
      return true;
    case CType::kI16:
      (void)ReadI16();
      return true;
    case CType::kI32:
      (void)ReadVarint32();
      return true;
    case CType::kI64:
      (void)ReadVarint64();
      return true;
    case CType::kDouble:
      (void)ReadDouble();
      return true;
    case CType::kBinary: {
      uint32_t len = ReadVarint32();
      if (len > remaining() || static_cast<int64_t>(len) > limits_.max_string_size) [[unlikely]] {
        FailBinary(len);
        return true;
      }
      pos_ += len;
      return true;
    }
    default:
      return false;
  }
}

void CompactReader::Skip(CType type) {
  if (SkipScalar(type)) return;
  switch (type) {
    case CType::kStruct: {
      int16_t outer_field_id = 0;  // on the C stack: Skip recurses, depth-capped
      if (!StructBegin(&outer_field_id)) return;
      CType t;
      int16_t id;
      // After a failure FieldBegin returns false, which ends the loop.
      while (FieldBegin(&t, &id)) {
        if (!SkipScalar(t)) Skip(t);
      }
      if (!ok()) return;
      StructEnd(outer_field_id);
      return;
    }
    case CType::kList:
    case CType::kSet: {
      CType et;
      uint32_t n;
      if (!ListBegin(&et, &n)) return;
      if (et == CType::kByte || et == CType::kDouble) {
        // Fixed width: ListBegin checked that n elements fit the bytes left.
        pos_ += static_cast<size_t>(n) * (et == CType::kByte ? 1 : 8);
      } else {
        for (uint32_t i = 0; i < n && ok(); ++i) {
          if (!SkipScalar(et)) Skip(et);
        }
      }
      ContainerEnd();
      return;
    }
    case CType::kMap: {
      CType kt, vt;
      uint32_t n;
      if (!MapBegin(&kt, &vt, &n)) return;
      for (uint32_t i = 0; i < n && ok(); ++i) {
        if (!SkipScalar(kt)) Skip(kt);
        if (!SkipScalar(vt)) Skip(vt);
      }
      ContainerEnd();
      return;
    }
    default:
      break;
  }
  Fail(StatusCode::kCorrupt, "cannot skip a value of type code " + std::to_string(static_cast<int>(type)));
}

}  // namespace parq::thrift
