// The engine of WriteSdfVersion (version_write.h): which versions it
// writes, that a file written as its own version stays as written, that
// the proof reads the output to the letter of its version, how renames and
// drops of consecutive steps compose, merge-includes below 1.9, and the
// model.config entries. The steps themselves have their own tests.
#include "converters/upgrade/version_write.h"

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "converters/upgrade/upgrade_test_util.h"
#include "converters/upgrade/verify.h"

namespace sdfconv {
namespace {

using upgrade_test::Sdf;

class VersionWriteTest : public DiagnosticTest {
 protected:
  std::string Write(const std::string& input, const std::string& version,
                    const std::string& path = "t.sdf") {
    VersionWriteOptions options;
    options.version = version;
    last_ = WriteSdfVersion(input, path, options);
    diags_.Append(last_.diagnostics);
    return last_.output;
  }
  UpgradeResult last_;
};

TEST(VersionWrite, WritableVersions) {
  for (const char* v : {"1.4", "1.5", "1.6", "1.7", "1.8", "1.9", "1.10",
                        "1.11", "1.12"}) {
    EXPECT_TRUE(IsWritableSdfVersion(v)) << v;
  }
  for (const char* v : {"1.3", "1.2", "1.13", "2.0", "1.08", "1.1O", "", "1"}) {
    EXPECT_FALSE(IsWritableSdfVersion(v)) << v;
  }
}

TEST_F(VersionWriteTest, UnknownVersionIsRefused) {
  EXPECT_EQ(Write(Sdf("1.8", "<model name='m'><link name='l'/></model>\n"),
                  "1.3"),
            "");
  EXPECT_NE(TakeError(Code::kVersionUnsupported).message.find("1.4 to 1.12"),
            std::string::npos);
}

// A file asked for in its own version is the file, byte for byte, below
// 1.8 too (the upgrade would rewrite a 1.6 file as 1.8).
TEST_F(VersionWriteTest, OwnVersionIsKeptAsWritten) {
  const std::string v16 = Sdf("1.6", R"(  <!-- kept -->
  <model name="m">
    <link name="a"><pose frame="">0 0 1.0 0 0 0</pose></link>
    <joint name="j" type="revolute"><parent>world</parent><child>a</child>
      <axis><xyz>1 0 0</xyz><use_parent_model_frame>1</use_parent_model_frame></axis>
    </joint>
  </model>
)");
  EXPECT_EQ(Write(v16, "1.6"), v16);
  EXPECT_FALSE(last_.changed);
  const std::string v11 =
      Sdf("1.11", "  <model name='m'><link name='l'/></model>\n");
  EXPECT_EQ(Write(v11, "1.11"), v11);
}

// A 1.6 file using 1.7's `relative_to` (as real ones do) asked for as 1.6
// is written to the letter of 1.6: the pose in the model frame.
TEST_F(VersionWriteTest, OwnVersionWithALaterFeatureIsRewritten) {
  const std::string v16 = Sdf("1.6", R"(  <model name="m">
    <link name="a"><pose>0 0 1 0 0 0</pose></link>
    <link name="b"><pose relative_to="a">1 0 0 0 0 0</pose></link>
  </model>
)");
  const std::string out = Write(v16, "1.6");
  ASSERT_TRUE(last_.ok()) << DescribeRemaining();
  EXPECT_NE(out.find("<link name=\"b\"><pose>1 0 1 0 0 0</pose></link>"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("relative_to"), std::string::npos) << out;
  while (Remaining() > 0) TakeWarning(Code::kLaterVersionFeature);
}

// The proof of a written version reads it to the letter of that version:
// a 1.8 text relabelled 1.6 keeps its `relative_to`, which 1.6 does not
// have, so the link is elsewhere in 1.6 and the proof says so.
TEST_F(VersionWriteTest, ProofReadsTheOutputToTheLetter) {
  const auto file = [](const std::string& version) {
    return Sdf(version, R"(  <model name="m">
    <link name="a"><pose>0 0 1 0 0 0</pose></link>
    <link name="b"><pose relative_to="a">1 0 0 0 0 0</pose></link>
  </model>
)");
  };
  const std::string input = file("1.8");
  Diagnostics parse;
  const std::optional<XmlTree> tree = XmlTree::Parse(input, "t.sdf", &parse);
  ASSERT_TRUE(tree);
  const upgrade::ProofReading reading =
      upgrade::ReadUpgradeInput(*tree, {}, true);
  // Read as libsdformat would (later features honoured), it is the same...
  EXPECT_TRUE(upgrade::VerifyUpgrade(reading, file("1.6"), "t.sdf", {},
                                     &diags_));
  // ...but not to the letter of 1.6: link b is 1 m lower.
  EXPECT_FALSE(upgrade::VerifyUpgrade(reading, file("1.6"), "t.sdf", {},
                                      &diags_, {}, "1.6"));
  const Diagnostic d = TakeError(Code::kUpgradeNotEquivalent);
  EXPECT_EQ(d.source.line, 4);
  EXPECT_NE(d.message.find("the conversion would change the meaning"),
            std::string::npos)
      << d.message;
}

// An unknown element (a typo) is kept as written: the proof reads the
// output to the letter of its version without making it an error (the
// input's warning is the reading's to say, not the conversion's).
TEST_F(VersionWriteTest, AnUnknownElementIsKeptAsWritten) {
  const std::string input = Sdf("1.8", R"(  <model name="m">
    <link name="a"><visul name="v"/></link>
  </model>
)");
  const std::string out = Write(input, "1.6");
  ASSERT_TRUE(last_.ok()) << DescribeRemaining();
  EXPECT_NE(out.find("<visul name=\"v\"/>"), std::string::npos) << out;
}

TEST(VersionWrite, ComposeFollowsRenamesAndDrops) {
  using Key = std::pair<std::string, std::string>;
  upgrade::Correspondence first;
  first.renamed[Key{"link", "m::a"}] = Key{"link", "m::b"};
  first.renamed[Key{"frame", "m::f"}] = Key{"link", "m::f"};
  first.flipped_joints.insert("m::j");
  first.dropped.insert(Key{"frame", "m::gone"});
  upgrade::Correspondence second;
  second.renamed[Key{"link", "m::b"}] = Key{"link", "m::c"};
  second.renamed[Key{"joint", "m::j"}] = Key{"joint", "j2"};
  second.renamed[Key{"link", "m::x"}] = Key{"link", "m::y"};
  second.dropped.insert(Key{"link", "m::f"});
  const upgrade::Correspondence c = upgrade::Compose(first, second);
  // a -> b -> c; x kept its name through the first, renamed by the second.
  EXPECT_EQ(c.renamed.at(Key{"link", "m::a"}), (Key{"link", "m::c"}));
  EXPECT_EQ(c.renamed.at(Key{"link", "m::x"}), (Key{"link", "m::y"}));
  EXPECT_EQ(c.renamed.at(Key{"joint", "m::j"}), (Key{"joint", "j2"}));
  // The frame that became a link, then dropped; the one dropped first.
  EXPECT_EQ(c.dropped.count(Key{"frame", "m::f"}), 1u);
  EXPECT_EQ(c.dropped.count(Key{"frame", "m::gone"}), 1u);
  EXPECT_EQ(c.renamed.count(Key{"frame", "m::f"}), 0u);
  // b was only a name in the middle: nothing of the input is called that.
  EXPECT_EQ(c.renamed.count(Key{"link", "m::b"}), 0u);
  // The flipped joint under its final name.
  EXPECT_EQ(c.flipped_joints, (std::set<std::string>{"j2"}));
}

// Below 1.9 a merge-include has no form: with its file at hand, every
// include is expanded (and said); without it, the file is refused.
TEST_F(VersionWriteTest, MergeIncludeBelow1_9) {
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / "merge_below_1_9";
  std::filesystem::create_directories(dir / "part");
  std::ofstream(dir / "part" / "model.config")
      << "<model><name>part</name><sdf version='1.9'>model.sdf</sdf></model>\n";
  std::ofstream(dir / "part" / "model.sdf") << Sdf("1.9", R"(  <model name="part">
    <link name="p"><pose>0 0 1 0 0 0</pose></link>
  </model>
)");
  const std::string input = Sdf("1.9", R"(  <model name="m">
    <link name="base"/>
    <include merge="true"><uri>part</uri><pose>1 0 0 0 0 0</pose></include>
  </model>
)");
  const std::string out = Write(input, "1.8", (dir / "m.sdf").string());
  ASSERT_TRUE(last_.ok()) << DescribeRemaining();
  EXPECT_EQ(out.find("<include"), std::string::npos) << out;
  EXPECT_NE(out.find("<link name=\"p\">"), std::string::npos) << out;
  EXPECT_NE(out.find("version='1.8'"), std::string::npos) << out;
  TakeWarning(Code::kVersionConstructRewritten);

  EXPECT_EQ(Write(input, "1.8", (dir / "elsewhere" / "m.sdf").string()), "");
  const Diagnostic d = TakeError(Code::kVersionConstructUnsupported);
  EXPECT_NE(d.message.find("merge-include"), std::string::npos);
  EXPECT_NE(d.message.find("SDFormat 1.8"), std::string::npos);
  EXPECT_EQ(TakeError(Code::kIncludeUriUnresolved).source.line, 4);
}

}  // namespace
}  // namespace sdfconv
