#include "core/closest_word.h"

#include <algorithm>
#include <cctype>

namespace sdfconv {
namespace {

constexpr size_t kMaxEdits = 2;

bool SameLetter(char a, char b) {
  return std::tolower(static_cast<unsigned char>(a)) ==
         std::tolower(static_cast<unsigned char>(b));
}

}  // namespace

// Three rows of the dynamic programme: the one before last (for swaps), the
// last and the current.
size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> before(b.size() + 1), last(b.size() + 1),
      row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) last[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t cost = SameLetter(a[i - 1], b[j - 1]) ? 0 : 1;
      row[j] = std::min({last[j] + 1, row[j - 1] + 1, last[j - 1] + cost});
      if (i > 1 && j > 1 && SameLetter(a[i - 1], b[j - 2]) &&
          SameLetter(a[i - 2], b[j - 1])) {
        row[j] = std::min(row[j], before[j - 2] + 1);
      }
    }
    std::swap(before, last);
    std::swap(last, row);
  }
  return last[b.size()];
}

std::optional<std::string> ClosestWord(std::string_view word,
                                       const std::vector<std::string>& words) {
  std::optional<std::string> best;
  const size_t letters = word.size();
  size_t best_distance =  // one more than the edits allowed
      std::min({kMaxEdits, std::max<size_t>(letters, 3) / 3,
                letters > 0 ? letters - 1 : 0}) +
      1;
  for (const std::string& candidate : words) {
    const size_t d = EditDistance(word, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = candidate;
    }
  }
  return best;
}

}  // namespace sdfconv
