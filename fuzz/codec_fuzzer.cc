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

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  parq::fuzz::Input in(data, size);
  const auto type = static_cast<parq::Compression>(in.Byte() % 8);
  const uint32_t output_size = in.U32() % (kMaxOutput + 1);
  auto codec = parq::compression::MakeCodec(type);
  if (!codec.ok()) return 0;  // LZO
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
