#include "converters/urdf/urdf_names.h"

#include "converters/sdf/sdf_names.h"

namespace sdfconv {

void NameScope::Reserve(std::string_view name) {
  taken_.emplace(name);
}

bool NameScope::Taken(std::string_view name) const {
  return taken_.count(std::string(name)) > 0;
}

std::string NameScope::Claim(std::string_view wanted,
                             std::string_view suffix) {
  std::string name = RepairName(
      wanted, suffix, [&](const std::string& n) { return Taken(n); });
  taken_.insert(name);
  return name;
}

}  // namespace sdfconv
