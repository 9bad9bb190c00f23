#include "converters/sdf/schema_gen/delta.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace sdfconv::schema_gen {
namespace {

TEST(Delta, ReadsEveryVerb) {
  const DeltaParse p = ParseDelta(R"(# a comment
version 9.2 from 9.1

  # an indented comment
add model/link/mass required=0 type=double default="1.5" min=0 max=10
add model/gear required=* is=model/link   # a trailing comment
add model/twin required=0 like=model/link
add model/link@color type=color required=0 default="0 0 0 1"
remove model/static
rename model/link part
set model/link/mass required=-1 default=""
set @version default=9.2
)",
                                  "9.2.txt");
  for (const std::string& e : p.errors) ADD_FAILURE() << e;
  EXPECT_EQ(p.delta.file, "9.2.txt");
  EXPECT_EQ(p.delta.version, "9.2");
  EXPECT_EQ(p.delta.base, "9.1");
  ASSERT_EQ(p.delta.ops.size(), 8u);

  const DeltaOp& add = p.delta.ops[0];
  EXPECT_EQ(add.verb, DeltaVerb::kAdd);
  EXPECT_EQ(add.target.path, (std::vector<std::string>{"model", "link", "mass"}));
  EXPECT_FALSE(add.target.attribute.has_value());
  EXPECT_EQ(add.fields.at("default"), "1.5");
  EXPECT_EQ(add.fields.at("max"), "10");
  EXPECT_EQ(add.where, "9.2.txt:5");

  EXPECT_EQ(p.delta.ops[1].other, (std::vector<std::string>{"model", "link"}));
  EXPECT_EQ(p.delta.ops[1].fields.count("is"), 1u);
  EXPECT_EQ(p.delta.ops[2].other, (std::vector<std::string>{"model", "link"}));

  const DeltaOp& attribute = p.delta.ops[3];
  EXPECT_EQ(attribute.target.attribute, "color");
  EXPECT_EQ(attribute.fields.at("default"), "0 0 0 1");

  EXPECT_EQ(p.delta.ops[4].verb, DeltaVerb::kRemove);
  EXPECT_EQ(p.delta.ops[5].verb, DeltaVerb::kRename);
  EXPECT_EQ(p.delta.ops[5].new_name, "part");
  EXPECT_EQ(p.delta.ops[6].fields.at("default"), "");  // "" is empty

  const DeltaOp& root = p.delta.ops[7];
  EXPECT_TRUE(root.target.path.empty());
  EXPECT_EQ(root.target.attribute, "version");
  EXPECT_EQ(root.where, "9.2.txt:12");
}

// The one error `line` gives after a version statement on line 1, which
// must name line 2.
std::string ErrorOf(const std::string& line) {
  const DeltaParse p = ParseDelta("version 9.2 from 9.1\n" + line + "\n", "d.txt");
  if (p.errors.size() != 1) {
    return "expected one error, got " + std::to_string(p.errors.size());
  }
  EXPECT_EQ(p.errors[0].rfind("d.txt:2: ", 0), 0u) << p.errors[0];
  EXPECT_TRUE(p.delta.ops.empty());
  return p.errors[0];
}

TEST(Delta, EveryMalformedLineIsAnErrorAtItsLine) {
  for (const char* bad : {
           "append model/x required=0",                  // unknown verb
           "add",                                        // no path
           "add model//x required=0",                    // empty name
           "add model/x",                                // no required
           "add model/x required=2",                     // not a required
           "add model/x required=0 type=double",         // type without default
           "add model/x required=0 default=1",           // default without type
           "add model/x required=0 min=0",               // bound without type
           "add model/x required=0 is=a like=b",         // both
           "add model/x required=0 is=a type=int default=1",
           "add model/x required=0 is=a@b",              // is= an attribute
           "add model/x required=0 colour=red",          // unknown key
           "add model/x required=0 required=1",          // key twice
           "add model/x required=0 stray",               // not key=value
           "add model/x required=0 default=\"a b",       // unterminated quote
           "add model/x required=0 type=string default=a\"b\"",  // stray quote
           "add model@a type=int required=0",            // attribute: no default
           "add model@a type=int required=* default=0",  // attribute: 0 or 1
           "remove @",                                   // no attribute name
           "remove model/x required=0",                  // remove takes no fields
           "rename model/x",                             // no new name
           "rename model/x a/b",                         // not a name
           "set model/x",                                // nothing to set
           "set model/x required=2",
           "set model@a required=*",
           "version 9.3 from 9.2",                       // a second version
       }) {
    const std::string error = ErrorOf(bad);
    EXPECT_NE(error.find("d.txt:2"), std::string::npos) << bad << ": " << error;
  }
}

TEST(Delta, TheVersionStatementComesFirstAndOnce) {
  DeltaParse p = ParseDelta("add model/x required=0\n", "d.txt");
  ASSERT_EQ(p.errors.size(), 2u);
  EXPECT_EQ(p.errors[0].rfind("d.txt:1: ", 0), 0u) << p.errors[0];
  EXPECT_NE(p.errors[1].find("no `version"), std::string::npos) << p.errors[1];

  p = ParseDelta("version 9.2\n", "d.txt");
  ASSERT_EQ(p.errors.size(), 2u);  // malformed, so none was read
  EXPECT_EQ(p.errors[0].rfind("d.txt:1: ", 0), 0u);
}

TEST(Delta, EveryErrorIsReportedNotOnlyTheFirst) {
  const DeltaParse p = ParseDelta(
      "version 9.2 from 9.1\nadd a\nadd b/c required=0\nset d\n", "d.txt");
  ASSERT_EQ(p.errors.size(), 2u);
  EXPECT_EQ(p.errors[0].rfind("d.txt:2: ", 0), 0u);
  EXPECT_EQ(p.errors[1].rfind("d.txt:4: ", 0), 0u);
  EXPECT_EQ(p.delta.ops.size(), 1u);
}

TEST(Delta, DescribeTarget) {
  EXPECT_EQ(DescribeTarget({{"model", "joint"}, "name"}), "model/joint@name");
  EXPECT_EQ(DescribeTarget({{}, "version"}), "@version");
  EXPECT_EQ(DescribeTarget({{}, std::nullopt}), "(root)");
}

}  // namespace
}  // namespace sdfconv::schema_gen
