#include "cli/progress_line.h"

#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

size_t Count(const std::string& text, const std::string& part) {
  size_t n = 0;
  for (size_t at = text.find(part); at != std::string::npos;
       at = text.find(part, at + 1)) {
    ++n;
  }
  return n;
}

TEST(ProgressLineTest, Format) {
  EXPECT_EQ(FormatProgress(120, 4000, 35.24, 0),
            "upgrade: 120/4000 files, 35.2 files/s");
  EXPECT_EQ(FormatProgress(3, 4, 1.0, 2),
            "upgrade: 3/4 files, 1.0 files/s, 2 failed");
}

// Not a terminal: the text of each file, and no line at all.
TEST(ProgressLineTest, WithoutDrawingOnlyTextIsPrinted) {
  std::ostringstream err;
  ProgressLine progress(err, 2, false);
  progress.FileDone(false, "");
  progress.FileDone(true, "b.sdf:1: error[XML_SYNTAX_ERROR]: x\n");
  progress.Finish();
  EXPECT_EQ(err.str(), "b.sdf:1: error[XML_SYNTAX_ERROR]: x\n");
}

// On a terminal: the line is drawn at once, redrawn in place with '\r',
// text goes above it, the last file always shows, Finish erases it.
TEST(ProgressLineTest, DrawsRedrawsAndErases) {
  std::ostringstream err;
  ProgressLine progress(err, 2, true);
  EXPECT_NE(err.str().find("\r\033[Kupgrade: 0/2 files"), std::string::npos);
  progress.FileDone(true, "a.sdf: error: boom\n");
  progress.FileDone(false, "");
  progress.Finish();
  const std::string text = err.str();
  EXPECT_NE(text.find("\r\033[Ka.sdf: error: boom\n"), std::string::npos);
  EXPECT_NE(text.find("upgrade: 2/2 files"), std::string::npos);
  EXPECT_NE(text.find(", 1 failed"), std::string::npos);
  EXPECT_EQ(text.substr(text.size() - 4), "\r\033[K");
  EXPECT_EQ(text.find('\n', text.find("boom\n") + 5), std::string::npos)
      << "the progress line never ends a line";
}

TEST(ProgressLineTest, ConcurrentFilesKeepTheirTextWhole) {
  std::ostringstream err;
  ProgressLine progress(err, 400, false);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&progress] {
      for (int i = 0; i < 100; ++i) progress.FileDone(false, "one whole line\n");
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(Count(err.str(), "one whole line\n"), 400u);
  EXPECT_EQ(err.str().size(), 400 * std::string("one whole line\n").size());
}

}  // namespace
}  // namespace sdfconv
