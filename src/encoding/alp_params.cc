// encoding/alp_params.cc — how the ALP encoder picks (exponent, factor):
// the sampling of AlpEncoding.md's "Parameter Selection" (after the ALP
// paper).  Per page, up to 8 vectors spread evenly over it are sampled, 256
// values each, evenly spaced; for each sample every pair 0 <= f <= e <= max
// is tried and the one giving the fewest bytes wins (packed bits plus
// exceptions; the first of equals, trying e and then f from the largest
// down).  The up to 5 pairs that win most often (ties: the first to win)
// form the preset; each vector then takes the preset pair that encodes it
// smallest.  None of this is normative: any pair decodes exactly, the choice
// only changes the size.
#include <algorithm>
#include <vector>

#include "encoding/alp.h"
#include "encoding/alp_internal.h"

namespace parq::encoding {
namespace {

constexpr int kSampleValues = 256;
constexpr int kSampleVectors = 8;
constexpr size_t kMaxPreset = 5;

// The best of every pair for these values.
template <typename T>
AlpParams Exhaustive(const T* values, int n, alp_internal::Scratch<T>& scratch) {
  AlpParams best{AlpMaxExponent<T>(), AlpMaxExponent<T>()};
  int64_t best_size = -1;
  for (int e = AlpMaxExponent<T>(); e >= 0; --e) {
    for (int f = e; f >= 0; --f) {
      const int64_t s = alp_internal::SizeOf<T>(values, n, AlpParams{e, f}, scratch);
      if (best_size < 0 || s < best_size) {
        best_size = s;
        best = AlpParams{e, f};
      }
    }
  }
  return best;
}

}  // namespace

namespace alp_internal {

template <typename T>
AlpParams ChooseForVector(const T* values, int n, const std::vector<AlpParams>& preset, Scratch<T>& scratch) {
  if (preset.size() == 1) return preset[0];
  AlpParams best = preset[0];
  int64_t best_size = -1;
  for (const AlpParams& p : preset) {
    const int64_t s = SizeOf<T>(values, n, p, scratch);
    if (best_size < 0 || s < best_size) {
      best_size = s;
      best = p;
    }
  }
  return best;
}

}  // namespace alp_internal

template <typename T>
int64_t AlpVectorSize(const T* values, int n, AlpParams p) {
  alp_internal::Scratch<T> scratch;
  return alp_internal::SizeOf<T>(values, n, p, scratch);
}

template <typename T>
std::vector<AlpParams> AlpPreset(const T* values, int64_t n, int vector_size) {
  if (n <= 0) return {};
  const int64_t nv = (n + vector_size - 1) / vector_size;
  const int64_t sampled = std::min<int64_t>(nv, kSampleVectors);
  alp_internal::Scratch<T> scratch;
  std::vector<T> sample;
  struct Win {
    AlpParams p;
    int count;
  };
  std::vector<Win> wins;  // in order of first win
  for (int64_t s = 0; s < sampled; ++s) {
    const int64_t vec = s * nv / sampled;
    const T* v = values + vec * vector_size;
    const int64_t count = std::min<int64_t>(vector_size, n - vec * vector_size);
    // Every step-th value, the k-th moved on by k mod step: a diagonal that
    // meets every residue modulo the step, so data with a period (digits
    // cycling through the tenths, say) is not sampled on one phase only.
    const int64_t step = std::max<int64_t>(1, count / kSampleValues);
    sample.clear();
    for (int64_t k = 0; k < kSampleValues; ++k) {
      const int64_t i = k * step + k % step;
      if (i >= count) break;
      sample.push_back(v[i]);
    }
    const AlpParams best = Exhaustive<T>(sample.data(), static_cast<int>(sample.size()), scratch);
    auto it = std::find_if(wins.begin(), wins.end(), [&](const Win& w) { return w.p == best; });
    if (it == wins.end()) {
      wins.push_back({best, 1});
    } else {
      ++it->count;
    }
  }
  std::stable_sort(wins.begin(), wins.end(), [](const Win& a, const Win& b) { return a.count > b.count; });
  std::vector<AlpParams> preset;
  for (size_t i = 0; i < wins.size() && i < kMaxPreset; ++i) preset.push_back(wins[i].p);
  return preset;
}

template <typename T>
AlpParams AlpChooseForVector(const T* values, int n, const std::vector<AlpParams>& preset) {
  alp_internal::Scratch<T> scratch;
  return alp_internal::ChooseForVector<T>(values, n, preset, scratch);
}

#define PARQ_INSTANTIATE_ALP_PARAMS(T)                                                \
  template AlpParams alp_internal::ChooseForVector<T>(const T*, int, const std::vector<AlpParams>&, \
                                                      alp_internal::Scratch<T>&);                    \
  template int64_t AlpVectorSize<T>(const T*, int, AlpParams);                       \
  template std::vector<AlpParams> AlpPreset<T>(const T*, int64_t, int);              \
  template AlpParams AlpChooseForVector<T>(const T*, int, const std::vector<AlpParams>&);
PARQ_INSTANTIATE_ALP_PARAMS(float)
PARQ_INSTANTIATE_ALP_PARAMS(double)
#undef PARQ_INSTANTIATE_ALP_PARAMS

}  // namespace parq::encoding
