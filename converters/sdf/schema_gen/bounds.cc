#include "converters/sdf/schema_gen/bounds.h"

#include <cstdlib>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace sdfconv::schema_gen {
namespace {

enum class Side { kMin, kMax };

// `bound` made no stricter than `newest` (absent: unbounded).
void Relax(std::optional<std::string>* bound,
           const std::optional<std::string>& newest, Side side) {
  if (!bound->has_value()) return;  // already unbounded
  if (!newest.has_value()) {
    bound->reset();
    return;
  }
  const double mine = std::strtod((*bound)->c_str(), nullptr);
  const double theirs = std::strtod(newest->c_str(), nullptr);
  if (side == Side::kMin ? theirs < mine : theirs > mine) *bound = newest;
}

template <typename T>
void RelaxBoth(T* mine, const T& newest) {
  if (mine->type != newest.type) return;  // not the same value
  Relax(&mine->min, newest.min, Side::kMin);
  Relax(&mine->max, newest.max, Side::kMax);
}

void RelaxVersion(DescVersion* version, const DescVersion& newest) {
  std::set<std::pair<size_t, size_t>> seen;
  std::vector<std::pair<size_t, size_t>> work = {{version->root, newest.root}};
  while (!work.empty()) {
    const auto [mine_index, newest_index] = work.back();
    work.pop_back();
    if (!seen.insert({mine_index, newest_index}).second) continue;
    DescElement& mine = version->elements[mine_index];
    const DescElement& theirs = newest.elements[newest_index];
    RelaxBoth(&mine, theirs);
    for (DescAttribute& a : mine.attributes) {
      for (const DescAttribute& b : theirs.attributes) {
        if (a.name == b.name) RelaxBoth(&a, b);
      }
    }
    for (const DescChild& c : mine.children) {
      for (const DescChild& d : theirs.children) {
        if (version->elements[c.element].name == newest.elements[d.element].name) {
          work.push_back({c.element, d.element});
        }
      }
    }
  }
}

}  // namespace

void RelaxBoundsToNewest(DescriptionSet* set) {
  if (set->versions.size() < 2) return;
  const DescVersion& newest = set->versions.back();
  for (size_t i = 0; i + 1 < set->versions.size(); ++i) {
    RelaxVersion(&set->versions[i], newest);
  }
}

}  // namespace sdfconv::schema_gen
