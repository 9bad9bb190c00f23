#include "cli/graphviz.h"

#include <cstdlib>
#include <optional>
#include <string>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

bool HaveDot() { return std::system("command -v dot >/dev/null 2>&1") == 0; }

TEST(GraphvizTest, DrawsSvgWithDot) {
  if (!HaveDot()) GTEST_SKIP() << "Graphviz's dot is not installed";
  std::string error;
  const std::optional<std::string> svg =
      RenderSvg("digraph g { \"a\" -> \"b\" [label=\"j\"]; }\n", &error);
  ASSERT_TRUE(svg) << error;
  EXPECT_NE(svg->find("<svg"), std::string::npos);
  EXPECT_NE(svg->find(">j</text>"), std::string::npos);
}

TEST(GraphvizTest, LargeGraphsDoNotStallThePipes) {
  if (!HaveDot()) GTEST_SKIP() << "Graphviz's dot is not installed";
  std::string dot = "digraph g {\n";
  for (int i = 0; i < 3000; ++i) {
    dot += "  \"n" + std::to_string(i) + "\" -> \"n" + std::to_string(i + 1) +
           "\";\n";
  }
  dot += "}\n";
  std::string error;
  const std::optional<std::string> svg = RenderSvg(dot, &error);
  ASSERT_TRUE(svg) << error;
  EXPECT_NE(svg->find(">n3000</text>"), std::string::npos);
}

TEST(GraphvizTest, SaysWhatDotSaidWhenItFails) {
  if (!HaveDot()) GTEST_SKIP() << "Graphviz's dot is not installed";
  std::string error;
  EXPECT_FALSE(RenderSvg("digraph { a -> ; }", &error));
  EXPECT_NE(error.find("`dot -Tsvg` failed (exit 1)"), std::string::npos)
      << error;
}

TEST(GraphvizTest, SaysHowToGetAMissingProgram) {
  std::string error;
  EXPECT_FALSE(RenderSvg("digraph {}", &error, "sdfconv-no-such-dot"));
  EXPECT_NE(error.find("is not installed (on Debian: apt-get install graphviz)"),
            std::string::npos)
      << error;
}

}  // namespace
}  // namespace sdfconv
