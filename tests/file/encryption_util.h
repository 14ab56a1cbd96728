// Shared by the encryption tests of tests/file: the corpus's encrypted files
// and keys (../shared/parquet-testing/INDEX.md), the rows Arrow C++'s
// encryption tests write into them (the generator of
// cpp/src/parquet/encryption/test_encryption_util.cc, re-implemented here),
// and a reader of a whole column chunk as comparable text.
#ifndef PARQ_TESTS_FILE_ENCRYPTION_UTIL_H_
#define PARQ_TESTS_FILE_ENCRYPTION_UTIL_H_

#include <memory>
#include <string>
#include <vector>

#include "parq/encryption.h"
#include "parq/file_reader.h"
#include "parq/result.h"

namespace parq::testing {

inline const std::string kEncryptedData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data";

// The AES-128 keys of data/ and the AES-256 keys of data/aes256/ ("kf",
// "kc1"… by column), as DecryptionProperties; `aad_prefix` when not empty.
std::shared_ptr<DecryptionProperties> CorpusKeys(bool aes256, const std::string& aad_prefix = "");
// The same keys behind a KeyRetriever that maps the files' key_metadata
// ("kf", "kc1", …) to them, as Arrow's StringKeyIdRetriever does.
std::shared_ptr<DecryptionProperties> CorpusKeysByRetriever(bool aes256, const std::string& aad_prefix = "");

// One column chunk: its levels and its values, each value as its bytes
// (BOOLEAN "0"/"1"; numbers as their little-endian bytes), nulls absent.
struct ChunkCells {
  std::vector<int16_t> def, rep;
  std::vector<std::string> values;
  bool operator==(const ChunkCells&) const = default;
};
Result<ChunkCells> ReadChunk(const FileReader& file, int row_group, int column);

// What the generator wrote into the leaf column `name` of a 50-row row
// group, with the column's max levels (they differ between Arrow's
// `repeated int64 int64_field` and parquet-java's LIST of int64).
ChunkCells GeneratedChunk(const std::string& name, int16_t max_def, int16_t max_rep);

// Every column chunk of `file` equals the generator's (empty string) or what
// differs, by column.
std::string DiffFromGenerator(const FileReader& file);

}  // namespace parq::testing

#endif  // PARQ_TESTS_FILE_ENCRYPTION_UTIL_H_
