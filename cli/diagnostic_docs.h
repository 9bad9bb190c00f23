// The documentation of every diagnostic code, as docs/diagnostics.md writes
// it, for outputs that carry it (SARIF rules: cli/diagnostic_formats.h).
//
// Invariant: the text has one home, docs/diagnostics.md. The table behind
// this header is generated from its rows "| `CODE` | meaning |" at build
// time (the genrule //cli:diagnostic_docs_table, cli/diagnostic_docs_gen.sh);
// diagnostic_docs_test checks that every Code has a row.
//
//   std::string_view md = CodeDocumentation(Code::kDuplicateName);
//   std::string text = PlainDocText(md);  // backticks stripped
#ifndef SDFCONV_CLI_DIAGNOSTIC_DOCS_H_
#define SDFCONV_CLI_DIAGNOSTIC_DOCS_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "core/diagnostic.h"

namespace sdfconv {

// The meaning of `code` as docs/diagnostics.md gives it (Markdown: inline
// code in backticks); empty when the page has no row for it.
std::string_view CodeDocumentation(Code code);

// `markdown` for readers of plain text: backticks removed.
std::string PlainDocText(std::string_view markdown);

// Its first sentence (up to the first ". "), for a short description.
std::string FirstSentence(std::string_view text);

namespace internal {
struct CodeDocRow {
  const char* code;
  const char* markdown;
};
// The generated table (diagnostic_docs_table.cc), in the page's order.
extern const CodeDocRow kCodeDocRows[];
extern const size_t kCodeDocRowCount;
}  // namespace internal

}  // namespace sdfconv

#endif  // SDFCONV_CLI_DIAGNOSTIC_DOCS_H_
