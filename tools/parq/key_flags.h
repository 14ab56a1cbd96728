// The key flags of the verbs that read a file (cat, head, scan, meta, schema,
// footer, pages, dictionary, column-index, offset-index, bloom, size-stats,
// and rewrite's input): --footer-key KEY, --column-key PATH=KEY (repeatable),
// --aad-prefix TEXT and --keys FILE, which reads the same options from a
// file, one a line (`footer-key KEY`, `column-key PATH=KEY`, `aad-prefix
// TEXT`; a leading `--` and `=` instead of the space are allowed; blank lines
// and lines starting with # are skipped), so that keys need not appear in a
// process list.  The command line's flags come after the file's: a footer key
// or AAD prefix given in both is the command line's, column keys add up (the
// command line's win for the same path).
//
// A KEY is `hex:00112233…`, `base64:ABEiM…` or `text:0123456789112345`
// (its bytes as written); AES keys have 16, 24 or 32 bytes.
//
// The writing verbs (convert, rewrite's output) take the encryption flags:
// --encrypt-footer-key KEY (encrypts the file: every column with it unless
// column keys are given), --encrypt-column-key PATH=KEY (repeatable: those
// columns with their keys, the others plaintext),
// --encrypt-footer-key-metadata TEXT and --encrypt-column-key-metadata
// PATH=TEXT (the key_metadata stored beside a key, for the reader's key
// retriever; TEXT in a KEY's forms, any length), --encrypt-algorithm
// gcm|gcm-ctr, --plaintext-footer (signed, PAR1), --encrypt-aad-prefix TEXT,
// --no-store-aad-prefix, and --encrypt-keys FILE with the valued ones one a
// line as in --keys (`encrypt-footer-key KEY`, ...).
#ifndef PARQ_TOOLS_KEY_FLAGS_H_
#define PARQ_TOOLS_KEY_FLAGS_H_

#include <string>
#include <string_view>
#include <vector>

#include "cli.h"
#include "key_text.h"
#include "parq/options.h"
#include "parq/result.h"

namespace parq::cli {

// The rows of the flags above, for the verbs' flag tables (--help, Args::Parse).
extern const std::vector<Flag> kKeyFlagTable;
// `flags` followed by kKeyFlagTable: a reading verb's table.
std::vector<Flag> WithKeyFlags(std::vector<Flag> flags);
// The key flags given in `args`, as arguments again (--NAME VALUE each), for
// a verb that runs another (head runs cat).
void ForwardKeyFlags(const Args& args, std::vector<std::string>* out);
// The usage text of the flags, for the verbs' usage lines.
#define PARQ_KEY_FLAGS_USAGE "[--footer-key KEY] [--column-key PATH=KEY]... [--aad-prefix TEXT] [--keys FILE]"

// ParseKeyText and ParseKeyMetadataText: key_text.h.

// Sets options->decryption from the flags (left null when none is given).
// kInvalidArgument for a malformed flag, key or keys file (a usage error).
Status ApplyKeyFlags(const Args& args, ReaderOptions* options);

// The rows of the encryption flags above, for the writing verbs' tables.
extern const std::vector<Flag> kEncryptFlagTable;
// `flags` followed by kEncryptFlagTable: a writing verb's table.
std::vector<Flag> WithEncryptFlags(std::vector<Flag> flags);
#define PARQ_ENCRYPT_FLAGS_USAGE                                                          \
  "[--encrypt-footer-key KEY] [--encrypt-column-key PATH=KEY]...\n"                       \
  "       [--encrypt-footer-key-metadata TEXT] [--encrypt-column-key-metadata PATH=TEXT]...\n" \
  "       [--encrypt-algorithm gcm|gcm-ctr] [--plaintext-footer] [--encrypt-aad-prefix TEXT]\n" \
  "       [--no-store-aad-prefix] [--encrypt-keys FILE]"

// Sets options->encryption from the flags (left null when none is given).
// kInvalidArgument for a malformed flag, key or keys file, or for flags that
// need --encrypt-footer-key without it (a usage error).
Status ApplyEncryptFlags(const Args& args, WriterOptions* options);

}  // namespace parq::cli

#endif  // PARQ_TOOLS_KEY_FLAGS_H_
