// arrow/import_schema.h — an Arrow schema mapped to a Parquet schema, with
// what each field's arrays need to become ColumnViews (arrow/import_array.h).
//
// One ImportNode per Arrow field (a map's entries struct is folded into the
// map: its children are the key and the value).  `conv` says how a leaf's
// values reach the Parquet physical layout: kNone hands the Arrow buffers
// over as they are; every other kind converts into memory of the batch.
// Thread-safety: plain values.
#ifndef PARQ_ARROW_IMPORT_SCHEMA_H_
#define PARQ_ARROW_IMPORT_SCHEMA_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "parq/arrow_c.h"
#include "parq/columnar_writer.h"
#include "parq/result.h"
#include "parq/schema.h"

namespace parq {

enum class ImportConv : uint8_t {
  kNone,               // the Arrow buffers are the Parquet layout
  kNull,               // the null type: every slot null
  kWiden,              // int8 / uint8 / int16 / uint16 → int32
  kDate64,             // milliseconds → days (whole days only)
  kSecondsToMillis,    // time32[s] → int32 ms, timestamp[s] → int64 ms
  kDecimal,            // decimal32/64/128/256 → INT32 / INT64 / big-endian FIXED
  kIntervalMonths,     // interval[months] → INTERVAL (months, 0, 0)
  kIntervalDayTime,    // interval[days, ms] → INTERVAL (0, days, ms)
  kIntervalMonthDayNano,  // → INTERVAL (months, days, ns / 10^6) when whole ms
  kBinaryView,         // utf8_view / binary_view → one ByteArray a slot
};

struct ImportNode {
  ColumnView::Kind kind = ColumnView::Kind::kLeaf;
  std::string path;    // dotted, for messages
  std::string format;  // the Arrow format string
  bool nullable = false;
  // Leaves.
  PhysicalType physical = PhysicalType::kInt32;
  int32_t type_length = -1;
  ImportConv conv = ImportConv::kNone;
  int src_width = 0;        // bytes of one Arrow value (kWiden, kDecimal, ...)
  bool src_signed = true;   // kWiden
  bool large = false;       // 64-bit offsets: large_utf8 / large_binary / large_list
  // kList: a fixed-size list when > 0.
  int32_t list_size = 0;
  // A dictionary-encoded leaf: the index width and sign, and the values.
  int index_width = 0;
  bool index_signed = true;
  std::unique_ptr<ImportNode> dictionary;
  std::vector<ImportNode> children;
};

struct ArrowImportPlan {
  Schema schema;
  ImportNode root;  // the batch struct; children are the columns
};

// kUnsupported for a type with no Parquet form, kInvalidArgument for a
// malformed schema (both naming the field).
Result<ArrowImportPlan> PlanArrowImport(const ArrowSchema& schema);

}  // namespace parq

#endif  // PARQ_ARROW_IMPORT_SCHEMA_H_
