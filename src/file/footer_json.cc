// FooterToJson (parq/footer_json.h): the generated WriteJson over the wire
// FileMetaData the views hold.
#include "parq/footer_json.h"

#include "file/metadata_internal.h"
#include "format/parquet_types_json.h"

namespace parq {

std::string FooterToJson(const FileMetaData& metadata) {
  std::string out;
  thrift::JsonOut j(&out);
  format::WriteJson(j, MetaDataAccess::Wire(metadata));
  return out;
}

}  // namespace parq
