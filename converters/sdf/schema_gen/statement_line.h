// One line of schema_gen's own data files (deltas/<version>.txt,
// tables/<version>.txt): blank-separated tokens, `key=value` fields, a
// value holding blanks (or empty) in double quotes. Build-time only.
//
// Invariant: a value Quote() accepts reads back through Tokenize()
// unchanged; a value it cannot write (holding `"` or a line break) is
// refused, never written wrong.
//
//   std::string error;
//   std::vector<std::string> tokens = Tokenize("add a default=\"0 0\"", &error);
//   // {"add", "a", "default=0 0"}
#ifndef SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_STATEMENT_LINE_H_
#define SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_STATEMENT_LINE_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sdfconv::schema_gen {

// The tokens of one line: blank-separated, `key="a b"` one token `key=a b`.
// A token starting with `#` ends the line. Sets `error` (and returns no
// tokens) for a stray or unterminated quote.
[[nodiscard]] std::vector<std::string> Tokenize(std::string_view line,
                                                std::string* error);

// The lines of `text` (split at '\n'; line i is at index i - 1), views
// into it.
[[nodiscard]] std::vector<std::string_view> Lines(std::string_view text);

// `value` as it is written after `key=`: as it is, or in double quotes when
// empty or holding a blank; nullopt for a value holding `"`, `\n` or `\r`.
[[nodiscard]] std::optional<std::string> Quote(const std::string& value);

}  // namespace sdfconv::schema_gen

#endif  // SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_STATEMENT_LINE_H_
