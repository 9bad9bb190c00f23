#include "core/activity.h"

#include <string>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

TEST(ActivityTest, ScopesNestAndGiveBackTheEnclosingStageAndCount) {
  EXPECT_EQ(CurrentActivity().stage, nullptr);
  {
    ActivityScope outer("reading");
    AdvanceActivity();
    AdvanceActivity(2);
    EXPECT_EQ(std::string(CurrentActivity().stage), "reading");
    EXPECT_EQ(CurrentActivity().done, 3u);
    {
      ActivityScope inner("expanding includes");
      EXPECT_EQ(std::string(CurrentActivity().stage), "expanding includes");
      EXPECT_EQ(CurrentActivity().done, 0u);
      AdvanceActivity();
      EXPECT_EQ(CurrentActivity().done, 1u);
    }
    EXPECT_EQ(std::string(CurrentActivity().stage), "reading");
    EXPECT_EQ(CurrentActivity().done, 3u);
  }
  EXPECT_EQ(CurrentActivity().stage, nullptr);
  EXPECT_EQ(CurrentActivity().done, 0u);
}

}  // namespace
}  // namespace sdfconv
