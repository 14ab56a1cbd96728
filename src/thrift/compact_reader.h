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
// Ownership: the reader borrows the bytes; they must outlive it.
// Thread-safety: none; one reader per thread.
#ifndef PARQ_THRIFT_COMPACT_READER_H_
#define PARQ_THRIFT_COMPACT_READER_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "parq/status.h"
#include "thrift/compact_types.h"

namespace parq::thrift {

class CompactReader {
 public:
  // `base_offset` is added to positions in error messages (e.g. the file
  // offset of the footer) so that errors point into the file.
  CompactReader(const uint8_t* data, size_t size, const ThriftLimits& limits = {},
                uint64_t base_offset = 0);

  bool ok() const;
  const Status& status() const;
  // Bytes consumed so far.
  size_t position() const;
  size_t remaining() const;

  // Marks the reader failed (first failure wins) with a message that gets
  // " at offset N" appended.
  void Fail(StatusCode code, std::string message);

  // Struct framing.  StructBegin fails at the depth limit.
  bool StructBegin();
  void StructEnd();
  // Reads the next field header.  Returns false at STOP or on error; for a
  // bool field the value is remembered and ReadBool returns it.
  bool FieldBegin(CType* type, int16_t* id);

  // Values.
  bool ReadBool();
  int8_t ReadByte();
  int16_t ReadI16();
  int32_t ReadI32();
  int64_t ReadI64();
  double ReadDouble();
  // Binary and string share one wire form.
  void ReadBinary(std::string* out);

  // Containers: the size is checked against the limit and against the bytes
  // left (every element takes at least one byte), and the nesting depth is
  // counted; call ContainerEnd after the elements.
  bool ListBegin(CType* elem_type, uint32_t* size);
  bool SetBegin(CType* elem_type, uint32_t* size) { return ListBegin(elem_type, size); }
  bool MapBegin(CType* key_type, CType* value_type, uint32_t* size);
  void ContainerEnd();

  // Skips one value of the given type, recursing with the depth cap.
  void Skip(CType type);
};

}  // namespace parq::thrift

#endif  // PARQ_THRIFT_COMPACT_READER_H_
