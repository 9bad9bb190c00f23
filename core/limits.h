// Limits: the bounds on the work one reading of a file may do. Each is a
// named number the user may set (`--limit NAME=VALUE`, docs/limits.md);
// reaching one is a coded error naming the file (INPUT_LIMIT_EXCEEDED),
// after which nothing is written: never a crash, a hang or a stall of
// minutes. An output larger than `output_bytes` is OUTPUT_LIMIT_EXCEEDED,
// the same way. Running out of memory, the bound nobody sets, is
// OUT_OF_MEMORY.
//
// Invariant: every field is listed once in LimitTable(), whose names,
// defaults and meanings docs/limits.md repeats (limits_test checks it).
//
//   Limits limits;
//   if (auto error = SetLimit(&limits, "include_instances=500")) ...;
#ifndef SDFCONV_CORE_LIMITS_H_
#define SDFCONV_CORE_LIMITS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sdfconv {

struct Limits {
  // Bytes of one file read (libxml2 takes at most INT_MAX).
  uint64_t input_bytes = uint64_t{256} << 20;
  // Element nesting of one file; the root element is at depth 1.
  uint64_t depth = 200'000;
  // Attributes of one element (namespace declarations included), checked
  // before libxml2 reads the file (its duplicate check is quadratic).
  uint64_t attributes = 10'000;
  // <include>s expanded in one reading, at any depth of inclusion.
  uint64_t include_instances = 100'000;
  // Elements (links, joints, frames, models, ... the core reads) of one
  // reading once its includes are expanded.
  uint64_t elements = 5'000'000;
  // Bytes of one output of `convert` or `graph` (OUTPUT_LIMIT_EXCEEDED):
  // scoped names make `--to flat` of deeply nested models quadratic in the
  // depth.
  uint64_t output_bytes = uint64_t{1} << 30;
};

struct LimitInfo {
  std::string_view name;  // as written in --limit NAME=VALUE
  uint64_t Limits::*field;
  uint64_t max;           // the largest value it may be set to
  std::string_view meaning;
};

// Every limit, in the order docs/limits.md lists them.
[[nodiscard]] const std::vector<LimitInfo>& LimitTable();

// Sets the limit `assignment` ("NAME=VALUE", VALUE a positive integer)
// names; returns why it cannot (an unknown name, a malformed or out of
// range value), or nothing when set.
[[nodiscard]] std::optional<std::string> SetLimit(Limits* limits,
                                                  std::string_view assignment);

}  // namespace sdfconv

#endif  // SDFCONV_CORE_LIMITS_H_
