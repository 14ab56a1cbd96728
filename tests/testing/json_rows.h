// Every row of a file as its canonical JSON text (JsonRowReader), for tests
// that compare what they wrote with what reads back.
#ifndef PARQ_TESTS_TESTING_JSON_ROWS_H_
#define PARQ_TESTS_TESTING_JSON_ROWS_H_

#include <memory>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/io.h"
#include "parq/json.h"
#include "parq/result.h"

namespace parq::testing {

inline Result<std::vector<std::string>> JsonRows(const FileReader& file) {
  PARQ_ASSIGN_OR_RETURN(auto rows, JsonRowReader::Open(file));
  std::vector<std::string> out;
  while (true) {
    std::string s;
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&s));
    if (!more) return out;
    out.push_back(std::move(s));
  }
}

// The rows of a file held in memory.
inline Result<std::vector<std::string>> JsonRowsOfBytes(const std::string& bytes) {
  PARQ_ASSIGN_OR_RETURN(auto file, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes))));
  return JsonRows(*file);
}

}  // namespace parq::testing

#endif  // PARQ_TESTS_TESTING_JSON_ROWS_H_
