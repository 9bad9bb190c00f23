#include <gtest/gtest.h>
#include <Eigen/Geometry>
#include <libxml/parser.h>
#include <spdlog/spdlog.h>
#include <urdf_parser/urdf_parser.h>
TEST(Smoke, Links) { EXPECT_EQ(Eigen::Vector3d(1,0,0).norm(), 1.0); xmlCheckVersion(LIBXML_VERSION); spdlog::info("hi"); EXPECT_FALSE(urdf::parseURDF("<robot/>")); }
