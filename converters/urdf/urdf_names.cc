#include "converters/urdf/urdf_names.h"

namespace sdfconv {

bool IsLegalSdfName(std::string_view name) {
  if (name.empty() || name == "world") return false;
  if (name.find("::") != std::string_view::npos) return false;
  return !(name.size() >= 4 && name.substr(0, 2) == "__" &&
           name.substr(name.size() - 2) == "__");
}

void NameScope::Reserve(std::string_view name) {
  taken_.emplace(name);
}

bool NameScope::Taken(std::string_view name) const {
  return taken_.count(std::string(name)) > 0;
}

std::string NameScope::Claim(std::string_view wanted,
                             std::string_view suffix) {
  auto free = [&](const std::string& name) {
    return IsLegalSdfName(name) && !Taken(name);
  };
  std::string base;
  for (size_t i = 0; i < wanted.size(); ++i) {
    if (wanted.compare(i, 2, "::") == 0) {
      base += '_';
      ++i;
    } else {
      base += wanted[i];
    }
  }
  if (base.empty()) base = suffix;
  std::string name = base;
  if (!free(name)) name = base + "_" + std::string(suffix);
  for (int n = 2; !free(name); ++n) {
    name = base + "_" + std::string(suffix) + "_" + std::to_string(n);
  }
  taken_.insert(name);
  return name;
}

}  // namespace sdfconv
