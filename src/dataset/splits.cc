// Splits: byte ranges aligned to row groups, and the midpoint rule that
// gives each row group to exactly one range (parq/splits.h).
#include "parq/splits.h"

#include <algorithm>
#include <utility>

namespace parq {

int64_t RowGroupMidpoint(const RowGroupMetaData& row_group) {
  if (row_group.num_columns() == 0) return row_group.file_offset().value_or(0);
  // parquet-java: the first chunk's starting position plus half the
  // compressed size of all chunks.
  int64_t total = 0;
  for (int c = 0; c < row_group.num_columns(); ++c) total += row_group.column(c).total_compressed_size();
  return row_group.column(0).start_offset() + total / 2;
}

Result<std::vector<Split>> Splits(const FileMetaData& metadata, int64_t file_size, int64_t target_bytes) {
  if (target_bytes < 1) return Status::InvalidArgument("splits: the target size must be at least 1 byte");
  struct Group {
    int index;
    int64_t start, end, midpoint, rows;
  };
  std::vector<Group> groups;
  for (int i = 0; i < metadata.num_row_groups(); ++i) {
    const RowGroupMetaData rg = metadata.row_group(i);
    int64_t start = 0, end = 0;
    if (rg.num_columns() > 0) {
      start = rg.column(0).start_offset();
      end = start;
      for (int c = 0; c < rg.num_columns(); ++c) {
        const ColumnChunkMetaData chunk = rg.column(c);
        start = std::min(start, chunk.start_offset());
        end = std::max(end, chunk.start_offset() + chunk.total_compressed_size());
      }
    }
    groups.push_back({i, start, end, RowGroupMidpoint(rg), rg.num_rows()});
  }
  // Cut between row groups in the order of their midpoints, so that each
  // cut lies after the midpoints before it and before those after it.
  std::sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) { return a.midpoint < b.midpoint; });
  std::vector<Split> out;
  Split current;
  current.range.offset = 0;
  int64_t held = 0;
  for (size_t i = 0; i < groups.size(); ++i) {
    const Group& g = groups[i];
    current.row_groups.push_back(g.index);
    current.num_rows += g.rows;
    held += g.end - g.start;
    if (held >= target_bytes && i + 1 < groups.size()) {
      // The cut: the end of this row group, or just past its midpoint when
      // row groups overlap oddly, but never past the next one's midpoint.
      int64_t cut = std::max(g.end, g.midpoint + 1);
      cut = std::min(cut, groups[i + 1].midpoint);
      current.range.length = cut - current.range.offset;
      std::sort(current.row_groups.begin(), current.row_groups.end());
      out.push_back(std::move(current));
      current = Split{};
      current.range.offset = cut;
      held = 0;
    }
  }
  const int64_t last_midpoint = groups.empty() ? 0 : groups.back().midpoint;
  current.range.length = std::max(file_size, last_midpoint + 1) - current.range.offset;
  std::sort(current.row_groups.begin(), current.row_groups.end());
  out.push_back(std::move(current));
  return out;
}

Result<std::vector<Split>> Splits(const FileReader& file, int64_t target_bytes) {
  return Splits(file.metadata(), static_cast<int64_t>(file.file().size()), target_bytes);
}

std::vector<int> RowGroupsInRange(const FileMetaData& metadata, ByteRange range) {
  std::vector<int> out;
  for (int i = 0; i < metadata.num_row_groups(); ++i) {
    const int64_t mid = RowGroupMidpoint(metadata.row_group(i));
    if (mid >= range.offset && mid - range.offset < range.length) out.push_back(i);
  }
  return out;
}

RowSource RowGroupsRowSource(const FileReader& file, std::vector<int> row_groups) {
  RowSource src = RowSource::FromFile(file);
  auto map = std::make_shared<const std::vector<int>>(std::move(row_groups));
  std::vector<int64_t> rows;
  for (int rg : *map) rows.push_back(src.row_group_rows[static_cast<size_t>(rg)]);
  src.row_group_rows = std::move(rows);
  auto remap = [map](auto fn) {
    return [map, fn = std::move(fn)](int rg, int col) { return fn((*map)[static_cast<size_t>(rg)], col); };
  };
  src.open_column = remap(std::move(src.open_column));
  src.chunk_statistics = remap(std::move(src.chunk_statistics));
  src.chunk_encodings = remap(std::move(src.chunk_encodings));
  src.bloom_filter = remap(std::move(src.bloom_filter));
  src.page_index = remap(std::move(src.page_index));
  return src;
}

RowSource SplitRowSource(const FileReader& file, ByteRange range) {
  return RowGroupsRowSource(file, RowGroupsInRange(file.metadata(), range));
}

}  // namespace parq
