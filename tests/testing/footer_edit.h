// EditFooter: a Parquet file's bytes with its footer rewritten after a test
// changed a copy of the FileMetaData, for tests that forge files (hostile
// page indexes and Bloom filters, `parq verify`'s broken files).  The pages
// stay where they were; only the footer moves.
#ifndef PARQ_TESTS_TESTING_FOOTER_EDIT_H_
#define PARQ_TESTS_TESTING_FOOTER_EDIT_H_

#include <fstream>
#include <functional>
#include <sstream>
#include <string>

#include "format/footer.h"
#include "format/parquet_types.h"
#include "parq/io.h"
#include "parq/result.h"

namespace parq::testing {

// The bytes of `bytes` (a whole file) with `edit` applied to its footer; an
// error if the footer does not parse.
inline Result<std::string> EditFooterBytes(const std::string& bytes,
                                           const std::function<void(format::FileMetaData&)>& edit) {
  auto file = OpenMemory(bytes);
  PARQ_ASSIGN_OR_RETURN(format::Footer footer, format::ReadFooter(*file, ReaderOptions{}));
  format::FileMetaData md = *footer.metadata;  // an editable copy
  edit(md);
  MemoryOutputStream out;
  PARQ_RETURN_IF_ERROR(out.Write(bytes.data(), footer.offset));
  PARQ_RETURN_IF_ERROR(format::WriteFooter(md, &out));
  return out.Take();
}

// The same for the file at `path`; an error if it cannot be read.
inline Result<std::string> EditFooter(const std::string& path,
                                      const std::function<void(format::FileMetaData&)>& edit) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::IOError("cannot open " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return EditFooterBytes(ss.str(), edit);
}

}  // namespace parq::testing

#endif  // PARQ_TESTS_TESTING_FOOTER_EDIT_H_
