#include "parq/status.h"

#include <cstdio>
#include <cstdlib>

#include "parq/result.h"

namespace parq {

namespace detail {

void DieOnErrorResult(const Status& status, const char* what, const CallSite* where) {
  const std::string text = status.ToString();
  if (where != nullptr) {
    std::fprintf(stderr, "parq: Result::%s on an error at %s:%u (in %s): %s\n", what, where->file,
                 where->line, where->function, text.c_str());
  } else {
    std::fprintf(stderr, "parq: Result::%s on an error: %s\n", what, text.c_str());
  }
  std::fflush(stderr);
  std::abort();
}

}  // namespace detail

std::string_view StatusCodeName(StatusCode code) {
  switch (code) {
    case StatusCode::kOk: return "OK";
    case StatusCode::kInvalidArgument: return "Invalid argument";
    case StatusCode::kCorrupt: return "Corrupt";
    case StatusCode::kUnsupported: return "Unsupported";
    case StatusCode::kIOError: return "IO error";
    case StatusCode::kLimitExceeded: return "Limit exceeded";
    case StatusCode::kInternal: return "Internal";
  }
  return "Unknown";
}

Status::Status(StatusCode code, std::string message) {
  if (code != StatusCode::kOk) state_ = std::make_unique<State>(State{code, std::move(message), {}});
}

Status::Status(const Status& other)
    : state_(other.state_ ? std::make_unique<State>(*other.state_) : nullptr) {}

Status& Status::operator=(const Status& other) {
  if (this != &other) state_ = other.state_ ? std::make_unique<State>(*other.state_) : nullptr;
  return *this;
}

const std::string& Status::message() const {
  static const std::string kEmpty;
  return state_ ? state_->message : kEmpty;
}

const std::vector<std::string>& Status::context() const {
  static const std::vector<std::string> kEmpty;
  return state_ ? state_->context : kEmpty;
}

Status& Status::AddContext(std::string frame) & {
  if (state_) state_->context.push_back(std::move(frame));
  return *this;
}
Status&& Status::AddContext(std::string frame) && {
  if (state_) state_->context.push_back(std::move(frame));
  return std::move(*this);
}
Status&& Status::WithFileOffset(uint64_t offset) && {
  return std::move(*this).AddContext("file offset " + std::to_string(offset));
}
Status&& Status::WithFileOffset(int64_t offset) && {
  return std::move(*this).AddContext("file offset " + std::to_string(offset));
}
Status&& Status::WithColumn(std::string_view dotted_path) && {
  return std::move(*this).AddContext("column '" + std::string(dotted_path) + "'");
}
Status&& Status::WithRowGroup(int64_t index) && {
  return std::move(*this).AddContext("row group " + std::to_string(index));
}
Status&& Status::WithPage(int64_t index) && {
  return std::move(*this).AddContext("page " + std::to_string(index));
}

std::string Status::ToString() const {
  if (!state_) return "OK";
  std::string out(StatusCodeName(state_->code));
  out += ": ";
  out += state_->message;
  if (!state_->context.empty()) {
    out += " (";
    for (size_t i = 0; i < state_->context.size(); ++i) {
      if (i) out += ", ";
      out += state_->context[i];
    }
    out += ")";
  }
  return out;
}

}  // namespace parq
