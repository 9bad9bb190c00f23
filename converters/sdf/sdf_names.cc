#include "converters/sdf/sdf_names.h"

#include "core/document.h"

namespace sdfconv {
namespace {

bool IsDunder(std::string_view name) {
  return name.size() >= 4 && name.substr(0, 2) == "__" &&
         name.substr(name.size() - 2) == "__";
}

// `name` with `::` replaced by `_` and `__x__` by `x`; `tag` when empty.
std::string LegalBase(std::string_view name, std::string_view tag) {
  std::string base;
  for (size_t i = 0; i < name.size(); ++i) {
    if (name.compare(i, kScopeSeparator.size(), kScopeSeparator) == 0) {
      base += '_';
      i += kScopeSeparator.size() - 1;
    } else {
      base += name[i];
    }
  }
  if (IsDunder(base)) {
    const size_t b = base.find_first_not_of('_');
    const size_t e = base.find_last_not_of('_');
    base = b == std::string::npos ? "" : base.substr(b, e - b + 1);
  }
  return base.empty() ? std::string(tag) : base;
}

}  // namespace

bool IsLegalSdfName(std::string_view name) {
  return !name.empty() && !IsReservedName(name) &&
         name.find(kScopeSeparator) == std::string_view::npos;
}

std::string RepairName(
    std::string_view name, std::string_view tag,
    const std::function<bool(const std::string&)>& taken) {
  const auto free = [&](const std::string& c) {
    return IsLegalSdfName(c) && !taken(c);
  };
  if (free(std::string(name))) return std::string(name);
  const std::string base = LegalBase(name, tag);
  if (free(base)) return base;
  const std::string tagged = base + "_" + std::string(tag);
  if (free(tagged)) return tagged;
  for (int n = 2;; ++n) {
    const std::string c = tagged + "_" + std::to_string(n);
    if (free(c)) return c;
  }
}

}  // namespace sdfconv
