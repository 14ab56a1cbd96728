// The text forms of keys and key metadata on parq's command lines (and
// parq-bench's, which compiles this file too): `hex:00112233…`,
// `base64:ABEiM…` (either alphabet, padding optional) or
// `text:0123456789112345` (its bytes as written).  No dependence on the CLI's
// flag tables, so that other tools can share the forms.
#ifndef PARQ_TOOLS_KEY_TEXT_H_
#define PARQ_TOOLS_KEY_TEXT_H_

#include <string>
#include <string_view>

#include "parq/result.h"

namespace parq::cli {

// A KEY's bytes (16, 24 or 32 of them: an AES key); kInvalidArgument naming
// the problem.
Result<std::string> ParseKeyText(std::string_view text);
// Key metadata's bytes: the forms of a KEY, of any length.
Result<std::string> ParseKeyMetadataText(std::string_view text);

}  // namespace parq::cli

#endif  // PARQ_TOOLS_KEY_TEXT_H_
