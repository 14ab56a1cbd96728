#include "format/footer.h"

#include <algorithm>
#include <cstring>
#include <span>

#include "thrift/compact_reader.h"
#include "thrift/compact_writer.h"

namespace parq::format {

thrift::ThriftLimits ThriftLimitsFrom(const ReaderOptions& options) {
  thrift::ThriftLimits limits;
  limits.max_string_size = options.max_thrift_string_size;
  limits.max_container_size = options.max_thrift_container_size;
  limits.max_depth = options.max_thrift_depth;
  return limits;
}

Result<std::shared_ptr<const FileMetaData>> DecodeFileMetaData(const uint8_t* data, size_t size,
                                                               const ReaderOptions& options,
                                                               uint64_t base_offset, bool defer_chunks,
                                                               const std::function<Status(FileMetaData*)>& after) {
  thrift::CompactReader reader(data, size, ThriftLimitsFrom(options), base_offset);
  reader.set_defer_lists(defer_chunks);
  // The decoded structs take about six times the bytes of the encoding. The
  // arena starts at the encoding's size and doubles from there, so a hostile
  // footer that decodes to little never costs more than its own bytes.
  const size_t first_block = std::clamp<size_t>(size, 512, size_t{16} << 20);
  thrift::ArenaOwned<FileMetaData> metadata(first_block);
  {
    thrift::ArenaScope scope(metadata.arena());
    if (!Read(reader, metadata.get())) {
      Status st = reader.status();
      return std::move(st).AddContext("decoding FileMetaData");
    }
    if (after) PARQ_RETURN_IF_ERROR(after(metadata.get()));
  }
  return std::move(metadata).Share();
}

namespace {

template <class T>
Status DecodeAt(const std::vector<uint8_t>& bytes, uint32_t at, const thrift::ThriftLimits& limits,
                uint64_t base_offset, T* out) {
  if (at >= bytes.size()) return Status::Internal("deferred value's offset past the footer's end");
  thrift::CompactReader reader(bytes.data() + at, bytes.size() - at, limits, base_offset + at);
  if (!Read(reader, out)) {
    Status st = reader.status();
    return std::move(st).AddContext("decoding FileMetaData");
  }
  return Status::OK();
}

// Decodes the FileMetaData in `bytes` (at `base_offset` in the file, 0 for
// a decrypted footer) into footer->metadata, then runs `check` (when given)
// on it.  The column metadata of an encrypted file (footer->decryptor, set
// before or by `check`) is decrypted in the footer's arena when decoded
// whole; deferred chunks are decrypted where each is decoded.  `kept`, when
// deferring, already holds `bytes` (else they are copied).
Status DecodeFooter(std::span<const uint8_t> bytes, uint64_t base_offset, const ReaderOptions& options,
                    bool defer_chunks, std::shared_ptr<std::vector<uint8_t>> kept,
                    const std::function<Status(const FileMetaData&)>& check, Footer* footer) {
  if (!defer_chunks) {
    auto after = [&](FileMetaData* md) -> Status {
      if (check) PARQ_RETURN_IF_ERROR(check(*md));
      if (footer->decryptor == nullptr) return Status::OK();
      return footer->decryptor->DecryptColumnMetaData(md, ThriftLimitsFrom(options));
    };
    PARQ_ASSIGN_OR_RETURN(footer->metadata,
                          DecodeFileMetaData(bytes.data(), bytes.size(), options, base_offset, false, after));
    return Status::OK();
  }
  // Kept: the chunks are decoded from these bytes when they are used.
  if (kept == nullptr) kept = std::make_shared<std::vector<uint8_t>>(bytes.begin(), bytes.end());
  auto metadata = DecodeFileMetaData(kept->data(), kept->size(), options, base_offset, true);
  if (!metadata.ok()) {
    // Skipping does not check what decoding does (required fields, element
    // types), so it may fail further on: the error is the whole decode's.
    auto whole = DecodeFileMetaData(kept->data(), kept->size(), options, base_offset);
    return whole.ok() ? std::move(metadata).status() : std::move(whole).status();
  }
  if (check) PARQ_RETURN_IF_ERROR(check(**metadata));
  footer->metadata = std::move(*metadata);
  footer->bytes = std::move(kept);
  footer->bytes_offset = base_offset;
  return Status::OK();
}

// The footer region of a PARE file: FileCryptoMetaData, then the footer
// module.  Fills footer->metadata and footer->decryptor.
Status ReadEncryptedFooter(std::span<const uint8_t> bytes, const ReaderOptions& options, bool defer_chunks,
                           Footer* footer) {
  thrift::CompactReader reader(bytes.data(), bytes.size(), ThriftLimitsFrom(options), footer->offset);
  FileCryptoMetaData crypto_md;
  if (!Read(reader, &crypto_md)) {
    Status st = reader.status();
    return std::move(st).AddContext("decoding FileCryptoMetaData");
  }
  PARQ_ASSIGN_OR_RETURN(footer->decryptor,
                        FileDecryptor::Make(crypto_md.encryption_algorithm,
                                            crypto_md.key_metadata ? crypto_md.key_metadata->view() : "",
                                            /*encrypted_footer=*/true, options.decryption));
  const std::span<const uint8_t> module = bytes.subspan(reader.position());
  if (module.size() < crypto::kLengthSize || crypto::ModuleSize(module) != module.size()) {
    return std::move(Status::Corrupt("the encrypted footer module does not fill the footer (" +
                                     std::to_string(module.size()) + " bytes after FileCryptoMetaData)"))
        .WithFileOffset(footer->offset + reader.position());
  }
  PARQ_ASSIGN_OR_RETURN(crypto::ModuleCipher cipher, footer->decryptor->FooterCipher());
  Buffer plain;
  PARQ_RETURN_IF_ERROR(cipher.Decrypt({crypto::ModuleType::kFooter}, module, &plain));
  return DecodeFooter(plain.span(), 0, options, defer_chunks, nullptr, nullptr, footer);
}

}  // namespace

Status DecodeColumnChunk(const std::vector<uint8_t>& bytes, uint32_t at, const thrift::ThriftLimits& limits,
                         uint64_t base_offset, ColumnChunk* out) {
  return DecodeAt(bytes, at, limits, base_offset, out);
}

Status DecodeSchemaElement(const std::vector<uint8_t>& bytes, uint32_t at, const thrift::ThriftLimits& limits,
                           uint64_t base_offset, SchemaElement* out) {
  return DecodeAt(bytes, at, limits, base_offset, out);
}

Result<Footer> ReadFooter(const RandomAccessFile& file, const ReaderOptions& options, bool defer_chunks) {
  const uint64_t size = file.size();
  // Smallest possible file: magic, an (empty-struct) footer byte, length, magic.
  if (size < 13) {
    return Status::Corrupt("'" + file.name() + "' is too small to be a Parquet file (" +
                           std::to_string(size) + " bytes)");
  }
  uint8_t tail[8];
  uint8_t head[4];
  PARQ_RETURN_IF_ERROR(file.ReadAt(size - 8, 8, tail));
  PARQ_RETURN_IF_ERROR(file.ReadAt(0, 4, head));
  const bool encrypted_footer = std::memcmp(tail + 4, kEncryptedMagic, 4) == 0;
  const char* magic = encrypted_footer ? kEncryptedMagic : kMagic;
  if (!encrypted_footer && std::memcmp(tail + 4, kMagic, 4) != 0) {
    return std::move(Status::Corrupt("'" + file.name() +
                                     "' does not end with the Parquet magic PAR1"))
        .WithFileOffset(size - 4);
  }
  if (std::memcmp(head, magic, 4) != 0) {
    return std::move(Status::Corrupt("'" + file.name() + "' does not start with the Parquet magic " +
                                     std::string(magic, 4) + ", as its end does"))
        .WithFileOffset(uint64_t{0});
  }
  uint32_t length;
  std::memcpy(&length, tail, 4);  // little-endian on every platform parq supports
  if (length == 0 || uint64_t{length} > size - 12) {
    return std::move(Status::Corrupt("footer length " + std::to_string(length) +
                                     " does not fit in '" + file.name() + "' (" +
                                     std::to_string(size) + " bytes)"))
        .WithFileOffset(size - 8);
  }
  if (static_cast<int64_t>(length) > options.max_footer_size) {
    return Status::LimitExceeded("footer of " + std::to_string(length) +
                                 " bytes exceeds max_footer_size " +
                                 std::to_string(options.max_footer_size));
  }
  Footer footer;
  footer.offset = size - 8 - length;
  footer.length = length;
  // A plaintext footer kept for deferred chunks is read straight into the
  // bytes kept; an encrypted one keeps its decrypted bytes instead.
  Buffer scratch;
  std::shared_ptr<std::vector<uint8_t>> kept;
  std::span<const uint8_t> bytes;
  if (defer_chunks && !encrypted_footer) {
    kept = std::make_shared<std::vector<uint8_t>>(length);
    PARQ_RETURN_IF_ERROR(file.ReadAt(footer.offset, length, kept->data()));
    bytes = *kept;
  } else {
    PARQ_ASSIGN_OR_RETURN(bytes, file.Read(footer.offset, length, &scratch));
  }
  if (encrypted_footer) {
    auto read = ReadEncryptedFooter(bytes, options, defer_chunks, &footer);
    if (!read.ok()) return std::move(read).AddContext("in '" + file.name() + "'");
    return footer;
  }
  // A plaintext footer that names an encryption algorithm is signed and may
  // hide column metadata: both are handled once the struct is decoded (the
  // column metadata of deferred chunks where each is decoded).
  auto check = [&](const FileMetaData& md) -> Status {
    if (!md.encryption_algorithm) return Status::OK();
    PARQ_ASSIGN_OR_RETURN(
        footer.decryptor,
        FileDecryptor::Make(*md.encryption_algorithm,
                            md.footer_signing_key_metadata ? md.footer_signing_key_metadata->view() : "",
                            /*encrypted_footer=*/false, options.decryption));
    const size_t signature = crypto::kNonceSize + crypto::kTagSize;
    if (bytes.size() <= signature) return Status::Corrupt("plaintext footer too short for its signature");
    return footer.decryptor->VerifyFooterSignature(bytes.first(bytes.size() - signature), bytes.last(signature));
  };
  PARQ_RETURN_IF_ERROR(DecodeFooter(bytes, footer.offset, options, defer_chunks, std::move(kept), check, &footer));
  return footer;
}

Status WriteFooter(const FileMetaData& metadata, OutputStream* out) {
  thrift::CompactWriter writer;
  Write(writer, metadata);
  if (writer.size() > 0xFFFFFFFFu) return Status::InvalidArgument("footer larger than 4 GiB");
  uint32_t length = static_cast<uint32_t>(writer.size());
  PARQ_RETURN_IF_ERROR(out->Write(writer.data(), writer.size()));
  PARQ_RETURN_IF_ERROR(out->Write(&length, 4));
  return out->Write(kMagic, 4);
}

}  // namespace parq::format
