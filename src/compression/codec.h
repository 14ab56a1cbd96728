// compression/codec.h — the page compression codecs: one interface, one factory.
//
// A Codec turns a whole compressed page body into exactly the number of bytes the
// page header promises, and back.  Every codec of the format's CompressionCodec
// enum has one implementation (one file each), built by MakeCodec:
//
//   UNCOMPRESSED  memcpy with a size check
//   SNAPPY        snappy raw format (the length prefix must equal output_size)
//   GZIP          zlib inflate, gzip or zlib header auto-detected, several
//                 concatenated gzip members accepted; writes one gzip member
//                 with libdeflate
//   LZO           LZO1X blocks (liblzo2) in Hadoop's block framing, as
//                 hadoop-lzo's LzoCodec writes them for parquet-java; writes
//                 the same framing with LZO1X-1
//   BROTLI        brotli stream; the decoder's memory is budgeted by output_size
//   LZ4           Hadoop block framing; when the input is not Hadoop-framed,
//                 an LZ4 frame (magic 04 22 4D 18) or a raw LZ4 block, as older
//                 writers produced; writes Hadoop framing
//   ZSTD          zstd frames (one or several, with or without content size)
//   LZ4_RAW       one raw LZ4 block
//
// Ownership: a Codec owns its library contexts (zstd/zlib/lz4/lzo state) and reuses
// them across calls, so keep one per column reader / writer.  The caller owns
// all buffers.
//
// Thread-safety: a Codec is NOT thread-safe; use one per thread.  MakeCodec is.
//
// Hostile input: Decompress never writes outside [output, output+output_size),
// never allocates more than about output_size plus a small fixed overhead
// whatever sizes the input claims, and reports kCorrupt for anything malformed.
// Bounding output_size itself (ratio and absolute limits) is the caller's job.
#ifndef PARQ_COMPRESSION_CODEC_H_
#define PARQ_COMPRESSION_CODEC_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "parq/result.h"
#include "parq/status.h"
#include "parq/types.h"

namespace parq::compression {

class Codec {
 public:
  virtual ~Codec() = default;

  virtual Compression type() const = 0;

  // Decompresses `input` into exactly `output_size` bytes at `output`.
  // Returns kCorrupt if the input is malformed or decodes to any other size
  // (the message names the codec and both sizes).  An empty input with
  // output_size 0 is accepted by every codec.
  // REQUIRES: output points to output_size writable bytes (may be null if 0);
  //           input points to input_size readable bytes (may be null if 0).
  virtual Status Decompress(const uint8_t* input, size_t input_size, uint8_t* output,
                            size_t output_size) = 0;

  // One input and where it decompresses to, as Decompress takes them.
  struct Block {
    const uint8_t* input;
    size_t input_size;
    uint8_t* output;
    size_t output_size;
  };
  // Decompresses two independent blocks; each status is what Decompress
  // would return for its block.  SNAPPY decodes the two interleaved (each
  // tag waits on the one before it in its own block only, so two blocks keep
  // the core busier than one); other codecs decompress one after the other.
  virtual void DecompressTwo(const Block& a, const Block& b, Status* status_a, Status* status_b) {
    *status_a = Decompress(a.input, a.input_size, a.output, a.output_size);
    *status_b = Decompress(b.input, b.input_size, b.output, b.output_size);
  }

  // An upper bound of Compress's output for input_size bytes.
  virtual size_t MaxCompressedSize(size_t input_size) const = 0;

  // Compresses `input` into `output`; returns the number of bytes written.
  // REQUIRES: output_capacity >= MaxCompressedSize(input_size) (smaller is
  //           kInvalidArgument, never an overflow).
  virtual Result<size_t> Compress(const uint8_t* input, size_t input_size, uint8_t* output,
                                  size_t output_capacity) = 0;
};

// Builds the codec for `type`.  `level` is codec-specific; std::nullopt picks
// the codec's default:
//   GZIP    0..9, -1 (default 6)      BROTLI  0..11 (default 8)
//   ZSTD    ZSTD_minCLevel()..ZSTD_maxCLevel(), 0 = library default (default 3)
//   LZ4, LZ4_RAW  1 = fast (default), 2..12 = LZ4HC, <= 0 = fast with acceleration
//                 max(1, -level), down to -65537
//   UNCOMPRESSED, SNAPPY, LZO: no levels (a level is kInvalidArgument)
// Values outside the enum are kUnsupported.
Result<std::unique_ptr<Codec>> MakeCodec(Compression type, std::optional<int> level = std::nullopt);

}  // namespace parq::compression

#endif  // PARQ_COMPRESSION_CODEC_H_
