#include "arrow/arrow_test_util.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string_view>

#include "parq/io.h"

namespace parq::testing {

Result<std::shared_ptr<const FileReader>> OpenBytes(const std::string& bytes) {
  PARQ_ASSIGN_OR_RETURN(auto f, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes))));
  return std::shared_ptr<const FileReader>(std::move(f));
}

std::string Formats(const ArrowSchema& s) {
  std::string out = s.format;
  if (s.dictionary != nullptr) out += "[" + Formats(*s.dictionary) + "]";
  if (s.n_children == 0) return out;
  out += "{";
  for (int64_t i = 0; i < s.n_children; ++i) {
    const ArrowSchema& c = *s.children[i];
    if (i > 0) out += ",";
    out += std::string(c.name) + ((c.flags & ARROW_FLAG_NULLABLE) ? "?" : "") + ":" + Formats(c);
  }
  return out + "}";
}

namespace {

bool Bit(const void* bits, int64_t i) { return (static_cast<const uint8_t*>(bits)[i >> 3] >> (i & 7)) & 1; }

struct Renderer {
  Status Value(const ArrowSchema& s, const ArrowArray& a, int64_t i, std::string* out) {
    const std::string_view f = s.format;
    const int64_t at = a.offset + i;
    if (i < 0 || i >= a.length) return Status::Corrupt("slot " + std::to_string(i) + " of " + std::to_string(a.length));
    if (f == "n") {
      *out += "null";
      return Status::OK();
    }
    if (a.n_buffers < 1) return Status::Corrupt(std::string(f) + ": no buffers");
    if (a.buffers[0] != nullptr && !Bit(a.buffers[0], at)) {
      *out += "null";
      return Status::OK();
    }
    if (a.buffers[0] == nullptr && a.null_count != 0) return Status::Corrupt("nulls without a validity bitmap");
    if (s.dictionary != nullptr) {
      const int32_t k = static_cast<const int32_t*>(a.buffers[1])[at];
      if (a.dictionary == nullptr || k < 0 || k >= a.dictionary->length) {
        return Status::Corrupt("dictionary index " + std::to_string(k));
      }
      return Value(*s.dictionary, *a.dictionary, k, out);
    }
    char buf[96];
    auto fixed = [&](size_t w) { return static_cast<const uint8_t*>(a.buffers[1]) + static_cast<size_t>(at) * w; };
    if (f == "b") {
      *out += Bit(a.buffers[1], at) ? "true" : "false";
    } else if (f == "c" || f == "C" || f == "s" || f == "S" || f == "i" || f == "I" || f == "l" || f == "L" ||
               f == "tdD" || f.substr(0, 2) == "tt" || f.substr(0, 2) == "ts") {
      const size_t w = f == "c" || f == "C" ? 1 : f == "s" || f == "S" ? 2 : f == "i" || f == "I" || f == "tdD" || f == "tts" || f == "ttm" ? 4 : 8;
      int64_t v = 0;
      uint64_t u = 0;
      std::memcpy(&u, fixed(w), w);
      if (f == "c") v = static_cast<int8_t>(u);
      else if (f == "s") v = static_cast<int16_t>(u);
      else if (w == 4 && f != "I") v = static_cast<int32_t>(u);
      else if (w == 8 && f != "L") v = static_cast<int64_t>(u);
      else v = static_cast<int64_t>(u);
      std::snprintf(buf, sizeof buf, (f == "L") ? "%" PRIu64 : "%" PRId64, f == "L" ? u : static_cast<uint64_t>(v));
      *out += buf;
    } else if (f == "f" || f == "g") {
      double d;
      if (f == "f") {
        float x;
        std::memcpy(&x, fixed(4), 4);
        d = x;
      } else {
        std::memcpy(&d, fixed(8), 8);
      }
      std::snprintf(buf, sizeof buf, "%.17g", d);
      *out += buf;
    } else if (f == "u" || f == "z" || f == "U" || f == "Z") {
      const bool large = f == "U" || f == "Z";
      int64_t b, e;
      if (large) {
        b = static_cast<const int64_t*>(a.buffers[1])[at];
        e = static_cast<const int64_t*>(a.buffers[1])[at + 1];
      } else {
        b = static_cast<const int32_t*>(a.buffers[1])[at];
        e = static_cast<const int32_t*>(a.buffers[1])[at + 1];
      }
      if (b < 0 || e < b) return Status::Corrupt("string offsets " + std::to_string(b) + ".." + std::to_string(e));
      const char* p = static_cast<const char*>(a.buffers[2]) + b;
      if (f == "u" || f == "U") {
        *out += "\"" + std::string(p, static_cast<size_t>(e - b)) + "\"";
      } else {
        *out += "x";
        for (int64_t k = b; k < e; ++k) {
          std::snprintf(buf, sizeof buf, "%02x", static_cast<const uint8_t*>(a.buffers[2])[k]);
          *out += buf;
        }
      }
    } else if (f.substr(0, 2) == "w:" || f == "e" || f == "tin" || f.substr(0, 2) == "d:") {
      size_t w = f == "e" ? 2 : f == "tin" ? 16 : 0;
      if (f.substr(0, 2) == "w:") w = static_cast<size_t>(std::stoi(std::string(f.substr(2))));
      if (f.substr(0, 2) == "d:") {
        const bool ends64 = f.size() > 3 && f.substr(f.size() - 3) == ",64";
        w = f.find(",256") != std::string_view::npos ? 32 : ends64 ? 8 : 16;
      }
      const uint8_t* p = fixed(w);
      if (f.substr(0, 2) == "d:") {
        // The unscaled value as a signed integer when it fits 64 bits, else
        // its bytes (most significant first) in hex (decimal64: 8 bytes).
        int64_t lo;
        std::memcpy(&lo, p, 8);
        bool fits = true;
        for (size_t k = 8; k < w; ++k) fits = fits && p[k] == (lo < 0 ? 0xff : 0);
        if (fits) {
          std::snprintf(buf, sizeof buf, "%" PRId64, lo);
          *out += buf;
        } else {
          *out += "0x";
          for (size_t k = w; k-- > 0;) {
            std::snprintf(buf, sizeof buf, "%02x", p[k]);
            *out += buf;
          }
        }
        *out += "e-" + std::string(f.substr(f.find(',') + 1, f.find(',', f.find(',') + 1) - f.find(',') - 1));
      } else {
        *out += "x";
        for (size_t k = 0; k < w; ++k) {
          std::snprintf(buf, sizeof buf, "%02x", p[k]);
          *out += buf;
        }
      }
    } else if (f == "+s") {
      *out += "{";
      for (int64_t c = 0; c < s.n_children; ++c) {
        if (c > 0) *out += ",";
        *out += "\"" + std::string(s.children[c]->name) + "\":";
        if (a.children[c]->length < a.offset + a.length) return Status::Corrupt("a struct child too short");
        PARQ_RETURN_IF_ERROR(Value(*s.children[c], *a.children[c], at, out));
      }
      *out += "}";
    } else if (f == "+l" || f == "+L" || f == "+m") {
      int64_t b, e;
      if (f == "+L") {
        b = static_cast<const int64_t*>(a.buffers[1])[at];
        e = static_cast<const int64_t*>(a.buffers[1])[at + 1];
      } else {
        b = static_cast<const int32_t*>(a.buffers[1])[at];
        e = static_cast<const int32_t*>(a.buffers[1])[at + 1];
      }
      if (b < 0 || e < b || e > a.children[0]->length) return Status::Corrupt("list offsets out of the child");
      *out += "[";
      for (int64_t k = b; k < e; ++k) {
        if (k > b) *out += ",";
        PARQ_RETURN_IF_ERROR(Value(*s.children[0], *a.children[0], k, out));
      }
      *out += "]";
    } else {
      return Status::Unsupported("format " + std::string(f));
    }
    return Status::OK();
  }
};

}  // namespace

Result<std::vector<std::string>> RenderRows(const ArrowSchema& schema, const ArrowArray& batch) {
  if (std::string_view(schema.format) != "+s" || batch.n_children != schema.n_children) {
    return Status::Corrupt("a batch that is not a struct of the schema's fields");
  }
  Renderer r;
  std::vector<std::string> rows;
  for (int64_t i = 0; i < batch.length; ++i) {
    std::string line;
    PARQ_RETURN_IF_ERROR(r.Value(schema, batch, i, &line));
    rows.push_back(std::move(line));
  }
  return rows;
}

Result<StreamText> DrainStream(ArrowArrayStream* stream) {
  StreamText out;
  ArrowSchema schema;
  if (stream->get_schema(stream, &schema) != 0) return Status::IOError("get_schema failed");
  out.formats = Formats(schema);
  Status status;
  while (true) {
    ArrowArray batch;
    if (stream->get_next(stream, &batch) != 0) {
      const char* e = stream->get_last_error(stream);
      status = Status::IOError(e != nullptr ? e : "get_next failed without a message");
      break;
    }
    if (batch.release == nullptr) break;
    out.batch_lengths.push_back(batch.length);
    Result<std::vector<std::string>> rows = RenderRows(schema, batch);
    batch.release(&batch);
    if (!rows.ok()) {
      status = rows.status();
      break;
    }
    out.rows.insert(out.rows.end(), rows->begin(), rows->end());
  }
  schema.release(&schema);
  stream->release(stream);
  if (!status.ok()) return status;
  return out;
}

Result<StreamText> ExportAndDrain(const std::shared_ptr<const FileReader>& file, const ArrowReadOptions& options) {
  ArrowArrayStream stream;
  PARQ_RETURN_IF_ERROR(ExportArrowStream(file, options, &stream));
  return DrainStream(&stream);
}

}  // namespace parq::testing
