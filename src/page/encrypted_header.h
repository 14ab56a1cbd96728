// Page headers of an encrypted column (Encryption.md): each is a module —
// <length: 4 bytes LE> <nonce> <ciphertext> <tag> — decrypted, then decoded.
// Shared by the page reader (the pages it reads and those it checks while
// skipping) and the page walk (parq/page_info.h), so that all three find and
// authenticate a header the same way.
//
// Thread-safety: free functions; the cipher is const.
#ifndef PARQ_PAGE_ENCRYPTED_HEADER_H_
#define PARQ_PAGE_ENCRYPTED_HEADER_H_

#include <cstdint>
#include <span>

#include "crypto/module.h"
#include "format/parquet_types.h"
#include "parq/buffer.h"
#include "parq/result.h"
#include "parq/types.h"
#include "thrift/compact_types.h"

namespace parq::page {

// The size of the header module whose 4-byte length prefix is `prefix`:
// kCorrupt when `prefix` is cut short or the module runs past the `left`
// bytes of the chunk, kLimitExceeded beyond max_page_header_size (plus the
// module's framing).
Result<uint64_t> HeaderModuleSize(std::span<const uint8_t> prefix, uint64_t left, int64_t max_page_header_size);

// Decrypts the header module `module` (into *plain) and decodes it into
// *header.  Which header a module holds shows only once decrypted: the first
// page of a chunk with a dictionary is taken for a dictionary page header,
// any other for the header of data page `data_page_ordinal` (its place among
// the chunk's data pages, the AAD's page ordinal); the first page is tried
// both ways.  The header's type must agree with the AAD that authenticated it.
Status DecryptPageHeader(const crypto::ChunkCipher& cipher, std::span<const uint8_t> module, bool first_page,
                         bool has_dictionary, int64_t data_page_ordinal, const thrift::ThriftLimits& limits,
                         Buffer* plain, format::PageHeader* header);

// The bytes an encrypted page's body takes, by its header's
// compressed_page_size (`stated`), which is the whole module (Encryption.md,
// as Arrow and parquet-java write it).  DuckDB, whose files carry no module
// AADs, writes the size without the framing: there the module's own length
// prefix (`prefix`, the body's first 4 bytes when `stated` has them) says.
uint64_t EncryptedBodySize(const crypto::ChunkCipher& cipher, PageType type, uint64_t stated,
                           std::span<const uint8_t> prefix);

}  // namespace parq::page

#endif  // PARQ_PAGE_ENCRYPTED_HEADER_H_
