// arrow/arrow_type.h — the Arrow type each projected field of a Parquet
// schema maps to (the table of docs/arrow.md), and its ArrowSchema.
//
// An ArrowField mirrors one PlanNode of the assembly plan (record/
// assembly_plan.h): a struct, a list, a map or a leaf.  A
// leaf also says how its physical values become Arrow's (`conv`).
// ArrowField trees are values; they point into the plan, which must outlive
// them.
#ifndef PARQ_ARROW_ARROW_TYPE_H_
#define PARQ_ARROW_ARROW_TYPE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "parq/arrow_c.h"
#include "parq/file_reader.h"
#include "record/assembly_plan.h"

namespace parq::arrow {

// How a leaf's physical values become its Arrow values.
enum class LeafConv : uint8_t {
  kSame,           // the physical bytes are Arrow's (ints, floats, dates, times, FIXED_LEN_BYTE_ARRAY)
  kBool,           // a bitmap
  kInt8,           // INT32 narrowed to 1 byte (INT(8, *))
  kInt16,          // INT32 narrowed to 2 bytes (INT(16, *))
  kDecimalInt32,   // INT32 unscaled → 16 / 32-byte little-endian two's complement
  kDecimalInt64,   // INT64 unscaled → the same
  kDecimalBytes,   // big-endian two's complement (FIXED_LEN_BYTE_ARRAY / BYTE_ARRAY) → the same
  kInt96Nanos,     // INT96 (nanoseconds of the day, Julian day) → int64 ns since the epoch
  kIntervalMdn,    // INTERVAL (months, days, millis; u32 each) → month_day_nano
  kBinary,         // BYTE_ARRAY → offsets + data
  kNull,           // UNKNOWN: no buffers
};

struct ArrowField {
  enum class Kind : uint8_t { kStruct, kList, kMap, kLeaf };
  Kind kind = Kind::kLeaf;
  const PlanNode* plan = nullptr;
  std::string name;
  std::string format;    // Arrow's format string ("l", "+s", "tsu:UTC", "d:12,2", ...)
  std::string metadata;  // Arrow's metadata encoding (extension name/metadata), or empty
  bool nullable = false;
  std::vector<ArrowField> children;  // struct fields; list: {element}; map: {entries {key, value}}
  // Leaves:
  int column = -1;
  LeafConv conv = LeafConv::kSame;
  int width = 0;          // Arrow bytes per value of a fixed-width leaf (0: bitmap, binary, null)
  int physical_width = 0; // bytes per physical value (FIXED_LEN_BYTE_ARRAY: type_length; INT96: 12)
  bool large = false;     // list: large_list; binary leaf: large_utf8 / large_binary (int64 offsets)
  bool dictionary = false;  // exported as dictionary<int32, format> (ArrowReadOptions::dictionary_arrays)
  bool flat = false;      // a top-level, non-repeated leaf (read batch by batch, not via ColumnarReader)
};

struct ArrowTypeOptions {
  bool dictionary_arrays = false;
  std::vector<int> row_groups;  // the row groups whose chunks bound the offsets (large types)
  // Flat string / binary columns' offsets bound by the sum of the chunks'
  // bytes (one batch spans them: ArrowReadOptions::one_batch), int64 when
  // the metadata cannot bound them.
  bool span_row_groups = false;
  bool decimal64 = false;  // ArrowReadOptions::decimal64
};

// The top-level fields of `plan`, mapped.  kUnsupported for a type Arrow
// cannot hold (an INTERVAL of another width, a decimal over 76 digits).
Result<std::vector<ArrowField>> MapFields(const FileReader& file, const AssemblyPlan& plan,
                                          const ArrowTypeOptions& options);
// The same for a schema with no one file behind it (a dataset's unified
// schema): without `metadata` to bound them, utf8 / binary / list offsets
// are int32 (PrepareNested fails with kLimitExceeded on a row group that
// overflows them).
Result<std::vector<ArrowField>> MapSchemaFields(const Schema& schema, const FileMetaData* metadata,
                                                const AssemblyPlan& plan, const ArrowTypeOptions& options);

// *out: a struct schema over `fields` (named "", not nullable), the caller's
// to release.
void ExportSchema(const std::vector<ArrowField>& fields, struct ArrowSchema* out);

}  // namespace parq::arrow

#endif  // PARQ_ARROW_ARROW_TYPE_H_
