// CompactWriter: encodes Thrift compact protocol into a growing byte string.
// Writes cannot fail; the caller takes the bytes with data()/size() or Take().
#ifndef PARQ_THRIFT_COMPACT_WRITER_H_
#define PARQ_THRIFT_COMPACT_WRITER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "thrift/compact_types.h"

namespace parq::thrift {

class CompactWriter {
 public:
  CompactWriter();

  void StructBegin();
  void StructEnd();          // writes STOP and restores the previous field id
  void FieldBegin(CType type, int16_t id);  // short form when 0 < delta <= 15
  // A bool field: the value goes into the field header.
  void FieldBool(int16_t id, bool value);

  void WriteBool(bool v);    // a list element: one byte, 1 or 2 as Apache Thrift writes
  void WriteByte(int8_t v);
  void WriteI16(int16_t v);
  void WriteI32(int32_t v);
  void WriteI64(int64_t v);
  void WriteDouble(double v);
  void WriteBinary(std::string_view v);

  void ListBegin(CType elem_type, uint32_t size);
  void SetBegin(CType elem_type, uint32_t size) { ListBegin(elem_type, size); }
  void MapBegin(CType key_type, CType value_type, uint32_t size);

  const uint8_t* data() const;
  size_t size() const;
  std::string Take();
  void Clear();
};

}  // namespace parq::thrift

#endif  // PARQ_THRIFT_COMPACT_WRITER_H_
