#include "converters/sdf/schema_values.h"

#include <string>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

using T = ValueType;

bool Ok(ValueType type, const std::string& text, bool required = false,
        const char* min = nullptr, const char* max = nullptr) {
  return !ValueProblem(type, text, required, min, max).has_value();
}

TEST(SchemaValues, String) {
  EXPECT_TRUE(Ok(T::kString, "anything at all"));
  EXPECT_TRUE(Ok(T::kString, ""));
  EXPECT_FALSE(Ok(T::kString, "", /*required=*/true));
  EXPECT_FALSE(Ok(T::kString, " \n ", /*required=*/true));
  EXPECT_TRUE(Ok(T::kNone, "ignored"));
}

TEST(SchemaValues, Bool) {
  for (const char* good : {"true", "FALSE", " 1 ", "0", "True"}) {
    EXPECT_TRUE(Ok(T::kBool, good)) << good;
  }
  for (const char* bad : {"yes", "2", "t", "true false"}) {
    EXPECT_FALSE(Ok(T::kBool, bad)) << bad;
  }
}

TEST(SchemaValues, Int) {
  for (const char* good : {"0", "-1", "+7", " 42 ", "2147483647",
                           "-2147483648", "0xAB", "0XFF"}) {
    EXPECT_TRUE(Ok(T::kInt, good)) << good;
  }
  // Stricter than libsdformat, which reads the longest prefix: "1.5" is 1
  // there.
  for (const char* bad : {"1.5", "1x", "abc", "2147483648", "1e2", "0x",
                          "0xG", "1 2"}) {
    EXPECT_FALSE(Ok(T::kInt, bad)) << bad;
  }
}

TEST(SchemaValues, UnsignedInt) {
  for (const char* good : {"0", "4294967295", "0xffff", "+3"}) {
    EXPECT_TRUE(Ok(T::kUnsignedInt, good)) << good;
  }
  // libsdformat wraps -1 to 4294967295; here it is not an unsigned int.
  for (const char* bad : {"-1", "4294967296", "0x100000000", "1.0"}) {
    EXPECT_FALSE(Ok(T::kUnsignedInt, bad)) << bad;
  }
}

TEST(SchemaValues, DoubleAndFloat) {
  for (const char* good : {"1", "-0.5", ".5", "1e-3", "inf", "-inf",
                           "Infinity", " +INF "}) {
    EXPECT_TRUE(Ok(T::kDouble, good)) << good;
  }
  for (const char* bad : {"nan", "1.5x", "0x10", "1 2", "abc", "1e400", "--1"}) {
    EXPECT_FALSE(Ok(T::kDouble, bad)) << bad;
  }
  EXPECT_TRUE(Ok(T::kFloat, "3.4e38"));
  EXPECT_FALSE(Ok(T::kFloat, "3.5e38"));  // above FLT_MAX
  EXPECT_TRUE(Ok(T::kFloat, "-inf"));
  EXPECT_FALSE(Ok(T::kFloat, "1e50"));
}

TEST(SchemaValues, Bounds) {
  EXPECT_TRUE(Ok(T::kDouble, "0.5", false, "0.0", "1.0"));
  EXPECT_TRUE(Ok(T::kDouble, "0", false, "0.0", "1.0"));
  EXPECT_TRUE(Ok(T::kDouble, "1", false, "0.0", "1.0"));
  EXPECT_EQ(ValueProblem(T::kDouble, "3", false, "0.0", "1.0"),
            "above the maximum 1.0");
  EXPECT_EQ(ValueProblem(T::kDouble, "-1e-9", false, "0.0", nullptr),
            "below the minimum 0.0");
  EXPECT_FALSE(Ok(T::kDouble, "inf", false, nullptr, "6.28"));
  EXPECT_FALSE(Ok(T::kInt, "3", false, "4", "2048"));
  EXPECT_TRUE(Ok(T::kInt, "2048", false, "4", "2048"));
  // Vectors are not bounded (libsdformat does not compare them).
  EXPECT_TRUE(Ok(T::kVector2d, "-1 -1", false, "0 0", nullptr));
}

TEST(SchemaValues, Time) {
  for (const char* good : {"1 2", " -1   5 ", "0 2000000000"}) {
    EXPECT_TRUE(Ok(T::kTime, good)) << good;
  }
  for (const char* bad : {"1", "1.5", "1.5 2", "1 2 3", "a b", "1 3000000000"}) {
    EXPECT_FALSE(Ok(T::kTime, bad)) << bad;
  }
}

TEST(SchemaValues, Vectors) {
  EXPECT_TRUE(Ok(T::kVector2d, "1 2"));
  EXPECT_FALSE(Ok(T::kVector2d, "1"));
  EXPECT_FALSE(Ok(T::kVector2d, "1 2 3"));
  EXPECT_TRUE(Ok(T::kVector3, "0 0 -9.8"));
  EXPECT_FALSE(Ok(T::kVector3, "0 1 bad"));
  EXPECT_FALSE(Ok(T::kVector3, "1 1"));
  // libsdformat ignores what follows the numbers it needs; sdfconv does not.
  EXPECT_FALSE(Ok(T::kVector3, "1 1 1 1"));
  EXPECT_FALSE(Ok(T::kVector3, "inf 0 0"));
}

TEST(SchemaValues, Pose) {
  EXPECT_TRUE(Ok(T::kPose, "1 2 3 0 0 1.57"));
  EXPECT_TRUE(Ok(T::kPose, ""));  // the identity
  for (const char* bad : {"1 2 3 4 5", "1 2 3 4 5 6 7", "1 2 3 4 5 x"}) {
    EXPECT_FALSE(Ok(T::kPose, bad)) << bad;
  }
}

TEST(SchemaValues, Color) {
  EXPECT_TRUE(Ok(T::kColor, "1 0 0 1"));
  EXPECT_TRUE(Ok(T::kColor, "1 0 0"));  // alpha defaults to 1
  EXPECT_TRUE(Ok(T::kColor, "0.1 0.2 0.3 0.4"));
  EXPECT_EQ(ValueProblem(T::kColor, "1.5 0 0 1", false, nullptr, nullptr),
            "a color component is outside [0, 1]");
  EXPECT_FALSE(Ok(T::kColor, "0.1 0.2 -1"));
  EXPECT_FALSE(Ok(T::kColor, "0 0.1"));
  EXPECT_FALSE(Ok(T::kColor, "0.1 0.2 0.3 0.4 0.5"));
  EXPECT_FALSE(Ok(T::kColor, "1,0,0,1"));
}

TEST(SchemaValues, EmptyIsTheDefaultUnlessRequired) {
  for (ValueType t : {T::kBool, T::kInt, T::kDouble, T::kVector3, T::kColor,
                      T::kTime}) {
    EXPECT_TRUE(Ok(t, "")) << ValueTypeName(t);
    EXPECT_TRUE(Ok(t, "  \t")) << ValueTypeName(t);
    EXPECT_EQ(ValueProblem(t, "", true, nullptr, nullptr),
              "is empty, and a value is required")
        << ValueTypeName(t);
  }
}

TEST(SchemaValues, QuaternionPoseIsSevenNumbers) {
  EXPECT_EQ(QuaternionPoseProblem("1 2 3 0 0 0.7071068 0.7071068", false),
            std::nullopt);
  EXPECT_EQ(QuaternionPoseProblem(" 0 0 0\n0 0 0 0 ", false), std::nullopt);
  EXPECT_EQ(QuaternionPoseProblem("", false), std::nullopt);
  EXPECT_EQ(QuaternionPoseProblem("", true), "is empty, and a value is required");
  EXPECT_EQ(QuaternionPoseProblem("1 2 3 0 0 0", false),
            "expected 7 numbers (x y z qx qy qz qw)");
  EXPECT_NE(QuaternionPoseProblem("1 2 3 0 0 0 1 0", false), std::nullopt);
  EXPECT_NE(QuaternionPoseProblem("1 2 3 0 0 0 w", false), std::nullopt);
}

}  // namespace
}  // namespace sdfconv
