#include "record/variant_encoder.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <map>
#include <string_view>
#include <vector>

namespace parq {

namespace {

void PutLE(std::string* out, uint64_t v, int bytes) {
  for (int b = 0; b < bytes; ++b) out->push_back(static_cast<char>(v >> (8 * b)));
}

int BytesFor(uint64_t max) {
  if (max <= 0xFF) return 1;
  if (max <= 0xFFFF) return 2;
  if (max <= 0xFFFFFF) return 3;
  return 4;
}

void CollectKeys(const JsonValue& j, std::map<std::string, uint32_t>* keys, int depth) {
  if (depth > 512) return;  // ParseJson already bounds the depth
  for (size_t i = 0; i < j.items.size(); ++i) {
    if (j.kind == JsonValue::Kind::kObject) keys->emplace(j.keys[i], 0);
    CollectKeys(j.items[i], keys, depth + 1);
  }
}

Status EncodeValue(const JsonValue& j, const std::map<std::string, uint32_t>& ids, std::string* out) {
  switch (j.kind) {
    case JsonValue::Kind::kNull: out->push_back(0x00); return Status::OK();
    case JsonValue::Kind::kBool: out->push_back(j.boolean ? 0x04 : 0x08); return Status::OK();
    case JsonValue::Kind::kNumber: {
      const char* b = j.text.data();
      const char* e = b + j.text.size();
      int64_t i;
      auto r = std::from_chars(b, e, i);
      // "-0" is a negative zero (a float or double), not the integer 0.
      if (r.ec == std::errc() && r.ptr == e && !(i == 0 && j.text[0] == '-')) {
        if (i >= INT8_MIN && i <= INT8_MAX) {
          out->push_back(3 << 2);
          PutLE(out, static_cast<uint64_t>(i), 1);
        } else if (i >= INT16_MIN && i <= INT16_MAX) {
          out->push_back(4 << 2);
          PutLE(out, static_cast<uint64_t>(i), 2);
        } else if (i >= INT32_MIN && i <= INT32_MAX) {
          out->push_back(5 << 2);
          PutLE(out, static_cast<uint64_t>(i), 4);
        } else {
          out->push_back(6 << 2);
          PutLE(out, static_cast<uint64_t>(i), 8);
        }
        return Status::OK();
      }
      double d;
      auto rd = std::from_chars(b, e, d);
      if (rd.ec != std::errc() || rd.ptr != e) return Status::InvalidArgument("variant number out of range: " + j.text);
      uint64_t bits;
      std::memcpy(&bits, &d, 8);
      out->push_back(7 << 2);
      PutLE(out, bits, 8);
      return Status::OK();
    }
    case JsonValue::Kind::kString:
      if (j.text.size() < 64) {
        out->push_back(static_cast<char>((j.text.size() << 2) | 1));
      } else {
        if (j.text.size() > UINT32_MAX) return Status::InvalidArgument("variant string over 4 GiB");
        out->push_back(16 << 2);
        PutLE(out, j.text.size(), 4);
      }
      out->append(j.text);
      return Status::OK();
    case JsonValue::Kind::kArray:
    case JsonValue::Kind::kObject: {
      const bool object = j.kind == JsonValue::Kind::kObject;
      const size_t n = j.items.size();
      // Objects: fields in key order (field ids are assigned in that order).
      std::vector<size_t> order(n);
      for (size_t i = 0; i < n; ++i) order[i] = i;
      if (object) {
        std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return j.keys[a] < j.keys[b]; });
        for (size_t k = 1; k < n; ++k) {
          if (j.keys[order[k]] == j.keys[order[k - 1]]) {
            return Status::InvalidArgument("duplicate key '" + j.keys[order[k]] + "' in a variant object");
          }
        }
      }
      std::string data;
      std::vector<uint64_t> offsets;
      offsets.reserve(n + 1);
      for (size_t k = 0; k < n; ++k) {
        offsets.push_back(data.size());
        PARQ_RETURN_IF_ERROR(EncodeValue(j.items[order[k]], ids, &data));
      }
      offsets.push_back(data.size());
      if (data.size() > UINT32_MAX) return Status::InvalidArgument("variant value over 4 GiB");
      const bool large = n > 0xFF;
      const int off_size = BytesFor(data.size());
      if (object) {
        uint32_t max_id = 0;
        for (size_t k = 0; k < n; ++k) {
          auto it = ids.find(j.keys[k]);
          if (it == ids.end()) return Status::InvalidArgument("variant key '" + j.keys[k] + "' is not in the metadata");
          max_id = std::max(max_id, it->second);
        }
        const int id_size = BytesFor(max_id);
        out->push_back(static_cast<char>((((large ? 1 : 0) << 4 | (id_size - 1) << 2 | (off_size - 1)) << 2) | 2));
        PutLE(out, n, large ? 4 : 1);
        for (size_t k = 0; k < n; ++k) PutLE(out, ids.find(j.keys[order[k]])->second, id_size);
      } else {
        out->push_back(static_cast<char>((((large ? 1 : 0) << 2 | (off_size - 1)) << 2) | 3));
        PutLE(out, n, large ? 4 : 1);
      }
      for (uint64_t o : offsets) PutLE(out, o, off_size);
      out->append(data);
      return Status::OK();
    }
  }
  return Status::Internal("unknown JSON kind");
}

}  // namespace

Status EncodeVariantMetadata(const JsonValue& j, std::string* metadata, VariantKeyIds* ids) {
  ids->clear();
  CollectKeys(j, ids, 0);
  std::string bytes;
  std::vector<uint64_t> offsets;
  uint32_t next = 0;
  for (auto& [key, id] : *ids) {
    id = next++;
    offsets.push_back(bytes.size());
    bytes.append(key);
  }
  offsets.push_back(bytes.size());
  const int off_size = BytesFor(std::max<uint64_t>(bytes.size(), ids->size()));
  metadata->clear();
  metadata->push_back(static_cast<char>(1 | 1 << 4 | (off_size - 1) << 6));
  PutLE(metadata, ids->size(), off_size);
  for (uint64_t o : offsets) PutLE(metadata, o, off_size);
  metadata->append(bytes);
  return Status::OK();
}

Status EncodeVariantValue(const JsonValue& j, const VariantKeyIds& ids, std::string* value) {
  value->clear();
  return EncodeValue(j, ids, value);
}

Status EncodeVariantJson(const JsonValue& j, std::string* metadata, std::string* value) {
  VariantKeyIds ids;
  PARQ_RETURN_IF_ERROR(EncodeVariantMetadata(j, metadata, &ids));
  return EncodeVariantValue(j, ids, value);
}

}  // namespace parq
