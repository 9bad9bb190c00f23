#include "core/diagnostic.h"

#include <fstream>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

TEST(Diagnostic, NamesAreUniqueAndRoundTrip) {
  std::set<std::string_view> names;
  for (Code c : AllCodes()) {
    const std::string_view name = CodeName(c);
    EXPECT_NE(name, "UNKNOWN");
    EXPECT_TRUE(names.insert(name).second) << name;
    EXPECT_EQ(CodeFromName(name), c);
  }
  EXPECT_FALSE(CodeFromName("NOT_A_CODE").has_value());
}

TEST(Diagnostic, Format) {
  Diagnostics diags;
  diags.Error(Code::kDuplicateName, {"model.sdf", 14, "/sdf/model"},
              "link 'a' repeated");
  diags.Warning(Code::kElementInvalid, {"model.sdf", 0, ""}, "w");
  EXPECT_TRUE(diags.HasErrors());
  EXPECT_EQ(FormatDiagnostic(diags.items()[0]),
            "model.sdf:14: error[DUPLICATE_NAME]: link 'a' repeated");
  EXPECT_EQ(FormatDiagnostic(diags.items()[1]),
            "model.sdf: warning[ELEMENT_INVALID]: w");
}

TEST(Diagnostic, EveryCodeIsDocumented) {
  std::ifstream in("docs/diagnostics.md");
  ASSERT_TRUE(in) << "docs/diagnostics.md not found in runfiles";
  std::stringstream text;
  text << in.rdbuf();
  for (Code c : AllCodes()) {
    const std::string cell = "| `" + std::string(CodeName(c)) + "` |";
    EXPECT_NE(text.str().find(cell), std::string::npos)
        << CodeName(c) << " is missing from docs/diagnostics.md";
  }
}

}  // namespace
}  // namespace sdfconv
