// parq/json.h — rows as the canonical JSON of docs/rows-as-json.md (the text
// `parq cat --format jsonl` prints), both ways.
//
//   PARQ_ASSIGN_OR_RETURN(auto file, parq::FileReader::Open("data.parquet"));
//   PARQ_ASSIGN_OR_RETURN(auto rows, parq::JsonRowReader::Open(*file));
//   std::string line;
//   while (true) {
//     line.clear();
//     PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&line));
//     if (!more) break;
//     ...
//   }
//
// JsonRowReader reads rows as RowReader does (parq/record.h: the same
// projection, batches, row order and errors) but writes each row's text
// directly, without building a Value tree: logical types applied, variants
// decoded (shredded ones reassembled).  ToJson gives the same text for a
// Value row that a RowReader with the same source and options returned.
//
// JsonRowParser turns one canonical JSON row back into such a Value, driven by
// the schema's logical types (decimals, dates, times, timestamps, INT96, UUID,
// base64 binary, FLOAT16, intervals, "NaN" / "Infinity" / "-Infinity").  An
// object key that is absent reads as null; an unknown key, or one given twice
// in an object, is an error.  A DECIMAL(p, s) takes at most s fraction digits
// and p digits in all.  A STRING / ENUM / JSON value, and a VARIANT's strings
// and keys, must be well-formed UTF-8, and a "\u" escape of a lone surrogate
// ("\ud800") is not: both are errors naming the field, unless
// JsonRowParserOptions::replace_invalid_utf8 asks for U+FFFD instead.  A
// VARIANT's decoded JSON is encoded again with the simplest variant types that
// print the same text, and shredded into the group's typed_value as
// VariantShredding.md lays it out: a value that fits a typed_value leaf goes
// there (by the leaf's logical type: a date string into a DATE, a timestamp
// string into a TIMESTAMP, a decimal string of exactly the leaf's scale of
// fraction digits, or a number, into a DECIMAL; docs/variant.md), arrays into a LIST of {value, typed_value} elements, objects field
// by field (fields the typed group lacks stay in value as a partial object; an
// absent field leaves both of its columns null); what does not fit goes to
// value, and is kInvalidArgument when the group has no value column.  Not
// invertible: a variant's original primitive types and shredding, a string's U+FFFD
// replacements (the original bytes are gone), NaN payloads, and INT96
// nanoseconds outside one day (they come back normalized; the text is the same).
// Write the Values with a RowWriter (parq/row_writer.h).
//
// Ownership: a JsonRowReader borrows what its source borrows (the FileReader
// must outlive it); a JsonRowParser borrows its schema.  Thread-safety: one
// JsonRowReader per thread; a JsonRowParser's Parse is const and reentrant.
#ifndef PARQ_JSON_H_
#define PARQ_JSON_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "parq/file_reader.h"
#include "parq/record.h"
#include "parq/result.h"
#include "parq/schema.h"
#include "parq/variant.h"

namespace parq {

class JsonRowReader {
 public:
  // REQUIRES: `file` outlives the reader.
  static Result<std::unique_ptr<JsonRowReader>> Open(const FileReader& file, const RowReaderOptions& options = {}) {
    return Open(RowSource::FromFile(file), options);
  }
  static Result<std::unique_ptr<JsonRowReader>> Open(RowSource source, const RowReaderOptions& options = {});

  ~JsonRowReader();

  // The next row's canonical JSON, appended to *out without a newline; false
  // at the end.
  Result<bool> Next(std::string* out);

  // The canonical JSON of a Value row of this reader's shape (as a RowReader
  // opened with the same source and options returns it), appended to *out.
  // kInvalidArgument when `row` does not have that shape.
  Status ToJson(const Value& row, std::string* out) const;

  // The top-level field names of the rows, in order.
  const std::vector<std::string>& field_names() const;
  // Rows returned so far.
  int64_t rows_read() const;
  // With RowReaderOptions::filter: what pruned each row group (parq/record.h).
  const RowGroupPruning& pruning() const;

  struct Impl;

 private:
  friend class CsvRowWriter;  // writes the rows as CSV records (parq/csv.h)
  explicit JsonRowReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

struct JsonRowParserOptions {
  // false: text that is not well-formed UTF-8 where UTF-8 is due (see above)
  // is kInvalidArgument naming the field and the byte ("field 'name': invalid
  // UTF-8 at byte 3 (ff fe) of the string").  true: each ill-formed part
  // becomes U+FFFD (a lone surrogate escape one U+FFFD), as `parq cat` prints
  // such bytes.
  bool replace_invalid_utf8 = false;
};

class JsonRowParser {
 public:
  // REQUIRES: `schema` outlives the parser.  kUnsupported when a column cannot
  // be parsed from JSON (a VARIANT group without a value column).
  static Result<std::unique_ptr<JsonRowParser>> Make(const Schema& schema, const JsonRowParserOptions& options = {});
  ~JsonRowParser();

  // One JSON object (a line of `parq cat --format jsonl`) into *row.
  // kInvalidArgument naming the field path when the text does not fit.
  Status Parse(std::string_view json, Value* row) const;

  struct Impl;

 private:
  explicit JsonRowParser(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// One leaf column's value from text as a user types it (`parq bloom FILE
// COL VALUE`): its canonical JSON (`42`, `"2024-01-02"`, `"NaN"`), or, when
// that is not this column's JSON, the text itself as a JSON string, so that
// `2024-01-02` and `hello` need no quotes.  (Unannotated binary is base64 in
// both, as `parq cat` prints it.)  Returns the physical Value: kInt32 days
// for a DATE, kBytes for a STRING or a DECIMAL on FIXED_LEN_BYTE_ARRAY, and
// so on.  kInvalidArgument, saying why, when neither form reads.
Result<Value> ParseLeafText(const ColumnDescriptor& column, std::string_view text);

// A typed Variant (parq/variant.h) as the canonical JSON of a VARIANT value
// (docs/rows-as-json.md: decimals, dates, timestamps, uuids as strings,
// binary as base64), and JSON text as a Variant of the simplest types that
// print the same (null, booleans, the narrowest integer, double, string,
// arrays, objects; a key twice in an object is kInvalidArgument).  Errors:
// kInvalidArgument for text that is not JSON, those of EncodeVariant.
Result<std::string> VariantToJson(const Variant& v);
Result<Variant> VariantFromJson(std::string_view json);

}  // namespace parq

#endif  // PARQ_JSON_H_
