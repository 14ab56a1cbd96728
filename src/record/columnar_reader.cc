// ColumnarReader (parq/columnar.h): levels → the Arrow layout of each leaf's
// path.
//
// Each node k of a leaf's path gets three numbers from the assembly plan:
//   slot_def     an entry has a slot at k only when def >= slot_def (the top
//                node: always; a struct's child: as the struct; a list's or
//                map's child: when the list is non-empty);
//   present_def  the slot is present (its validity bit set) when def >= present_def
//                (the node's own definition level when it is nullable, else
//                what its slot needs);
//   new_at       the entry starts a new slot at k when rep <= new_at (the
//                repetition level of the innermost list above k; 0 at the top).
// One pass over the entries, outermost node first, appends the slots; a list
// records its child's slot count as the offset of each of its slots.  The
// validity bitmaps (and a BOOLEAN leaf's values) are grown zero-filled, so a
// slot only ever sets its bit: the loop writes a byte of 0 / 1 per slot into
// scratch, packed into the bitmap after each batch.
//
// With a filter (late materialization): row groups are pruned by the
// RowGroupPruner that RowReader uses (record/row_group_pruner.h: statistics,
// then dictionaries, then Bloom filters) and give no rows; a reader the
// pruner opened for a dictionary goes on to read its chunk.  Then, with
// pruning kPages, the filter columns' page indexes select the rows that may
// match (record/filter_page_prune.h): an empty selection prunes the row
// group too.  The filter's columns are read first (whole, or only the rows
// of the pages the page index left, the others passed over with the
// chunk's OffsetIndex), the filter evaluated over them (record/filter_batch.h),
// and every other projected column read with the selection: the runs of
// unselected rows between the selection's runs are passed over by the
// column reader's SkipRows (given the chunk's OffsetIndex, the pages holding
// no row of a run are neither read nor decompressed), inside a run the
// levels are decoded whole but only the selected rows' values materialised
// (column::ReadBatchSelected: the others passed over in the value decoder)
// and only their entries take slots, and nothing after the last selected
// row is read.  The filter's
// projected columns are cut down to the selected rows afterwards.  The
// unfiltered read is a separate instantiation of the same loop, unchanged.
// With a pool the next row group's filtered read (pruning included) runs
// ahead as one task; the pruner's report takes it in as the caller does.
#include <algorithm>
#include <atomic>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "parq/column_reader.h"
#include "parq/columnar.h"
#include "parq/record.h"
#include "record/assembly_plan.h"
#include "record/bound_filter_impl.h"
#include "column/selected_rows.h"
#include "record/filter_batch.h"
#include "record/filter_page_prune.h"
#include "record/leaf_buffer.h"
#include "record/row_group_pruner.h"
#include "util/bitmap.h"
#include "util/parallel_jobs.h"
#include "util/pool_option.h"

namespace parq {

namespace {

struct NodeRule {
  ColumnarNode::Kind kind = ColumnarNode::Kind::kStruct;
  std::string name;
  bool nullable = false;
  int16_t slot_def = 0;
  int16_t present_def = 0;
  int16_t new_at = 0;
};

struct LeafPlan {
  int column = -1;
  std::vector<NodeRule> nodes;  // top-level field first, the leaf last
};

ColumnarNode::Kind KindOf(const PlanNode& p) {
  switch (p.kind) {
    case PlanNode::Kind::kLeaf: return ColumnarNode::Kind::kLeaf;
    case PlanNode::Kind::kList: return ColumnarNode::Kind::kList;
    case PlanNode::Kind::kMap: return ColumnarNode::Kind::kMap;
    default: return ColumnarNode::Kind::kStruct;
  }
}

// Collects the leaves under p, with the rules of p and every node below.
void CollectLeaves(const PlanNode& p, std::vector<NodeRule>* chain, const NodeRule& parent, bool top,
                   std::vector<LeafPlan>* out) {
  NodeRule r;
  r.kind = KindOf(p);
  r.name = p.name;
  r.nullable = p.nullable;
  if (top) {
    r.slot_def = 0;
    r.new_at = 0;
  } else if (parent.kind == ColumnarNode::Kind::kList || parent.kind == ColumnarNode::Kind::kMap) {
    // parent.slot_def was reused to carry the list's empty_below / repeat_at
    // through `parent` (see below).
    r.slot_def = parent.present_def;
    r.new_at = parent.new_at;
  } else {
    r.slot_def = parent.slot_def;
    r.new_at = parent.new_at;
  }
  const int16_t inherited = top ? 0 : (parent.kind == ColumnarNode::Kind::kStruct ? parent.present_def : r.slot_def);
  r.present_def = p.nullable ? p.null_below : inherited;
  chain->push_back(r);
  if (p.kind == PlanNode::Kind::kLeaf) {
    out->push_back({p.column, *chain});
  } else {
    // What the children see of this node.
    NodeRule as_parent = r;
    if (p.kind == PlanNode::Kind::kList || p.kind == PlanNode::Kind::kMap) {
      as_parent.present_def = p.empty_below;  // a child slot exists when the list is non-empty
      as_parent.new_at = p.repeat_at;
    }
    for (const PlanNode& c : p.children) CollectLeaves(c, chain, as_parent, false, out);
  }
  chain->pop_back();
}

int ValueWidth(const ColumnDescriptor& d) {
  switch (d.physical_type) {
    case PhysicalType::kBoolean: return 0;  // a bitmap
    case PhysicalType::kInt32:
    case PhysicalType::kFloat: return 4;
    case PhysicalType::kInt64:
    case PhysicalType::kDouble: return 8;
    case PhysicalType::kInt96: return 12;
    case PhysicalType::kFixedLenByteArray: return d.type_length;
    case PhysicalType::kByteArray: return 0;
  }
  return 0;
}

// The scratch one column's batches land in.
struct Scratch {
  std::vector<int16_t> def, rep;
  std::vector<uint8_t> fixed;  // fixed-width values
  std::vector<ByteArray> ba;
  std::vector<FixedLenByteArray> flba;
  std::unique_ptr<bool[]> bools;
  size_t bools_cap = 0;
  // A byte of 0 / 1 per slot the batch appends: every node's validity, then
  // a BOOLEAN leaf's values.
  std::vector<uint8_t> slot_bytes;
  std::vector<uint64_t> present;  // kBits: a batch's presence bits
  // kFiltered, repeated: a batch's row starts, and the values before each.
  std::vector<int64_t> starts, values_before;
};

}  // namespace

// Per-node cursors of the batch being assembled.
struct NodeCursors {
  std::vector<uint8_t*> valid;
  std::vector<int64_t*> offs;
  std::vector<int64_t> len, nulls, noffs;  // len: slots appended by this batch
  std::vector<int64_t> base;                // slots before this batch
  void Resize(size_t depth) {
    valid.resize(depth);
    base.resize(depth);
    offs.resize(depth);
    len.resize(depth);
    nulls.resize(depth);
    noffs.resize(depth);
  }
};

// What one thread assembling leaves needs of its own.
struct ColumnarWorker {
  NodeCursors cursors;
  Scratch scratch;
};

// Unselected rows in a gap shorter than this are decoded and dropped rather
// than skipped: a SkipRows call and a new batch cost about as much.
constexpr int64_t kMinSkipRows = 1024;
// Level entries a repeated column reads at a time to finish the last row of
// a run (whose entries may go on): those past it are read in vain.
constexpr int64_t kTailLevels = 64;

struct ColumnarReader::Impl {
  using Selection = filter_internal::RowSelection;

  RowSource source;
  ColumnarReaderOptions options;
  std::vector<LeafPlan> leaves;
  // Null: every leaf on the calling thread.
  std::shared_ptr<ThreadPool> pool;
  // Scratch for the threads reading leaves: a leaf read takes one and gives
  // it back (guarded by workers_mutex).
  std::vector<std::unique_ptr<ColumnarWorker>> idle_workers;
  std::mutex workers_mutex;
  // The read-ahead (with a pool): row group `row_group` read into `batch`
  // by `jobs` on the pool, `status` per leaf (with a filter: one, the
  // filtered read's, run as one job that reads its leaves on the pool too);
  // `counted` the page counters as the caller's last read left them.
  struct Ahead {
    int row_group = -1;
    std::shared_ptr<util::ParallelJobs> jobs;  // null: none under way
    ColumnarBatch batch;
    std::vector<Status> status;
    int64_t counted[3] = {0, 0, 0};
  } ahead;
  // The order the pool takes the leaves of a whole row group in: the
  // largest of the last row group read first, so that a large chunk left
  // for last does not keep one thread busy while the others wait.
  std::vector<size_t> leaf_order;

  // With a filter: the bound filter, its row-group pruner (borrows
  // `filter`), and where each filter leaf (BoundFilter::Impl::leaves order)
  // is read: into the batch's leaf projected_of[f] >= 0, or else into
  // extra[extra_of[f]].
  std::optional<BoundFilter> filter;
  std::unique_ptr<filter_internal::RowGroupPruner> pruner;
  std::vector<int> projected_of, extra_of;
  std::vector<LeafPlan> extra_plans;  // filter leaves outside the projection
  std::vector<uint8_t> is_filter_leaf;  // per projected leaf
  // What one filtered row group read uses: the caller's, and the read
  // ahead's (`ahead.filtered`).
  struct Filtered {
    std::vector<ColumnarLeaf> extra;  // the filter leaves outside the projection
    Selection selection, in_pages, scratch_selection;
    bool pruned = false;  // the last row group read was
  } filtered;
  int64_t pruned = 0;
  // The column readers' counters, added up as each is dropped.
  std::atomic<int64_t> pages_read{0}, pages_skipped{0}, bytes_read{0};

  // Reads and checks leaf `plan` of row group `row_group` into *out: all
  // `rows` rows, or with `sel` the selected ones; `pages`, when given, the
  // rows whose pages the reader reads (with the chunk's OffsetIndex), a
  // superset of sel's runs.
  Status ReadLeafChecked(int row_group, const LeafPlan& plan, int64_t rows, const Selection* sel,
                         const index::RowSelection* pages, ColumnarWorker& w, ColumnarLeaf* out);
  Status ReadLeaf(int row_group, const LeafPlan& plan, int64_t rows, const Selection* sel,
                  const index::RowSelection* pages, ColumnarWorker& w, ColumnarLeaf* out);
  // kBits (with kFiltered): a flat column of definition levels 0 and 1,
  // whose levels come as bits (column::ReadFlatSelected).
  template <typename T, bool kFiltered, bool kBits = false>
  Status ReadTyped(TypedColumnReader<T>* r, const LeafPlan& plan, const Selection* sel, ColumnarWorker& w,
                   ColumnarLeaf* out);
  // Runs read(i, worker) for i in [0, n), on the pool when there is one;
  // the error of the first failing i.
  Status ForEachLeaf(size_t n, const std::function<Status(size_t, ColumnarWorker&)>& read);
  // The leaf scratch of one read (from idle_workers, or new) and back.
  std::unique_ptr<ColumnarWorker> TakeWorker();
  void GiveWorker(std::unique_ptr<ColumnarWorker> w);
  // Every projected leaf of row group g (no filter) into *batch.
  Status ReadAll(int row_group, ColumnarBatch* batch);
  // leaf_order by the sizes of `batch`'s leaves.
  void OrderLeaves(const ColumnarBatch& batch);
  // Read-ahead: starts row group g on the pool; takes it over (the first
  // failing leaf's error); drops it, waiting for the leaves under way.
  void StartAhead(int row_group);
  Status TakeAhead(ColumnarBatch* batch);
  void DropAhead();
  int64_t Counted(int k, const std::atomic<int64_t>& live) const { return ahead.jobs ? ahead.counted[k] : live.load(); }
  ~Impl() { DropAhead(); }
  // The filtered read of row group g into *batch, with f's scratch; the
  // pruner's findings left for Commit.
  Status ReadFiltered(int row_group, int64_t rows, Filtered& f, ColumnarBatch* batch);
  Filtered ahead_filtered;  // the read-ahead's scratch, with a filter
};

namespace {

// How many of a flat batch's `entries` (rows row + 1 on) are selected; a
// row past group_rows counts as selected (the batch is refused as it is
// placed).
int64_t SelectedEntries(const uint8_t* selected, int64_t group_rows, int64_t row, int64_t entries) {
  const int64_t first = row + 1, in_group = std::clamp<int64_t>(group_rows - first, 0, entries);
  // The bytes are 0 / 1: eight summed by one multiply.
  int64_t n = 0, i = 0;
  for (; i + 8 <= in_group; i += 8) {
    uint64_t x;
    std::memcpy(&x, selected + first + i, 8);
    n += static_cast<int64_t>((x * 0x0101010101010101ULL) >> 56);
  }
  for (; i < in_group; ++i) n += selected[first + i] != 0 ? 1 : 0;
  return n + (entries - in_group);
}

void ResetLeaf(const LeafPlan& plan, const ColumnDescriptor& d, ColumnarLeaf* out) {
  out->column = plan.column;
  out->descriptor = &d;
  out->value_width = ValueWidth(d);
  out->path.resize(plan.nodes.size());
  for (size_t k = 0; k < plan.nodes.size(); ++k) {
    ColumnarNode& n = out->path[k];
    n.kind = plan.nodes[k].kind;
    n.name = plan.nodes[k].name;
    n.nullable = plan.nodes[k].nullable;
    n.length = n.null_count = 0;
    n.validity.clear();
    n.offsets.clear();
  }
  out->values.clear();
  out->offsets.assign(1, 0);
  out->data.clear();
}

}  // namespace

template <typename T, bool kFiltered, bool kBits>
Status ColumnarReader::Impl::ReadTyped(TypedColumnReader<T>* r, const LeafPlan& plan, const Selection* sel,
                                       ColumnarWorker& w, ColumnarLeaf* out) {
  if (r == nullptr) return Status::Internal("column reader of an unexpected type");
  const ColumnDescriptor& d = r->descriptor();
  const int16_t max_def = d.max_definition_level;
  const bool has_def = max_def > 0, has_rep = d.max_repetition_level > 0;
  const int64_t n = std::max<int64_t>(options.batch_levels, 1);
  const size_t un = static_cast<size_t>(n);
  Scratch& s = w.scratch;
  NodeCursors& st = w.cursors;
  s.def.resize(un);
  s.rep.resize(un);
  if constexpr (kBits) s.present.resize((un + 63) / 64);
  const NodeRule* rules = plan.nodes.data();
  const size_t depth = plan.nodes.size();
  ColumnarNode* path = out->path.data();
  ColumnarNode& leaf = path[depth - 1];
  const size_t width = static_cast<size_t>(out->value_width);
  st.Resize(depth);
  // kFiltered: the row of the latest entry read (-1: none yet), the run of
  // the selection being read.
  int64_t row = -1;
  size_t run = 0;
  // The reader paused before a page holding no selected row (its OffsetIndex
  // starts pages at rows): row `row` is complete.
  bool paused = false;
  // Whether only the selected rows' values are materialised: where a value
  // costs more than a copy of its bytes (byte arrays, gathered from a
  // dictionary or walked by their lengths; FLBA and INT96).  Fixed-width
  // numbers decode whole faster than a mask of the kept ones is built.
  constexpr bool kSelective = kFiltered && (std::is_same_v<T, ByteArray> || std::is_same_v<T, FixedLenByteArray> ||
                                            std::is_same_v<T, Int96>);
  const uint8_t* selected = kFiltered ? sel->selected.data() : nullptr;
  const int64_t group_rows = kFiltered ? static_cast<int64_t>(sel->selected.size()) : 0;
  // BYTE_ARRAY: the bytes of `data` in use (kFiltered: it is grown as the
  // selected values come, past what is used, and cut to it at the end).
  size_t data_used = out->data.size();
  while (true) {
    int64_t want = n;
    if constexpr (kFiltered) {
      // A run is done once its rows are read: a flat column reads exactly
      // them; a repeated one knows its last row complete only when an entry
      // of a later row shows (or the chunk ends).
      const std::vector<Selection::Run>& runs = sel->runs;
      while (run < runs.size() && (has_rep && !paused ? row >= runs[run].end : row + 1 >= runs[run].end)) ++run;
      if (run == runs.size()) break;  // nothing selected further on: the rest is not read
      const int64_t begin = runs[run].begin;
      if (paused && begin <= row + 1) {
        return Status::Corrupt("the pages of row " + std::to_string(row + 1) +
                               " are not where the chunk's offset index puts them");
      }
      paused = false;
      if (begin > row + 1) {
        // Rows row + 1 .. begin - 1 are unselected, and so is `row` when
        // SkipRows passes over the rest of its entries.
        const int64_t skip = begin - (row + 1);
        PARQ_ASSIGN_OR_RETURN(const int64_t skipped, r->SkipRows(skip));
        if (skipped != skip) {
          return Status::Corrupt("the chunk ends at row " + std::to_string(row + 1 + skipped) +
                                 " of the row group's " + std::to_string(group_rows));
        }
        row = begin - 1;
      }
      // Each row not begun takes an entry at least, so reading no more
      // entries than that never reads past the run.
      const int64_t left = runs[run].end - (row + 1);
      want = std::min(n, left > 0 ? left : kTailLevels);
    }
    int64_t values_read = 0;
    // The values in vals: all the batch's (values_read), or kSelective only
    // those of selected rows (the others passed over in the decoder).
    int64_t values_kept = 0;
    const T* vals = nullptr;
    bool dense = true;  // kBits: every entry of the batch holds a value
    auto read_batch = [&](T* values) -> Result<int64_t> {
      int16_t* const dl = has_def ? s.def.data() : nullptr;
      int16_t* const rl = has_rep ? s.rep.data() : nullptr;
      if constexpr (kBits) {
        return column::ReadFlatSelected(*r, want, reinterpret_cast<uint8_t*>(s.present.data()), &dense,
                                        kSelective ? selected + (row + 1) : nullptr, values, &values_read,
                                        &values_kept);
      } else if constexpr (kSelective) {
        return column::ReadBatchSelected(*r, want, dl, rl, selected, group_rows, row, values, &values_read,
                                         &values_kept);
      } else {
        PARQ_ASSIGN_OR_RETURN(const int64_t got, r->ReadBatch(want, dl, rl, values, &values_read));
        values_kept = values_read;
        return got;
      }
    };
    Result<int64_t> got = int64_t{0};
    if constexpr (std::is_same_v<T, bool>) {
      if (s.bools_cap < un) {
        s.bools = std::make_unique<bool[]>(un);
        s.bools_cap = un;
      }
      got = read_batch(s.bools.get());
      vals = s.bools.get();
    } else if constexpr (std::is_same_v<T, ByteArray>) {
      s.ba.resize(un);
      got = read_batch(s.ba.data());
      vals = s.ba.data();
    } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
      s.flba.resize(un);
      got = read_batch(s.flba.data());
      vals = s.flba.data();
    } else {
      s.fixed.resize(un * sizeof(T));
      got = read_batch(reinterpret_cast<T*>(s.fixed.data()));
      vals = reinterpret_cast<const T*>(s.fixed.data());
    }
    if (!got.ok()) return got.status();
    const int64_t entries = *got;
    if (kFiltered && entries == 0 && column::PausedBeforeUnselected(*r)) {
      paused = true;
      continue;
    }
    if (entries == 0) break;
    const int16_t* def = s.def.data();
    const int16_t* rep = s.rep.data();
    const uint64_t* present = s.present.data();

    // Every node gains at most one slot per entry (kFiltered: per entry of a
    // selected row, the only ones placed): size the buffers for that, fill
    // them through pointers, and cut them to length after.
    size_t grow = static_cast<size_t>(entries);
    // kFiltered, repeated: the batch's row starts (its entries of repetition
    // level 0) and the values before each, found in one pass without a
    // branch per entry; rows start at starts[0 .. nstarts), and the `head`
    // entries before the first continue row `row`.  Only the selected rows'
    // entries are placed, so only they are given room.
    int64_t nstarts = 0, head = 0, batch_values = 0;
    if constexpr (kFiltered) {
      if (!has_rep) {
        grow = static_cast<size_t>(SelectedEntries(selected, group_rows, row, entries));
      } else {
        s.starts.resize(static_cast<size_t>(entries) + 1);
        s.values_before.resize(static_cast<size_t>(entries) + 1);
        int64_t* const starts = s.starts.data();
        int64_t* const before = s.values_before.data();
        const int16_t* const rl = s.rep.data();
        const int16_t* const dl = s.def.data();  // (a repeated column has definition levels)
        for (int64_t i = 0; i < entries; ++i) {
          starts[nstarts] = i;
          before[nstarts] = batch_values;
          nstarts += rl[i] == 0 ? 1 : 0;
          batch_values += dl[i] == max_def ? 1 : 0;
        }
        starts[nstarts] = entries;
        before[nstarts] = batch_values;
        if (batch_values != values_read) {
          return Status::Corrupt("levels place " + std::to_string(batch_values) + " values where the page holds " +
                                 std::to_string(values_read));
        }
        head = nstarts > 0 ? starts[0] : entries;
        if (head > 0 && row < 0) return Status::Corrupt("the chunk's first entry does not start a row");
        if (row + nstarts >= group_rows) {
          return Status::Corrupt("the chunk holds more rows than the row group's " + std::to_string(group_rows));
        }
        int64_t placed = head > 0 && selected[row] != 0 ? head : 0;
        const int64_t row0 = row + 1;
        filter_internal::ForEachSelected(selected, row0, row0 + nstarts, [&](int64_t r) {
          placed += starts[r - row0 + 1] - starts[r - row0];
        });
        grow = static_cast<size_t>(placed);
      }
    }
    s.slot_bytes.resize(grow * (depth + 1));
    for (size_t k = 0; k < depth; ++k) {
      ColumnarNode& node = path[k];
      node.validity.resize((static_cast<size_t>(node.length) + grow + 7) / 8);
      st.valid[k] = s.slot_bytes.data() + k * grow;
      st.base[k] = node.length;
      st.len[k] = 0;
      st.nulls[k] = node.null_count;
      if (node.kind == ColumnarNode::Kind::kList || node.kind == ColumnarNode::Kind::kMap) {
        const size_t at = node.offsets.size();
        node.offsets.resize(at + grow);
        st.offs[k] = node.offsets.data() + at;
        st.noffs[k] = 0;
      }
    }
    const size_t leaf_before = static_cast<size_t>(leaf.length);
    if (width > 0) out->values.resize((leaf_before + grow) * width);
    if constexpr (std::is_same_v<T, bool>) out->values.resize((leaf_before + grow + 7) / 8);
    uint8_t* const bool_bytes = s.slot_bytes.data() + depth * grow;
    size_t data_at = data_used;
    if constexpr (std::is_same_v<T, ByteArray>) {
      if constexpr (!kFiltered) {
        size_t bytes = 0;
        for (int64_t v = 0; v < values_read; ++v) bytes += vals[v].len;
        out->data.resize(data_at + bytes);
      }
      out->offsets.resize(out->offsets.size() + grow);
    }
    uint8_t* fixed_out = out->values.data() + (width > 0 ? leaf_before * width : 0);
    int64_t* str_off = out->offsets.data() + (out->offsets.size() - (std::is_same_v<T, ByteArray> ? grow : 0));
    int64_t vi = 0;
    const size_t last = depth - 1;
    int64_t* len = st.len.data();
    const int64_t* base = st.base.data();
    int64_t* nulls = st.nulls.data();
    uint8_t** valid = st.valid.data();

    // Appends entry (dl, rl)'s slots, and its value when present (vals[vi]);
    // false when that is past the page's values.
    auto place = [&](const int16_t dl, const int16_t rl) -> bool {
      size_t k = 0;
      for (; k < last; ++k) {
        const NodeRule& rule = rules[k];
        if (dl < rule.slot_def) break;
        if (rl > rule.new_at) continue;
        if (rule.kind != ColumnarNode::Kind::kStruct) st.offs[k][st.noffs[k]++] = base[k + 1] + len[k + 1];
        const bool ok = dl >= rule.present_def;
        valid[k][len[k]++] = ok ? 1 : 0;
        nulls[k] += ok ? 0 : 1;
      }
      if (k < last) return true;  // no slot at the leaf
      const NodeRule& rule = rules[last];
      if (dl < rule.slot_def || rl > rule.new_at) return true;
      const bool present = dl == max_def;
      if (present && vi == values_kept) return false;
      const int64_t slot = len[last]++;
      valid[last][slot] = present ? 1 : 0;
      nulls[last] += present ? 0 : 1;
      if constexpr (std::is_same_v<T, ByteArray>) {
        if (present) {
          const ByteArray& v = vals[vi++];
          if constexpr (kFiltered) {
            // Only the selected values' bytes: the room grows by doubling
            // (zero-filling all values' bytes would cost more than the copy).
            if (data_at + v.len > out->data.size()) out->data.resize(std::max(out->data.size() * 2, data_at + v.len));
          }
          if (v.len > 0) std::memcpy(out->data.data() + data_at, v.ptr, v.len);
          data_at += v.len;
        }
        *str_off++ = static_cast<int64_t>(data_at);
      } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
        uint8_t* dst = fixed_out + static_cast<size_t>(slot) * width;
        if (present) {
          std::memcpy(dst, vals[vi++].ptr, width);
        } else {
          std::memset(dst, 0, width);
        }
      } else if constexpr (std::is_same_v<T, bool>) {
        bool_bytes[slot] = present && vals[vi++] ? 1 : 0;
      } else {
        uint8_t* dst = fixed_out + static_cast<size_t>(slot) * width;
        if (present) {
          std::memcpy(dst, &vals[vi++], sizeof(T));
        } else {
          std::memset(dst, 0, sizeof(T));
        }
      }
      return true;
    };
    const auto too_many = [&] {
      return Status::Corrupt("levels place more values than the page's " + std::to_string(values_read));
    };
    if (kFiltered && !has_rep) {
      // A flat column: entry i is row row0 + i.  Only the selected entries
      // are placed; the value of each is the count of present entries
      // before it (counted branch-free over the levels between).
      const int64_t row0 = row + 1;
      if (row0 + entries > group_rows) {
        return Status::Corrupt("the chunk holds more rows than the row group's " + std::to_string(group_rows));
      }
      if (!has_def && values_read != entries) return too_many();
      int64_t scan = 0;
      bool fits = true;
      if constexpr (kBits) {
        // The levels as bits: an entry's value is the count of present
        // entries before it (kSelective: the next kept one).
        int64_t word = 0, before = 0;  // present entries in the words before `word`
        filter_internal::ForEachSelected(selected, row0, row0 + entries, [&](int64_t r) {
          const int64_t i = r - row0;
          bool p = true;
          if (!dense) {
            for (; word < i / 64; ++word) before += util::PopCount64(present[word]);
            const uint64_t bits = present[word];
            p = (bits >> (i % 64)) & 1u;
            if constexpr (!kSelective) vi = before + util::PopCount64(bits & ((uint64_t{1} << (i % 64)) - 1));
          } else if constexpr (!kSelective) {
            vi = i;
          }
          fits = fits && place(p ? max_def : int16_t{0}, 0);
        });
        if (!fits) return too_many();
        if constexpr (!kSelective) vi = values_read;
        row += entries;
      } else {
      filter_internal::ForEachSelected(selected, row0, row0 + entries, [&](int64_t r) {
        const int64_t i = r - row0;
        if constexpr (!kSelective) {
          // vals holds every value of the batch: find this entry's.
          if (has_def) {
            for (; scan < i; ++scan) vi += def[scan] == max_def ? 1 : 0;
            scan = i + 1;
          } else {
            vi = i;
          }
        }
        // (kSelective: vals holds the selected entries' values only, in order.)
        fits = fits && place(has_def ? def[i] : 0, 0);
      });
      if (!fits) return too_many();
      if constexpr (!kSelective) {
        if (has_def) {
          for (; scan < entries; ++scan) vi += def[scan] == max_def ? 1 : 0;
        } else {
          vi = entries;
        }
      }
      row += entries;
      }
    } else if (kFiltered) {
      // Repeated: only the selected rows' entries are placed, from the row
      // starts found above; a row's first value is vals[before[k]]
      // (kSelective: vals holds the kept values only, in order, so place
      // simply moves on).
      const int64_t* const starts = s.starts.data();
      const int64_t* const before = s.values_before.data();
      bool fits = true;
      const auto place_span = [&](int64_t b, int64_t e) {
        for (int64_t i = b; i < e && fits; ++i) fits = place(def[i], rep[i]);
      };
      if (head > 0 && selected[row] != 0) place_span(0, head);
      const int64_t row0 = row + 1;
      filter_internal::ForEachSelected(selected, row0, row0 + nstarts, [&](int64_t r) {
        const int64_t k = r - row0;
        if constexpr (!kSelective) vi = before[k];
        place_span(starts[k], starts[k + 1]);
      });
      if (!fits) return too_many();
      if constexpr (!kSelective) vi = batch_values;
      row += nstarts;
    } else {
      for (int64_t i = 0; i < entries; ++i) {
        if (!place(has_def ? def[i] : 0, has_rep ? rep[i] : 0)) return too_many();
      }
    }
    if (vi != values_kept) {
      return Status::Corrupt("levels place " + std::to_string(vi) + " values where the page holds " +
                             std::to_string(values_kept));
    }
    for (size_t k = 0; k < depth; ++k) {
      ColumnarNode& node = path[k];
      util::OrBytesAsBits(node.validity.data(), node.length, s.slot_bytes.data() + k * grow, len[k]);
      node.length += len[k];
      node.null_count = nulls[k];
      node.validity.resize((static_cast<size_t>(node.length) + 7) / 8);
      if (node.kind == ColumnarNode::Kind::kList || node.kind == ColumnarNode::Kind::kMap) {
        node.offsets.resize(static_cast<size_t>(st.offs[k] - node.offsets.data()) + st.noffs[k]);
      }
    }
    if (width > 0) out->values.resize(static_cast<size_t>(leaf.length) * width);
    if constexpr (std::is_same_v<T, bool>) {
      util::OrBytesAsBits(out->values.data(), static_cast<int64_t>(leaf_before), bool_bytes,
                          leaf.length - static_cast<int64_t>(leaf_before));
      out->values.resize((static_cast<size_t>(leaf.length) + 7) / 8);
    }
    if constexpr (std::is_same_v<T, ByteArray>) {
      out->offsets.resize(static_cast<size_t>(leaf.length) + 1);
      data_used = data_at;
    }
  }
  if constexpr (std::is_same_v<T, ByteArray>) out->data.resize(data_used);
  for (size_t k = 0; k + 1 < depth; ++k) {
    if (path[k].kind != ColumnarNode::Kind::kStruct) path[k].offsets.push_back(path[k + 1].length);
  }
  return Status::OK();
}

Status ColumnarReader::Impl::ReadLeaf(int row_group, const LeafPlan& plan, int64_t rows, const Selection* sel,
                                      const index::RowSelection* pages, ColumnarWorker& w, ColumnarLeaf* out) {
  std::unique_ptr<ColumnReader> reader;
  if (pruner != nullptr) {
    // The reader the pruner opened for this chunk's dictionary, if any.
    reader = pruner->TakeReader(row_group, plan.column);
  }
  if (reader == nullptr) {
    PARQ_ASSIGN_OR_RETURN(reader, source.open_column(row_group, plan.column));
  }
  if (pages != nullptr && source.page_index) {
    // Without a usable OffsetIndex the reader skips page by page.
    Result<PageIndex> index = source.page_index(row_group, plan.column);
    if (index.ok() && index->offset_index) {
      Status st = column::ReadSelectedRows(*reader, *index->offset_index, rows, *pages);
      static_cast<void>(st);  // an index that does not fit the chunk is not used
    }
  }
  ResetLeaf(plan, reader->descriptor(), out);
  const ColumnDescriptor& d = reader->descriptor();
  const bool bits = d.max_repetition_level == 0 && d.max_definition_level <= 1;
  auto read = [&]<typename T>(TypedColumnReader<T>* typed) {
    if (sel == nullptr) return ReadTyped<T, false>(typed, plan, sel, w, out);
    return bits ? ReadTyped<T, true, true>(typed, plan, sel, w, out) : ReadTyped<T, true>(typed, plan, sel, w, out);
  };
  Status st = VisitPhysicalType(reader->physical_type(), [&]<typename T>() { return read(reader->As<T>()); });
  if (sel != nullptr) column::PassOverRest(*reader);  // what is left after the last run counts as skipped
  pages_read += reader->pages_read();
  pages_skipped += reader->pages_skipped();
  bytes_read += reader->bytes_read();
  return st;
}

namespace {

// The leaves of `columns` (dotted paths; empty: all), in schema order.
Result<std::vector<LeafPlan>> PlanLeaves(const Schema& schema, const std::vector<std::string>& columns) {
  PARQ_ASSIGN_OR_RETURN(AssemblyPlan plan, BuildAssemblyPlan(schema, columns));
  std::vector<LeafPlan> leaves;
  std::vector<NodeRule> chain;
  for (const PlanNode& top : plan.root.children) CollectLeaves(top, &chain, NodeRule{}, true, &leaves);
  std::sort(leaves.begin(), leaves.end(), [](const LeafPlan& a, const LeafPlan& b) { return a.column < b.column; });
  return leaves;
}

// `plan`'s leaf with no rows (a pruned row group, or no row selected).
void EmptyLeaf(const LeafPlan& plan, const ColumnDescriptor& d, ColumnarLeaf* out) {
  ResetLeaf(plan, d, out);
  for (size_t k = 0; k + 1 < out->path.size(); ++k) {
    if (out->path[k].kind != ColumnarNode::Kind::kStruct) out->path[k].offsets.assign(1, 0);
  }
}

}  // namespace

Result<std::unique_ptr<ColumnarReader>> ColumnarReader::Open(RowSource source,
                                                             const ColumnarReaderOptions& options) {
  if (source.schema == nullptr || !source.open_column) {
    return Status::InvalidArgument("ColumnarReader: a RowSource without a schema or open_column");
  }
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  PARQ_ASSIGN_OR_RETURN(impl->pool, util::PoolFor(options.thread_pool, std::clamp(options.threads, 1, 256)));
  PARQ_ASSIGN_OR_RETURN(impl->leaves, PlanLeaves(*source.schema, options.columns));
  for (size_t i = 0; i < impl->leaves.size(); ++i) impl->leaf_order.push_back(i);
  if (options.filter) {
    PARQ_ASSIGN_OR_RETURN(BoundFilter bound, BoundFilter::Bind(*options.filter, *source.schema));
    impl->is_filter_leaf.assign(impl->leaves.size(), 0);
    std::vector<std::string> extra_paths;
    std::vector<int> extra_columns;
    for (const BoundFilter::Impl::Leaf& f : bound.impl().leaves) {
      auto it = std::find_if(impl->leaves.begin(), impl->leaves.end(),
                             [&](const LeafPlan& p) { return p.column == f.column; });
      if (it != impl->leaves.end()) {
        impl->projected_of.push_back(static_cast<int>(it - impl->leaves.begin()));
        impl->is_filter_leaf[static_cast<size_t>(it - impl->leaves.begin())] = 1;
        impl->extra_of.push_back(-1);
      } else {
        impl->projected_of.push_back(-1);
        impl->extra_of.push_back(static_cast<int>(extra_paths.size()));
        extra_paths.push_back(source.schema->column(f.column).dotted_path);
        extra_columns.push_back(f.column);
      }
    }
    if (!extra_paths.empty()) {
      PARQ_ASSIGN_OR_RETURN(std::vector<LeafPlan> plans, PlanLeaves(*source.schema, extra_paths));
      // extra_plans in the order of extra_paths (PlanLeaves sorts by column).
      for (const int column : extra_columns) {
        for (LeafPlan& p : plans) {
          if (p.column == column) impl->extra_plans.push_back(p);
        }
      }
      if (impl->extra_plans.size() != extra_paths.size()) {
        return Status::Internal("ColumnarReader: the filter's columns planned as " +
                                std::to_string(impl->extra_plans.size()) + " leaves, not " +
                                std::to_string(extra_paths.size()));
      }
      impl->filtered.extra.resize(extra_paths.size());
      impl->ahead_filtered.extra.resize(extra_paths.size());
    }
    impl->filter.emplace(std::move(bound));
    impl->pruner = std::make_unique<filter_internal::RowGroupPruner>(*impl->filter, source);
  }
  impl->source = std::move(source);
  return std::unique_ptr<ColumnarReader>(new ColumnarReader(std::move(impl)));
}

ColumnarReader::ColumnarReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ColumnarReader::~ColumnarReader() = default;

int64_t ColumnarReader::row_groups_pruned() const { return impl_->pruned; }
const RowGroupPruning& ColumnarReader::pruning() const {
  static const RowGroupPruning kNone;
  return impl_->pruner ? impl_->pruner->report() : kNone;
}
int64_t ColumnarReader::pages_read() const { return impl_->Counted(0, impl_->pages_read); }
int64_t ColumnarReader::pages_skipped() const { return impl_->Counted(1, impl_->pages_skipped); }
int64_t ColumnarReader::bytes_read() const { return impl_->Counted(2, impl_->bytes_read); }

Status ColumnarReader::Impl::ReadLeafChecked(int row_group, const LeafPlan& plan, int64_t rows, const Selection* sel,
                                             const index::RowSelection* pages, ColumnarWorker& w, ColumnarLeaf* out) {
  // The column reader's errors name the page, column and row group.
  PARQ_RETURN_IF_ERROR(ReadLeaf(row_group, plan, rows, sel, pages, w, out));
  const int64_t want = sel != nullptr ? sel->count : rows;
  if (out->path.front().length != want) {
    Status bad = sel != nullptr ? Status::Corrupt("the chunk holds " + std::to_string(out->path.front().length) +
                                                  " of the " + std::to_string(want) + " rows the filter selects")
                                : Status::Corrupt("the chunk holds " + std::to_string(out->path.front().length) +
                                                  " rows, the row group " + std::to_string(rows));
    bad.AddContext("column '" + out->descriptor->dotted_path + "'");
    bad.AddContext("row group " + std::to_string(row_group));
    return bad;
  }
  return Status::OK();
}

std::unique_ptr<ColumnarWorker> ColumnarReader::Impl::TakeWorker() {
  std::lock_guard<std::mutex> lock(workers_mutex);
  if (idle_workers.empty()) return std::make_unique<ColumnarWorker>();
  std::unique_ptr<ColumnarWorker> w = std::move(idle_workers.back());
  idle_workers.pop_back();
  return w;
}

void ColumnarReader::Impl::GiveWorker(std::unique_ptr<ColumnarWorker> w) {
  std::lock_guard<std::mutex> lock(workers_mutex);
  idle_workers.push_back(std::move(w));
}

Status ColumnarReader::Impl::ForEachLeaf(size_t n, const std::function<Status(size_t, ColumnarWorker&)>& read) {
  if (pool == nullptr || n <= 1) {
    std::unique_ptr<ColumnarWorker> w = TakeWorker();
    Status st;
    for (size_t i = 0; i < n && st.ok(); ++i) st = read(i, *w);
    GiveWorker(std::move(w));
    return st;
  }
  // Leaves are taken in order by whichever thread is free; the error
  // returned is that of the first leaf in schema order that failed, as one
  // thread would return (leaves after it may have been read meanwhile).
  std::vector<Status> status(n);
  std::atomic<size_t> first_failed{n};
  pool->ParallelFor(n, [&](size_t i) {
    if (i > first_failed.load()) return;
    std::unique_ptr<ColumnarWorker> w = TakeWorker();
    status[i] = read(i, *w);
    GiveWorker(std::move(w));
    if (!status[i].ok()) {
      size_t seen = first_failed.load();
      while (i < seen && !first_failed.compare_exchange_weak(seen, i)) {
      }
    }
  });
  for (size_t i = 0; i < n; ++i) {
    if (!status[i].ok()) return status[i];
  }
  return Status::OK();
}

Status ColumnarReader::Impl::ReadAll(int row_group, ColumnarBatch* batch) {
  const int64_t num_rows = source.row_group_rows[static_cast<size_t>(row_group)];
  batch->leaves.resize(leaves.size());
  batch->num_rows = num_rows;
  if (pool == nullptr) {
    return ForEachLeaf(leaves.size(), [&](size_t i, ColumnarWorker& w) {
      return ReadLeafChecked(row_group, leaves[i], num_rows, nullptr, nullptr, w, &batch->leaves[i]);
    });
  }
  // ForEachLeaf's error is the first in its order: leaf_order's, so the
  // statuses go to their leaves' places and the first of those is returned.
  std::vector<Status> status(leaves.size());
  Status st = ForEachLeaf(leaves.size(), [&](size_t j, ColumnarWorker& w) {
    const size_t i = leaf_order[j];
    status[i] = ReadLeafChecked(row_group, leaves[i], num_rows, nullptr, nullptr, w, &batch->leaves[i]);
    return Status::OK();
  });
  for (Status& leaf_status : status) PARQ_RETURN_IF_ERROR(leaf_status);
  return st;
}

void ColumnarReader::Impl::OrderLeaves(const ColumnarBatch& batch) {
  std::vector<size_t> bytes(leaves.size(), 0);
  for (size_t i = 0; i < leaves.size() && i < batch.leaves.size(); ++i) {
    const ColumnarLeaf& l = batch.leaves[i];
    bytes[i] = l.values.size() + l.data.size() + 8 * l.offsets.size();
    for (const ColumnarNode& n : l.path) bytes[i] += n.validity.size() + 8 * n.offsets.size();
  }
  std::stable_sort(leaf_order.begin(), leaf_order.end(), [&](size_t a, size_t b) { return bytes[a] > bytes[b]; });
}

void ColumnarReader::Impl::StartAhead(int row_group) {
  ahead.row_group = row_group;
  ahead.counted[0] = pages_read;
  ahead.counted[1] = pages_skipped;
  ahead.counted[2] = bytes_read;
  const int64_t num_rows = source.row_group_rows[static_cast<size_t>(row_group)];
  ahead.batch.leaves.resize(leaves.size());
  ahead.batch.num_rows = num_rows;
  if (filter) {
    // One job: the filtered read decides and reads in steps, each step's
    // leaves on the pool (ParallelFor from inside a task works on).
    ahead.batch.leaves.resize(leaves.size());
    ahead.status.assign(1, Status::OK());
    ahead.jobs = util::ParallelJobs::Start(
        *pool, 1,
        [this, row_group, num_rows](size_t) {
          ahead.status[0] = ReadFiltered(row_group, num_rows, ahead_filtered, &ahead.batch);
        },
        1);
    return;
  }
  ahead.status.assign(leaves.size(), Status::OK());
  // As many tasks as the pool has workers: the caller joins in only when it
  // asks for this row group.
  ahead.jobs = util::ParallelJobs::Start(
      *pool, leaves.size(),
      [this, row_group, num_rows](size_t j) {
        const size_t i = leaf_order[j];
        std::unique_ptr<ColumnarWorker> w = TakeWorker();
        ahead.status[i] = ReadLeafChecked(row_group, leaves[i], num_rows, nullptr, nullptr, *w, &ahead.batch.leaves[i]);
        GiveWorker(std::move(w));
      },
      static_cast<size_t>(pool->size()));
}

Status ColumnarReader::Impl::TakeAhead(ColumnarBatch* batch) {
  ahead.jobs->Join();
  ahead.jobs.reset();
  ahead.row_group = -1;
  std::swap(*batch, ahead.batch);  // the caller's old buffers are the next read-ahead's
  for (const Status& st : ahead.status) {
    if (!st.ok()) return st;
  }
  return Status::OK();
}

void ColumnarReader::Impl::DropAhead() {
  if (ahead.jobs == nullptr) return;
  ahead.jobs->Cancel();
  ahead.jobs.reset();
  if (pruner != nullptr) pruner->Discard(ahead.row_group);
  ahead.row_group = -1;
  // The counters as if it had never been read.
  pages_read = ahead.counted[0];
  pages_skipped = ahead.counted[1];
  bytes_read = ahead.counted[2];
}

Status ColumnarReader::Impl::ReadFiltered(int row_group, int64_t rows, Filtered& fs, ColumnarBatch* batch) {
  Selection& selection = fs.selection;
  Selection& in_pages = fs.in_pages;
  fs.pruned = false;
  const Schema& schema = *source.schema;
  const auto& filter_leaves = filter->impl().leaves;
  auto empty_rest = [&](bool filter_leaves_too) {
    for (size_t i = 0; i < leaves.size(); ++i) {
      if (filter_leaves_too || !is_filter_leaf[i]) {
        EmptyLeaf(leaves[i], schema.column(leaves[i].column), &batch->leaves[i]);
      }
    }
  };
  auto prune = [&] {
    fs.pruned = true;
    batch->num_rows = 0;
    empty_rest(true);
    return Status::OK();
  };
  using Pruning = RowReaderOptions::Pruning;
  if (options.pruning != Pruning::kNone && !pruner->Keep(row_group)) return prune();
  // The rows the filter columns' page indexes leave (nullopt: all).
  std::optional<index::RowSelection> pages;
  if (options.pruning == Pruning::kPages) {
    filter_internal::PagePruneNote note;
    pages = filter_internal::SelectRowGroupPages(*filter, source, row_group, &note);
    pruner->NotePagePruning(row_group, note, pages && pages->empty());
    bytes_read += note.header_bytes_read;
  }
  if (pages && pages->empty()) return prune();
  // 1. The filter's columns: whole, or the rows of the pages left.
  std::vector<ColumnarLeaf*> outs(filter_leaves.size());
  for (size_t f = 0; f < filter_leaves.size(); ++f) {
    outs[f] = projected_of[f] >= 0 ? &batch->leaves[static_cast<size_t>(projected_of[f])]
                                   : &fs.extra[static_cast<size_t>(extra_of[f])];
  }
  if (pages) filter_internal::SelectRanges(*pages, rows, &in_pages);
  const Selection* first = pages ? &in_pages : nullptr;
  PARQ_RETURN_IF_ERROR(ForEachLeaf(outs.size(), [&](size_t f, ColumnarWorker& w) {
    const LeafPlan& plan = projected_of[f] >= 0 ? leaves[static_cast<size_t>(projected_of[f])]
                                                : extra_plans[static_cast<size_t>(extra_of[f])];
    return ReadLeafChecked(row_group, plan, rows, first, pages ? &*pages : nullptr, w, outs[f]);
  }));
  // 2. The rows it selects (of those read); its projected columns cut down
  // to them.
  const int64_t evaluated = pages ? in_pages.count : rows;
  Selection& chosen = pages ? fs.scratch_selection : selection;
  filter_internal::SelectRows(*filter, std::vector<const ColumnarLeaf*>(outs.begin(), outs.end()), evaluated,
                              kMinSkipRows, &chosen);
  for (size_t f = 0; f < outs.size(); ++f) {
    if (projected_of[f] >= 0) filter_internal::CompactLeaf(chosen, outs[f]);
  }
  if (pages) filter_internal::SelectWithin(in_pages, chosen, kMinSkipRows, &selection);
  batch->num_rows = selection.count;
  if (selection.count == 0) {
    empty_rest(false);
    return Status::OK();
  }
  // 3. The other projected columns, only the selected rows (all of them:
  // the plain read), the pages holding none of the runs' rows not read.
  std::vector<size_t> rest;
  for (size_t i = 0; i < leaves.size(); ++i) {
    if (!is_filter_leaf[i]) rest.push_back(i);
  }
  const Selection* sel = selection.count == rows ? nullptr : &selection;
  index::RowSelection runs;
  if (sel != nullptr) {
    for (const Selection::Run& r : selection.runs) runs.Append(r.begin, r.end);
  }
  return ForEachLeaf(rest.size(), [&](size_t j, ColumnarWorker& w) {
    return ReadLeafChecked(row_group, leaves[rest[j]], rows, sel, sel != nullptr ? &runs : nullptr, w,
                           &batch->leaves[rest[j]]);
  });
}

Status ColumnarReader::ReadRowGroup(int row_group, ColumnarBatch* batch) {
  Impl& impl = *impl_;
  const std::vector<int64_t>& rows = impl.source.row_group_rows;
  if (row_group < 0 || static_cast<size_t>(row_group) >= rows.size()) {
    return Status::InvalidArgument("row group " + std::to_string(row_group) + " of " +
                                   std::to_string(rows.size()));
  }
  Status st;
  const bool ahead = impl.ahead.jobs != nullptr && impl.ahead.row_group == row_group;
  if (ahead) {
    st = impl.TakeAhead(batch);
  } else {
    impl.DropAhead();  // another row group was asked for
    if (impl.filter) {
      batch->leaves.resize(impl.leaves.size());
      st = impl.ReadFiltered(row_group, rows[static_cast<size_t>(row_group)], impl.filtered, batch);
    } else {
      st = impl.ReadAll(row_group, batch);
    }
  }
  if (impl.filter) {
    // What the pruner found of it counts now, read ahead or not.
    impl.pruner->Commit(row_group);
    if ((ahead ? impl.ahead_filtered : impl.filtered).pruned) ++impl.pruned;
  }
  if (st.ok() && impl.pool != nullptr && static_cast<size_t>(row_group) + 1 < rows.size()) {
    if (!impl.filter) impl.OrderLeaves(*batch);
    impl.StartAhead(row_group + 1);
  }
  return st;
}

}  // namespace parq
