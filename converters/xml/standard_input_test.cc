#include "converters/xml/standard_input.h"

#include <unistd.h>

#include <string>

#include <gtest/gtest.h>


namespace sdfconv {
namespace {

// Standard input becomes a pipe holding `text` (then its end).
void StdinFrom(const std::string& text) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  ASSERT_EQ(::write(fds[1], text.data(), text.size()),
            static_cast<ssize_t>(text.size()));
  ::close(fds[1]);
  ASSERT_GE(::dup2(fds[0], STDIN_FILENO), 0);
  ::close(fds[0]);
}

// One test: standard input is read once per process.
TEST(StandardInputTest, IsReadOnceAndEveryReadGetsTheSameBytes) {
  StdinFrom("<sdf version=\"1.8\"/>\n");
  Diagnostics diags;
  EXPECT_EQ(StandardInputBytes(1000, &diags), "<sdf version=\"1.8\"/>\n");
  // Emptied pipe: the bytes come from the first read.
  EXPECT_EQ(StandardInputBytes(1000, &diags), "<sdf version=\"1.8\"/>\n");
  EXPECT_EQ(diags.size(), 0u);
  // A tighter bound refuses the same bytes, named <stdin>.
  EXPECT_FALSE(StandardInputBytes(5, &diags));
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags.items()[0].code, Code::kInputLimitExceeded);
  EXPECT_EQ(diags.items()[0].source.file, "<stdin>");
  EXPECT_TRUE(IsStandardInput("<stdin>"));
  EXPECT_FALSE(IsStandardInput("-"));
  EXPECT_FALSE(IsStandardInput("./<stdin>"));
}

}  // namespace
}  // namespace sdfconv
