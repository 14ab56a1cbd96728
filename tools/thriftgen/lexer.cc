// lexer.cc — see lexer.h.
#include "lexer.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>

namespace thriftgen {
namespace {

bool IsIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool IsIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
}

std::string Trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

// Strips the decoration of one line of a /* */ comment: leading '*'s.
std::string StripBlockLine(std::string_view s) {
  std::string t = Trim(s);
  size_t i = 0;
  while (i < t.size() && t[i] == '*') ++i;
  if (i > 0 && i < t.size() && t[i] == ' ') ++i;
  return Trim(std::string_view(t).substr(i));
}

class Lexer {
 public:
  Lexer(std::string_view src, std::vector<Token>* out, std::string* error)
      : src_(src), out_(out), error_(error) {}

  bool Run() {
    std::vector<Comment> pending;
    while (true) {
      if (!SkipSpaceAndComments(&pending)) return false;
      Token tok;
      tok.line = line_;
      tok.comments = std::move(pending);
      pending.clear();
      if (pos_ >= src_.size()) {
        tok.kind = Token::Kind::kEnd;
        out_->push_back(std::move(tok));
        return true;
      }
      char c = src_[pos_];
      if (IsIdentStart(c)) {
        size_t b = pos_;
        while (pos_ < src_.size() && IsIdentChar(src_[pos_])) ++pos_;
        tok.kind = Token::Kind::kIdent;
        tok.text = std::string(src_.substr(b, pos_ - b));
      } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                 ((c == '-' || c == '+') && pos_ + 1 < src_.size() &&
                  std::isdigit(static_cast<unsigned char>(src_[pos_ + 1])))) {
        if (!Number(&tok)) return false;
      } else if (c == '"' || c == '\'') {
        if (!String(&tok)) return false;
      } else if (std::string_view("{}<>(),;:=[]").find(c) != std::string_view::npos) {
        tok.kind = Token::Kind::kPunct;
        tok.text = std::string(1, c);
        ++pos_;
      } else {
        return Fail(std::string("unexpected character '") + c + "'");
      }
      out_->push_back(std::move(tok));
    }
  }

 private:
  bool Fail(const std::string& msg) {
    *error_ = "line " + std::to_string(line_) + ": " + msg;
    return false;
  }

  bool LineIsBlankBefore(size_t p) const {
    while (p > 0 && src_[p - 1] != '\n') {
      if (!std::isspace(static_cast<unsigned char>(src_[p - 1]))) return false;
      --p;
    }
    return true;
  }

  bool SkipSpaceAndComments(std::vector<Comment>* pending) {
    while (pos_ < src_.size()) {
      char c = src_[pos_];
      if (c == '\n') {
        ++line_;
        ++pos_;
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        ++pos_;
      } else if (c == '#' || (c == '/' && pos_ + 1 < src_.size() && src_[pos_ + 1] == '/')) {
        Comment cm;
        cm.line = line_;
        cm.own_line = LineIsBlankBefore(pos_);
        pos_ += (c == '#') ? 1 : 2;
        size_t b = pos_;
        while (pos_ < src_.size() && src_[pos_] != '\n') ++pos_;
        std::string text(src_.substr(b, pos_ - b));
        // "///" and "//!" style markers: drop extra slashes.
        size_t k = 0;
        while (k < text.size() && text[k] == '/') ++k;
        cm.lines.push_back(Trim(std::string_view(text).substr(k)));
        pending->push_back(std::move(cm));
      } else if (c == '/' && pos_ + 1 < src_.size() && src_[pos_ + 1] == '*') {
        Comment cm;
        cm.line = line_;
        cm.own_line = LineIsBlankBefore(pos_);
        size_t end = src_.find("*/", pos_ + 2);
        if (end == std::string_view::npos) return Fail("unterminated /* comment");
        std::string_view body = src_.substr(pos_ + 2, end - pos_ - 2);
        size_t start = 0;
        while (true) {
          size_t nl = body.find('\n', start);
          std::string_view ln = body.substr(start, nl == std::string_view::npos ? body.npos : nl - start);
          cm.lines.push_back(StripBlockLine(ln));
          if (nl == std::string_view::npos) break;
          ++line_;
          start = nl + 1;
        }
        // Drop empty first/last lines of "/**\n * ...\n */" blocks.
        while (!cm.lines.empty() && cm.lines.front().empty()) cm.lines.erase(cm.lines.begin());
        while (!cm.lines.empty() && cm.lines.back().empty()) cm.lines.pop_back();
        pos_ = end + 2;
        pending->push_back(std::move(cm));
      } else {
        break;
      }
    }
    return true;
  }

  bool Number(Token* tok) {
    size_t b = pos_;
    if (src_[pos_] == '-' || src_[pos_] == '+') ++pos_;
    bool is_hex = pos_ + 1 < src_.size() && src_[pos_] == '0' &&
                  (src_[pos_ + 1] == 'x' || src_[pos_ + 1] == 'X');
    bool is_double = false;
    if (is_hex) {
      pos_ += 2;
      while (pos_ < src_.size() && std::isxdigit(static_cast<unsigned char>(src_[pos_]))) ++pos_;
    } else {
      while (pos_ < src_.size()) {
        char c = src_[pos_];
        if (std::isdigit(static_cast<unsigned char>(c))) {
          ++pos_;
        } else if (c == '.' || c == 'e' || c == 'E') {
          is_double = true;
          ++pos_;
          if ((c == 'e' || c == 'E') && pos_ < src_.size() && (src_[pos_] == '-' || src_[pos_] == '+')) ++pos_;
        } else {
          break;
        }
      }
    }
    std::string text(src_.substr(b, pos_ - b));
    tok->text = text;
    errno = 0;
    char* end = nullptr;
    if (is_double) {
      tok->kind = Token::Kind::kDouble;
      tok->double_value = std::strtod(text.c_str(), &end);
    } else {
      tok->kind = Token::Kind::kInt;
      tok->int_value = std::strtoll(text.c_str(), &end, is_hex ? 16 : 10);
    }
    if (errno != 0 || end != text.c_str() + text.size()) return Fail("bad number '" + text + "'");
    return true;
  }

  bool String(Token* tok) {
    char quote = src_[pos_++];
    std::string value;
    while (true) {
      if (pos_ >= src_.size() || src_[pos_] == '\n') return Fail("unterminated string literal");
      char c = src_[pos_++];
      if (c == quote) break;
      if (c == '\\') {
        if (pos_ >= src_.size()) return Fail("unterminated string literal");
        char e = src_[pos_++];
        switch (e) {
          case 'n': value += '\n'; break;
          case 't': value += '\t'; break;
          case 'r': value += '\r'; break;
          case '\\': value += '\\'; break;
          case '"': value += '"'; break;
          case '\'': value += '\''; break;
          default: return Fail(std::string("unknown escape '\\") + e + "'");
        }
      } else {
        value += c;
      }
    }
    tok->kind = Token::Kind::kString;
    tok->text = std::move(value);
    return true;
  }

  std::string_view src_;
  std::vector<Token>* out_;
  std::string* error_;
  size_t pos_ = 0;
  int line_ = 1;
};

}  // namespace

bool Tokenize(std::string_view source, std::vector<Token>* tokens, std::string* error) {
  tokens->clear();
  return Lexer(source, tokens, error).Run();
}

}  // namespace thriftgen
