#include "converters/urdf/urdfdom_functions.h"

#include <gtest/gtest.h>

#include <string>

namespace sdfconv {
namespace {

// This test links urdfdom, so the library the table opens is the one
// already loaded: each pointer, found by its mangled name, must be the
// function itself (a wrong name or signature fails here).
TEST(UrdfdomFunctionsTest, EveryPointerIsUrdfdomsOwnFunction) {
  std::string error;
  const UrdfdomFunctions* f = Urdfdom(&error);
  ASSERT_NE(f, nullptr) << error;
  EXPECT_EQ(error, "");
  EXPECT_EQ(f->parse_urdf, &urdf::parseURDF);
  EXPECT_EQ(f->get_log_level, &console_bridge::getLogLevel);
  EXPECT_EQ(f->set_log_level, &console_bridge::setLogLevel);
  EXPECT_EQ(f->use_output_handler, &console_bridge::useOutputHandler);
  EXPECT_EQ(f->restore_previous_output_handler,
            &console_bridge::restorePreviousOutputHandler);
  EXPECT_EQ(Urdfdom(), f);  // one table
}

TEST(UrdfdomFunctionsTest, ParsesThroughTheTable) {
  const UrdfdomFunctions* f = Urdfdom();
  ASSERT_NE(f, nullptr);
  const urdf::ModelInterfaceSharedPtr model =
      f->parse_urdf("<robot name='r'><link name='a'/></robot>");
  ASSERT_NE(model, nullptr);
  EXPECT_EQ(model->getName(), "r");
  EXPECT_EQ(model->getRoot()->name, "a");
}

}  // namespace
}  // namespace sdfconv
