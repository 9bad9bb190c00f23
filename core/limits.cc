#include "core/limits.h"

#include <charconv>

namespace sdfconv {

const std::vector<LimitInfo>& LimitTable() {
  static const std::vector<LimitInfo> table = {
      {"input_bytes", &Limits::input_bytes, 0x7fffffff,
       "bytes of one file read"},
      {"depth", &Limits::depth, 0x7fffffff,
       "element nesting of one file (the root element is at depth 1)"},
      {"attributes", &Limits::attributes, 0x7fffffff,
       "attributes of one element (namespace declarations included)"},
      {"include_instances", &Limits::include_instances, UINT64_MAX,
       "<include>s expanded in one reading, at any depth of inclusion"},
      {"elements", &Limits::elements, UINT64_MAX,
       "elements the core reads (links, joints, frames, models, ...) once "
       "includes are expanded"},
      {"output_bytes", &Limits::output_bytes, UINT64_MAX,
       "bytes of one output of convert or graph"},
  };
  return table;
}

std::optional<std::string> SetLimit(Limits* limits,
                                    std::string_view assignment) {
  const size_t eq = assignment.find('=');
  if (eq == std::string_view::npos) {
    return "'" + std::string(assignment) + "' is not NAME=VALUE";
  }
  const std::string_view name = assignment.substr(0, eq);
  const std::string_view value = assignment.substr(eq + 1);
  for (const LimitInfo& info : LimitTable()) {
    if (info.name != name) continue;
    uint64_t v = 0;
    const auto [end, ec] =
        std::from_chars(value.data(), value.data() + value.size(), v);
    if (ec != std::errc() || end != value.data() + value.size() || v == 0 ||
        v > info.max) {
      return "limit " + std::string(name) + ": '" + std::string(value) +
             "' is not a whole number from 1 to " + std::to_string(info.max);
    }
    limits->*info.field = v;
    return std::nullopt;
  }
  std::string known;
  for (const LimitInfo& info : LimitTable()) {
    known += (known.empty() ? "" : ", ") + std::string(info.name);
  }
  return "unknown limit '" + std::string(name) + "' (the limits: " + known +
         ")";
}

}  // namespace sdfconv
