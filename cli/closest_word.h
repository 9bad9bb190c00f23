// The word of a list closest to a misspelt one, for "did you mean" hints
// (an unknown command, an unknown code given to --ignore).
//
// Closeness is the optimal string alignment distance (insertions,
// deletions, substitutions and swaps of two neighbours, each 1), letters
// compared without case. A word is offered only when it is at most 2 edits
// away and fewer edits than the misspelt word has letters (so "x" suggests
// nothing); of equally close words the first listed wins. Time is linear in
// the list and in the product of the two words' lengths.
//
//   ClosestWord("chek", {"check", "convert"})  // "check"
#ifndef SDFCONV_CLI_CLOSEST_WORD_H_
#define SDFCONV_CLI_CLOSEST_WORD_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sdfconv {

// The edits between `a` and `b` (see the file comment), case ignored.
[[nodiscard]] size_t EditDistance(std::string_view a, std::string_view b);

// The word of `words` closest to `word`, if one is close enough.
[[nodiscard]] std::optional<std::string> ClosestWord(
    std::string_view word, const std::vector<std::string>& words);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_CLOSEST_WORD_H_
