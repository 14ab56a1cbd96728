// Fuzzes every decompressor.  Byte 0 picks the codec, bytes 1..4 the promised
// output size (capped at 1 MiB), the rest is the compressed page body.
// Decompress must fail cleanly or produce exactly that many bytes.  The body
// is also compressed and decompressed again, which must give it back.  SNAPPY
// is decoded by parq's own code, so libsnappy must agree with its verdict and
// its bytes.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <snappy.h>
#include <memory>
#include <vector>

#include "compression/codec.h"
#include "fuzz_util.h"

namespace {

constexpr uint32_t kMaxOutput = 1 << 20;

// libsnappy computes a literal's length in 32 bits: a 4-byte length field of
// 0xffffffff (length 2^32) wraps to an empty literal, which it accepts, where
// parq reports that the literal runs past the input.  True when the stream,
// walked the way libsnappy walks it, holds such a literal.
bool HasWrappedLiteral(const uint8_t* p, size_t n) {
  size_t i = 0;
  while (i < n && (p[i] & 0x80) != 0) ++i;  // the varint of the output length
  ++i;
  while (i < n) {
    const uint8_t tag = p[i];
    switch (tag & 3) {
      case 0: {
        uint64_t len = (tag >> 2) + 1u;
        size_t field = 0;
        if (len > 60) {
          field = len - 60;
          if (i + 1 + field > n) return false;
          uint32_t v = 0;
          for (size_t k = 0; k < field; ++k) v |= static_cast<uint32_t>(p[i + 1 + k]) << (8 * k);
          if (field == 4 && v == 0xffffffffu) return true;
          len = uint64_t{v} + 1;
        }
        i += 1 + field + len;
        break;
      }
      case 1: i += 2; break;
      case 2: i += 3; break;
      default: i += 5; break;
    }
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  parq::fuzz::Input in(data, size);
  const auto type = static_cast<parq::Compression>(in.Byte() % 8);
  const uint32_t output_size = in.U32() % (kMaxOutput + 1);
  auto codec = parq::compression::MakeCodec(type);
  if (!codec.ok()) return 0;
  // Exactly sized, so ASan sees any write past the promised size.
  std::unique_ptr<uint8_t[]> out(new uint8_t[output_size == 0 ? 1 : output_size]);
  parq::Status s = (*codec)->Decompress(in.size() ? in.data() : nullptr, in.size(),
                                         output_size ? out.get() : nullptr, output_size);
  parq::fuzz::CheckNotInternal(s, "decompress");
  if (type == parq::Compression::kSnappy && in.size() != 0) {
    const char* body = reinterpret_cast<const char*>(in.data());
    size_t claimed = 0;
    bool lib_ok = snappy::GetUncompressedLength(body, in.size(), &claimed) && claimed == output_size;
    std::unique_ptr<char[]> lib(new char[output_size == 0 ? 1 : output_size]);
    lib_ok = lib_ok && snappy::RawUncompress(body, in.size(), lib.get());
    if (lib_ok && !s.ok() && HasWrappedLiteral(in.data(), in.size())) return 0;  // libsnappy's wrap, see above
    if (lib_ok != s.ok()) parq::fuzz::Die("SNAPPY verdict differs from libsnappy's", s);
    if (lib_ok && output_size != 0 && std::memcmp(lib.get(), out.get(), output_size) != 0) {
      parq::fuzz::Die("SNAPPY bytes differ from libsnappy's");
    }
  }

  // Round trip of the body (small ones: compression is slow).
  if (in.size() > 64 * 1024) return 0;
  std::vector<uint8_t> compressed((*codec)->MaxCompressedSize(in.size()));
  auto n = (*codec)->Compress(in.data(), in.size(), compressed.data(), compressed.size());
  if (!n.ok()) parq::fuzz::Die("compress failed", n.status());
  std::vector<uint8_t> back(in.size() + 1);
  s = (*codec)->Decompress(compressed.data(), *n, in.size() ? back.data() : nullptr, in.size());
  if (!s.ok()) parq::fuzz::Die("round trip decompress failed", s);
  if (in.size() && std::memcmp(back.data(), in.data(), in.size()) != 0) {
    parq::fuzz::Die("round trip changed the bytes");
  }
  return 0;
}
