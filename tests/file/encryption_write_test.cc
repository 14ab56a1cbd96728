// Writing encrypted files (WriterOptions::encryption): every corpus file of
// expected/MANIFEST.tsv written again in each configuration reads back with
// its keys to the same rows, page indexes and Bloom filters; a plaintext
// footer lets a reader without keys read the plaintext columns and refuse
// the others; signatures, AAD prefixes and the option checks; and the
// modules' AADs, rebuilt here from Encryption.md §4.4 alone, decrypt a
// written file's pages, column metadata and footer signature by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "corpus/corpus_test_util.h"
#include "crypto/aes.h"
#include "file/encryption_util.h"
#include "format/parquet_types.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "testing/json_rows.h"
#include "testing/status_macros.h"
#include "thrift/compact_reader.h"

namespace parq::testing {
namespace {

const std::string kFooterKey = "0123456789012345";                     // AES-128
const std::string kColumnKeyA = "abcdefghijklmnopqrstuvwx";             // AES-192
const std::string kColumnKeyB = "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345";     // AES-256

std::span<const uint8_t> Bytes(std::string_view s) { return {reinterpret_cast<const uint8_t*>(s.data()), s.size()}; }

// The configurations every corpus file is written in.
enum class Mode { kUniformGcm, kUniformCtr, kColumnKeys, kColumnKeysPlaintextFooter };
const char* ModeName(Mode m) {
  switch (m) {
    case Mode::kUniformGcm: return "uniform AES_GCM_V1, AAD prefix stored";
    case Mode::kUniformCtr: return "uniform AES_GCM_CTR_V1, AAD prefix not stored";
    case Mode::kColumnKeys: return "column keys, encrypted footer";
    case Mode::kColumnKeysPlaintextFooter: return "column keys, plaintext footer";
  }
  return "?";
}

// Column keys go to every even leaf (alternating two keys); odd leaves stay
// plaintext.
bool HasColumnKey(int column) { return column % 2 == 0; }

std::shared_ptr<EncryptionProperties> Props(Mode mode, const Schema& schema) {
  auto p = std::make_shared<EncryptionProperties>();
  p->footer_key = kFooterKey;
  p->footer_key_metadata = "kf";
  if (mode == Mode::kUniformGcm) p->aad_prefix = "table.part0";
  if (mode == Mode::kUniformCtr) {
    p->algorithm = EncryptionProperties::Algorithm::kAesGcmCtrV1;
    p->aad_prefix = "table.part1";
    p->store_aad_prefix = false;
  }
  if (mode == Mode::kColumnKeys || mode == Mode::kColumnKeysPlaintextFooter) {
    for (int c = 0; c < schema.num_columns(); c += 2) {
      p->column_keys[schema.column(c).dotted_path] = {c % 4 == 0 ? kColumnKeyA : kColumnKeyB,
                                                       c % 4 == 0 ? "ka" : "kb"};
    }
  }
  p->encrypted_footer = mode != Mode::kColumnKeysPlaintextFooter;
  return p;
}

// What reads the file: the same keys, and the AAD prefix it does not store.
std::shared_ptr<DecryptionProperties> KeysFor(const EncryptionProperties& p) {
  auto keys = std::make_shared<DecryptionProperties>();
  keys->footer_key = p.footer_key;
  for (const auto& [path, key] : p.column_keys) keys->column_keys[path] = key.key;
  if (!p.store_aad_prefix) keys->aad_prefix = p.aad_prefix;
  return keys;
}

Result<std::unique_ptr<FileReader>> OpenBytes(const std::string& bytes, std::shared_ptr<const DecryptionProperties> keys) {
  ReaderOptions options;
  options.decryption = std::move(keys);
  return FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes, "written")), options);
}

WriterOptions BaseOptions() {
  WriterOptions o;
  o.column_defaults.bloom_filter = true;  // a Bloom filter on every non-BOOLEAN chunk
  o.column_defaults.bloom_filter_ndv = 1000;
  o.max_rows_per_page = 500;  // several pages, so page ordinals count
  return o;
}

// Files the rows cannot be read from, as write_loop_test lists them.
bool Unreadable(const std::string& name) {
  return name == "data/large_string_map.brotli.parquet" || name == "data/nation.dict-malformed.parquet" ||
         name.starts_with("shredded_variant/case-040") || name.starts_with("shredded_variant/case-042") ||
         name.starts_with("shredded_variant/case-087") || name.starts_with("shredded_variant/case-127") ||
         name.starts_with("shredded_variant/case-128") || name.starts_with("shredded_variant/case-137");
}

// The page indexes and Bloom filters of every chunk of `enc` (read with its
// keys) equal those of `plain`, the same rows written without encryption:
// the column indexes and filters exactly, the offset indexes in their
// pages' rows (their offsets and sizes count the modules' framing).
void ExpectSameIndexes(const FileReader& enc, const FileReader& plain) {
  ASSERT_EQ(enc.metadata().num_row_groups(), plain.metadata().num_row_groups());
  for (int g = 0; g < plain.metadata().num_row_groups(); ++g) {
    for (int c = 0; c < plain.schema().num_columns(); ++c) {
      SCOPED_TRACE("row group " + std::to_string(g) + ", column " + std::to_string(c));
      ASSERT_OK_AND_ASSIGN(auto ci, enc.ReadColumnIndex(g, c));
      ASSERT_OK_AND_ASSIGN(auto plain_ci, plain.ReadColumnIndex(g, c));
      EXPECT_EQ(ci, plain_ci);
      ASSERT_OK_AND_ASSIGN(auto oi, enc.ReadOffsetIndex(g, c));
      ASSERT_OK_AND_ASSIGN(auto plain_oi, plain.ReadOffsetIndex(g, c));
      ASSERT_EQ(oi.has_value(), plain_oi.has_value());
      if (oi) {
        ASSERT_EQ(oi->page_locations().size(), plain_oi->page_locations().size());
        for (size_t p = 0; p < oi->page_locations().size(); ++p) {
          EXPECT_EQ(oi->page_locations()[p].first_row_index, plain_oi->page_locations()[p].first_row_index);
        }
      }
      ASSERT_OK_AND_ASSIGN(auto bf, enc.ReadBloomFilter(g, c));
      ASSERT_OK_AND_ASSIGN(auto plain_bf, plain.ReadBloomFilter(g, c));
      ASSERT_EQ(bf.has_value(), plain_bf.has_value());
      if (bf) {
        EXPECT_EQ(bf->Bitset(), plain_bf->Bitset());
      }
    }
  }
}

TEST(EncryptionWriteTest, EveryCorpusFileRoundTripsInEveryConfiguration) {
  const auto manifest = corpus_test::ManifestRows();
  ASSERT_GT(manifest.size(), 200u);
  int files = 0, refused_columns = 0, plaintext_columns = 0;
  for (const auto& cols : manifest) {
    const std::string& name = cols[0];
    if (Unreadable(name)) continue;
    SCOPED_TRACE(name);
    ASSERT_OK_AND_ASSIGN(auto original, FileReader::Open((corpus_test::kTesting / name).string(),
                                                         ReaderOptions{.verify_checksums = false}));
    ASSERT_OK_AND_ASSIGN(std::vector<std::string> rows, JsonRows(*original));
    const Schema& schema = original->schema();
    // Three row groups or so, so that row group ordinals count too.
    const int64_t group_rows = std::max<int64_t>(1, static_cast<int64_t>(rows.size() + 2) / 3);
    ASSERT_OK_AND_ASSIGN(std::string plain_bytes, WriteJsonRows(schema, rows, group_rows, BaseOptions()));
    ASSERT_OK_AND_ASSIGN(auto plain, OpenBytes(plain_bytes, nullptr));
    for (Mode mode : {Mode::kUniformGcm, Mode::kUniformCtr, Mode::kColumnKeys, Mode::kColumnKeysPlaintextFooter}) {
      SCOPED_TRACE(ModeName(mode));
      WriterOptions o = BaseOptions();
      auto props = Props(mode, schema);
      o.encryption = props;
      ASSERT_OK_AND_ASSIGN(std::string bytes, WriteJsonRows(schema, rows, group_rows, o));
      EXPECT_EQ(bytes.substr(bytes.size() - 4), props->encrypted_footer ? "PARE" : "PAR1");
      EXPECT_EQ(bytes.substr(0, 4), props->encrypted_footer ? "PARE" : "PAR1");
      ASSERT_OK_AND_ASSIGN(auto back, OpenBytes(bytes, KeysFor(*props)));
      ASSERT_OK_AND_ASSIGN(std::vector<std::string> back_rows, JsonRows(*back));
      EXPECT_TRUE(back_rows == rows) << "rows differ";
      ASSERT_NE(back->encryption(), nullptr);
      EXPECT_EQ(back->encryption()->algorithm, mode == Mode::kUniformCtr ? "AES_GCM_CTR_V1" : "AES_GCM_V1");
      EXPECT_EQ(back->encryption()->footer_signature, props->encrypted_footer
                                                          ? EncryptionInfo::FooterSignature::kNone
                                                          : EncryptionInfo::FooterSignature::kVerified);
      ExpectSameIndexes(*back, *plain);
      // Which key each chunk names.
      for (int c = 0; c < schema.num_columns() && back->metadata().num_row_groups() > 0; ++c) {
        const RowGroupMetaData rg = back->metadata().row_group(0);
        const bool uniform = props->column_keys.empty();
        EXPECT_EQ(rg.column(c).is_encrypted(), uniform || HasColumnKey(c)) << c;
        if (rg.column(c).is_encrypted()) {
          EXPECT_EQ(rg.column(c).encrypted_with_footer_key(), uniform) << c;
        }
      }
      if (mode != Mode::kColumnKeysPlaintextFooter) continue;
      // Without keys: the plaintext columns read as the plaintext file's,
      // the encrypted ones are refused by name.
      ASSERT_OK_AND_ASSIGN(auto keyless, OpenBytes(bytes, nullptr));
      EXPECT_EQ(keyless->encryption()->footer_signature, EncryptionInfo::FooterSignature::kNotVerified);
      for (int g = 0; g < keyless->metadata().num_row_groups(); ++g) {
        for (int c = 0; c < schema.num_columns(); ++c) {
          if (HasColumnKey(c)) {
            EXPECT_FALSE(keyless->metadata().row_group(g).column(c).statistics().has_value())
                << "the plaintext footer shows an encrypted column's statistics";
            EXPECT_STATUS_HAS(keyless->OpenColumn(g, c), StatusCode::kUnsupported,
                              "no key was given for it (DecryptionProperties::column_keys or key_retriever, "
                              "parq --column-key " + schema.column(c).dotted_path + "=KEY)");
            ++refused_columns;
            continue;
          }
          ASSERT_OK_AND_ASSIGN(ChunkCells cells, ReadChunk(*keyless, g, c));
          ASSERT_OK_AND_ASSIGN(ChunkCells plain_cells, ReadChunk(*plain, g, c));
          EXPECT_EQ(cells, plain_cells) << "column " << c;
          ++plaintext_columns;
        }
      }
    }
    ++files;
  }
  std::printf("encrypted round trips: %d files x 4 configurations; without keys %d chunks refused, %d read\n", files,
              refused_columns, plaintext_columns);
  EXPECT_GT(files, 190);
}

// A small file of two row groups: an int32 column `a` (UNCOMPRESSED, PLAIN,
// no dictionary, 3 pages a chunk), a string column `b` and an optional
// double `c`.
Result<std::string> SmallFile(std::shared_ptr<const EncryptionProperties> props, int64_t rows = 60) {
  WriterOptions o;
  o.column_defaults.dictionary = false;
  o.column_defaults.compression = Compression::kUncompressed;
  o.column_defaults.bloom_filter = true;
  o.column_defaults.bloom_filter_ndv = 100;
  o.max_rows_per_page = 10;
  o.encryption = std::move(props);
  std::vector<std::string> lines;
  for (int64_t i = 0; i < rows; ++i) {
    lines.push_back("{\"a\":" + std::to_string(i * 7) + ",\"b\":\"s" + std::to_string(i) + "\",\"c\":" +
                    (i % 3 == 0 ? std::string("null") : std::to_string(i) + ".5") + "}");
  }
  return WriteJsonRows("message m { required int32 a; required binary b (STRING); optional double c; }", lines,
                       rows / 2, o);
}

std::string Le16(int v) { return {static_cast<char>(v & 0xFF), static_cast<char>((v >> 8) & 0xFF)}; }

// The module at `offset` of `bytes`: its length prefix says how long it is.
std::string ModuleAt(const std::string& bytes, size_t offset) {
  uint32_t n;
  std::memcpy(&n, bytes.data() + offset, 4);
  return bytes.substr(offset, size_t{n} + 4);
}

std::string Decrypt(crypto::Cipher cipher, const std::string& key, const std::string& aad, const std::string& module) {
  Buffer out;
  EXPECT_OK(crypto::DecryptModule(cipher, key, Bytes(aad), Bytes(module), &out));
  return std::string(reinterpret_cast<const char*>(out.data()), out.size());
}

// The AADs of Encryption.md §4.4.2, built here from the table alone, decrypt
// what parq wrote: the footer's signature, column metadata, page headers and
// pages (with their page ordinals), in a non-zero row group and column.
TEST(EncryptionWriteTest, ModuleAadsFollowTheSpec) {
  auto props = std::make_shared<EncryptionProperties>();
  props->footer_key = kFooterKey;
  props->footer_key_metadata = "kf";
  props->column_keys["a"] = {kColumnKeyB, "kb"};
  props->encrypted_footer = false;
  props->aad_prefix = "employees_23May2018.part0";
  props->algorithm = EncryptionProperties::Algorithm::kAesGcmCtrV1;
  ASSERT_OK_AND_ASSIGN(std::string bytes, SmallFile(props));

  // The plaintext footer, its signature and FileMetaData, by hand.
  uint32_t footer_len;
  std::memcpy(&footer_len, bytes.data() + bytes.size() - 8, 4);
  const size_t footer_start = bytes.size() - 8 - footer_len;
  const std::string footer = bytes.substr(footer_start, footer_len - 28);
  const std::string nonce = bytes.substr(footer_start + footer_len - 28, 12);
  const std::string tag = bytes.substr(footer_start + footer_len - 16, 16);
  format::FileMetaData md;
  thrift::CompactReader reader(reinterpret_cast<const uint8_t*>(footer.data()), footer.size(), thrift::ThriftLimits());
  ASSERT_TRUE(format::Read(reader, &md));
  ASSERT_TRUE(md.encryption_algorithm && md.encryption_algorithm->AES_GCM_CTR_V1);
  const auto& algo = *md.encryption_algorithm->AES_GCM_CTR_V1;
  ASSERT_TRUE(algo.aad_file_unique.has_value());
  EXPECT_EQ(algo.aad_file_unique->view().size(), 8u);
  EXPECT_EQ(algo.aad_prefix->view(), "employees_23May2018.part0");
  EXPECT_FALSE(algo.supply_aad_prefix.value_or(false));
  EXPECT_EQ(md.footer_signing_key_metadata->view(), "kf");
  const std::string file_aad = "employees_23May2018.part0" + std::string(algo.aad_file_unique->view());

  // Footer (0): the signature is the GCM tag of the footer.
  uint8_t computed[16];
  ASSERT_OK(crypto::GcmTag(kFooterKey, Bytes(file_aad + std::string(1, '\0')),
                           std::span<const uint8_t, 12>(reinterpret_cast<const uint8_t*>(nonce.data()), 12),
                           Bytes(footer), computed));
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(computed), 16), tag);

  // Row group 1, column 0 ("a", its own key): ColumnMetaData (1).
  ASSERT_EQ(md.row_groups.size(), 2u);
  const format::ColumnChunk& chunk = md.row_groups[1].columns[0];
  ASSERT_TRUE(chunk.crypto_metadata && chunk.crypto_metadata->ENCRYPTION_WITH_COLUMN_KEY);
  EXPECT_EQ(chunk.crypto_metadata->ENCRYPTION_WITH_COLUMN_KEY->key_metadata->view(), "kb");
  ASSERT_TRUE(chunk.encrypted_column_metadata.has_value());
  EXPECT_FALSE(chunk.meta_data->statistics) << "stripped in the plaintext footer";
  const std::string cmd_plain = Decrypt(crypto::Cipher::kGcm, kColumnKeyB, file_aad + '\1' + Le16(1) + Le16(0),
                                        std::string(chunk.encrypted_column_metadata->view()));
  format::ColumnMetaData cmd;
  thrift::CompactReader cmd_reader(reinterpret_cast<const uint8_t*>(cmd_plain.data()), cmd_plain.size(),
                                   thrift::ThriftLimits());
  ASSERT_TRUE(format::Read(cmd_reader, &cmd));
  ASSERT_TRUE(cmd.statistics && cmd.statistics->min_value);
  EXPECT_EQ(cmd.num_values, 30);

  // Its pages: header (4) then page (2, CTR: no AAD) with page ordinals 0, 1, 2.
  size_t pos = static_cast<size_t>(cmd.data_page_offset);
  int32_t expected = 30 * 7;
  for (int page = 0; page < 3; ++page) {
    SCOPED_TRACE("page " + std::to_string(page));
    const std::string header_module = ModuleAt(bytes, pos);
    const std::string header_plain =
        Decrypt(crypto::Cipher::kGcm, kColumnKeyB, file_aad + '\4' + Le16(1) + Le16(0) + Le16(page), header_module);
    format::PageHeader header;
    thrift::CompactReader hr(reinterpret_cast<const uint8_t*>(header_plain.data()), header_plain.size(),
                             thrift::ThriftLimits());
    ASSERT_TRUE(format::Read(hr, &header));
    pos += header_module.size();
    const std::string page_module = ModuleAt(bytes, pos);
    EXPECT_EQ(static_cast<size_t>(header.compressed_page_size), page_module.size()) << "the size counts the framing";
    EXPECT_EQ(header.compressed_page_size, header.uncompressed_page_size + 16);
    const std::string values = Decrypt(crypto::Cipher::kCtr, kColumnKeyB, "", page_module);
    ASSERT_EQ(values.size(), 40u);
    for (int k = 0; k < 10; ++k, expected += 7) {
      int32_t v;
      std::memcpy(&v, values.data() + 4 * k, 4);
      EXPECT_EQ(v, expected);
    }
    pos += page_module.size();
  }
  // The page index and the Bloom filter of that chunk: (7), (6), (8), (9).
  ASSERT_TRUE(chunk.offset_index_offset && chunk.column_index_offset);
  const std::string chunk_aad = Le16(1) + Le16(0);
  format::OffsetIndex oi;
  const std::string oi_plain = Decrypt(crypto::Cipher::kGcm, kColumnKeyB, file_aad + '\7' + chunk_aad,
                                       bytes.substr(static_cast<size_t>(*chunk.offset_index_offset),
                                                    static_cast<size_t>(*chunk.offset_index_length)));
  thrift::CompactReader oir(reinterpret_cast<const uint8_t*>(oi_plain.data()), oi_plain.size(), thrift::ThriftLimits());
  ASSERT_TRUE(format::Read(oir, &oi));
  ASSERT_EQ(oi.page_locations.size(), 3u);
  EXPECT_EQ(oi.page_locations[0].offset, cmd.data_page_offset);
  Decrypt(crypto::Cipher::kGcm, kColumnKeyB, file_aad + '\6' + chunk_aad,
          bytes.substr(static_cast<size_t>(*chunk.column_index_offset), static_cast<size_t>(*chunk.column_index_length)));
  ASSERT_TRUE(cmd.bloom_filter_offset && cmd.bloom_filter_length);
  const std::string bf_header = ModuleAt(bytes, static_cast<size_t>(*cmd.bloom_filter_offset));
  Decrypt(crypto::Cipher::kGcm, kColumnKeyB, file_aad + '\x08' + chunk_aad, bf_header);
  const std::string bf_bits = ModuleAt(bytes, static_cast<size_t>(*cmd.bloom_filter_offset) + bf_header.size());
  Decrypt(crypto::Cipher::kGcm, kColumnKeyB, file_aad + '\x09' + chunk_aad, bf_bits);
  EXPECT_EQ(static_cast<size_t>(*cmd.bloom_filter_length), bf_header.size() + bf_bits.size());

  // Column 1 ("b") is plaintext: no crypto metadata, a plain page header.
  EXPECT_FALSE(md.row_groups[1].columns[1].crypto_metadata);
  EXPECT_TRUE(md.row_groups[1].columns[1].meta_data->statistics);
}

// An encrypted footer: FileCryptoMetaData, then the footer module (0) under
// the footer key, with the AAD of the stored prefix and aad_file_unique.
TEST(EncryptionWriteTest, EncryptedFooterModule) {
  auto props = std::make_shared<EncryptionProperties>();
  props->footer_key = kColumnKeyB;
  props->footer_key_metadata = "footer-7";
  props->aad_prefix = "p";
  ASSERT_OK_AND_ASSIGN(std::string bytes, SmallFile(props));
  uint32_t len;
  std::memcpy(&len, bytes.data() + bytes.size() - 8, 4);
  const std::string tail = bytes.substr(bytes.size() - 8 - len, len);
  format::FileCryptoMetaData fcmd;
  thrift::CompactReader r(reinterpret_cast<const uint8_t*>(tail.data()), tail.size(), thrift::ThriftLimits());
  ASSERT_TRUE(format::Read(r, &fcmd));
  ASSERT_TRUE(fcmd.encryption_algorithm.AES_GCM_V1);
  EXPECT_EQ(fcmd.key_metadata->view(), "footer-7");
  const std::string file_aad = "p" + std::string(fcmd.encryption_algorithm.AES_GCM_V1->aad_file_unique->view());
  const std::string footer = Decrypt(crypto::Cipher::kGcm, kColumnKeyB, file_aad + '\0', tail.substr(r.position()));
  format::FileMetaData md;
  thrift::CompactReader fr(reinterpret_cast<const uint8_t*>(footer.data()), footer.size(), thrift::ThriftLimits());
  ASSERT_TRUE(format::Read(fr, &md));
  EXPECT_EQ(md.num_rows, 60);
  EXPECT_FALSE(md.encryption_algorithm) << "the algorithm is in FileCryptoMetaData";
  // Uniform: every chunk under the footer key, its metadata in place.
  for (const auto& rg : md.row_groups) {
    for (const auto& c : rg.columns) {
      ASSERT_TRUE(c.crypto_metadata);
      EXPECT_TRUE(c.crypto_metadata->ENCRYPTION_WITH_FOOTER_KEY);
      EXPECT_TRUE(c.meta_data);
      EXPECT_FALSE(c.encrypted_column_metadata);
    }
  }
}

TEST(EncryptionWriteTest, PlaintextFooterSignatureIsVerified) {
  auto props = std::make_shared<EncryptionProperties>();
  props->footer_key = kFooterKey;
  props->encrypted_footer = false;  // uniform: every column under the footer key
  ASSERT_OK_AND_ASSIGN(std::string bytes, SmallFile(props));
  auto keys = std::make_shared<DecryptionProperties>();
  keys->footer_key = kFooterKey;
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes, keys));
  EXPECT_EQ(file->encryption()->footer_signature, EncryptionInfo::FooterSignature::kVerified);
  ASSERT_OK_AND_ASSIGN(auto rows, JsonRows(*file));
  EXPECT_EQ(rows.size(), 60u);
  // Without keys the footer opens unverified; every column is encrypted.
  ASSERT_OK_AND_ASSIGN(auto keyless, OpenBytes(bytes, nullptr));
  EXPECT_EQ(keyless->encryption()->footer_signature, EncryptionInfo::FooterSignature::kNotVerified);
  EXPECT_STATUS_HAS(keyless->OpenColumn(0, 0), StatusCode::kUnsupported, "encrypted with the footer key");
  // A flipped byte of the tag, of the nonce, or of the footer (a letter of
  // created_by, which leaves its Thrift well-formed).
  const size_t created_by = bytes.rfind("parq version");
  ASSERT_NE(created_by, std::string::npos);
  for (size_t at : {bytes.size() - 9, bytes.size() - 8 - 20, created_by + 1}) {
    std::string tampered = bytes;
    tampered[at] = static_cast<char>(tampered[at] ^ 0x01);
    EXPECT_STATUS_HAS(OpenBytes(tampered, keys), StatusCode::kCorrupt,
                      "the plaintext footer's signature does not verify")
        << at;
    // A reader without the key cannot tell.
    EXPECT_OK(OpenBytes(tampered, nullptr));
  }
  auto wrong = std::make_shared<DecryptionProperties>();
  wrong->footer_key = kColumnKeyA;
  EXPECT_STATUS_HAS(OpenBytes(bytes, wrong), StatusCode::kCorrupt, "signature does not verify");
}

// The key_metadata written beside each key (EncryptionProperties'
// footer_key_metadata, ColumnEncryptionKey::key_metadata) is what a reader's
// KeyRetriever is given: with no explicit key, a retriever keyed on the
// metadata alone opens the file (the footer key, its signature verified) and
// reads every column (two column keys, one plaintext column).
TEST(EncryptionWriteTest, KeyMetadataIsWhatTheRetrieverIsAskedFor) {
  auto props = std::make_shared<EncryptionProperties>();
  props->footer_key = kFooterKey;
  props->footer_key_metadata = "vault:footer/v3";
  props->column_keys["a"] = {kColumnKeyA, "vault:a/v1"};
  props->column_keys["c"] = {kColumnKeyB, std::string("\x00\x01wrapped", 9)};  // any bytes
  props->encrypted_footer = false;
  ASSERT_OK_AND_ASSIGN(std::string bytes, SmallFile(props));
  struct Retriever : KeyRetriever {
    std::map<std::string, std::string> keys;
    mutable std::mutex mu;
    mutable std::set<std::string> asked;
    Result<std::string> RetrieveKey(std::string_view key_metadata) const override {
      std::lock_guard<std::mutex> lock(mu);
      asked.insert(std::string(key_metadata));
      auto it = keys.find(std::string(key_metadata));
      if (it == keys.end()) return Status::InvalidArgument("unknown key id");
      return it->second;
    }
  };
  auto retriever = std::make_shared<Retriever>();
  retriever->keys = {{"vault:footer/v3", kFooterKey},
                     {"vault:a/v1", kColumnKeyA},
                     {std::string("\x00\x01wrapped", 9), kColumnKeyB}};
  auto keys = std::make_shared<DecryptionProperties>();
  keys->key_retriever = retriever;
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes, keys));
  EXPECT_EQ(file->encryption()->footer_key_metadata, "vault:footer/v3");
  EXPECT_EQ(file->encryption()->footer_signature, EncryptionInfo::FooterSignature::kVerified);
  EXPECT_EQ(file->metadata().row_group(1).column(0).encryption_key_metadata(), std::optional<std::string>("vault:a/v1"));
  EXPECT_FALSE(file->metadata().row_group(1).column(1).is_encrypted());
  ASSERT_OK_AND_ASSIGN(auto rows, JsonRows(*file));
  ASSERT_EQ(rows.size(), 60u);
  EXPECT_EQ(rows[3], "{\"a\":21,\"b\":\"s3\",\"c\":null}");
  EXPECT_EQ(rows[4], "{\"a\":28,\"b\":\"s4\",\"c\":4.5}");
  EXPECT_EQ(retriever->asked,
            (std::set<std::string>{"vault:footer/v3", "vault:a/v1", std::string("\x00\x01wrapped", 9)}));
}

TEST(EncryptionWriteTest, AadPrefixNotStoredMustBeSupplied) {
  auto props = std::make_shared<EncryptionProperties>();
  props->footer_key = kFooterKey;
  props->aad_prefix = "sales_2026-11.part3";
  props->store_aad_prefix = false;
  ASSERT_OK_AND_ASSIGN(std::string bytes, SmallFile(props));
  EXPECT_EQ(bytes.find("sales_2026-11"), std::string::npos) << "the prefix is not in the file";
  auto keys = std::make_shared<DecryptionProperties>();
  keys->footer_key = kFooterKey;
  EXPECT_STATUS_HAS(OpenBytes(bytes, keys), StatusCode::kInvalidArgument,
                    "encrypted with an AAD prefix that it does not store (supply_aad_prefix): supply it");
  keys->aad_prefix = "sales_2026-11.part4";
  EXPECT_STATUS_HAS(OpenBytes(bytes, keys), StatusCode::kCorrupt, "cannot decrypt the footer");
  keys->aad_prefix = "sales_2026-11.part3";
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes, keys));
  EXPECT_TRUE(file->encryption()->supply_aad_prefix);
  EXPECT_FALSE(file->encryption()->aad_prefix.has_value());
  ASSERT_OK_AND_ASSIGN(auto rows, JsonRows(*file));
  EXPECT_EQ(rows.size(), 60u);

  // Stored: read without supplying it; a different one supplied is refused.
  props->store_aad_prefix = true;
  ASSERT_OK_AND_ASSIGN(bytes, SmallFile(props));
  keys->aad_prefix.reset();
  ASSERT_OK_AND_ASSIGN(file, OpenBytes(bytes, keys));
  EXPECT_EQ(file->encryption()->aad_prefix, "sales_2026-11.part3");
  keys->aad_prefix = "other";
  EXPECT_STATUS_HAS(OpenBytes(bytes, keys), StatusCode::kInvalidArgument, "differs from the one the file stores");
}

TEST(EncryptionWriteTest, EachFileHasItsOwnAadFileUniqueAndNonces) {
  auto props = std::make_shared<EncryptionProperties>();
  props->footer_key = kFooterKey;
  ASSERT_OK_AND_ASSIGN(std::string one, SmallFile(props));
  ASSERT_OK_AND_ASSIGN(std::string two, SmallFile(props));
  // The first module (the first page header, after the magic): its nonce.
  EXPECT_EQ(one.substr(0, 4), "PARE");
  EXPECT_NE(one.substr(8, 12), two.substr(8, 12));
  // aad_file_unique, in FileCryptoMetaData.
  const auto file_unique = [](const std::string& bytes) {
    uint32_t len;
    std::memcpy(&len, bytes.data() + bytes.size() - 8, 4);
    format::FileCryptoMetaData fcmd;
    thrift::CompactReader r(reinterpret_cast<const uint8_t*>(bytes.data()) + bytes.size() - 8 - len, len);
    EXPECT_TRUE(format::Read(r, &fcmd));
    return fcmd.encryption_algorithm.AES_GCM_V1 ? std::string(fcmd.encryption_algorithm.AES_GCM_V1->aad_file_unique->view())
                                                : std::string();
  };
  EXPECT_EQ(file_unique(one).size(), 8u);
  EXPECT_NE(file_unique(one), file_unique(two));
}

TEST(EncryptionWriteTest, OptionsAreChecked) {
  const auto with = [](auto edit) {
    auto p = std::make_shared<EncryptionProperties>();
    p->footer_key = kFooterKey;
    edit(*p);
    return SmallFile(p).status();
  };
  EXPECT_STATUS_HAS(with([](EncryptionProperties& p) { p.footer_key.clear(); }), StatusCode::kInvalidArgument,
                    "encryption: no footer key");
  EXPECT_STATUS_HAS(with([](EncryptionProperties& p) { p.footer_key = "short"; }), StatusCode::kInvalidArgument,
                    "encryption: the footer key is an AES key of 5 bytes; keys have 16, 24 or 32 bytes");
  EXPECT_STATUS_HAS(with([](EncryptionProperties& p) { p.column_keys["b"] = {std::string(33, 'k'), ""}; }),
                    StatusCode::kInvalidArgument, "the key of column 'b' is an AES key of 33 bytes");
  EXPECT_STATUS_HAS(with([](EncryptionProperties& p) { p.column_keys["nope"] = {kColumnKeyA, ""}; }),
                    StatusCode::kInvalidArgument, "encryption: a key for column 'nope'");
  EXPECT_STATUS_HAS(with([](EncryptionProperties& p) { p.store_aad_prefix = false; }), StatusCode::kInvalidArgument,
                    "store_aad_prefix is false but there is no aad_prefix");
  // FileWriter::ValidateOptions without a schema sees the keys too.
  WriterOptions o;
  auto p = std::make_shared<EncryptionProperties>();
  p->footer_key = std::string(20, 'x');
  o.encryption = p;
  EXPECT_STATUS_HAS(FileWriter::ValidateOptions(o), StatusCode::kInvalidArgument, "AES key of 20 bytes");
}

// Page ordinals stop at 32767 (a 2-byte short in the AAD): the 32769th data
// page of a chunk is an error, not a wrapped ordinal.
TEST(EncryptionWriteTest, PageOrdinalLimitIsAnError) {
  auto props = std::make_shared<EncryptionProperties>();
  props->footer_key = kFooterKey;
  WriterOptions o;
  o.encryption = props;
  o.max_rows_per_page = 1;
  o.column_defaults.statistics = false;
  o.column_defaults.page_index = false;
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { required int32 a; }"));
  auto mem = std::make_unique<MemoryOutputStream>();
  ASSERT_OK_AND_ASSIGN(auto writer, FileWriter::Open(std::move(mem), schema, o));
  ASSERT_OK_AND_ASSIGN(ColumnWriter * w, writer->column(0));
  std::vector<int32_t> values(32769, 5);
  Status st = w->As<int32_t>()->WriteBatch(static_cast<int64_t>(values.size()), nullptr, nullptr, values.data());
  if (st.ok()) st = writer->Close();
  EXPECT_STATUS_HAS(st, StatusCode::kInvalidArgument, "page ordinal 32768 of the data page (row group 0, column 0, page 32768)");
}

}  // namespace
}  // namespace parq::testing
