#include "cli/activity_line.h"

#include <sstream>
#include <thread>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

TEST(ActivityLineTest, FormatsStageCountAndTime) {
  EXPECT_EQ(FormatActivity("w.sdf", {"expanding includes", 1204}, 3.42),
            "sdfconv: w.sdf: expanding includes (1204), 3.4 s");
  EXPECT_EQ(FormatActivity("w.sdf", {"checking frames", 0}, 1.0),
            "sdfconv: w.sdf: checking frames, 1.0 s");
  EXPECT_EQ(FormatActivity("<stdin>", {}, 2.06), "sdfconv: <stdin>: working, 2.1 s");
}

TEST(ActivityLineTest, TheFileNameCannotMoveTheCursor) {
  EXPECT_EQ(FormatActivity("a\r\x1b[2Kb\n.sdf", {}, 1.0),
            "sdfconv: a\\r\\x1b[2Kb\\n.sdf: working, 1.0 s");
}

TEST(ActivityLineTest, DrawsTheCurrentStageAfterTheDelayAndErasesIt) {
  std::ostringstream err;
  ActivityScope stage("resolving poses");
  AdvanceActivity(7);
  {
    ActivityLine line(err, "m.sdf", true, std::chrono::milliseconds(0));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    line.Finish();
    const std::string text = err.str();
    EXPECT_EQ(text.rfind("\r\033[Ksdfconv: m.sdf: resolving poses (7), ", 0),
              0u)
        << text;
    EXPECT_EQ(text.substr(text.size() - 4), "\r\033[K");  // erased
    line.Finish();  // idempotent: nothing more
    EXPECT_EQ(err.str(), text);
  }
}

TEST(ActivityLineTest, DrawsNothingWhenWorkEndsWithinTheDelay) {
  std::ostringstream err;
  {
    ActivityLine line(err, "m.sdf", true, std::chrono::seconds(5));
  }  // the destructor stops it at once
  EXPECT_EQ(err.str(), "");
}

TEST(ActivityLineTest, DrawsNothingOffATerminal) {
  std::ostringstream err;
  ActivityLine line(err, "m.sdf", false, std::chrono::milliseconds(0));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  line.Finish();
  EXPECT_EQ(err.str(), "");
}

}  // namespace
}  // namespace sdfconv
