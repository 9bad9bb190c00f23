#include "core/diagnostic.h"

#include <cctype>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

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

// The enumerators of `enum class Code` in core/diagnostic.h, in order.
std::vector<std::string> DeclaredCodes() {
  std::ifstream in("core/diagnostic.h");
  std::stringstream text;
  text << in.rdbuf();
  const std::string all = text.str();
  const size_t begin = all.find("enum class Code {");
  const size_t end = all.find("};", begin);
  if (begin == std::string::npos || end == std::string::npos) return {};
  std::vector<std::string> names;
  std::istringstream lines(all.substr(begin, end - begin));
  std::string line;
  while (std::getline(lines, line)) {
    const size_t k = line.find_first_not_of(' ');
    if (k == std::string::npos || line.compare(k, 1, "k") != 0) continue;
    const size_t comma = line.find(',', k);
    if (comma != std::string::npos) names.push_back(line.substr(k, comma - k));
  }
  return names;
}

// kFrameAttachedToCycle -> FRAME_ATTACHED_TO_CYCLE.
std::string UpperSnake(const std::string& enumerator) {
  std::string out;
  for (size_t i = 1; i < enumerator.size(); ++i) {
    const char c = enumerator[i];
    if (i > 1 && std::isupper(static_cast<unsigned char>(c))) out += '_';
    out += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return out;
}

// Nothing else ties the name table (diagnostic.cc) to the enum: a code
// added to one and not the other fails here.
TEST(Diagnostic, EveryDeclaredCodeHasItsName) {
  const std::vector<std::string> declared = DeclaredCodes();
  ASSERT_FALSE(declared.empty()) << "core/diagnostic.h not in runfiles";
  ASSERT_EQ(declared.size(), AllCodes().size())
      << "enum Code and the name table in diagnostic.cc differ in length";
  for (size_t i = 0; i < declared.size(); ++i) {
    EXPECT_EQ(AllCodes()[i], static_cast<Code>(i));
    EXPECT_EQ(CodeName(static_cast<Code>(i)), UpperSnake(declared[i]))
        << declared[i];
  }
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
