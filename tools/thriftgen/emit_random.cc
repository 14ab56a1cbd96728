// emit_random.cc — RandomFill templates for the generated header.
//
// Every struct gets `template <class Rng> void RandomFill(Rng&, S*, int depth)`
// filling all fields: optional ones about half the time, containers with 0..3
// elements (none past the depth limit), strings with 0..8 random bytes,
// enums with a random value the IDL defines, unions with exactly one member.
// Optional fields with an IDL default are always set (see MemberInit).
// Sets and maps get sorted, de-duplicated elements (as Apache Thrift's
// std::set / std::map would hold them).  Doubles are always finite so that
// values compare equal after a round trip.
#include "emitter.h"

namespace thriftgen {
namespace {

const char kHelpers[] = R"(// ---------------------------------------------------------------------------
// RandomFill: random values for round-trip and differential tests.
// `Rng` is a std::mt19937_64-like engine; `depth` bounds nesting.
// ---------------------------------------------------------------------------
namespace random_detail {

inline constexpr int kMaxDepth = 4;

template <class Rng>
uint64_t Bits(Rng& rng) {
  return static_cast<uint64_t>(rng());
}
template <class Rng>
bool Coin(Rng& rng) {
  return (Bits(rng) & 1u) != 0;
}

template <class Rng>
void Fill(Rng& rng, bool* v, int depth);
template <class Rng>
void Fill(Rng& rng, int8_t* v, int depth);
template <class Rng>
void Fill(Rng& rng, int16_t* v, int depth);
template <class Rng>
void Fill(Rng& rng, int32_t* v, int depth);
template <class Rng>
void Fill(Rng& rng, int64_t* v, int depth);
template <class Rng>
void Fill(Rng& rng, double* v, int depth);
template <class Rng>
void Fill(Rng& rng, ::parq::thrift::String* v, int depth);
template <class Rng, class K, class V>
void Fill(Rng& rng, std::pair<K, V>* v, int depth);
template <class Rng, class T>
void Fill(Rng& rng, ::parq::thrift::Vector<T>* v, int depth);
template <class Rng, class T>
void Fill(Rng& rng, T* v, int depth);

template <class Rng>
void Fill(Rng& rng, bool* v, int) {
  *v = Coin(rng);
}
template <class Rng>
void Fill(Rng& rng, int8_t* v, int) {
  *v = static_cast<int8_t>(Bits(rng));
}
template <class Rng>
void Fill(Rng& rng, int16_t* v, int) {
  *v = static_cast<int16_t>(Bits(rng));
}
template <class Rng>
void Fill(Rng& rng, int32_t* v, int) {
  *v = static_cast<int32_t>(Bits(rng));
}
template <class Rng>
void Fill(Rng& rng, int64_t* v, int) {
  *v = static_cast<int64_t>(Bits(rng));
}
template <class Rng>
void Fill(Rng& rng, double* v, int) {
  uint64_t b = Bits(rng);
  double d;
  std::memcpy(&d, &b, sizeof(d));
  if (!std::isfinite(d)) d = static_cast<double>(static_cast<int32_t>(b));
  *v = d;
}
template <class Rng>
void Fill(Rng& rng, ::parq::thrift::String* v, int) {
  std::string s(static_cast<size_t>(Bits(rng) % 9), '\0');
  for (char& c : s) c = static_cast<char>(Bits(rng));
  *v = s;
}
template <class Rng, class K, class V>
void Fill(Rng& rng, std::pair<K, V>* v, int depth) {
  Fill(rng, &v->first, depth);
  Fill(rng, &v->second, depth);
}
template <class Rng, class T>
void Fill(Rng& rng, ::parq::thrift::Vector<T>* v, int depth) {
  size_t n = depth >= kMaxDepth ? 0 : static_cast<size_t>(Bits(rng) % 4);
  v->clear();
  v->reserve(n);
  for (size_t i = 0; i < n; ++i) {
    T e{};
    Fill(rng, &e, depth + 1);
    v->push_back(std::move(e));
  }
}
// Enums and structs: their RandomFill, found by argument-dependent lookup.
template <class Rng, class T>
void Fill(Rng& rng, T* v, int depth) {
  RandomFill(rng, v, depth);
}

// Optional: std::optional<T> or ::parq::thrift::Box<T>.
template <class Rng, template <class> class Optional, class T>
void FillOptional(Rng& rng, Optional<T>* v, int depth) {
  if (depth < kMaxDepth && Coin(rng)) {
    T e{};
    Fill(rng, &e, depth);
    *v = std::move(e);
  } else {
    v->reset();
  }
}
template <class Rng, class T>
void FillSet(Rng& rng, ::parq::thrift::Vector<T>* v, int depth) {
  Fill(rng, v, depth);
  std::sort(v->begin(), v->end());
  v->erase(std::unique(v->begin(), v->end()), v->end());
}
template <class Rng, class T>
void FillSet(Rng& rng, std::optional<::parq::thrift::Vector<T>>* v, int depth) {
  FillOptional(rng, v, depth);
  if (*v) {
    std::sort((*v)->begin(), (*v)->end());
    (*v)->erase(std::unique((*v)->begin(), (*v)->end()), (*v)->end());
  }
}
template <class K, class V>
void SortMap(::parq::thrift::Vector<std::pair<K, V>>* v) {
  std::stable_sort(v->begin(), v->end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  v->erase(std::unique(v->begin(), v->end(), [](const auto& a, const auto& b) { return a.first == b.first; }),
           v->end());
}
template <class Rng, class K, class V>
void FillMap(Rng& rng, ::parq::thrift::Vector<std::pair<K, V>>* v, int depth) {
  Fill(rng, v, depth);
  SortMap(v);
}
template <class Rng, class K, class V>
void FillMap(Rng& rng, std::optional<::parq::thrift::Vector<std::pair<K, V>>>* v, int depth) {
  FillOptional(rng, v, depth);
  if (*v) SortMap(&**v);
}

}  // namespace random_detail

)";

// The helper that fills one field.
std::string FillCall(const Field& f) {
  std::string fn;
  if (f.type->kind == TypeRef::Kind::kSet) {
    fn = "FillSet";
  } else if (f.type->kind == TypeRef::Kind::kMap) {
    fn = "FillMap";
  } else {
    fn = f.req == Requiredness::kOptional ? "FillOptional" : "Fill";
  }
  if (f.req == Requiredness::kOptional && f.default_value) {
    // Always set: Apache Thrift cannot represent "absent" after reading.
    return "random_detail::Fill(rng, &out->" + f.name + ".emplace(), depth + 1);";
  }
  return "random_detail::" + fn + "(rng, &out->" + f.name + ", depth + 1);";
}

}  // namespace

std::string EmitRandomFill(const Document& doc, const EmitOptions& opt) {
  std::string out = kHelpers;
  for (const auto& e : doc.enums) {
    out += "template <class Rng>\nvoid RandomFill(Rng& rng, " + e->name + "* out, int depth = 0);\n";
  }
  for (const StructDef* s : doc.struct_order) {
    out += "template <class Rng>\nvoid RandomFill(Rng& rng, " + s->name + "* out, int depth = 0);\n";
  }
  out += "\n";
  for (const auto& e : doc.enums) {
    out += "template <class Rng>\nvoid RandomFill(Rng& rng, " + e->name + "* out, int depth) {\n";
    out += "  (void)depth;\n";
    if (e->values.empty()) {
      out += "  (void)rng;\n  *out = " + e->name + "{};\n}\n";
      continue;
    }
    out += "  static constexpr int32_t kValues[] = {";
    for (size_t i = 0; i < e->values.size(); ++i) {
      out += (i ? ", " : "") + std::to_string(e->values[i].value);
    }
    out += "};\n";
    out += "  *out = static_cast<" + e->name + ">(kValues[random_detail::Bits(rng) % " +
           std::to_string(e->values.size()) + "]);\n}\n";
  }
  for (const StructDef* s : doc.struct_order) {
    out += "template <class Rng>\nvoid RandomFill(Rng& rng, " + s->name + "* out, int depth) {\n";
    out += "  *out = " + s->name + "();\n";
    if (s->fields.empty()) {
      out += "  (void)rng;\n  (void)depth;\n}\n";
      continue;
    }
    if (s->is_union) {
      out += "  switch (random_detail::Bits(rng) % " + std::to_string(s->fields.size()) + ") {\n";
      for (size_t i = 0; i < s->fields.size(); ++i) {
        const Field& f = s->fields[i];
        out += "    case " + std::to_string(i) + ":\n";
        out += "      random_detail::Fill(rng, &out->" + f.name + ".emplace(), depth + 1);\n";
        out += "      break;\n";
      }
      out += "  }\n}\n";
      continue;
    }
    for (const Field& f : s->fields) out += "  " + FillCall(f) + "\n";
    out += "}\n";
  }
  (void)opt;
  out += "\n";
  return out;
}

}  // namespace thriftgen
