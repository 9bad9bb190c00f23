#include "cli/diagnostic_docs.h"

#include <set>
#include <string>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

TEST(DiagnosticDocs, EveryCodeHasItsRowOfTheDocs) {
  for (Code code : AllCodes()) {
    EXPECT_FALSE(CodeDocumentation(code).empty()) << CodeName(code);
  }
}

TEST(DiagnosticDocs, EveryRowNamesACodeOnce) {
  std::set<std::string> seen;
  for (size_t i = 0; i < internal::kCodeDocRowCount; ++i) {
    const std::string code = internal::kCodeDocRows[i].code;
    EXPECT_TRUE(CodeFromName(code).has_value()) << code;
    EXPECT_TRUE(seen.insert(code).second) << code << " has two rows";
  }
}

TEST(DiagnosticDocs, TextIsThePagesCellVerbatim) {
  // docs/diagnostics.md: | `FILE_READ` | The file does not exist or cannot
  // be read. `check` exits 2. |
  EXPECT_EQ(CodeDocumentation(Code::kFileRead),
            "The file does not exist or cannot be read. `check` exits 2.");
  EXPECT_EQ(PlainDocText(CodeDocumentation(Code::kFileRead)),
            "The file does not exist or cannot be read. check exits 2.");
  EXPECT_EQ(FirstSentence(CodeDocumentation(Code::kFileRead)),
            "The file does not exist or cannot be read.");
  EXPECT_EQ(FirstSentence("no full stop"), "no full stop");
}

}  // namespace
}  // namespace sdfconv
