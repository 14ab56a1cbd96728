// FooterToJson (parq/footer_json.h): the generated WriteJson over the wire
// FileMetaData the views hold.  A footer read with its column chunks and
// schema elements deferred (a wide file's: metadata_internal.h) is decoded
// whole again from its bytes, so that the JSON has every field.
#include "parq/footer_json.h"

#include <algorithm>

#include "file/metadata_internal.h"
#include "format/footer.h"
#include "format/parquet_types_json.h"

namespace parq {

std::string FooterToJson(const FileMetaData& metadata) {
  std::string out;
  thrift::JsonOut j(&out);
  const std::shared_ptr<const ColumnChunkMetaData::Impl> impl = MetaDataAccess::Shared(metadata);
  if (impl->footer != nullptr) {
    // The bytes were decoded once already (with every chunk checked) under
    // the limits the file was opened with, so a second, whole decode under
    // the same limits succeeds short of memory.
    ReaderOptions options;
    options.max_footer_size = std::max<int64_t>(options.max_footer_size, static_cast<int64_t>(impl->footer->size()));
    options.max_thrift_string_size = impl->limits.max_string_size;
    options.max_thrift_container_size = impl->limits.max_container_size;
    options.max_thrift_depth = impl->limits.max_depth;
    auto whole = format::DecodeFileMetaData(impl->footer->data(), impl->footer->size(), options,
                                            impl->footer_offset);
    if (whole.ok()) {
      format::WriteJson(j, **whole);
      return out;
    }
  }
  format::WriteJson(j, MetaDataAccess::Wire(metadata));
  return out;
}

}  // namespace parq
