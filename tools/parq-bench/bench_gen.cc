// The data sets of benchmarks/peers, written with parq's writer.  Values come
// from a counter-based hash (splitmix64 of row and column), so every run
// writes the same bytes.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "bench.h"
#include "parq/file_writer.h"
#include "parq/schema.h"

namespace parq::bench {
namespace {

uint64_t Mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}
uint64_t H(int64_t row, uint64_t col) { return Mix(static_cast<uint64_t>(row) * 0x100000001b3ULL + Mix(col)); }

using Node = std::unique_ptr<SchemaNode>;
Node Prim(const std::string& name, Repetition rep, PhysicalType t, LogicalType lt = {}) {
  return SchemaNode::MakePrimitive(name, rep, t, std::move(lt));
}

// Holds a batch of strings contiguously and the views WriteBatch takes.
struct StringBatch {
  std::string chars;
  std::vector<uint32_t> ends;
  std::vector<ByteArray> views;
  void Clear() { chars.clear(); ends.clear(); }
  void Add(std::string_view s) { chars.append(s); ends.push_back(static_cast<uint32_t>(chars.size())); }
  const ByteArray* Views() {
    views.resize(ends.size());
    uint32_t start = 0;
    for (size_t i = 0; i < ends.size(); ++i) {
      views[i] = ByteArray{reinterpret_cast<const uint8_t*>(chars.data()) + start, ends[i] - start};
      start = ends[i];
    }
    return views.data();
  }
};

template <typename T>
Status Put(FileWriter* w, int col, int64_t n, const int16_t* def, const int16_t* rep, const T* v) {
  PARQ_ASSIGN_OR_RETURN(auto* cw, w->typed_column<T>(col));
  return cw->WriteBatch(n, def, rep, v);
}

constexpr int64_t kRowGroupRows = 122880;  // DuckDB's default, so both lineitem files match

WriterOptions Options(Compression codec, int64_t rows_per_group) {
  WriterOptions o;
  o.column_defaults.compression = codec;
  o.max_rows_per_row_group = rows_per_group;
  o.row_group_size = int64_t{1} << 40;  // cut by rows only
  return o;
}

// 16 columns shaped like TPC-H lineitem, all optional (as DuckDB writes them), no nulls.
// `group_rows` rows a row group (kRowGroupRows for lineitem; parq's default
// of 1 Mi rows for lineitem-sorted, the file of the filter cases, whose
// orderkey 0, 1, ... is sorted and has a page index, as every column).
Status Lineitem(const std::string& path, int64_t rows, Compression codec, int64_t group_rows = kRowGroupRows) {
  std::vector<Node> f;
  auto opt = Repetition::kOptional;
  f.push_back(Prim("orderkey", opt, PhysicalType::kInt64));
  f.push_back(Prim("partkey", opt, PhysicalType::kInt32));
  f.push_back(Prim("suppkey", opt, PhysicalType::kInt32));
  f.push_back(Prim("linenumber", opt, PhysicalType::kInt32));
  for (const char* n : {"quantity", "extendedprice", "discount", "tax"}) {
    f.push_back(Prim(n, opt, PhysicalType::kInt64, LogicalType::Decimal(12, 2)));
  }
  f.push_back(Prim("returnflag", opt, PhysicalType::kByteArray, LogicalType::String()));
  f.push_back(Prim("linestatus", opt, PhysicalType::kByteArray, LogicalType::String()));
  for (const char* n : {"shipdate", "commitdate", "receiptdate"}) {
    f.push_back(Prim(n, opt, PhysicalType::kInt32, LogicalType::Date()));
  }
  f.push_back(Prim("shipinstruct", opt, PhysicalType::kByteArray, LogicalType::String()));
  f.push_back(Prim("shipmode", opt, PhysicalType::kByteArray, LogicalType::String()));
  f.push_back(Prim("comment", opt, PhysicalType::kByteArray, LogicalType::String()));
  PARQ_ASSIGN_OR_RETURN(Schema schema, Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(f))));
  PARQ_ASSIGN_OR_RETURN(auto w, FileWriter::Open(path, schema, Options(codec, group_rows)));

  static const char* kFlags[] = {"A", "N", "R"};
  static const char* kStatus[] = {"F", "O"};
  static const char* kInstruct[] = {"DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"};
  static const char* kMode[] = {"AIR", "MAIL", "SHIP", "TRUCK", "RAIL", "FOB", "REG AIR"};
  static const char kHex[] = "0123456789abcdef";
  std::vector<int16_t> def(static_cast<size_t>(group_rows), 1);
  std::vector<int64_t> i64(static_cast<size_t>(group_rows));
  std::vector<int32_t> i32(static_cast<size_t>(group_rows));
  StringBatch s;
  constexpr int32_t kEpoch1992 = 8035;  // 1992-01-01 in days since 1970-01-01
  for (int64_t start = 0; start < rows; start += group_rows) {
    const int64_t n = std::min(group_rows, rows - start);
    const int16_t* d = def.data();
    auto ints32 = [&](int col, auto fn) {
      for (int64_t i = 0; i < n; ++i) i32[static_cast<size_t>(i)] = fn(start + i);
      return Put(w.get(), col, n, d, nullptr, i32.data());
    };
    auto ints64 = [&](int col, auto fn) {
      for (int64_t i = 0; i < n; ++i) i64[static_cast<size_t>(i)] = fn(start + i);
      return Put(w.get(), col, n, d, nullptr, i64.data());
    };
    auto strs = [&](int col, auto fn) {
      s.Clear();
      for (int64_t i = 0; i < n; ++i) s.Add(fn(start + i));
      return Put(w.get(), col, n, d, nullptr, s.Views());
    };
    PARQ_RETURN_IF_ERROR(ints64(0, [](int64_t r) { return r; }));
    PARQ_RETURN_IF_ERROR(ints32(1, [](int64_t r) { return static_cast<int32_t>(H(r, 1) % 200000); }));
    PARQ_RETURN_IF_ERROR(ints32(2, [](int64_t r) { return static_cast<int32_t>(H(r, 2) % 10000); }));
    PARQ_RETURN_IF_ERROR(ints32(3, [](int64_t r) { return static_cast<int32_t>(r % 7 + 1); }));
    PARQ_RETURN_IF_ERROR(ints64(4, [](int64_t r) { return static_cast<int64_t>(H(r, 4) % 5000); }));
    PARQ_RETURN_IF_ERROR(ints64(5, [](int64_t r) { return static_cast<int64_t>(H(r, 5) % 10000000); }));
    PARQ_RETURN_IF_ERROR(ints64(6, [](int64_t r) { return static_cast<int64_t>(H(r, 6) % 11); }));
    PARQ_RETURN_IF_ERROR(ints64(7, [](int64_t r) { return static_cast<int64_t>(H(r, 7) % 9); }));
    PARQ_RETURN_IF_ERROR(strs(8, [](int64_t r) { return std::string_view(kFlags[H(r, 8) % 3]); }));
    PARQ_RETURN_IF_ERROR(strs(9, [](int64_t r) { return std::string_view(kStatus[H(r, 9) % 2]); }));
    for (int c = 10; c < 13; ++c) {
      PARQ_RETURN_IF_ERROR(ints32(c, [c](int64_t r) { return kEpoch1992 + static_cast<int32_t>(H(r, static_cast<uint64_t>(c)) % 2500); }));
    }
    PARQ_RETURN_IF_ERROR(strs(13, [](int64_t r) { return std::string_view(kInstruct[H(r, 13) % 4]); }));
    PARQ_RETURN_IF_ERROR(strs(14, [](int64_t r) { return std::string_view(kMode[H(r, 14) % 7]); }));
    char buf[40];
    PARQ_RETURN_IF_ERROR(strs(15, [&buf](int64_t r) {
      const size_t len = 10 + H(r, 15) % 31;  // 10..40 hex characters, like md5 text
      for (size_t i = 0; i < len; i += 16) {
        uint64_t x = H(r, 100 + i);
        for (size_t j = i; j < len && j < i + 16; ++j, x >>= 4) buf[j] = kHex[x & 15];
      }
      return std::string_view(buf, len);
    }));
    PARQ_RETURN_IF_ERROR(w->EndRowGroup());
  }
  return w->Close();
}

// 2,000 required DOUBLE columns, 5 row groups: a metadata-heavy footer.
Status Wide(const std::string& path, int64_t rows, Compression codec) {
  constexpr int kColumns = 2000, kGroups = 5;
  std::vector<Node> f;
  for (int c = 0; c < kColumns; ++c) f.push_back(Prim("c" + std::to_string(c), Repetition::kRequired, PhysicalType::kDouble));
  PARQ_ASSIGN_OR_RETURN(Schema schema, Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(f))));
  const int64_t per_group = (rows + kGroups - 1) / kGroups;
  PARQ_ASSIGN_OR_RETURN(auto w, FileWriter::Open(path, schema, Options(codec, per_group)));
  std::vector<double> v(static_cast<size_t>(per_group));
  for (int64_t start = 0; start < rows; start += per_group) {
    const int64_t n = std::min(per_group, rows - start);
    for (int c = 0; c < kColumns; ++c) {
      // Two decimals of precision, a few thousand distinct values per column.
      for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = static_cast<double>(H(start + i, static_cast<uint64_t>(c)) % 100000) / 100.0;
      PARQ_RETURN_IF_ERROR(Put(w.get(), c, n, nullptr, nullptr, v.data()));
    }
    PARQ_RETURN_IF_ERROR(w->EndRowGroup());
  }
  return w->Close();
}

// `columns` required BOOLEAN columns (the widths of feature stores and
// sensor matrices) and `rows` rows in one row group; no rows writes a file
// of footer only (a schema of `columns` leaves, no row group).  These time
// what grows with the width alone: the footer, the schema, the per-column
// reader state.
Status WideBoolean(const std::string& path, int64_t rows, int64_t columns, Compression codec) {
  std::vector<Node> f;
  f.reserve(static_cast<size_t>(columns));
  for (int64_t c = 0; c < columns; ++c) f.push_back(Prim("c" + std::to_string(c), Repetition::kRequired, PhysicalType::kBoolean));
  PARQ_ASSIGN_OR_RETURN(Schema schema, Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(f))));
  PARQ_ASSIGN_OR_RETURN(auto w, FileWriter::Open(path, schema, Options(codec, std::max<int64_t>(rows, 1))));
  std::vector<uint8_t> bytes(static_cast<size_t>(rows));
  auto* v = reinterpret_cast<bool*>(bytes.data());
  for (int64_t c = 0; rows > 0 && c < columns; ++c) {
    for (int64_t i = 0; i < rows; ++i) bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(H(i, static_cast<uint64_t>(c)) & 1);
    PARQ_RETURN_IF_ERROR(Put(w.get(), static_cast<int>(c), rows, nullptr, nullptr, v));
  }
  return w->Close();
}

// id INT64, items: optional list<optional struct<a: optional int64, b: optional string>>.
// 10 % null lists, 5 % empty lists, else 1..6 elements; 5 % null elements, 10 % null fields.
Status Nested(const std::string& path, int64_t rows, Compression codec) {
  std::vector<Node> elem;
  elem.push_back(Prim("a", Repetition::kOptional, PhysicalType::kInt64));
  elem.push_back(Prim("b", Repetition::kOptional, PhysicalType::kByteArray, LogicalType::String()));
  std::vector<Node> list;
  list.push_back(SchemaNode::MakeGroup("element", Repetition::kOptional, std::move(elem)));
  std::vector<Node> items;
  items.push_back(SchemaNode::MakeGroup("list", Repetition::kRepeated, std::move(list)));
  std::vector<Node> f;
  f.push_back(Prim("id", Repetition::kRequired, PhysicalType::kInt64));
  f.push_back(SchemaNode::MakeGroup("items", Repetition::kOptional, std::move(items), LogicalType::List()));
  PARQ_ASSIGN_OR_RETURN(Schema schema, Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(f))));
  PARQ_ASSIGN_OR_RETURN(auto w, FileWriter::Open(path, schema, Options(codec, kRowGroupRows)));
  std::vector<int64_t> ids, avals;
  std::vector<int16_t> adef, bdef, rep;
  StringBatch s;
  char buf[32];
  for (int64_t start = 0; start < rows; start += kRowGroupRows) {
    const int64_t n = std::min(kRowGroupRows, rows - start);
    ids.clear(); avals.clear(); adef.clear(); bdef.clear(); rep.clear(); s.Clear();
    for (int64_t r = start; r < start + n; ++r) {
      ids.push_back(r);
      const uint64_t h = H(r, 1);
      if (h % 100 < 10 || h % 100 < 15) {  // null list (def 0) or empty list (def 1)
        const int16_t d = h % 100 < 10 ? 0 : 1;
        adef.push_back(d); bdef.push_back(d); rep.push_back(0);
        continue;
      }
      const int len = 1 + static_cast<int>((h >> 8) % 6);
      for (int e = 0; e < len; ++e) {
        const uint64_t x = H(r, 2 + static_cast<uint64_t>(e));
        rep.push_back(e == 0 ? 0 : 1);
        if (x % 100 < 5) { adef.push_back(2); bdef.push_back(2); continue; }  // null element
        if ((x >> 8) % 10 == 0) {
          adef.push_back(3);
        } else {
          adef.push_back(4);
          avals.push_back(static_cast<int64_t>((x >> 16) % 1000000));
        }
        if ((x >> 12) % 10 == 0) {
          bdef.push_back(3);
        } else {
          bdef.push_back(4);
          const int l = std::snprintf(buf, sizeof buf, "item-%llu", static_cast<unsigned long long>((x >> 24) % 100000000));
          s.Add(std::string_view(buf, static_cast<size_t>(l)));
        }
      }
    }
    PARQ_RETURN_IF_ERROR(Put(w.get(), 0, n, nullptr, nullptr, ids.data()));
    const auto levels = static_cast<int64_t>(rep.size());
    PARQ_RETURN_IF_ERROR(Put(w.get(), 1, levels, adef.data(), rep.data(), avals.data()));
    PARQ_RETURN_IF_ERROR(Put(w.get(), 2, levels, bdef.data(), rep.data(), s.Views()));
    PARQ_RETURN_IF_ERROR(w->EndRowGroup());
  }
  return w->Close();
}

// One optional STRING column of URLs.  `distinct` > 0 draws them from that
// many (dictionary-encoded); 0 makes every URL unique and turns the
// dictionary off (PLAIN).
Status Urls(const std::string& path, int64_t rows, Compression codec, int64_t distinct) {
  std::vector<Node> f;
  f.push_back(Prim("url", Repetition::kOptional, PhysicalType::kByteArray, LogicalType::String()));
  PARQ_ASSIGN_OR_RETURN(Schema schema, Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(f))));
  WriterOptions o = Options(codec, kRowGroupRows * 4);
  o.column_defaults.dictionary = distinct > 0;
  PARQ_ASSIGN_OR_RETURN(auto w, FileWriter::Open(path, schema, o));
  static const char* kHosts[] = {"www.example.com", "news.example.org", "shop.example.net", "cdn.example.io",
                                 "blog.example.dev", "api.example.com", "docs.example.org", "m.example.co.uk"};
  static const char* kWords[] = {"products", "search", "article", "user", "images", "category", "static", "v2",
                                 "download", "checkout", "help", "about", "news", "sports", "tech", "world"};
  const int64_t per_group = kRowGroupRows * 4;
  std::vector<int16_t> def(static_cast<size_t>(per_group), 1);
  StringBatch s;
  char buf[160];
  for (int64_t start = 0; start < rows; start += per_group) {
    const int64_t n = std::min(per_group, rows - start);
    s.Clear();
    for (int64_t r = start; r < start + n; ++r) {
      const int64_t key = distinct > 0 ? static_cast<int64_t>(H(r, 1) % static_cast<uint64_t>(distinct)) : r;
      const uint64_t h = H(key, 2);
      const int l = std::snprintf(buf, sizeof buf, "https://%s/%s/%s/%llu?id=%llu", kHosts[h % 8], kWords[(h >> 3) % 16],
                                  kWords[(h >> 7) % 16], static_cast<unsigned long long>((h >> 11) % 1000000),
                                  static_cast<unsigned long long>(key));
      s.Add(std::string_view(buf, static_cast<size_t>(l)));
    }
    PARQ_RETURN_IF_ERROR(Put(w.get(), 0, n, def.data(), nullptr, s.Views()));
    PARQ_RETURN_IF_ERROR(w->EndRowGroup());
  }
  return w->Close();
}

}  // namespace

Status Generate(const std::string& kind, const std::string& path, int64_t rows, int64_t columns,
                Compression codec) {
  if (kind == "lineitem") return Lineitem(path, rows > 0 ? rows : 6'000'000, codec);
  if (kind == "lineitem-sorted") return Lineitem(path, rows > 0 ? rows : 10'000'000, codec, int64_t{1} << 20);
  if (kind == "wide") return Wide(path, rows > 0 ? rows : 10'000, codec);
  if (kind == "nested") return Nested(path, rows > 0 ? rows : 1'000'000, codec);
  if (kind == "strings-dict") return Urls(path, rows > 0 ? rows : 10'000'000, codec, 10'000);
  if (kind == "strings-plain") return Urls(path, rows > 0 ? rows : 10'000'000, codec, 0);
  if (kind == "wide-boolean") return WideBoolean(path, rows > 0 ? rows : 1, columns > 0 ? columns : 100'000, codec);
  if (kind == "wide-footer") return WideBoolean(path, 0, columns > 0 ? columns : 1'000'000, codec);
  return Status::InvalidArgument("unknown data set '" + kind +
                                 "' (lineitem, lineitem-sorted, wide, nested, strings-dict, strings-plain, wide-boolean, wide-footer)");
}

}  // namespace parq::bench
