// CompactWriter: framing and container headers.  The per-value writes are
// inline in compact_writer.h.
#include "thrift/compact_writer.h"

#include <utility>

namespace parq::thrift {

CompactWriter::CompactWriter() = default;

void CompactWriter::StructBegin() {
  field_stack_.push_back(last_field_id_);
  last_field_id_ = 0;
}

void CompactWriter::StructEnd() {
  PutByte(static_cast<uint8_t>(CType::kStop));
  if (field_stack_.empty()) {  // unbalanced call: behave as at top level
    last_field_id_ = 0;
    return;
  }
  last_field_id_ = field_stack_.back();
  field_stack_.pop_back();
}

void CompactWriter::ListBegin(CType elem_type, uint32_t size) {
  uint8_t code = ElemCode(elem_type);
  if (size <= 14) {
    PutByte(static_cast<uint8_t>(size << 4) | code);
  } else {
    PutByte(0xF0 | code);
    PutVarint(size);
  }
}

void CompactWriter::MapBegin(CType key_type, CType value_type, uint32_t size) {
  if (size == 0) {
    PutByte(0);
    return;
  }
  PutVarint(size);
  PutByte(static_cast<uint8_t>(ElemCode(key_type) << 4) | ElemCode(value_type));
}

std::string CompactWriter::Take() {
  std::string out = std::move(buf_);
  Clear();
  return out;
}

void CompactWriter::Clear() {
  buf_.clear();
  last_field_id_ = 0;
  field_stack_.clear();
}

}  // namespace parq::thrift
