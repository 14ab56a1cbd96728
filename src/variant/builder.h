// variant/builder.h — writing one Variant value (VariantEncoding.md) in its
// binary encoding, the inverse of variant/value.h.
//
//   std::string value;
//   VariantValueBuilder b(&value);
//   b.BeginObject();
//   b.Key("a", ids.at("a"));  b.Int(1);
//   b.Key("b", ids.at("b"));  PARQ_RETURN_IF_ERROR(b.String("x"));
//   PARQ_RETURN_IF_ERROR(b.EndObject());
//
// Scalars take the simplest encoding: an integer the narrowest of
// int8/16/32/64, a string a short string below 64 bytes.  Containers are
// opened, filled and closed; the bytes of a container's elements are kept
// until it is closed, then written with the smallest offset (and field id)
// sizes that fit.  An object's fields are written in key order (the order
// the spec requires and readers print), whatever order they were added in;
// two fields with the same key are kInvalidArgument.  Field ids come from the
// caller (variant/metadata.h: BuildVariantMetadata numbers a sorted
// dictionary).  After an error the value being built is abandoned: start
// again with a new builder.
//
// Ownership: the builder appends the finished top-level value to the
// caller's string, which must outlive it; keys passed to Key() must stay
// valid until their object is closed.  Thread-safety: none; one builder per
// thread.
#ifndef PARQ_VARIANT_BUILDER_H_
#define PARQ_VARIANT_BUILDER_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "parq/status.h"
#include "variant/value.h"

namespace parq {

class VariantValueBuilder {
 public:
  explicit VariantValueBuilder(std::string* out) : out_(out) {}

  void Null();
  void Bool(bool v);
  void Int(int64_t v);
  void Double(double v);
  // kInvalidArgument over 4 GiB.
  Status String(std::string_view utf8);
  // The long form (type id 15), kInvalidArgument over 4 GiB.
  Status Binary(std::string_view bytes);
  // A primitive of a fixed-size type with its payload as the spec's table
  // lays it out (little-endian; a decimal's scale byte first), as is.
  // REQUIRES: payload has the type's size (value.h, VariantPrimitive).
  void Primitive(VariantPrimitive type, std::string_view payload);

  void BeginArray();
  // kInvalidArgument when the elements take more than 4 GiB.
  Status EndArray();

  void BeginObject();
  // The next value is the field `key`, whose dictionary id is `id`.
  void Key(std::string_view key, uint32_t id);
  // kInvalidArgument for a duplicate key or more than 4 GiB of fields.
  Status EndObject();

  // Containers opened and not yet closed.
  size_t depth() const { return depth_; }

 private:
  struct Element {
    size_t begin = 0;  // in the container's data
    std::string_view key;
    uint32_t id = 0;
  };
  struct Frame {
    bool object = false;
    std::string data;
    std::vector<Element> elements;
  };
  // Where the next value goes, with its start recorded (array elements).
  std::string* Next();
  Status Close(bool object);

  std::string* out_;
  std::vector<Frame> frames_;  // frames_[0 .. depth_) are open; kept for their capacity
  size_t depth_ = 0;
  std::string sorted_;  // scratch for fields added out of key order
};

}  // namespace parq

#endif  // PARQ_VARIANT_BUILDER_H_
