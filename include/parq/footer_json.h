// parq/footer_json.h — a file's footer, the Thrift FileMetaData, as JSON:
// every field the footer holds, under its parquet.thrift name, with nothing
// decoded away (what `parq footer --json` prints).
//
//   PARQ_ASSIGN_OR_RETURN(auto reader, parq::FileReader::Open("data.parquet"));
//   std::string json = parq::FooterToJson(reader->metadata());
//
// The form (generated from thrift/parquet.thrift by tools/thriftgen): a
// struct is an object of its fields in field-id order, only those present;
// integers are numbers; `string` fields are JSON strings (an ill-formed
// UTF-8 part as U+FFFD); `binary` fields (statistics bounds, key metadata)
// are standard base64; enum values are their IDL names ("PLAIN", "SNAPPY"),
// or numbers for values the IDL does not name; unions are objects with their
// one member.  Fields parq does not know (from newer writers) are skipped
// when the footer is read, so they do not appear.  Compact, one line, no
// trailing newline.  docs/cli.md shows an example.
//
// Thread-safety: reentrant.
#ifndef PARQ_FOOTER_JSON_H_
#define PARQ_FOOTER_JSON_H_

#include <string>

#include "parq/metadata.h"

namespace parq {

std::string FooterToJson(const FileMetaData& metadata);

}  // namespace parq

#endif  // PARQ_FOOTER_JSON_H_
