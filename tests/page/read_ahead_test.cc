// ReadAhead: paired readers read their next pages together into their spare
// slots and decompress them with one DecompressTwo; the page returned before
// keeps its slot meanwhile; what reading ahead meets is the next Next's.
#include "page/read_ahead.h"

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compression/codec.h"
#include "testing/status_macros.h"

namespace parq::page {
namespace {

// Wraps a codec, counting its calls.
class CountingCodec : public compression::Codec {
 public:
  explicit CountingCodec(Compression type) : inner_(std::move(compression::MakeCodec(type)).value()) {}
  Compression type() const override { return inner_->type(); }
  Status Decompress(const uint8_t* in, size_t in_size, uint8_t* out, size_t out_size) override {
    ++decompress_calls;
    return inner_->Decompress(in, in_size, out, out_size);
  }
  void DecompressTwo(const Block& a, const Block& b, Status* sa, Status* sb) override {
    ++decompress_two_calls;
    inner_->DecompressTwo(a, b, sa, sb);
  }
  size_t MaxCompressedSize(size_t n) const override { return inner_->MaxCompressedSize(n); }
  Result<size_t> Compress(const uint8_t* in, size_t in_size, uint8_t* out, size_t cap) override {
    return inner_->Compress(in, in_size, out, cap);
  }

  int decompress_calls = 0;
  int decompress_two_calls = 0;

 private:
  std::unique_ptr<compression::Codec> inner_;
};

// What one ReadPage was given.
struct ReadCall {
  const PageSlot* slot;
  bool deferred;
  int64_t held_aside;
};

// Pages whose values are `texts`, compressed with `codec`; page i is at
// file offset 1000 + i.  Each ReadPage decompresses into the target's slot,
// or leaves that to the caller when the target defers it, as PageReader does.
class TextPages : public PageSource {
 public:
  TextPages(CountingCodec* codec, std::vector<std::string> texts) : codec_(codec) {
    for (const std::string& text : texts) {
      std::string packed(codec_->MaxCompressedSize(text.size()), '\0');
      auto n = codec_->Compress(reinterpret_cast<const uint8_t*>(text.data()), text.size(),
                                reinterpret_cast<uint8_t*>(packed.data()), packed.size());
      packed.resize(n.ok() ? *n : 0);
      pages_.push_back({text, packed});
    }
  }

  Result<bool> ReadPage(const PageTarget& target, Page* page) override {
    calls.push_back({target.slot, target.deferred != nullptr, target.held_aside});
    if (next_ == error_at) return Status::IOError("page " + std::to_string(next_) + " refused");
    if (next_ == pages_.size()) return false;
    const auto& [text, packed] = pages_[next_];
    *page = Page();
    page->ordinal = static_cast<int64_t>(next_);
    page->file_offset = 1000 + next_;
    page->num_values = static_cast<int32_t>(text.size());
    target.slot->header = format::PageHeader();
    target.slot->header.uncompressed_page_size = static_cast<int32_t>(text.size());
    Buffer& dst = target.slot->buffer;
    dst.Resize(text.size());
    page->values = {dst.data(), dst.size()};
    ++next_;
    const auto* src = reinterpret_cast<const uint8_t*>(packed.data());
    if (target.deferred != nullptr) {
      *target.deferred = {codec_, {src, packed.size(), dst.data(), dst.size()}};
      return true;
    }
    PARQ_RETURN_IF_ERROR(codec_->Decompress(src, packed.size(), dst.data(), dst.size()));
    return true;
  }

  // Spoils page i's compressed bytes.
  void Corrupt(size_t i) { pages_[i].second.assign(pages_[i].second.size(), '\xfe'); }

  std::vector<ReadCall> calls;
  std::optional<size_t> error_at;

 private:
  CountingCodec* codec_;
  std::vector<std::pair<std::string, std::string>> pages_;
  size_t next_ = 0;
};

std::string Text(const Page& page) {
  return {reinterpret_cast<const char*>(page.values.data()), page.values.size()};
}

// The texts of `n` pages of one reader, `tag` telling readers apart.
std::vector<std::string> Texts(const std::string& tag, int n) {
  std::vector<std::string> texts;
  for (int i = 0; i < n; ++i) texts.push_back(tag + std::to_string(i) + std::string(100 + i, 'x'));
  return texts;
}

TEST(ReadAheadTest, AloneEveryPageIsReadIntoTheCurrentSlotAtOnce) {
  CountingCodec codec(Compression::kSnappy);
  TextPages source(&codec, Texts("a", 3));
  ReadAhead reader(source, nullptr);
  Page page;
  for (int i = 0; i < 3; ++i) {
    ASSERT_OK_AND_ASSIGN(bool more, reader.Next(&page));
    ASSERT_TRUE(more);
    EXPECT_EQ(Text(page), Texts("a", 3)[static_cast<size_t>(i)]);
  }
  ASSERT_OK_AND_ASSIGN(bool more, reader.Next(&page));
  EXPECT_FALSE(more);
  ASSERT_EQ(source.calls.size(), 4u);
  for (const ReadCall& call : source.calls) {
    EXPECT_EQ(call.slot, source.calls[0].slot);
    EXPECT_FALSE(call.deferred);
    EXPECT_EQ(call.held_aside, 0);
  }
  EXPECT_EQ(codec.decompress_calls, 3);
  EXPECT_EQ(codec.decompress_two_calls, 0);
}

// Taking turns, each pair of pages is read together and decompressed with
// one DecompressTwo; the page a reader returned last keeps its slot and
// bytes while its next is read ahead, and counts as held aside.
TEST(ReadAheadTest, PairedReadersTakingTurnsReadEveryPageInAPair) {
  CountingCodec codec(Compression::kSnappy);
  TextPages source_a(&codec, Texts("a", 4)), source_b(&codec, Texts("b", 4));
  ReadAhead a(source_a, nullptr), b(source_b, nullptr);
  ReadAhead::Pair(a, b);
  Page page_a, page_b;
  for (size_t i = 0; i < 4; ++i) {
    ASSERT_OK_AND_ASSIGN(bool more_a, a.Next(&page_a));
    ASSERT_TRUE(more_a);
    EXPECT_EQ(Text(page_a), Texts("a", 4)[i]);
    // a's read read b's page too: b's Next reads nothing.
    const size_t b_calls = source_b.calls.size();
    ASSERT_OK_AND_ASSIGN(bool more_b, b.Next(&page_b));
    ASSERT_TRUE(more_b);
    EXPECT_EQ(source_b.calls.size(), b_calls);
    EXPECT_EQ(Text(page_b), Texts("b", 4)[i]);
    EXPECT_EQ(page_b.ordinal, static_cast<int64_t>(i));
    // a's page is still whole after b's read.
    EXPECT_EQ(Text(page_a), Texts("a", 4)[i]);
  }
  EXPECT_EQ(codec.decompress_two_calls, 4);
  EXPECT_EQ(codec.decompress_calls, 0);
  // Every read was deferred, into the slot the page returned before was not
  // in, with that page's buffer held aside.
  ASSERT_EQ(source_a.calls.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_TRUE(source_a.calls[i].deferred);
    if (i > 0) {
      EXPECT_NE(source_a.calls[i].slot, source_a.calls[i - 1].slot);
      EXPECT_EQ(source_a.calls[i].held_aside, static_cast<int64_t>(Texts("a", 4)[i - 1].size()));
    }
  }
  ASSERT_OK_AND_ASSIGN(bool more, b.Next(&page_b));
  EXPECT_FALSE(more);
  ASSERT_OK_AND_ASSIGN(more, a.Next(&page_a));
  EXPECT_FALSE(more);
}

TEST(ReadAheadTest, PagesInDifferentCodecsDecompressOneByOne) {
  CountingCodec snappy(Compression::kSnappy), zstd(Compression::kZstd);
  TextPages source_a(&snappy, Texts("a", 1)), source_b(&zstd, Texts("b", 1));
  ReadAhead a(source_a, nullptr), b(source_b, nullptr);
  ReadAhead::Pair(a, b);
  Page page;
  ASSERT_OK_AND_ASSIGN(bool more, b.Next(&page));
  ASSERT_TRUE(more);
  EXPECT_EQ(Text(page), Texts("b", 1)[0]);
  ASSERT_OK_AND_ASSIGN(more, a.Next(&page));
  ASSERT_TRUE(more);
  EXPECT_EQ(Text(page), Texts("a", 1)[0]);
  EXPECT_EQ(snappy.decompress_calls + zstd.decompress_calls, 2);
  EXPECT_EQ(snappy.decompress_two_calls + zstd.decompress_two_calls, 0);
}

// What reading ahead meets — an error reading the page, an error
// decompressing it (named by the page's ordinal and offset), the end — is
// what that reader's next Next returns; its partner is unharmed.
TEST(ReadAheadTest, WhatReadingAheadMeetsIsTheNextNexts) {
  CountingCodec codec(Compression::kSnappy);
  TextPages source_a(&codec, Texts("a", 3)), source_b(&codec, Texts("b", 2));
  source_b.Corrupt(1);
  ReadAhead a(source_a, nullptr), b(source_b, nullptr);
  ReadAhead::Pair(a, b);
  Page page;
  ASSERT_OK_AND_ASSIGN(bool more, a.Next(&page));  // reads b's page 0 ahead
  ASSERT_OK_AND_ASSIGN(more, b.Next(&page));
  ASSERT_OK_AND_ASSIGN(more, a.Next(&page));  // reads b's page 1 ahead: spoilt
  ASSERT_TRUE(more);
  EXPECT_EQ(Text(page), Texts("a", 3)[1]);
  const Result<bool> spoilt = b.Next(&page);
  ASSERT_STATUS(spoilt, StatusCode::kCorrupt);
  EXPECT_NE(spoilt.status().ToString().find("(page 1, file offset 1001)"), std::string::npos)
      << spoilt.status().ToString();

  source_a.error_at = 2;
  ASSERT_OK_AND_ASSIGN(more, b.Next(&page));  // b's end, and a's refused page 2, ahead
  EXPECT_FALSE(more);
  EXPECT_STATUS_HAS(a.Next(&page), StatusCode::kIOError, "page 2 refused");
}

TEST(ReadAheadTest, APairIsTwoReadersAndEndsWithEither) {
  CountingCodec codec(Compression::kSnappy);
  TextPages source_a(&codec, Texts("a", 9)), source_b(&codec, Texts("b", 9));
  ReadAhead a(source_a, nullptr), b(source_b, nullptr);
  Page page;
  ReadAhead::Pair(a, a);  // no pair
  ASSERT_OK(a.Next(&page));
  EXPECT_FALSE(source_a.calls.back().deferred);
  {
    TextPages source_c(&codec, Texts("c", 9));
    ReadAhead c(source_c, nullptr);
    ReadAhead::Pair(a, b);
    ReadAhead::Pair(a, c);  // replaces b
    ASSERT_OK(b.Next(&page));
    EXPECT_FALSE(source_b.calls.back().deferred);
    ASSERT_OK(a.Next(&page));
    EXPECT_TRUE(source_a.calls.back().deferred);
    EXPECT_TRUE(source_c.calls.back().deferred);
    ASSERT_OK(c.Next(&page));  // the page held ahead
  }
  // c is gone: a reads alone.
  ASSERT_OK(a.Next(&page));
  EXPECT_FALSE(source_a.calls.back().deferred);
  EXPECT_EQ(Text(page), Texts("a", 9)[2]);
}

// The slots' buffers come from the pool and go back the spare first, so the
// next reader takes the buffer of the page returned last first.
TEST(ReadAheadTest, SlotBuffersComeFromThePoolAndGoBackTheSpareFirst) {
  BufferPool pool(1 << 20);
  CountingCodec codec(Compression::kSnappy);
  TextPages source_a(&codec, Texts("a", 2)), source_b(&codec, Texts("b", 2));
  const uint8_t* last_page = nullptr;
  {
    ReadAhead a(source_a, &pool), b(source_b, &pool);
    ReadAhead::Pair(a, b);
    Page page;
    ASSERT_OK(a.Next(&page));  // a's page 0 and b's, read together
    ASSERT_OK(b.Next(&page));
    ASSERT_OK(a.Next(&page));  // page 1 of both, into the other slots
    last_page = page.values.data();
  }
  // b went back first (destroyed first), then a: its spare, then the buffer
  // of the page it returned last, which the next reader takes first.
  EXPECT_EQ(pool.held_bytes(), 2 * (Texts("a", 2)[0].size() + Texts("a", 2)[1].size()));
  EXPECT_EQ(pool.Take().data(), last_page);
}

}  // namespace
}  // namespace parq::page
