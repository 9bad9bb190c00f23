#include "converters/sdf/schema_gen/table_writer.h"

#include <string>

#include <gtest/gtest.h>

namespace sdfconv::schema_gen {
namespace {

// A version with a root <sdf> holding one <pose> child.
DescriptionSet OneVersion(const std::string& type, const std::string& required) {
  DescVersion v;
  v.version = "9.1";
  DescElement sdf;
  sdf.name = "sdf";
  sdf.required = "1";
  sdf.attributes.push_back({"version", "string", true, "9.1", {}, {}});
  sdf.children.push_back({1, required});
  DescElement pose;
  pose.name = "pose";
  pose.type = type;
  pose.required = "0";
  pose.default_value = "0 0 0 0 0 0";
  pose.source = "pose.sdf:1";
  v.elements = {sdf, pose};
  DescriptionSet set;
  set.versions.push_back(v);
  set.missing_includes.push_back("9.1/x.sdf:3: y.sdf");
  return set;
}

TEST(TableWriter, WritesOneTablePerVersion) {
  std::string source;
  EXPECT_TRUE(WriteSchemaTable(OneVersion("pose", "*"), &source).empty());
  for (const char* part : {
           "// Not installed, left out: 9.1/x.sdf:3: y.sdf",
           "extern const char kSchemaText[] =",
           "    \"sdf\" \"\\0\"  // 0\n",
           "    \"version\" \"\\0\"  // 4\n",
           "    \"9.1\" \"\\0\"  // 12\n",
           "    \"pose\" \"\\0\"  // 16\n",
           "    \"0 0 0 0 0 0\" \"\\0\"  // 21\n",
           "constexpr SchemaElement kElements_9_1[] = {",
           "{S(0), T::kNone, true, false, S(), S(), S(), 0, 1, 0, 1},  // sdf",
           "{S(16), T::kPose, false, false, S(21), S(), S(), 1, 0, 1, 0},  // "
           "pose, pose.sdf:1",
           "{S(4), T::kString, true, S(12), S(), S()},  // version",
           "{1, O::kAny},",
           "{\"9.1\", 0, kElements_9_1,",
           "const size_t kSchemaVersionCount = 1;",
       }) {
    EXPECT_NE(source.find(part), std::string::npos) << part << "\n" << source;
  }
}

TEST(TableWriter, UnknownTypesAndRequiredAreErrors) {
  std::string source;
  const std::vector<std::string> errors =
      WriteSchemaTable(OneVersion("quaternion", "2"), &source);
  ASSERT_EQ(errors.size(), 2u);
  // In definition order: <sdf>'s child, then <pose>'s type.
  EXPECT_NE(errors[0].find("required '2'"), std::string::npos);
  EXPECT_NE(errors[1].find("quaternion"), std::string::npos);
}

TEST(TableWriter, CppLiteral) {
  EXPECT_EQ(CppLiteral("plain"), "\"plain\"");
  EXPECT_EQ(CppLiteral("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(CppLiteral("x\ny"), "\"x\\012y\"");
  EXPECT_EQ(CppLiteral("\xc3\xa9"), "\"\\303\\251\"");
}

}  // namespace
}  // namespace sdfconv::schema_gen
