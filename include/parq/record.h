// parq/record.h — reading a Parquet file as rows of nested values.
//
//   PARQ_ASSIGN_OR_RETURN(auto file, parq::FileReader::Open("data.parquet"));
//   PARQ_ASSIGN_OR_RETURN(auto rows, parq::RowReader::Open(*file));
//   parq::Value row;
//   while (true) {
//     PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&row));
//     if (!more) break;
//     ...
//   }
//
// A RowReader rebuilds nested values (Dremel record assembly) from the leaf
// columns' definition and repetition levels, for any depth of lists, maps and
// structs with nulls at every level.  It streams: each projected column is read
// a batch of levels at a time, so memory is bounded by the largest row plus one
// batch per column, never by the file.
//
// Rows come out in file order.  A row is a kStruct Value whose fields are the
// (projected) top-level fields in schema order; two fields with the same name
// both appear.  Leaves keep their physical value (an INT32 DATE is an int32 of
// days); the logical type stays in the schema.  A VARIANT group is a kStruct
// of its raw fields (metadata, value, typed_value).  For the canonical text of
// docs/rows-as-json.md instead (logical types applied, variants decoded), read
// with JsonRowReader (parq/json.h).
//
// Ownership: the RowReader borrows the FileReader it was opened from (it must
// outlive the RowReader); the Values it fills are the caller's.
// Thread-safety: one RowReader per thread.
#ifndef PARQ_RECORD_H_
#define PARQ_RECORD_H_

#include <concepts>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "parq/bloom_filter.h"
#include "parq/column_reader.h"
#include "parq/file_reader.h"
#include "parq/filter.h"
#include "parq/metadata.h"
#include "parq/page_index.h"
#include "parq/result.h"
#include "parq/schema.h"
#include "parq/thread_pool.h"
#include "parq/types.h"

namespace parq {

// A nested value.  Scalars hold the leaf's physical value; kBytes holds
// BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY bytes (UTF-8 for strings).
class Value {
 public:
  enum class Kind : uint8_t {
    kNull,
    kBool,
    kInt32,
    kInt64,
    kFloat,
    kDouble,
    kInt96,
    kBytes,
    kList,    // items()
    kStruct,  // names() and items(), parallel, in schema order
    kMap,     // items(): one kStruct per entry with fields "key" and (if the map has one) "value"
  };

  Value() = default;
  static Value Null() { return Value(); }
  static Value Bool(bool v) { Value x(Kind::kBool); x.u_.b = v; return x; }
  static Value Int32(int32_t v) { Value x(Kind::kInt32); x.u_.i32 = v; return x; }
  static Value Int64(int64_t v) { Value x(Kind::kInt64); x.u_.i64 = v; return x; }
  static Value Float(float v) { Value x(Kind::kFloat); x.u_.f = v; return x; }
  static Value Double(double v) { Value x(Kind::kDouble); x.u_.d = v; return x; }
  static Value MakeInt96(const parq::Int96& v) { Value x(Kind::kInt96); x.u_.i96 = v; return x; }
  static Value Bytes(std::string_view v) { Value x(Kind::kBytes); x.bytes_.assign(v); return x; }
  // The bytes of a std::string rvalue, moved rather than copied.
  template <typename S>
    requires std::same_as<S, std::string>
  static Value Bytes(S&& v) { Value x(Kind::kBytes); x.bytes_ = std::move(v); return x; }
  static Value List() { return Value(Kind::kList); }
  static Value Struct() { return Value(Kind::kStruct); }
  static Value Map() { return Value(Kind::kMap); }

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::kNull; }

  // REQUIRES: the matching kind.
  bool bool_value() const { return u_.b; }
  int32_t int32_value() const { return u_.i32; }
  int64_t int64_value() const { return u_.i64; }
  float float_value() const { return u_.f; }
  double double_value() const { return u_.d; }
  const parq::Int96& int96_value() const { return u_.i96; }
  std::string_view bytes() const { return bytes_; }

  // Children of kList, kStruct and kMap.
  const std::vector<Value>& items() const { return items_; }
  std::vector<Value>& mutable_items() { return items_; }
  size_t size() const { return items_.size(); }
  const Value& operator[](size_t i) const { return items_[i]; }
  // Field names of kStruct (parallel to items()).
  const std::vector<std::string>& names() const { return names_; }
  // The first field named `name` of a kStruct, or nullptr.
  const Value* Find(std::string_view name) const;

  // Building: appends a child (kList / kMap) or a named field (kStruct).
  Value& Append(Value v) { items_.push_back(std::move(v)); return items_.back(); }
  Value& AddField(std::string name, Value v) {
    names_.push_back(std::move(name));
    items_.push_back(std::move(v));
    return items_.back();
  }

  // Resets to `kind`, keeping the vectors' capacity.
  void Reset(Kind kind) {
    kind_ = kind;
    bytes_.clear();
    items_.clear();
    names_.clear();
  }

  friend bool operator==(const Value& a, const Value& b);

  // A debugging form: JSON-like, physical values, bytes quoted (printable
  // ASCII as is, other bytes as \xHH).
  std::string DebugString() const;

 private:
  explicit Value(Kind k) : kind_(k) {}
  Kind kind_ = Kind::kNull;
  union {
    bool b;
    int32_t i32;
    int64_t i64;
    float f;
    double d;
    parq::Int96 i96;
  } u_{};
  std::string bytes_;
  std::vector<Value> items_;
  std::vector<std::string> names_;
};

struct RowReaderOptions {
  // Dotted paths of the fields to read ("a", "a.b.c"); a group selects every
  // leaf under it.  Empty: all fields.  An unknown path is kInvalidArgument.
  std::vector<std::string> columns;
  // Level entries read per column per batch.
  int64_t batch_levels = 4096;
  // Only rows for which the filter is true (parq/filter.h, docs/filter.md).
  // Its columns are read even when not projected (and then not returned);
  // row groups that no row can match are skipped: by their statistics, then
  // by the dictionaries of fully dictionary-encoded chunks, then by Bloom
  // filters (for = and IN); with a page index only the pages holding rows
  // that may match are read (see RowGroupPruning and `pruning` below).
  // Late materialization: the filter's columns are read first and the
  // filter evaluated on their values; the other columns are read, and the
  // row assembled, only for the rows it keeps (the others passed over with
  // SkipRows).  RowReader and JsonRowReader.
  std::optional<Filter> filter;
  // How much a filter prunes before rows are evaluated.  Every level returns
  // the same rows; lower ones are for tests and comparisons.
  //   kNone       every row is read and evaluated;
  //   kRowGroups  row groups pruned by their chunks' statistics;
  //   kPages      and, in the row groups left, pages pruned by the filter
  //               columns' ColumnIndex, the pages of every projected
  //               column holding no row left neither read nor decompressed
  //               (by its OffsetIndex).
  enum class Pruning : uint8_t { kNone, kRowGroups, kPages };
  Pruning pruning = Pruning::kPages;
  // Parallel reads (docs/threads.md): the pool that decodes column chunks,
  // shared with other readers and writers; when null, a pool of `threads`
  // workers made for the reader's lifetime (1: none, everything on the
  // calling thread).  With a pool and no filter, each row group's projected
  // chunks are decoded whole, in parallel, one row group ahead of the rows
  // being assembled (which stays on the calling thread): memory grows to
  // two row groups' decoded columns.  With a filter, the row groups after
  // the current one are pruned on the pool up to the next one read, and
  // that one's filter columns decoded whole (when its page index leaves all
  // its rows); the other columns are read for the rows kept on the calling
  // thread.  Rows, errors and counters are the same whatever the pool.
  std::shared_ptr<ThreadPool> thread_pool = nullptr;
  int threads = 1;
};

// How a chunk's pages are encoded, as its metadata states (for pruning by
// dictionary: whether every data page is dictionary-encoded).
struct ChunkEncodings {
  std::vector<Encoding> encodings;               // ColumnMetaData.encodings
  std::vector<PageEncodingStats> encoding_stats;  // empty when the writer wrote none
};

// What a filter did to the row groups of a RowReader (RowReader::pruning()).
// Each row group is decided when the reader reaches it, cheapest proof
// first: the footer's statistics, then (still undecided) the dictionary of
// each fully dictionary-encoded filter chunk, then the Bloom filters of the
// chunks an = or IN reads.  A dictionary read for a row group that is then
// read is not read again: its column reader goes on to the data pages.
struct RowGroupPruning {
  enum class Outcome : uint8_t {
    kNotReached,   // not reached yet, or the row group has no rows
    kRead,         // nothing proved the filter false: its chunks were read
    kStatistics,   // pruned by column-chunk statistics
    kDictionary,   // pruned by dictionaries
    kBloomFilter,  // pruned by Bloom filters
    kPageIndex,    // every page of a filter column pruned by its ColumnIndex
    kPageStatistics,  // every page of a filter column without a page index
                      // pruned by the statistics in its header
  };
  std::vector<Outcome> row_groups;  // one per row group of the source
  int64_t by_statistics = 0;
  int64_t by_dictionary = 0;
  int64_t by_bloom_filter = 0;
  int64_t by_page_index = 0;
  int64_t by_page_statistics = 0;
  // Data pages of filter columns without a page index whose header
  // statistics left none of their rows (passed over unread, where every
  // column's headers give their rows: ColumnReader::pages_skipped).
  int64_t pages_by_page_statistics = 0;
  int64_t dictionaries_read = 0;   // dictionary pages loaded to decide
  int64_t bloom_filters_read = 0;  // Bloom filters loaded to decide
};
// "not reached", "read", "statistics", "dictionary", "bloom filter".
std::string_view RowGroupOutcomeName(RowGroupPruning::Outcome outcome);

// Where a RowReader gets its data from: the schema, the row groups' row
// counts and a way to open one column chunk.  RowReader::Open(FileReader)
// builds one; tests may build others.
struct RowSource {
  const Schema* schema = nullptr;
  std::vector<int64_t> row_group_rows;
  std::function<Result<std::unique_ptr<ColumnReader>>(int row_group, int column)> open_column;
  // Optional, for pruning by a filter: a chunk's statistics as stored, the
  // writer (created_by, for its known statistics bugs) and the leaves'
  // column orders ("TYPE_ORDER", ...; empty when the file has none).  Asked
  // per filtered leaf, so that a wide file's source holds nothing per column.
  std::function<std::optional<EncodedStatistics>(int row_group, int column)> chunk_statistics;
  std::optional<std::string> created_by;
  std::function<std::string(int column)> column_order;
  // Optional, for pruning by dictionary: a chunk's encodings as its metadata
  // states (the dictionary itself is read through open_column).
  std::function<ChunkEncodings(int row_group, int column)> chunk_encodings;
  // Optional, for pruning by Bloom filter: a chunk's filter, nullopt when it
  // has none.  An error only means "no pruning by it".
  std::function<Result<std::optional<BloomFilter>>(int row_group, int column)> bloom_filter;
  // Optional, for page pruning and skipping: a chunk's page index
  // (FileReader::ReadPageIndex).  An error or a missing half means the
  // chunk's pages are read as without one.
  std::function<Result<PageIndex>(int row_group, int column)> page_index;

  // The chunks of `file`.  REQUIRES: `file` outlives the source.
  static RowSource FromFile(const FileReader& file) {
    RowSource src;
    src.schema = &file.schema();
    const FileMetaData& md = file.metadata();
    for (int i = 0; i < md.num_row_groups(); ++i) src.row_group_rows.push_back(md.row_group(i).num_rows());
    const FileReader* f = &file;
    src.open_column = [f](int rg, int col) { return f->OpenColumn(rg, col); };
    src.chunk_statistics = [f](int rg, int col) { return f->metadata().row_group(rg).column(col).statistics(); };
    src.created_by = md.created_by();
    src.column_order = [f](int col) { return f->metadata().column_order(col); };
    src.chunk_encodings = [f](int rg, int col) {
      const ColumnChunkMetaData c = f->metadata().row_group(rg).column(col);
      return ChunkEncodings{c.encodings(), c.encoding_stats()};
    };
    src.bloom_filter = [f](int rg, int col) { return f->ReadBloomFilter(rg, col); };
    src.page_index = [f](int rg, int col) { return f->ReadPageIndex(rg, col); };
    return src;
  }
};

class RowReader {
 public:
  // REQUIRES: `file` outlives the RowReader.
  static Result<std::unique_ptr<RowReader>> Open(const FileReader& file,
                                                 const RowReaderOptions& options = {}) {
    return Open(RowSource::FromFile(file), options);
  }
  static Result<std::unique_ptr<RowReader>> Open(RowSource source, const RowReaderOptions& options = {});

  ~RowReader();

  // The next row into *row (reusing its storage); false at the end.
  Result<bool> Next(Value* row);

  // The top-level field names that rows hold, in order.
  const std::vector<std::string>& field_names() const;
  // Rows returned so far.
  int64_t rows_read() const;
  // Row groups skipped because no row can match the filter (statistics,
  // dictionaries, Bloom filters or, with a page index, every page of a
  // filter column proved it).
  int64_t row_groups_pruned() const;
  // What proved it, per row group (empty without a filter).
  const RowGroupPruning& pruning() const;
  // Rows passed over unassembled because the page index proves that they
  // do not match (in the row groups not pruned).
  int64_t rows_pruned() const;
  // Over the column readers so far: data pages read (decompressed and
  // decoded), data pages passed over (neither read nor decompressed), and
  // bytes read from the file (ColumnReader::pages_read and friends).
  int64_t pages_read() const;
  int64_t pages_skipped() const;
  int64_t bytes_read() const;

  struct Impl;

 private:
  explicit RowReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace parq

#endif  // PARQ_RECORD_H_
