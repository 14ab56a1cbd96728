// Fuzzes the decryption path: the input is an encrypted Parquet file (seeded
// with the corpus's encrypted files, see scripts/fuzz.sh), opened from memory
// with the corpus's keys (AES-128 and AES-256, the AAD prefix "tester"
// supplied when the file asks for one), then every column chunk read at two
// batch sizes and every chunk's page index and Bloom filter read.  GCM
// stops most mutations at the first module they touch (that is the point:
// the framing, the lengths and FileCryptoMetaData are what a mutation
// reaches); AES_GCM_CTR_V1 page bodies are not authenticated, so mutations of
// those reach decompression and decoding.  Errors are fine; kInternal is a
// bug, as is a difference between the two batch sizes.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "fuzz_util.h"
#include "parq/encryption.h"
#include "parq/file_reader.h"
#include "parq/io.h"

namespace {

std::shared_ptr<const parq::DecryptionProperties> Keys(bool aes256, bool aad) {
  auto props = std::make_shared<parq::DecryptionProperties>();
  if (aes256) {
    props->footer_key = "01234567890123456789012345678901";
    const std::string base = "1234567890123456789012345678901";
    const char* columns[] = {"double_field", "float_field", "boolean_field", "int32_field",
                             "ba_field",     "flba_field",  "int64_field.list.element", "int96_field"};
    for (int i = 0; i < 8; ++i) props->column_keys[columns[i]] = base + std::to_string(i + 2);
  } else {
    props->footer_key = "0123456789012345";
    props->column_keys["double_field"] = "1234567890123450";
    props->column_keys["float_field"] = "1234567890123451";
  }
  if (aad) props->aad_prefix = "tester";
  return props;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::shared_ptr<parq::RandomAccessFile> file(parq::OpenMemoryView(data, size));
  parq::Result<std::unique_ptr<parq::FileReader>> reader = parq::Status::OK();
  for (int attempt = 0; attempt < 4; ++attempt) {
    parq::ReaderOptions options;
    options.decryption = Keys(/*aes256=*/attempt % 2 == 1, /*aad=*/attempt >= 2);
    reader = parq::FileReader::Open(file, options);
    if (reader.ok()) break;
    parq::fuzz::CheckNotInternal(reader.status(), "Open");
  }
  if (!reader.ok()) return 0;
  uint64_t digest = 0;
  parq::Status second;
  static_cast<void>(parq::fuzz::ReadAtTwoBatchSizes(**reader, &second, &digest));
  const parq::FileMetaData& md = (*reader)->metadata();
  for (int g = 0; g < md.num_row_groups(); ++g) {
    for (int c = 0; c < md.schema().num_columns(); ++c) {
      parq::fuzz::CheckNotInternal((*reader)->ReadPageIndex(g, c).status(), "page index");
      parq::fuzz::CheckNotInternal((*reader)->ReadBloomFilter(g, c).status(), "Bloom filter");
    }
  }
  return 0;
}
