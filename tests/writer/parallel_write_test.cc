// Parallel writes (WriterOptions::thread_pool / threads, docs/threads.md): a
// file written on 2 or 4 threads, or on a caller's pool, is byte for byte the
// file of one thread — every codec, dictionaries with their fallback, page
// indexes, Bloom filters, nested leaves, v2 pages, max_buffered_bytes, the
// RowWriter, ColumnarWriter (Arrow) and column-by-column paths; errors are
// those of one thread; writers share a pool at once.
#include <gtest/gtest.h>

#include <unistd.h>

#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "parq/arrow_reader.h"
#include "parq/arrow_writer.h"
#include "parq/columnar_writer.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "parq/thread_pool.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

constexpr int64_t kRows = 12'000;

// Flat leaves of every kind, a list of structs and a map: nested leaves with
// repetition levels, dictionary columns of few and of many distinct values.
Schema TestSchema() {
  auto schema = ParseMessageType(R"(message m {
    required int64 id;
    optional binary name (STRING);
    optional binary unique (STRING);
    required double price;
    optional int32 small;
    optional boolean flag;
    required fixed_len_byte_array(8) code;
    optional group items (LIST) {
      repeated group list {
        optional group element {
          optional int32 qty;
          optional binary sku (STRING);
        }
      }
    }
    optional group attrs (MAP) {
      repeated group key_value {
        required binary key (STRING);
        optional int64 value;
      }
    }
  })");
  EXPECT_OK(schema.status());
  return std::move(*schema);
}

Value MakeRow(int64_t r) {
  std::mt19937_64 rng(static_cast<uint64_t>(r) * 104729 + 3);
  const uint64_t x = rng(), y = rng();
  Value row = Value::Struct();
  row.AddField("id", Value::Int64(r * 3 + static_cast<int64_t>(x % 3)));
  row.AddField("name", x % 17 == 0 ? Value::Null() : Value::Bytes("name-" + std::to_string(x % 300)));
  row.AddField("unique", x % 23 == 0 ? Value::Null() : Value::Bytes("u" + std::to_string(y)));
  row.AddField("price", Value::Double(static_cast<double>(y % 1'000'000) / 100));
  row.AddField("small", y % 11 == 0 ? Value::Null() : Value::Int32(static_cast<int32_t>(y % 50)));
  row.AddField("flag", y % 5 == 0 ? Value::Null() : Value::Bool(x % 2 == 0));
  row.AddField("code", Value::Bytes(std::string(reinterpret_cast<const char*>(&x), 8)));
  Value items = Value::List();
  for (uint64_t i = 0; i < x % 4; ++i) {
    Value e = Value::Struct();
    e.AddField("qty", (x >> i) % 7 == 0 ? Value::Null() : Value::Int32(static_cast<int32_t>((y >> i) % 100)));
    e.AddField("sku", Value::Bytes("sku-" + std::to_string((x >> (i * 3)) % 1000)));
    items.Append(std::move(e));
  }
  row.AddField("items", x % 13 == 0 ? Value::Null() : std::move(items));
  Value attrs = Value::Map();
  for (uint64_t i = 0; i < y % 3; ++i) {
    Value kv = Value::Struct();
    kv.AddField("key", Value::Bytes("k" + std::to_string(i)));
    kv.AddField("value", i == 1 ? Value::Null() : Value::Int64(static_cast<int64_t>(x >> i)));
    attrs.Append(std::move(kv));
  }
  row.AddField("attrs", std::move(attrs));
  return row;
}

// Every row through a RowWriter, then Close: the file's bytes.
Result<std::string> WriteRows(const WriterOptions& options, int64_t rows = kRows) {
  auto sink = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* out = sink.get();
  PARQ_ASSIGN_OR_RETURN(auto file, FileWriter::Open(std::move(sink), TestSchema(), options));
  RowWriterOptions ro;
  ro.batch_rows = 700;  // batches that do not divide pages or row groups evenly
  PARQ_ASSIGN_OR_RETURN(auto writer, RowWriter::Open(*file, ro));
  for (int64_t r = 0; r < rows; ++r) PARQ_RETURN_IF_ERROR(writer->Write(MakeRow(r)));
  PARQ_RETURN_IF_ERROR(writer->Close());
  PARQ_RETURN_IF_ERROR(file->Close());
  return out->Take();
}

// The options with each way of running on threads: 2, 4 and a caller's pool of 3.
std::vector<std::pair<std::string, WriterOptions>> Threaded(const WriterOptions& base) {
  std::vector<std::pair<std::string, WriterOptions>> out;
  for (int t : {2, 4}) {
    WriterOptions o = base;
    o.threads = t;
    out.emplace_back(std::to_string(t) + " threads", o);
  }
  WriterOptions shared = base;
  auto pool = ThreadPool::Make(3);
  EXPECT_OK(pool.status());
  if (pool.ok()) shared.thread_pool = *pool;
  out.emplace_back("a caller's pool of 3", shared);
  return out;
}

void ExpectSameBytesOnThreads(const WriterOptions& base, const std::string& what) {
  ASSERT_OK_AND_ASSIGN(const std::string one, WriteRows(base));
  for (const auto& [name, o] : Threaded(base)) {
    ASSERT_OK_AND_ASSIGN(const std::string many, WriteRows(o));
    ASSERT_EQ(many.size(), one.size()) << what << ", " << name;
    EXPECT_TRUE(many == one) << what << ", " << name << ": the bytes differ";
  }
}

void ExpectRows(const std::string& bytes, const std::shared_ptr<const DecryptionProperties>& keys = nullptr) {
  ReaderOptions ro;
  ro.decryption = keys;
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes)), ro));
  ASSERT_EQ(reader->metadata().num_rows(), kRows);
  ASSERT_OK_AND_ASSIGN(auto rows, RowReader::Open(*reader));
  Value row;
  for (int64_t r = 0; r < kRows; ++r) {
    ASSERT_OK_AND_ASSIGN(bool more, rows->Next(&row));
    ASSERT_TRUE(more) << "the file ends at row " << r;
    ASSERT_EQ(row, MakeRow(r)) << "row " << r;
  }
}

TEST(ParallelWriteTest, EveryCodecWritesTheSameBytesOnAnyThreads) {
  for (Compression codec : {Compression::kUncompressed, Compression::kSnappy, Compression::kGzip,
                            Compression::kBrotli, Compression::kZstd, Compression::kLz4Raw, Compression::kLzo}) {
    WriterOptions o;
    o.column_defaults.compression = codec;
    o.column_defaults.bloom_filter = true;    // and the page index, on by default
    o.column_defaults.dictionary_page_size_limit = 16 << 10;  // `unique` falls back to PLAIN mid-chunk
    o.data_page_size = 8 << 10;               // several pages a chunk
    o.max_rows_per_row_group = 5'000;         // three row groups
    ExpectSameBytesOnThreads(o, std::string(CompressionName(codec)));
  }
}

TEST(ParallelWriteTest, PageV2DictionaryTrialAndCapSameBytes) {
  WriterOptions v2;
  v2.data_page_v2 = true;
  v2.column_defaults.compression = Compression::kZstd;
  v2.column_defaults.dictionary_only_if_smaller = true;  // the first page decides
  v2.data_page_size = 4 << 10;
  ExpectSameBytesOnThreads(v2, "v2 pages, dictionary trial");

  WriterOptions capped;
  capped.column_defaults.compression = Compression::kZstd;
  capped.max_buffered_bytes = 96 << 10;  // row groups end early, pages are cut small
  ExpectSameBytesOnThreads(capped, "max_buffered_bytes");
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteRows(Threaded(capped)[1].second));
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes))));
  EXPECT_GT(reader->metadata().num_row_groups(), 2);
  ExpectRows(bytes);
}

// Each row group's rows, and each chunk's values and encodings.
std::string Layout(const std::string& bytes, const std::shared_ptr<const DecryptionProperties>& keys) {
  ReaderOptions ro;
  ro.decryption = keys;
  auto reader = FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes)), ro);
  EXPECT_OK(reader.status());
  if (!reader.ok()) return "";
  std::string out;
  const FileMetaData& md = (*reader)->metadata();
  for (int g = 0; g < md.num_row_groups(); ++g) {
    out += "rows " + std::to_string(md.row_group(g).num_rows()) + ":";
    for (int c = 0; c < md.row_group(g).num_columns(); ++c) {
      out += " " + std::to_string(md.row_group(g).column(c).num_values());
      for (Encoding e : md.row_group(g).column(c).encodings()) out += "/" + std::string(EncodingName(e));
    }
    out += "\n";
  }
  return out;
}

TEST(ParallelWriteTest, EncryptedFileOnThreadsReadsBackTheSame) {
  // Nonces are random: two encrypted files never share their bytes (nor
  // quite their size: a page header's CRC is a varint), but they share their
  // row groups, chunks and rows.
  auto props = std::make_shared<EncryptionProperties>();
  props->footer_key = std::string(16, 'k');
  props->column_keys["price"].key = std::string(16, 'p');
  WriterOptions o;
  o.column_defaults.compression = Compression::kZstd;
  o.column_defaults.bloom_filter = true;
  o.data_page_size = 8 << 10;
  o.encryption = props;
  ASSERT_OK_AND_ASSIGN(const std::string one, WriteRows(o));
  auto keys = std::make_shared<DecryptionProperties>();
  keys->footer_key = props->footer_key;
  keys->column_keys["price"] = std::string(16, 'p');
  for (const auto& [name, threaded] : Threaded(o)) {
    ASSERT_OK_AND_ASSIGN(const std::string many, WriteRows(threaded));
    EXPECT_EQ(Layout(many, keys), Layout(one, keys)) << name;
    ExpectRows(many, keys);
  }
}

// The column-by-column API: with a pool, only the row group's end (its last
// pages and dictionaries, sealed while earlier chunks are written) is parallel.
Result<std::string> WriteColumns(const WriterOptions& options) {
  PARQ_ASSIGN_OR_RETURN(Schema schema, ParseMessageType(
      "message m { required int64 a; optional binary b (STRING); required double c; }"));
  auto sink = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* out = sink.get();
  PARQ_ASSIGN_OR_RETURN(auto file, FileWriter::Open(std::move(sink), schema, options));
  std::vector<int64_t> a(5000);
  std::vector<double> c(5000);
  std::vector<std::string> text(5000);
  std::vector<ByteArray> b(5000);
  std::vector<int16_t> def(5000);
  for (int g = 0; g < 3; ++g) {
    int64_t nonnull = 0;
    for (size_t i = 0; i < a.size(); ++i) {
      a[i] = static_cast<int64_t>(i * 31 + static_cast<size_t>(g));
      c[i] = static_cast<double>(i) / 7;
      def[i] = i % 9 == 0 ? 0 : 1;
      if (def[i] == 1) {
        text[static_cast<size_t>(nonnull)] = "v" + std::to_string((i * 13) % 700);
        ++nonnull;
      }
    }
    for (int64_t k = 0; k < nonnull; ++k) b[static_cast<size_t>(k)] = ByteArray(text[static_cast<size_t>(k)]);
    PARQ_ASSIGN_OR_RETURN(auto* wa, file->typed_column<int64_t>(0));
    PARQ_RETURN_IF_ERROR(wa->WriteBatch(5000, nullptr, nullptr, a.data()));
    PARQ_ASSIGN_OR_RETURN(auto* wb, file->typed_column<ByteArray>(1));
    PARQ_RETURN_IF_ERROR(wb->WriteBatch(5000, def.data(), nullptr, b.data()));
    PARQ_ASSIGN_OR_RETURN(auto* wc, file->typed_column<double>(2));
    PARQ_RETURN_IF_ERROR(wc->WriteBatch(5000, nullptr, nullptr, c.data()));
    PARQ_RETURN_IF_ERROR(file->EndRowGroup());
  }
  PARQ_RETURN_IF_ERROR(file->Close());
  return out->Take();
}

TEST(ParallelWriteTest, ColumnByColumnSameBytes) {
  WriterOptions o;
  o.column_defaults.compression = Compression::kZstd;
  o.column_defaults.bloom_filter = true;
  ASSERT_OK_AND_ASSIGN(const std::string one, WriteColumns(o));
  for (const auto& [name, threaded] : Threaded(o)) {
    ASSERT_OK_AND_ASSIGN(const std::string many, WriteColumns(threaded));
    EXPECT_TRUE(many == one) << name << ": the bytes differ";
  }
}

// FileWriter::WriteColumns (one task a leaf, as parq-bench write): a
// lineitem-like shape, cheap dictionary leaves next to one expensive string
// leaf of many pages, whose pages compress on the pool while it encodes the
// next (pages in flight, settled in order), in several row groups.
Result<std::string> WriteLeavesAtOnce(const WriterOptions& options, int row_groups = 4) {
  PARQ_ASSIGN_OR_RETURN(Schema schema, ParseMessageType(
      "message m { required int64 key; required binary flag (STRING); optional int32 day;"
      " required binary comment (STRING); optional binary note (STRING); }"));
  auto sink = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* out = sink.get();
  PARQ_ASSIGN_OR_RETURN(auto file, FileWriter::Open(std::move(sink), schema, options));
  constexpr size_t kGroupRows = 20'000;
  std::vector<int64_t> key(kGroupRows);
  std::vector<int32_t> day(kGroupRows);
  std::vector<std::string> text(kGroupRows), notes(kGroupRows);
  std::vector<ByteArray> flag(kGroupRows), comment(kGroupRows), note(kGroupRows);
  std::vector<int16_t> day_def(kGroupRows), note_def(kGroupRows);
  std::mt19937_64 rng(7);
  static const std::string kFlags[] = {"A", "N", "R"};
  for (int g = 0; g < row_groups; ++g) {
    size_t days = 0, nonnull_notes = 0;
    for (size_t i = 0; i < kGroupRows; ++i) {
      key[i] = static_cast<int64_t>(static_cast<size_t>(g) * kGroupRows + i);
      flag[i] = ByteArray(kFlags[rng() % 3]);
      day_def[i] = rng() % 10 == 0 ? 0 : 1;
      if (day_def[i] == 1) day[days++] = static_cast<int32_t>(rng() % 2500);
      std::string& t = text[i];
      t.clear();
      for (uint64_t k = 10 + rng() % 31; k > 0; --k) t += "0123456789abcdef"[rng() % 16];
      comment[i] = ByteArray(t);
      note_def[i] = rng() % 3 == 0 ? 0 : 1;
      if (note_def[i] == 1) {
        notes[nonnull_notes] = "n" + std::to_string(rng() % 5000);
        note[nonnull_notes] = ByteArray(notes[nonnull_notes]);
        ++nonnull_notes;
      }
    }
    PARQ_RETURN_IF_ERROR(file->WriteColumns([&](int c) -> Status {
      PARQ_ASSIGN_OR_RETURN(ColumnWriter * w, file->column(c));
      const auto n = static_cast<int64_t>(kGroupRows);
      switch (c) {
        case 0: return w->As<int64_t>()->WriteBatch(n, nullptr, nullptr, key.data());
        case 1: return w->As<ByteArray>()->WriteBatch(n, nullptr, nullptr, flag.data());
        case 2: return w->As<int32_t>()->WriteBatch(n, day_def.data(), nullptr, day.data());
        case 3: return w->As<ByteArray>()->WriteBatch(n, nullptr, nullptr, comment.data());
        default: return w->As<ByteArray>()->WriteBatch(n, note_def.data(), nullptr, note.data());
      }
    }));
    PARQ_RETURN_IF_ERROR(file->EndRowGroup());
  }
  PARQ_RETURN_IF_ERROR(file->Close());
  return out->Take();
}

TEST(ParallelWriteTest, ExpensiveLeafPagesCompressOnThePool) {
  WriterOptions v1;
  v1.column_defaults.compression = Compression::kZstd;
  v1.column_defaults.bloom_filter = true;  // with the page index and size statistics, on by default
  v1.write_checksums = true;
  v1.data_page_size = 8 << 10;  // tens of pages of `comment` a row group
  WriterOptions v2 = v1;
  v2.data_page_v2 = true;
  v2.column_defaults.dictionary_only_if_smaller = true;
  WriterOptions small_dictionary = v1;
  small_dictionary.column_defaults.dictionary_page_size_limit = 8 << 10;  // `note` falls back mid-chunk
  small_dictionary.column_defaults.compression = Compression::kGzip;
  for (const auto& [what, o] : {std::pair{"v1 pages", v1}, std::pair{"v2 pages, trial", v2},
                                std::pair{"gzip, fallback", small_dictionary}}) {
    ASSERT_OK_AND_ASSIGN(const std::string one, WriteLeavesAtOnce(o));
    for (const auto& [name, threaded] : Threaded(o)) {
      ASSERT_OK_AND_ASSIGN(const std::string many, WriteLeavesAtOnce(threaded));
      ASSERT_EQ(many.size(), one.size()) << what << ", " << name;
      EXPECT_TRUE(many == one) << what << ", " << name << ": the bytes differ";
    }
    ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(one))));
    EXPECT_EQ(reader->metadata().num_row_groups(), 4) << what;
    ASSERT_OK_AND_ASSIGN(const std::optional<OffsetIndex> index, reader->ReadOffsetIndex(3, 3));
    ASSERT_TRUE(index.has_value()) << what;
    EXPECT_GT(index->num_pages(), 10) << what << ": `comment` has many pages";
  }
}

// Appends to a string of the caller's (WriteArrowStream owns its sink).
class StringSink final : public OutputStream {
 public:
  explicit StringSink(std::string* out) : out_(out) {}
  Status Write(const void* data, size_t length) override {
    out_->append(static_cast<const char*>(data), length);
    return Status::OK();
  }
  uint64_t Tell() const override { return out_->size(); }
  Status Close() override { return Status::OK(); }

 private:
  std::string* out_;
};

TEST(ParallelWriteTest, ArrowStreamSameBytes) {
  // A file read as an Arrow stream and written back (ColumnarWriter).
  WriterOptions source;
  source.data_page_size = 8 << 10;
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteRows(source));
  auto write = [&](const WriterOptions& o) -> Result<std::string> {
    PARQ_ASSIGN_OR_RETURN(std::shared_ptr<const FileReader> reader,
                          FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes))));
    ArrowArrayStream stream;
    ArrowReadOptions ro;
    ro.batch_rows = 1500;
    PARQ_RETURN_IF_ERROR(ExportArrowStream(reader, ro, &stream));
    std::string bytes_out;
    Status st = WriteArrowStream(&stream, std::make_unique<StringSink>(&bytes_out), o);
    if (stream.release != nullptr) stream.release(&stream);
    PARQ_RETURN_IF_ERROR(st);
    return bytes_out;
  };
  WriterOptions o;
  o.column_defaults.compression = Compression::kZstd;
  o.column_defaults.bloom_filter = true;
  o.data_page_size = 4 << 10;
  ASSERT_OK_AND_ASSIGN(const std::string one, write(o));
  for (const auto& [name, threaded] : Threaded(o)) {
    ASSERT_OK_AND_ASSIGN(const std::string many, write(threaded));
    EXPECT_TRUE(many == one) << name << ": the bytes differ";
  }
}

// The same code and message.
std::string Text(const Status& st) { return std::string(StatusCodeName(st.code())) + ": " + st.message(); }

// A sink that refuses every write from byte `limit` on.
class FailingSink final : public OutputStream {
 public:
  explicit FailingSink(uint64_t limit) : limit_(limit) {}
  Status Write(const void* data, size_t length) override {
    if (written_ + length > limit_) return Status::IOError("disk full at byte " + std::to_string(limit_));
    written_ += length;
    static_cast<void>(data);
    return Status::OK();
  }
  uint64_t Tell() const override { return written_; }
  Status Close() override { return Status::OK(); }

 private:
  uint64_t limit_;
  uint64_t written_ = 0;
};

Status WriteToFailingSink(const WriterOptions& options, uint64_t limit) {
  PARQ_ASSIGN_OR_RETURN(auto file, FileWriter::Open(std::make_unique<FailingSink>(limit), TestSchema(), options));
  PARQ_ASSIGN_OR_RETURN(auto writer, RowWriter::Open(*file));
  for (int64_t r = 0; r < kRows; ++r) PARQ_RETURN_IF_ERROR(writer->Write(MakeRow(r)));
  PARQ_RETURN_IF_ERROR(writer->Close());
  Status st = file->Close();
  EXPECT_EQ(Text(file->status()), Text(st));  // sticky
  return st;
}

TEST(ParallelWriteTest, FailingSinkEndsInTheSameStatus) {
  WriterOptions o;
  o.column_defaults.compression = Compression::kZstd;
  o.max_rows_per_row_group = 4'000;
  // Inside the first row group's chunks, and in a later row group.
  for (uint64_t limit : {uint64_t{5'000}, uint64_t{150'000}}) {
    const Status one = WriteToFailingSink(o, limit);
    EXPECT_STATUS(one, StatusCode::kIOError);
    for (const auto& [name, threaded] : Threaded(o)) {
      EXPECT_EQ(Text(WriteToFailingSink(threaded, limit)), Text(one)) << name << ", limit " << limit;
    }
  }
}

// Two leaves with invalid values (DECIMAL digits past the precision) in one
// ColumnarWriter batch: the first leaf's error, as on one thread.
Status WriteBadDecimals(const WriterOptions& options, int bad_at_a, int bad_at_b) {
  PARQ_ASSIGN_OR_RETURN(Schema schema, ParseMessageType(
      "message m { required int32 ok; required int32 a (DECIMAL(4,2)); required int64 b (DECIMAL(6,1)); }"));
  PARQ_ASSIGN_OR_RETURN(auto file, FileWriter::Open(std::make_unique<MemoryOutputStream>(), schema, options));
  PARQ_ASSIGN_OR_RETURN(auto columns, ColumnarWriter::Open(*file));
  std::vector<int32_t> ok(3000), a(3000);
  std::vector<int64_t> b(3000);
  for (int i = 0; i < 3000; ++i) {
    ok[static_cast<size_t>(i)] = i;
    a[static_cast<size_t>(i)] = i == bad_at_a ? 123456 : i % 9999;
    b[static_cast<size_t>(i)] = i == bad_at_b ? 12345678 : i;
  }
  ColumnView batch = ColumnView::Struct(
      3000, {ColumnView::Fixed(3000, ok.data()), ColumnView::Fixed(3000, a.data()), ColumnView::Fixed(3000, b.data())});
  Status st = columns->Write(batch);
  if (st.ok()) return Status::Internal("the bad values were taken");
  EXPECT_EQ(Text(file->status()), Text(st));  // sticky
  EXPECT_EQ(Text(file->Close()), Text(st));
  return st;
}

TEST(ParallelWriteTest, InvalidValuesEndInTheSameStatus) {
  WriterOptions o;
  for (auto [at_a, at_b] : {std::pair{2500, 10}, std::pair{10, 2500}, std::pair{-1, 7}}) {
    const Status one = WriteBadDecimals(o, at_a, at_b);
    EXPECT_STATUS(one, StatusCode::kInvalidArgument);
    for (const auto& [name, threaded] : Threaded(o)) {
      EXPECT_EQ(Text(WriteBadDecimals(threaded, at_a, at_b)), Text(one)) << name;
    }
  }
}

TEST(ParallelWriteTest, TwoWritersShareOnePoolAtOnce) {
  WriterOptions base;
  base.column_defaults.compression = Compression::kZstd;
  base.data_page_size = 8 << 10;
  ASSERT_OK_AND_ASSIGN(const std::string one, WriteRows(base));
  WriterOptions other = base;
  other.column_defaults.compression = Compression::kSnappy;
  ASSERT_OK_AND_ASSIGN(const std::string one_other, WriteRows(other));

  ASSERT_OK_AND_ASSIGN(std::shared_ptr<ThreadPool> pool, ThreadPool::Make(2));
  base.thread_pool = pool;
  other.thread_pool = pool;
  Result<std::string> a = Status::Internal("not run"), b = Status::Internal("not run");
  std::thread ta([&] { a = WriteRows(base); });
  std::thread tb([&] { b = WriteRows(other); });
  ta.join();
  tb.join();
  ASSERT_OK(a.status());
  ASSERT_OK(b.status());
  EXPECT_TRUE(*a == one);
  EXPECT_TRUE(*b == one_other);
}

TEST(ParallelWriteTest, ThreadsOptionIsChecked) {
  WriterOptions o;
  o.threads = ThreadPool::kMaxThreads + 1;
  EXPECT_STATUS_HAS(FileWriter::ValidateOptions(o), StatusCode::kInvalidArgument, "threads");
}

}  // namespace
}  // namespace parq
