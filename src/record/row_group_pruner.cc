// RowGroupPruner (record/row_group_pruner.h).
#include "record/row_group_pruner.h"

#include <span>
#include <string>

#include "record/bound_filter_impl.h"

namespace parq {

std::string_view RowGroupOutcomeName(RowGroupPruning::Outcome outcome) {
  switch (outcome) {
    case RowGroupPruning::Outcome::kNotReached: return "not reached";
    case RowGroupPruning::Outcome::kRead: return "read";
    case RowGroupPruning::Outcome::kStatistics: return "statistics";
    case RowGroupPruning::Outcome::kDictionary: return "dictionary";
    case RowGroupPruning::Outcome::kBloomFilter: return "bloom filter";
    case RowGroupPruning::Outcome::kPageIndex: return "page index";
    case RowGroupPruning::Outcome::kPageStatistics: return "page statistics";
  }
  return "?";
}

namespace filter_internal {

bool FullyDictionaryEncoded(const ChunkEncodings& e) {
  auto is_dictionary = [](Encoding x) { return x == Encoding::kPlainDictionary || x == Encoding::kRleDictionary; };
  if (!e.encoding_stats.empty()) {
    int64_t data_pages = 0;
    for (const PageEncodingStats& s : e.encoding_stats) {
      if (s.page_type != PageType::kDataPage && s.page_type != PageType::kDataPageV2) continue;
      if (s.count <= 0) continue;
      if (!is_dictionary(s.encoding)) return false;
      data_pages += s.count;
    }
    return data_pages > 0;
  }
  bool plain_dictionary = false;
  for (Encoding x : e.encodings) {
    if (x == Encoding::kPlainDictionary) {
      plain_dictionary = true;
    } else if (x != Encoding::kRle && x != Encoding::kBitPacked) {
      return false;
    }
  }
  return plain_dictionary;
}

namespace {

// Every node's leaf, by what pruning can use.
void MarkLeaves(const BoundFilter::Impl::Node& n, std::vector<bool>& compares, std::vector<bool>& probes) {
  for (const BoundFilter::Impl::Node& c : n.children) MarkLeaves(c, compares, probes);
  if (n.leaf < 0) return;
  const auto leaf = static_cast<size_t>(n.leaf);
  if (n.kind == Filter::Kind::kCompare || n.kind == Filter::Kind::kIn || n.kind == Filter::Kind::kBetween) {
    compares[leaf] = true;
  }
  if ((n.kind == Filter::Kind::kCompare && n.op == CompareOp::kEq) || n.kind == Filter::Kind::kIn) probes[leaf] = true;
}

// The Keys of a typed dictionary; false when an entry has none.
template <typename T>
bool DictionaryKeys(ColumnReader& reader, const LeafType& type, std::vector<Key>* out) {
  TypedColumnReader<T>* typed = reader.As<T>();
  if (typed == nullptr) return false;
  const std::span<const T> dict = typed->dictionary();
  out->reserve(dict.size());
  Value v;
  for (const T& x : dict) {
    if constexpr (std::is_same_v<T, int32_t>) {
      v = Value::Int32(x);
    } else if constexpr (std::is_same_v<T, int64_t>) {
      v = Value::Int64(x);
    } else if constexpr (std::is_same_v<T, float>) {
      v = Value::Float(x);
    } else if constexpr (std::is_same_v<T, double>) {
      v = Value::Double(x);
    } else if constexpr (std::is_same_v<T, Int96>) {
      v = Value::MakeInt96(x);
    } else if constexpr (std::is_same_v<T, ByteArray>) {
      v = Value::Bytes(x.view());
    } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
      v = Value::Bytes(std::string_view(reinterpret_cast<const char*>(x.ptr), static_cast<size_t>(type.type_length)));
    } else {
      v = Value::Bool(x);
    }
    Key k;
    if (!KeyOfValue(v, type, &k)) return false;
    out->push_back(std::move(k));
  }
  return true;
}

}  // namespace

RowGroupPruner::RowGroupPruner(const BoundFilter& filter, const RowSource& source)
    : filter_(filter), source_(source) {
  const size_t n = filter.impl().leaves.size();
  compares_.assign(n, false);
  probes_.assign(n, false);
  MarkLeaves(filter.impl().root, compares_, probes_);
  report_.row_groups.assign(source.row_group_rows.size(), RowGroupPruning::Outcome::kNotReached);
}

std::shared_ptr<const std::vector<Key>> RowGroupPruner::ReadDictionary(int rg, size_t leaf, RowGroupPruning* found) {
  const BoundFilter::Impl::Leaf& l = filter_.impl().leaves[leaf];
  if (!source_.chunk_encodings || !source_.open_column) return nullptr;
  if (!FullyDictionaryEncoded(source_.chunk_encodings(rg, l.column))) return nullptr;
  Result<std::unique_ptr<ColumnReader>> opened = source_.open_column(rg, l.column);
  if (!opened.ok()) return nullptr;
  std::unique_ptr<ColumnReader> reader = std::move(*opened);
  // Loads the dictionary page and starts the first data page, which must be
  // dictionary-encoded too (else the metadata was wrong: no pruning).
  bool dictionary_page = false;
  bool read_ok = false;
  auto keys = std::make_shared<std::vector<Key>>();
  bool ok = false;
  switch (reader->physical_type()) {
#define PARQ_DICTIONARY_CASE(kind, T)                                              \
  case PhysicalType::kind: {                                                       \
    Result<bool> first = reader->As<T>()->NextPageIsDictionaryEncoded();           \
    read_ok = first.ok();                                                          \
    dictionary_page = read_ok && *first;                                           \
    ok = dictionary_page && DictionaryKeys<T>(*reader, l.type, keys.get());        \
    break;                                                                         \
  }
    PARQ_DICTIONARY_CASE(kBoolean, bool)
    PARQ_DICTIONARY_CASE(kInt32, int32_t)
    PARQ_DICTIONARY_CASE(kInt64, int64_t)
    PARQ_DICTIONARY_CASE(kInt96, Int96)
    PARQ_DICTIONARY_CASE(kFloat, float)
    PARQ_DICTIONARY_CASE(kDouble, double)
    PARQ_DICTIONARY_CASE(kByteArray, ByteArray)
    PARQ_DICTIONARY_CASE(kFixedLenByteArray, FixedLenByteArray)
#undef PARQ_DICTIONARY_CASE
  }
  if (dictionary_page) ++found->dictionaries_read;
  // The reader stays for the cursor if it reads the row group after all;
  // one that met an error is dropped (the cursor's own reader reports it).
  if (read_ok) {
    std::lock_guard<std::mutex> lock(mutex_);
    readers_[{rg, l.column}] = std::move(reader);
  }
  // An empty dictionary says nothing (the span is empty without one too).
  if (!ok || keys->empty()) return nullptr;
  return keys;
}

bool RowGroupPruner::Keep(int rg) {
  using Outcome = RowGroupPruning::Outcome;
  RowGroupPruning found;  // what this row group adds to the report
  found.row_groups.assign(1, Outcome::kRead);
  auto record = [&] {
    std::lock_guard<std::mutex> lock(mutex_);
    pending_[rg] = std::move(found);
  };
  const auto& leaves = filter_.impl().leaves;
  const auto g = static_cast<size_t>(rg);
  std::vector<ChunkFacts> facts;
  facts.reserve(leaves.size());
  for (const BoundFilter::Impl::Leaf& leaf : leaves) {
    const std::string order = source_.column_order ? source_.column_order(leaf.column) : std::string();
    std::optional<EncodedStatistics> stats;
    if (source_.chunk_statistics) stats = source_.chunk_statistics(rg, leaf.column);
    facts.push_back(FactsOf(stats, source_.row_group_rows[g], leaf.type, order, source_.created_by));
  }
  auto decide = [&](Outcome o, int64_t RowGroupPruning::*counter) {
    found.row_groups[0] = o;
    ++(found.*counter);
    {
      std::lock_guard<std::mutex> lock(mutex_);  // its chunks are not read: no reader is taken
      std::erase_if(readers_, [rg](const auto& e) { return e.first.first == rg; });
    }
    record();
    return false;
  };
  if (!MayMatch(filter_, facts)) return decide(Outcome::kStatistics, &RowGroupPruning::by_statistics);
  for (size_t i = 0; i < leaves.size(); ++i) {
    if (!compares_[i]) continue;
    facts[i].dictionary = ReadDictionary(rg, i, &found);
    if (facts[i].dictionary && !MayMatch(filter_, facts)) {
      return decide(Outcome::kDictionary, &RowGroupPruning::by_dictionary);
    }
  }
  if (source_.bloom_filter) {
    for (size_t i = 0; i < leaves.size(); ++i) {
      // A dictionary read is every value already: the Bloom filter adds nothing.
      if (!probes_[i] || facts[i].dictionary) continue;
      Result<std::optional<BloomFilter>> bloom = source_.bloom_filter(rg, leaves[i].column);
      if (!bloom.ok() || !bloom->has_value()) continue;
      ++found.bloom_filters_read;
      facts[i].bloom = std::make_shared<const BloomFilter>(std::move(**bloom));
      if (!MayMatch(filter_, facts)) return decide(Outcome::kBloomFilter, &RowGroupPruning::by_bloom_filter);
    }
  }
  record();
  return true;
}

void RowGroupPruner::NotePagePruning(int rg, const PagePruneNote& note, bool left_no_row) {
  std::lock_guard<std::mutex> lock(mutex_);
  RowGroupPruning& found = pending_[rg];
  found.pages_by_page_statistics += note.header_pages_pruned;
  if (!left_no_row || found.row_groups.size() != 1 || found.row_groups[0] != RowGroupPruning::Outcome::kRead) {
    return;
  }
  if (note.used_page_index || !note.used_header_stats) {
    found.row_groups[0] = RowGroupPruning::Outcome::kPageIndex;
    ++found.by_page_index;
  } else {
    found.row_groups[0] = RowGroupPruning::Outcome::kPageStatistics;
    ++found.by_page_statistics;
  }
}

void RowGroupPruner::Commit(int rg) {
  RowGroupPruning found;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    // Those of earlier row groups were never taken: their readers went past.
    std::erase_if(readers_, [rg](const auto& e) { return e.first.first < rg; });
    auto it = pending_.find(rg);
    if (it == pending_.end()) return;
    found = std::move(it->second);
    pending_.erase(it);
  }
  const auto g = static_cast<size_t>(rg);
  if (found.row_groups.size() == 1 && g < report_.row_groups.size()) report_.row_groups[g] = found.row_groups[0];
  report_.by_statistics += found.by_statistics;
  report_.by_dictionary += found.by_dictionary;
  report_.by_bloom_filter += found.by_bloom_filter;
  report_.by_page_index += found.by_page_index;
  report_.by_page_statistics += found.by_page_statistics;
  report_.pages_by_page_statistics += found.pages_by_page_statistics;
  report_.dictionaries_read += found.dictionaries_read;
  report_.bloom_filters_read += found.bloom_filters_read;
}

void RowGroupPruner::Discard(int rg) {
  std::lock_guard<std::mutex> lock(mutex_);
  pending_.erase(rg);
  std::erase_if(readers_, [rg](const auto& e) { return e.first.first == rg; });
}

std::unique_ptr<ColumnReader> RowGroupPruner::TakeReader(int rg, int column) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = readers_.find({rg, column});
  if (it == readers_.end()) return nullptr;
  std::unique_ptr<ColumnReader> r = std::move(it->second);
  readers_.erase(it);
  return r;
}

}  // namespace filter_internal
}  // namespace parq
