#include "index/footer_edit_util.h"

#include <fstream>
#include <sstream>

#include "format/footer.h"
#include "parq/io.h"

namespace parq::index_test {

Result<std::string> EditFooter(const std::string& path,
                               const std::function<void(format::FileMetaData&)>& edit) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::IOError("cannot open " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string bytes = ss.str();
  auto file = OpenMemory(bytes);
  PARQ_ASSIGN_OR_RETURN(format::Footer footer, format::ReadFooter(*file, ReaderOptions{}));
  format::FileMetaData md = *footer.metadata;  // an editable copy
  edit(md);
  MemoryOutputStream out;
  PARQ_RETURN_IF_ERROR(out.Write(bytes.data(), footer.offset));
  PARQ_RETURN_IF_ERROR(format::WriteFooter(md, &out));
  return out.Take();
}

}  // namespace parq::index_test
