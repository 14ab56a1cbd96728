// lexer.h — splits Thrift IDL text into tokens.
//
// Tokens are identifiers (dots allowed inside, for `Enum.VALUE`), integer and
// floating literals, string literals ('...' or "...") and single-character
// punctuation.  Comments (`//`, `#`, `/* */`) are not tokens: each is kept,
// with its line, on the token that follows it, so the parser can attach
// documentation to definitions and fields.
#ifndef THRIFTGEN_LEXER_H_
#define THRIFTGEN_LEXER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace thriftgen {

struct Comment {
  int line = 0;           // line where the comment starts
  bool own_line = false;  // nothing but whitespace precedes it on its line
  std::vector<std::string> lines;  // text with the markers stripped
};

struct Token {
  enum class Kind { kIdent, kInt, kDouble, kString, kPunct, kEnd };
  Kind kind = Kind::kEnd;
  std::string text;        // identifier, punctuation char, literal source or string contents
  int64_t int_value = 0;   // kInt
  double double_value = 0; // kDouble
  int line = 0;
  std::vector<Comment> comments;  // comments between the previous token and this one
};

// Tokenizes `source`.  On a lexical error returns false with `*error` set to
// "line N: ...".  The last token is always kEnd.
bool Tokenize(std::string_view source, std::vector<Token>* tokens, std::string* error);

}  // namespace thriftgen

#endif  // THRIFTGEN_LEXER_H_
