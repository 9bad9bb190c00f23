#include "core/shared_text.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace sdfconv {
namespace {

TEST(SharedTextTest, ReadsAsTheTextItWasMadeFrom) {
  const std::string long_text(1000, 'x');
  const SharedText a = long_text;
  EXPECT_EQ(a.view(), long_text);
  EXPECT_EQ(a.str(), long_text);
  EXPECT_EQ(a.size(), 1000u);
  EXPECT_EQ(std::string(a.c_str()), long_text);  // NUL-terminated
  const SharedText with_nul = std::string_view("a\0b", 3);
  EXPECT_EQ(with_nul.view(), std::string_view("a\0b", 3));
  EXPECT_EQ(a + "!", long_text + "!");
  EXPECT_EQ("!" + a, "!" + long_text);
  std::ostringstream out;
  out << SharedText("model.sdf");
  EXPECT_EQ(out.str(), "model.sdf");
}

TEST(SharedTextTest, EmptyHoldsNothing) {
  const SharedText none;
  const SharedText made_empty = "";
  EXPECT_TRUE(none.empty());
  EXPECT_TRUE(made_empty.empty());
  EXPECT_EQ(none, made_empty);
  EXPECT_STREQ(none.c_str(), "");
  EXPECT_EQ(none.view(), "");
}

TEST(SharedTextTest, CopiesShareAndCompareByText) {
  SharedText a = "/sdf/model[@name=\"m\"]";
  SharedText b = a;
  EXPECT_EQ(a.view().data(), b.view().data());  // one text, shared
  const SharedText c = std::string("/sdf/model[@name=\"m\"]");
  EXPECT_NE(a.view().data(), c.view().data());
  EXPECT_EQ(a, c);
  EXPECT_NE(a, SharedText("/sdf"));
  EXPECT_LT(SharedText("a"), SharedText("b"));
  SharedText moved = std::move(b);
  EXPECT_EQ(moved, a);
  b = moved;  // assigned after a move
  EXPECT_EQ(b, a);
  a = a;  // NOLINT: self-assignment keeps the text
  EXPECT_EQ(a, c);
}

// Copies made and dropped on several threads at once leave the text whole
// (run under a sanitizer, a count that is not atomic shows here).
TEST(SharedTextTest, CopiesMayCrossThreads) {
  const SharedText text = "a location shared by threads";
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&text] {
      for (int i = 0; i < 100000; ++i) {
        SharedText copy = text;
        if (copy.size() != text.size()) std::abort();
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(text, SharedText("a location shared by threads"));
}

}  // namespace
}  // namespace sdfconv
