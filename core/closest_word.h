// The word of a list closest to a misspelt one, for "did you mean" hints
// (an element the schema does not know, beside those it allows there; an
// unknown command or diagnostic code given on the command line).
//
// Closeness is the optimal string alignment distance (insertions,
// deletions, substitutions and swaps of two neighbours, each 1), letters
// compared without case. A word is offered only when it is at most 2 edits
// away, at most a third as many edits as the misspelt word has letters
// (counting 3 for shorter words, as rustc's typo hints do) and fewer edits
// than it has letters: "lnk" and "visul" get a word one edit away,
// "colisin" one two edits away, "x" and "api" nothing, "port" not "pose".
// Of equally close words the first listed wins. Time is linear in the list
// and in the product of the two words' lengths.
//
//   ClosestWord("visul", {"collision", "visual"})  // "visual"
#ifndef SDFCONV_CORE_CLOSEST_WORD_H_
#define SDFCONV_CORE_CLOSEST_WORD_H_

#include <cstddef>
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

#endif  // SDFCONV_CORE_CLOSEST_WORD_H_
