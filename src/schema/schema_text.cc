// The message-type text form of a schema (parquet-java's MessageType.toString
// and MessageTypeParser): printer and parser.
//
//   message <name> {
//     <repetition> <type> <name> [(<annotation>)] [= <field id>];
//     <repetition> group <name> [(<annotation>)] [= <field id>] {
//       ...
//     }
//   }
#include <charconv>
#include <functional>
#include <string>
#include <vector>

#include "parq/schema.h"
#include "schema/schema_internal.h"
#include "schema/sliced_text.h"

namespace parq {

namespace {

bool IsControl(char c) { return static_cast<unsigned char>(c) < 0x20 || c == '\x7f'; }

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

// A name or a CRS may be any text (PROJJSON holds commas, braces, spaces; a
// file's column name may hold a NUL or a newline): it is written in double
// quotes when it holds a character the message-type grammar uses or a
// control character, with \" and \\ escaped and control characters written
// as \n, \r, \t or \xHH, so that the text holds no raw control character.
std::string QuoteIfNeeded(std::string_view s) {
  bool plain = !s.empty() && s.find_first_of(" ,;{}()=\"\\") == std::string::npos;
  for (size_t i = 0; plain && i < s.size(); ++i) plain = !IsControl(s[i]);
  if (plain) return std::string(s);
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (IsControl(c)) {
      static constexpr char kHex[] = "0123456789abcdef";
      const auto u = static_cast<unsigned char>(c);
      out += "\\x";
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
  out += '"';
  return out;
}

// Undoes QuoteIfNeeded; false for a malformed quoted string.
bool Unquote(std::string_view s, std::string* out) {
  out->clear();
  if (s.empty() || s.front() != '"') {
    out->assign(s);
    return true;
  }
  if (s.size() < 2 || s.back() != '"') return false;
  s = s.substr(1, s.size() - 2);
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '"') return false;
    if (s[i] != '\\') {
      *out += s[i];
      continue;
    }
    if (++i == s.size()) return false;
    switch (s[i]) {
      case 'n': *out += '\n'; break;
      case 'r': *out += '\r'; break;
      case 't': *out += '\t'; break;
      case 'x': {
        const int hi = i + 2 < s.size() ? HexDigit(s[i + 1]) : -1;
        const int lo = hi >= 0 ? HexDigit(s[i + 2]) : -1;
        if (lo < 0) return false;
        *out += static_cast<char>(hi * 16 + lo);
        i += 2;
        break;
      }
      default: *out += s[i];  // \" and \\, and any other character as itself
    }
  }
  return true;
}

namespace {

std::string TypeKeyword(const SchemaNode& n) {
  switch (n.physical_type()) {
    case PhysicalType::kBoolean: return "boolean";
    case PhysicalType::kInt32: return "int32";
    case PhysicalType::kInt64: return "int64";
    case PhysicalType::kInt96: return "int96";
    case PhysicalType::kFloat: return "float";
    case PhysicalType::kDouble: return "double";
    case PhysicalType::kByteArray: return "binary";
    case PhysicalType::kFixedLenByteArray: return "fixed_len_byte_array(" + std::to_string(n.type_length()) + ")";
  }
  return "unknown";
}

// Where PrintNode hands its text on: `sink` gets `out` whenever it holds
// kPiece bytes or more (and the rest at the end); none: `out` keeps it all.
struct TextPieces {
  static constexpr size_t kPiece = 64 << 10;
  std::string* out;
  const std::function<void(std::string_view)>* sink = nullptr;
  void MaybeHandOn() const {
    if (sink != nullptr && out->size() >= kPiece) {
      (*sink)(*out);
      out->clear();
    }
  }
};

// A node's first line: a leaf's only one, a group's up to its brace.
void PrintHead(const SchemaNode& n, int indent, const TextPieces& pieces) {
  std::string* out = pieces.out;
  out->append(static_cast<size_t>(indent) * 2, ' ');
  out->append(RepetitionName(n.repetition()));
  out->append(" ");
  out->append(n.is_group() ? "group" : TypeKeyword(n));
  out->append(" ");
  out->append(QuoteIfNeeded(n.name()));
  if (!n.logical_type().is_none()) {
    out->append(" (" + n.logical_type().ToString() + ")");
  } else if (n.converted_type() == ConvertedType::kMapKeyValue) {
    out->append(" (MAP_KEY_VALUE)");
  }
  if (n.field_id()) out->append(" = " + std::to_string(*n.field_id()));
  if (n.is_leaf()) {
    out->append(";\n");
    pieces.MaybeHandOn();
    return;
  }
  out->append(" {\n");
}

// `head` / `tail`: of a slice's node (schema::SliceInfo), how many groups
// down its first / last fields, this one first, were begun in the slice
// before / go on in the next: their first / last lines are printed there.
void PrintNode(const SchemaNode& n, int indent, const TextPieces& pieces, int head = 0, int tail = 0) {
  if (head == 0) PrintHead(n, indent, pieces);
  if (n.is_leaf()) return;
  const int last = n.num_children() - 1;
  for (int i = 0; i <= last; ++i) {
    PrintNode(n.child(i), indent + 1, pieces, i == 0 && head > 0 ? head - 1 : 0, i == last && tail > 0 ? tail - 1 : 0);
  }
  if (tail > 0) return;
  pieces.out->append(static_cast<size_t>(indent) * 2, ' ');
  pieces.out->append("}\n");
}

// Tokens: words (anything but white space and the punctuation below) and the
// single characters { } ( ) ; = , ; a double-quoted string is one word.
struct Token {
  std::string_view text;
  int line = 0;
};

std::vector<Token> Tokenize(std::string_view s) {
  std::vector<Token> out;
  int line = 1;
  size_t i = 0;
  auto is_punct = [](char c) { return c == '{' || c == '}' || c == '(' || c == ')' || c == ';' || c == '=' || c == ','; };
  auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (i < s.size()) {
    char c = s[i];
    if (c == '\n') ++line;
    if (is_space(c)) {
      ++i;
      continue;
    }
    if (is_punct(c)) {
      out.push_back({s.substr(i, 1), line});
      ++i;
      continue;
    }
    size_t j = i;
    if (c == '"') {
      // A quoted string (a CRS in an annotation) is one token, quotes kept.
      for (++j; j < s.size() && s[j] != '"'; ++j) {
        if (s[j] == '\\') ++j;
        if (j < s.size() && s[j] == '\n') ++line;
      }
      j = j < s.size() ? j + 1 : s.size();
      out.push_back({s.substr(i, j - i), line});
      i = j;
      continue;
    }
    while (j < s.size() && !is_space(s[j]) && !is_punct(s[j])) ++j;
    out.push_back({s.substr(i, j - i), line});
    i = j;
  }
  return out;
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

class Parser {
 public:
  Parser(std::string_view text, const SchemaOptions& opt) : tokens_(Tokenize(text)), opt_(opt) {}

  Result<std::unique_ptr<SchemaNode>> ParseMessage() {
    PARQ_RETURN_IF_ERROR(ExpectWord("message"));
    PARQ_ASSIGN_OR_RETURN(std::string name, FieldName());
    auto root = SchemaNode::MakeGroup(std::move(name), Repetition::kRequired, {});
    PARQ_RETURN_IF_ERROR(Expect("{"));
    PARQ_RETURN_IF_ERROR(ParseFields(*root, 1));
    while (pos_ < tokens_.size() && tokens_[pos_].text == ";") ++pos_;
    if (pos_ < tokens_.size()) return Error("unexpected '" + std::string(tokens_[pos_].text) + "' after the message");
    return root;
  }

 private:
  Status Error(const std::string& what) const {
    int line = pos_ < tokens_.size() ? tokens_[pos_].line : (tokens_.empty() ? 1 : tokens_.back().line);
    return Status::InvalidArgument("schema text line " + std::to_string(line) + ": " + what);
  }
  std::string_view Peek() const { return pos_ < tokens_.size() ? tokens_[pos_].text : std::string_view(); }
  bool AtEnd() const { return pos_ >= tokens_.size(); }

  Status Expect(std::string_view t) {
    if (AtEnd()) return Error("expected '" + std::string(t) + "' but the text ended");
    if (tokens_[pos_].text != t) {
      return Error("expected '" + std::string(t) + "' but found '" + std::string(tokens_[pos_].text) + "'");
    }
    ++pos_;
    return Status::OK();
  }
  Status ExpectWord(std::string_view w) {
    if (AtEnd() || !EqualsIgnoreCase(tokens_[pos_].text, w)) {
      return Error("expected '" + std::string(w) + "' but found '" + std::string(Peek()) + "'");
    }
    ++pos_;
    return Status::OK();
  }
  Result<std::string_view> Name() {
    if (AtEnd()) return Error("expected a name but the text ended");
    std::string_view t = tokens_[pos_].text;
    if (t.size() == 1 && std::string_view("{}();=,").find(t[0]) != std::string_view::npos) {
      return Error("expected a name but found '" + std::string(t) + "'");
    }
    ++pos_;
    return t;
  }
  // A field or message name: a word, or a double-quoted string.
  Result<std::string> FieldName() {
    PARQ_ASSIGN_OR_RETURN(std::string_view t, Name());
    std::string name;
    if (!Unquote(t, &name)) {
      --pos_;
      return Error("malformed quoted name " + std::string(t));
    }
    return name;
  }

  Result<int32_t> Int() {
    PARQ_ASSIGN_OR_RETURN(std::string_view t, Name());
    int32_t v = 0;
    auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc() || p != t.data() + t.size()) {
      --pos_;
      return Error("expected a 32-bit integer but found '" + std::string(t) + "'");
    }
    return v;
  }

  Status ParseFields(SchemaNode& parent, int depth) {
    while (true) {
      if (AtEnd()) return Error("expected '}' but the text ended");
      if (Peek() == "}") {
        ++pos_;
        return Status::OK();
      }
      PARQ_RETURN_IF_ERROR(ParseField(parent, depth));
    }
  }

  // Reads "(...)" after a name: the annotation text with balanced parentheses.
  Result<std::string> Annotation() {
    PARQ_RETURN_IF_ERROR(Expect("("));
    std::string text;
    int open = 1;
    while (true) {
      if (AtEnd()) return Error("unclosed '(' in an annotation");
      std::string_view t = tokens_[pos_++].text;
      if (t == "(") ++open;
      if (t == ")" && --open == 0) break;
      text += t;
    }
    if (text.empty()) return Error("empty annotation");
    return text;
  }

  Status ApplyAnnotation(SchemaNode& n, const std::string& text) {
    Result<LogicalType> logical = LogicalType::Parse(text);
    if (logical.ok()) {
      SchemaNodeAccess::set_logical(n, *logical);
      n.set_converted_type(logical->ToConvertedType());
      return Status::OK();
    }
    std::optional<ConvertedType> ct = ConvertedTypeFromName(text);
    if (!ct) return Error(logical.status().message());
    Result<LogicalType> from = LogicalType::FromConvertedType(*ct);
    if (!from.ok()) return Error(from.status().message());
    SchemaNodeAccess::set_logical(n, *from);
    n.set_converted_type(*ct);
    return Status::OK();
  }

  Status ParseField(SchemaNode& parent, int depth) {
    if (depth > opt_.max_depth) {
      return Error("nesting depth " + std::to_string(depth) + " exceeds max_schema_depth (" +
                   std::to_string(opt_.max_depth) + ")");
    }
    PARQ_ASSIGN_OR_RETURN(std::string_view rep_word, Name());
    Repetition rep;
    if (EqualsIgnoreCase(rep_word, "required")) {
      rep = Repetition::kRequired;
    } else if (EqualsIgnoreCase(rep_word, "optional")) {
      rep = Repetition::kOptional;
    } else if (EqualsIgnoreCase(rep_word, "repeated")) {
      rep = Repetition::kRepeated;
    } else {
      --pos_;
      return Error("expected required, optional or repeated but found '" + std::string(rep_word) + "'");
    }
    PARQ_ASSIGN_OR_RETURN(std::string_view type_word, Name());
    std::unique_ptr<SchemaNode> node;
    bool group = EqualsIgnoreCase(type_word, "group");
    if (group) {
      PARQ_ASSIGN_OR_RETURN(std::string name, FieldName());
      node = SchemaNode::MakeGroup(std::move(name), rep, {});
    } else {
      PhysicalType pt = PhysicalType::kBoolean;
      int32_t length = -1;
      static constexpr std::pair<std::string_view, PhysicalType> kTypes[] = {
          {"boolean", PhysicalType::kBoolean}, {"int32", PhysicalType::kInt32},   {"int64", PhysicalType::kInt64},
          {"int96", PhysicalType::kInt96},     {"float", PhysicalType::kFloat},   {"double", PhysicalType::kDouble},
          {"binary", PhysicalType::kByteArray}, {"fixed_len_byte_array", PhysicalType::kFixedLenByteArray}};
      bool found = false;
      for (const auto& [word, t] : kTypes) {
        if (EqualsIgnoreCase(type_word, word)) pt = t, found = true;
      }
      if (!found) {
        --pos_;
        return Error("unknown type '" + std::string(type_word) + "'");
      }
      if (pt == PhysicalType::kFixedLenByteArray) {
        PARQ_RETURN_IF_ERROR(Expect("("));
        PARQ_ASSIGN_OR_RETURN(length, Int());
        PARQ_RETURN_IF_ERROR(Expect(")"));
      }
      PARQ_ASSIGN_OR_RETURN(std::string name, FieldName());
      node = SchemaNode::MakePrimitive(std::move(name), rep, pt, {}, length);
    }
    if (Peek() == "(") {
      PARQ_ASSIGN_OR_RETURN(std::string annotation, Annotation());
      PARQ_RETURN_IF_ERROR(ApplyAnnotation(*node, annotation));
    }
    if (Peek() == "=") {
      ++pos_;
      PARQ_ASSIGN_OR_RETURN(int32_t id, Int());
      node->set_field_id(id);
    }
    if (group) {
      PARQ_RETURN_IF_ERROR(Expect("{"));
      PARQ_RETURN_IF_ERROR(ParseFields(*node, depth + 1));
    } else {
      PARQ_RETURN_IF_ERROR(Expect(";"));
    }
    parent.AddChild(std::move(node));
    return Status::OK();
  }

  std::vector<Token> tokens_;
  size_t pos_ = 0;
  SchemaOptions opt_;
};

}  // namespace

std::string Schema::ToString() const {
  if (!root_) return "";
  std::string out = "message " + QuoteIfNeeded(root_->name()) + " {\n";
  for (int i = 0; i < root_->num_children(); ++i) PrintNode(root_->child(i), 1, TextPieces{&out});
  out += "}\n";
  return out;
}

void Schema::ToText(const std::function<void(std::string_view)>& sink) const {
  if (!root_) return;
  schema::SlicedText text(sink);
  text.Add(*this);
  text.End();
}

namespace schema {

void SlicedText::Add(const Schema& slice, const SliceInfo& info) {
  if (!begun_) {
    out_ = "message " + QuoteIfNeeded(slice.root().name()) + " {\n";
    begun_ = true;
  }
  const TextPieces pieces{&out_, &sink_};
  const int last = slice.root().num_children() - 1;
  for (int i = 0; i <= last; ++i) {
    PrintNode(slice.root().child(i), 1, pieces, i == 0 ? info.continued : 0, i == last ? info.continues : 0);
  }
}

void SlicedText::End() {
  out_ += "}\n";
  sink_(out_);
  out_.clear();
}

}  // namespace schema

Result<Schema> ParseMessageType(std::string_view text, const SchemaOptions& options) {
  Parser p(text, options);
  PARQ_ASSIGN_OR_RETURN(std::unique_ptr<SchemaNode> root, p.ParseMessage());
  return Schema::Make(std::move(root), options);
}

}  // namespace parq
