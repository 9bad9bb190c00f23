#include "converters/include/include_chain.h"

#include <filesystem>
#include <system_error>
#include <utility>

namespace sdfconv {

std::string FileIdentity(const std::string& file) {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::weakly_canonical(file, ec);
  if (ec) p = std::filesystem::absolute(file, ec).lexically_normal();
  return ec ? file : p.string();
}

int IncludeChains::Add(std::string identity, std::string shown, int parent) {
  links_.push_back({std::move(identity), std::move(shown), parent});
  return static_cast<int>(links_.size()) - 1;
}

std::string IncludeChains::CycleThrough(int link, const std::string& identity,
                                        const std::string& shown) const {
  std::vector<const std::string*> names = {&shown};
  bool found = false;
  for (int l = link; l >= 0 && !found; l = links_[l].parent) {
    names.push_back(&links_[l].shown);
    found = links_[l].identity == identity;
  }
  if (!found) return "";
  std::string out;
  for (auto it = names.rbegin(); it != names.rend(); ++it) {
    if (!out.empty()) out += " -> ";
    out += **it;
  }
  return out;
}

}  // namespace sdfconv
