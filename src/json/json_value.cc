// json/json_value.cc — see json_value.h.
#include "json/json_value.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>

#include "json/json_format.h"
#include "json/json_writer.h"

namespace parq {
namespace {

void AppendUtf8(std::string &out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

struct Parser {
  std::string_view s;
  size_t pos = 0;
  int max_depth;
  LoneSurrogates lone_surrogates;

  Status Error(const std::string &what) const {
    return Status::InvalidArgument("JSON: " + what + " at byte " +
                                   std::to_string(pos));
  }
  void SkipWs() {
    while (pos < s.size() && (s[pos] == ' ' || s[pos] == '\t' ||
                              s[pos] == '\n' || s[pos] == '\r'))
      ++pos;
  }
  bool Literal(std::string_view lit) {
    if (s.substr(pos, lit.size()) != lit)
      return false;
    pos += lit.size();
    return true;
  }

  Status Hex4(uint32_t *v) {
    if (s.size() - pos < 4)
      return Error("truncated \\u escape");
    *v = 0;
    for (int i = 0; i < 4; ++i) {
      char c = s[pos++];
      uint32_t d;
      if (c >= '0' && c <= '9')
        d = static_cast<uint32_t>(c - '0');
      else if (c >= 'a' && c <= 'f')
        d = static_cast<uint32_t>(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        d = static_cast<uint32_t>(c - 'A' + 10);
      else
        return Error("bad hex digit in \\u escape");
      *v = *v * 16 + d;
    }
    return Status::OK();
  }

  Status String(std::string *out) {
    ++pos; // opening quote
    while (true) {
      if (pos >= s.size())
        return Error("unterminated string");
      char c = s[pos];
      if (c == '"') {
        ++pos;
        return Status::OK();
      }
      if (static_cast<unsigned char>(c) < 0x20)
        return Error("control character in string");
      if (c != '\\') {
        // The run of plain characters at once: a long string is then one
        // append of its exact size, not a push_back per byte that doubles.
        size_t end = pos + 1;
        while (end < s.size() && s[end] != '"' && s[end] != '\\' &&
               static_cast<unsigned char>(s[end]) >= 0x20)
          ++end;
        out->append(s.data() + pos, end - pos);
        pos = end;
        continue;
      }
      if (++pos >= s.size())
        return Error("unterminated escape");
      char e = s[pos++];
      switch (e) {
      case '"':
        out->push_back('"');
        break;
      case '\\':
        out->push_back('\\');
        break;
      case '/':
        out->push_back('/');
        break;
      case 'b':
        out->push_back('\b');
        break;
      case 'f':
        out->push_back('\f');
        break;
      case 'n':
        out->push_back('\n');
        break;
      case 'r':
        out->push_back('\r');
        break;
      case 't':
        out->push_back('\t');
        break;
      case 'u': {
        uint32_t cp = 0;
        PARQ_RETURN_IF_ERROR(Hex4(&cp));
        bool lone = cp >= 0xDC00 && cp <= 0xDFFF;
        if (cp >= 0xD800 && cp <= 0xDBFF) {
          uint32_t lo = 0;
          lone = true;
          if (s.substr(pos, 2) == "\\u") {
            size_t save = pos;
            pos += 2;
            PARQ_RETURN_IF_ERROR(Hex4(&lo));
            if (lo >= 0xDC00 && lo <= 0xDFFF) {
              cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
              lone = false;
            } else {
              pos = save;
            }
          }
        }
        // AppendUtf8 writes a surrogate as its generalized 3-byte form.
        if (lone && lone_surrogates == LoneSurrogates::kReplace)
          cp = 0xFFFD;
        AppendUtf8(*out, cp);
        break;
      }
      default:
        return Error("bad escape");
      }
    }
  }

  Status Number(std::string *out) {
    size_t start = pos;
    if (pos < s.size() && s[pos] == '-')
      ++pos;
    auto digits = [&] {
      size_t b = pos;
      while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9')
        ++pos;
      return pos - b;
    };
    if (digits() == 0)
      return Error("bad number");
    if (pos < s.size() && s[pos] == '.') {
      ++pos;
      if (digits() == 0)
        return Error("bad number fraction");
    }
    if (pos < s.size() && (s[pos] == 'e' || s[pos] == 'E')) {
      ++pos;
      if (pos < s.size() && (s[pos] == '+' || s[pos] == '-'))
        ++pos;
      if (digits() == 0)
        return Error("bad number exponent");
    }
    out->assign(s.substr(start, pos - start));
    return Status::OK();
  }

  Status Value(JsonValue *v, int depth) {
    if (depth > max_depth)
      return Error("nesting deeper than " + std::to_string(max_depth));
    SkipWs();
    if (pos >= s.size())
      return Error("unexpected end");
    char c = s[pos];
    if (c == '{' || c == '[') {
      const bool obj = c == '{';
      v->kind = obj ? JsonValue::Kind::kObject : JsonValue::Kind::kArray;
      ++pos;
      SkipWs();
      if (pos < s.size() && s[pos] == (obj ? '}' : ']')) {
        ++pos;
        return Status::OK();
      }
      while (true) {
        SkipWs();
        if (obj) {
          if (pos >= s.size() || s[pos] != '"')
            return Error("expected a key");
          std::string key;
          PARQ_RETURN_IF_ERROR(String(&key));
          SkipWs();
          if (pos >= s.size() || s[pos] != ':')
            return Error("expected ':'");
          ++pos;
          v->keys.push_back(std::move(key));
          v->items.emplace_back();
          PARQ_RETURN_IF_ERROR(Value(&v->items.back(), depth + 1));
        } else {
          v->items.emplace_back();
          PARQ_RETURN_IF_ERROR(Value(&v->items.back(), depth + 1));
        }
        SkipWs();
        if (pos >= s.size())
          return Error("unexpected end");
        if (s[pos] == ',') {
          ++pos;
          continue;
        }
        if (s[pos] == (obj ? '}' : ']')) {
          ++pos;
          return Status::OK();
        }
        return Error("expected ',' or a closing bracket");
      }
    }
    if (c == '"') {
      v->kind = JsonValue::Kind::kString;
      return String(&v->text);
    }
    if (Literal("null"))
      return Status::OK();
    if (Literal("true")) {
      v->kind = JsonValue::Kind::kBool;
      v->boolean = true;
      return Status::OK();
    }
    if (Literal("false")) {
      v->kind = JsonValue::Kind::kBool;
      return Status::OK();
    }
    v->kind = JsonValue::Kind::kNumber;
    return Number(&v->text);
  }
};

bool IsIntegerLiteral(const std::string &t) {
  return t.find_first_of(".eE") == std::string::npos;
}

bool NumbersEqual(const std::string &a, const std::string &b, bool binary32) {
  if (!binary32 && IsIntegerLiteral(a) && IsIntegerLiteral(b)) {
    auto norm = [](const std::string &t) { // "-0" and "0" are one number
      std::string_view v(t);
      bool neg = !v.empty() && v[0] == '-';
      if (neg)
        v.remove_prefix(1);
      while (v.size() > 1 && v[0] == '0')
        v.remove_prefix(1);
      return (neg && v != "0" ? "-" : "") + std::string(v);
    };
    return norm(a) == norm(b);
  }
  const double x = std::strtod(a.c_str(), nullptr),
               y = std::strtod(b.c_str(), nullptr);
  if (binary32)
    return static_cast<float>(x) == static_cast<float>(y);
  return x == y;
}

bool Equivalent(const JsonValue &a, const JsonValue &b,
                const JsonCompareOptions &o, std::string &path,
                std::string *where) {
  auto fail = [&] {
    if (where)
      *where = "$" + path + ": " + JsonToString(a) + " vs " + JsonToString(b);
    return false;
  };
  if (a.kind != b.kind)
    return fail();
  switch (a.kind) {
  case JsonValue::Kind::kNull:
    return true;
  case JsonValue::Kind::kBool:
    return a.boolean == b.boolean || fail();
  case JsonValue::Kind::kString:
    return a.text == b.text || fail();
  case JsonValue::Kind::kNumber:
    return NumbersEqual(a.text, b.text, o.numbers_as_binary32) || fail();
  case JsonValue::Kind::kArray: {
    if (a.items.size() != b.items.size())
      return fail();
    for (size_t i = 0; i < a.items.size(); ++i) {
      size_t len = path.size();
      path += "[" + std::to_string(i) + "]";
      if (!Equivalent(a.items[i], b.items[i], o, path, where))
        return false;
      path.resize(len);
    }
    return true;
  }
  case JsonValue::Kind::kObject: {
    if (a.keys.size() != b.keys.size())
      return fail();
    auto sorted =
        [](const JsonValue &v) { // member indexes by key, stable for duplicates
          std::vector<size_t> m(v.keys.size());
          for (size_t i = 0; i < m.size(); ++i)
            m[i] = i;
          std::stable_sort(m.begin(), m.end(), [&v](size_t x, size_t y) {
            return v.keys[x] < v.keys[y];
          });
          return m;
        };
    auto ma = sorted(a), mb = sorted(b);
    for (size_t i = 0; i < ma.size(); ++i) {
      if (a.keys[ma[i]] != b.keys[mb[i]])
        return fail();
      size_t len = path.size();
      path += "." + a.keys[ma[i]];
      if (!Equivalent(a.items[ma[i]], b.items[mb[i]], o, path, where))
        return false;
      path.resize(len);
    }
    return true;
  }
  }
  return fail();
}

void Write(JsonWriter &w, const JsonValue &v) {
  switch (v.kind) {
  case JsonValue::Kind::kNull:
    w.Null();
    break;
  case JsonValue::Kind::kBool:
    w.Bool(v.boolean);
    break;
  case JsonValue::Kind::kNumber:
    w.RawNumber(v.text);
    break;
  case JsonValue::Kind::kString:
    w.String(v.text);
    break;
  case JsonValue::Kind::kArray:
    w.BeginArray();
    for (const auto &i : v.items)
      Write(w, i);
    w.EndArray();
    break;
  case JsonValue::Kind::kObject:
    w.BeginObject();
    for (size_t i = 0; i < v.keys.size(); ++i) {
      w.Key(v.keys[i]);
      Write(w, v.items[i]);
    }
    w.EndObject();
    break;
  }
}

} // namespace

const JsonValue *JsonValue::Find(std::string_view key) const {
  if (kind != Kind::kObject)
    return nullptr;
  for (size_t i = 0; i < keys.size(); ++i) {
    if (keys[i] == key)
      return &items[i];
  }
  return nullptr;
}

Result<JsonValue> ParseJson(std::string_view text, int max_depth,
                            LoneSurrogates lone_surrogates) {
  Parser p{text, 0, max_depth, lone_surrogates};
  JsonValue v;
  PARQ_RETURN_IF_ERROR(p.Value(&v, 0));
  p.SkipWs();
  if (p.pos != text.size())
    return p.Error("trailing characters");
  return v;
}

bool JsonEquivalent(const JsonValue &a, const JsonValue &b,
                    const JsonCompareOptions &options, std::string *where) {
  std::string path;
  return Equivalent(a, b, options, path, where);
}

std::string JsonToString(const JsonValue &v) {
  std::string out;
  JsonWriter w(&out);
  Write(w, v);
  return out;
}

} // namespace parq
