// parser.cc — see parser.h.  Parsing proper; resolution and checks are in
// resolve.cc.
#include "parser.h"

#include <algorithm>
#include <set>

#include "lexer.h"
#include "resolve.h"

namespace thriftgen {

std::vector<const Field*> StructDef::FieldsById() const {
  std::vector<const Field*> out;
  out.reserve(fields.size());
  for (const Field& f : fields) out.push_back(&f);
  std::stable_sort(out.begin(), out.end(),
                   [](const Field* a, const Field* b) { return a->id < b->id; });
  return out;
}

namespace {

class Parser {
 public:
  Parser(std::vector<Token> tokens, const std::string& file, Document* doc, std::string* error)
      : toks_(std::move(tokens)), file_(file), doc_(doc), error_(error) {}

  bool Run() {
    while (!AtEnd()) {
      const Token& t = Peek();
      if (t.kind != Token::Kind::kIdent) return Fail(t.line, "expected a definition, got '" + t.text + "'");
      if (t.text == "namespace") {
        if (!Namespace()) return false;
      } else if (t.text == "enum") {
        if (!Enum()) return false;
      } else if (t.text == "struct" || t.text == "union") {
        if (!Struct()) return false;
      } else if (t.text == "include" || t.text == "cpp_include" || t.text == "typedef" ||
                 t.text == "const" || t.text == "exception" || t.text == "service" ||
                 t.text == "senum") {
        return Fail(t.line, "'" + t.text + "' is not supported by thriftgen");
      } else {
        return Fail(t.line, "expected a definition, got '" + t.text + "'");
      }
    }
    return true;
  }

 private:
  bool AtEnd() const { return toks_[pos_].kind == Token::Kind::kEnd; }
  const Token& Peek(size_t ahead = 0) const {
    size_t i = std::min(pos_ + ahead, toks_.size() - 1);
    return toks_[i];
  }
  const Token& Next() {
    const Token& t = toks_[pos_];
    if (!AtEnd()) ++pos_;
    return t;
  }
  bool IsPunct(const Token& t, char c) const {
    return t.kind == Token::Kind::kPunct && t.text[0] == c;
  }
  bool Fail(int line, const std::string& msg) {
    *error_ = file_ + ":" + std::to_string(line) + ": " + msg;
    return false;
  }
  bool Expect(char c) {
    const Token& t = Peek();
    if (!IsPunct(t, c)) {
      return Fail(t.line, std::string("expected '") + c + "', got '" +
                              (t.kind == Token::Kind::kEnd ? std::string("end of file") : t.text) + "'");
    }
    Next();
    return true;
  }
  bool ExpectIdent(std::string* out, int* line = nullptr) {
    const Token& t = Peek();
    if (t.kind != Token::Kind::kIdent) return Fail(t.line, "expected a name, got '" + t.text + "'");
    *out = t.text;
    if (line) *line = t.line;
    Next();
    return true;
  }
  void SkipSeparator() {
    if (IsPunct(Peek(), ',') || IsPunct(Peek(), ';')) Next();
  }

  // Own-line comments directly above `t` (no blank line in between).
  static std::vector<std::string> LeadingDoc(const Token& t) {
    std::vector<std::string> doc;
    int expect_end = t.line - 1;
    size_t first = t.comments.size();
    for (size_t i = t.comments.size(); i-- > 0;) {
      const Comment& c = t.comments[i];
      int end_line = c.line + static_cast<int>(c.lines.size()) - 1;
      if (!c.own_line || end_line != expect_end) break;
      first = i;
      expect_end = c.line - 1;
    }
    for (size_t i = first; i < t.comments.size(); ++i) {
      for (const std::string& s : t.comments[i].lines) doc.push_back(s);
    }
    return doc;
  }
  // Comments on `line` after the item that ended there (they precede the
  // current token).
  void TrailingDoc(int line, std::vector<std::string>* doc) const {
    for (const Comment& c : Peek().comments) {
      if (!c.own_line && c.line == line) {
        for (const std::string& s : c.lines) doc->push_back(s);
      }
    }
  }
  int PrevLine() const { return pos_ > 0 ? toks_[pos_ - 1].line : 0; }

  bool Namespace() {
    Next();
    const Token& lang = Peek();
    std::string lang_name;
    if (IsPunct(lang, '*')) {
      lang_name = "*";
      Next();
    } else if (!ExpectIdent(&lang_name)) {
      return false;
    }
    std::string ns;
    if (!ExpectIdent(&ns)) return false;
    doc_->namespaces[lang_name] = ns;
    SkipSeparator();
    return true;
  }

  bool Enum() {
    auto e = std::make_unique<EnumDef>();
    e->doc = LeadingDoc(Peek());
    e->line = Next().line;
    if (!ExpectIdent(&e->name)) return false;
    if (!Expect('{')) return false;
    int64_t next_value = 0;
    while (!IsPunct(Peek(), '}')) {
      if (AtEnd()) return Fail(Peek().line, "unterminated enum " + e->name);
      EnumValue v;
      v.doc = LeadingDoc(Peek());
      if (!ExpectIdent(&v.name, &v.line)) return false;
      int64_t value = next_value;
      if (IsPunct(Peek(), '=')) {
        Next();
        const Token& t = Peek();
        if (t.kind != Token::Kind::kInt) return Fail(t.line, "enum value must be an integer");
        value = t.int_value;
        Next();
      }
      if (value < INT32_MIN || value > INT32_MAX) {
        return Fail(v.line, "enum value " + v.name + " does not fit in i32");
      }
      v.value = static_cast<int32_t>(value);
      next_value = value + 1;
      int end_line = PrevLine();
      SkipSeparator();
      TrailingDoc(end_line, &v.doc);
      e->values.push_back(std::move(v));
    }
    Next();  // '}'
    SkipSeparator();
    doc_->enums.push_back(std::move(e));
    return true;
  }

  bool Struct() {
    auto s = std::make_unique<StructDef>();
    s->doc = LeadingDoc(Peek());
    const Token& kw = Next();
    s->is_union = kw.text == "union";
    s->line = kw.line;
    if (!ExpectIdent(&s->name)) return false;
    if (!Expect('{')) return false;
    while (!IsPunct(Peek(), '}')) {
      if (AtEnd()) return Fail(Peek().line, "unterminated struct " + s->name);
      Field f;
      if (!ParseField(&f)) return false;
      s->fields.push_back(std::move(f));
    }
    int close_line = Next().line;  // '}'
    SkipSeparator();
    // A comment after "struct X {}" on the same line documents X.
    if (close_line == s->line) TrailingDoc(close_line, &s->doc);
    doc_->structs.push_back(std::move(s));
    return true;
  }

  bool ParseField(Field* f) {
    f->doc = LeadingDoc(Peek());
    const Token& id = Peek();
    if (id.kind != Token::Kind::kInt || !IsPunct(Peek(1), ':')) {
      return Fail(id.line, "expected a field id like '1:', got '" + id.text + "'");
    }
    if (id.int_value < 1 || id.int_value > 32767) {
      return Fail(id.line, "field id " + id.text + " out of range 1..32767");
    }
    f->id = static_cast<int>(id.int_value);
    f->line = id.line;
    Next();
    Next();
    if (Peek().kind == Token::Kind::kIdent &&
        (Peek().text == "required" || Peek().text == "optional")) {
      f->req = Next().text == "required" ? Requiredness::kRequired : Requiredness::kOptional;
    }
    auto type = std::make_shared<TypeRef>();
    if (!ParseType(type.get())) return false;
    f->type = type;
    if (!ExpectIdent(&f->name)) return false;
    if (IsPunct(Peek(), '=')) {
      Next();
      const Token& t = Next();
      ConstValue c;
      c.line = t.line;
      switch (t.kind) {
        case Token::Kind::kInt: c.kind = ConstValue::Kind::kInt; c.int_value = t.int_value; break;
        case Token::Kind::kDouble: c.kind = ConstValue::Kind::kDouble; c.double_value = t.double_value; break;
        case Token::Kind::kString: c.kind = ConstValue::Kind::kString; c.text = t.text; break;
        case Token::Kind::kIdent: c.kind = ConstValue::Kind::kIdent; c.text = t.text; break;
        default: return Fail(t.line, "unsupported default value '" + t.text + "'");
      }
      f->default_value = c;
    }
    if (IsPunct(Peek(), '(')) return Fail(Peek().line, "annotations are not supported");
    int end_line = PrevLine();
    SkipSeparator();
    TrailingDoc(end_line, &f->doc);
    return true;
  }

  bool ParseType(TypeRef* t) {
    const Token& tok = Peek();
    if (tok.kind != Token::Kind::kIdent) return Fail(tok.line, "expected a type, got '" + tok.text + "'");
    t->line = tok.line;
    const std::string name = tok.text;
    Next();
    static const std::pair<const char*, BaseType> kBase[] = {
        {"bool", BaseType::kBool},     {"byte", BaseType::kI8},     {"i8", BaseType::kI8},
        {"i16", BaseType::kI16},       {"i32", BaseType::kI32},     {"i64", BaseType::kI64},
        {"double", BaseType::kDouble}, {"string", BaseType::kString}, {"binary", BaseType::kBinary},
    };
    for (const auto& [n, b] : kBase) {
      if (name == n) {
        t->kind = TypeRef::Kind::kBase;
        t->base = b;
        return true;
      }
    }
    if (name == "list" || name == "set") {
      t->kind = name == "list" ? TypeRef::Kind::kList : TypeRef::Kind::kSet;
      auto elem = std::make_shared<TypeRef>();
      if (!Expect('<') || !ParseType(elem.get()) || !Expect('>')) return false;
      t->elem = elem;
      return true;
    }
    if (name == "map") {
      t->kind = TypeRef::Kind::kMap;
      auto key = std::make_shared<TypeRef>();
      auto value = std::make_shared<TypeRef>();
      if (!Expect('<') || !ParseType(key.get()) || !Expect(',') || !ParseType(value.get()) ||
          !Expect('>')) {
        return false;
      }
      t->elem = key;
      t->value = value;
      return true;
    }
    t->kind = TypeRef::Kind::kNamed;
    t->name = name;
    return true;
  }

  std::vector<Token> toks_;
  size_t pos_ = 0;
  std::string file_;
  Document* doc_;
  std::string* error_;
};

}  // namespace

bool IsReservedCppName(std::string_view name) {
  static const std::set<std::string_view> kWords = {
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
      "case", "catch", "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept",
      "const", "consteval", "constexpr", "constinit", "const_cast", "continue", "co_await",
      "co_return", "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast",
      "else", "enum", "explicit", "export", "extern", "false", "float", "for", "friend", "goto",
      "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
      "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register",
      "reinterpret_cast", "requires", "return", "short", "signed", "sizeof", "static",
      "static_assert", "static_cast", "struct", "switch", "template", "this", "thread_local",
      "throw", "true", "try", "typedef", "typeid", "typename", "union", "unsigned", "using",
      "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
      // Names the generated code itself uses.
      "std",
  };
  return kWords.count(name) != 0;
}

bool ParseDocument(std::string_view source, const std::string& file_name, Document* doc,
                   std::string* error) {
  std::vector<Token> tokens;
  std::string lex_error;
  if (!Tokenize(source, &tokens, &lex_error)) {
    *error = file_name + ":" + lex_error.substr(5);  // "line N: ..." -> "N: ..."
    return false;
  }
  doc->file_name = file_name;
  if (!Parser(std::move(tokens), file_name, doc, error).Run()) return false;
  return Resolve(doc, error);
}

}  // namespace thriftgen
