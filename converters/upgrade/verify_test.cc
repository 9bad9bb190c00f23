// The proof itself: VerifyUpgrade must catch every kind of difference, and
// include stand-ins must let files with includes be read alike on both
// sides. Inputs here are SDFormat 1.7, which today's front end reads.
#include "converters/upgrade/verify.h"

#include <string>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "converters/upgrade/upgrade_test_util.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv::upgrade {
namespace {

using upgrade_test::Sdf;

class VerifyTest : public DiagnosticTest {
 protected:
  bool Verify(const std::string& input, const std::string& output,
              const Correspondence& c = {}) {
    return VerifyUpgrade(input, output, "t.sdf", c, &diags_);
  }
};

std::string Model(const std::string& version, const std::string& link_pose,
                  const std::string& axis) {
  return Sdf(version, R"(  <model name="m">
    <link name="a"/>
    <link name="b"><pose>)" + link_pose + R"(</pose></link>
    <joint name="j" type="revolute">
      <parent>a</parent>
      <child>b</child>
      <axis><xyz>)" + axis + R"(</xyz></axis>
    </joint>
  </model>
)");
}

// The input is read without a copy of its tree, and the tree is given back
// before ReadUpgradeInput returns (the upgrade edits it next): the reading
// keeps each node's parent element, and reaches no node of it any more.
TEST_F(VerifyTest, TheInputTreeIsLentOnlyWhileItIsRead) {
  const std::optional<XmlTree> tree =
      XmlTree::Parse(Model("1.7", "0 0 1 0 0 0", "1 0 0"), "t.sdf", &diags_);
  ASSERT_TRUE(tree.has_value());
  for (const bool included_files : {true, false}) {
    const ProofReading reading = ReadUpgradeInput(*tree, {}, included_files);
    ASSERT_TRUE(reading.doc.has_value());
    ASSERT_EQ(reading.input_parents.size(), tree->size());
    for (NodeId n = 0; n < static_cast<NodeId>(tree->size()); ++n) {
      EXPECT_EQ(reading.input_parents[n], tree->ParentElement(n)) << n;
    }
    const NodeRef link = reading.doc->at(1).node;  // link a
    EXPECT_EQ(tree->Attribute(link.node, "name"), "a");
    EXPECT_FALSE(reading.sources.Element(link));
  }
}

TEST_F(VerifyTest, SameMeaningPasses) {
  EXPECT_TRUE(Verify(Model("1.7", "1 0 0 0 0 0", "0 0 1"),
                     Model("1.8", "1.0 0 0 0 0 0", "0 0 2")));
}

TEST_F(VerifyTest, MovedLinkFails) {
  EXPECT_FALSE(Verify(Model("1.7", "1 0 0 0 0 0", "0 0 1"),
                      Model("1.8", "1 0 1e-6 0 0 0", "0 0 1")));
  // The link and the joint (posed at its child) both moved.
  const Diagnostic d = Take();
  EXPECT_EQ(d.source.line, 4);
  EXPECT_NE(d.message.find("link 'b'"), std::string::npos);
  EXPECT_EQ(Take().source.line, 5);
}

// A file holding a lone light or actor: its pose is compared like a
// model's.
TEST_F(VerifyTest, MovedLoneLightOrActorFails) {
  for (const char* tag : {"light", "actor"}) {
    const auto file = [&](const std::string& version,
                          const std::string& pose) {
      const std::string type = tag == std::string("light") ? " type='spot'" : "";
      return Sdf(version, std::string("  <") + tag + " name=\"s\"" + type +
                              ">\n    <pose>" +
                              pose + "</pose>\n  </" + tag + ">\n");
    };
    EXPECT_TRUE(Verify(file("1.7", "0 0 10 0 0.5 0"),
                       file("1.8", "0 0 10.0 0 0.5 0")));
    EXPECT_FALSE(Verify(file("1.7", "0 0 10 0 0.5 0"),
                        file("1.8", "0 0 10 0 0.5 1e-6")));
    const Diagnostic d = Take();
    EXPECT_EQ(d.code, Code::kUpgradeNotEquivalent);
    EXPECT_NE(d.message.find(std::string(tag) + " 's'"), std::string::npos)
        << d.message;
  }
}

// A link's inertial is compared too: its frame in the world (a legacy
// @frame resolved in the link's scope), its mass and its moments.
TEST_F(VerifyTest, ChangedInertialFails) {
  const auto with = [](const std::string& version, const std::string& pose,
                       const std::string& mass) {
    return Sdf(version, R"(  <model name="m">
    <frame name="F"><pose>1 0 0 0 0 0</pose></frame>
    <link name="a"><inertial>)" + pose + "<mass>" + mass +
                            R"(</mass></inertial></link>
  </model>
)");
  };
  EXPECT_TRUE(Verify(with("1.6", R"(<pose frame="F">0 0 0 0 0 1</pose>)", "2"),
                     with("1.8", "<pose>1 0 0 0 0 1</pose>", "2.0")));
  EXPECT_FALSE(Verify(with("1.6", R"(<pose frame="F">0 0 0 0 0 1</pose>)", "2"),
                      with("1.8", "<pose>1 0 0 0 0 1.5</pose>", "2")));
  EXPECT_NE(TakeError(Code::kUpgradeNotEquivalent).message.find("inertial"),
            std::string::npos);
  EXPECT_FALSE(Verify(with("1.7", "<pose>0 0 0 0 0 1</pose>", "2"),
                      with("1.8", "<pose>0 0 0 0 0 1</pose>", "3")));
  EXPECT_NE(TakeError(Code::kUpgradeNotEquivalent).message.find("mass"),
            std::string::npos);
}

TEST_F(VerifyTest, TurnedAxisFails) {
  EXPECT_FALSE(Verify(Model("1.7", "0 0 0 0 0 0", "0 0 1"),
                      Model("1.8", "0 0 0 0 0 0", "0 1 0")));
  const Diagnostic d = Take();
  EXPECT_NE(d.message.find("axis 1"), std::string::npos);
}

// A default axis counts as much as a written one: in 1.4 it is in the
// model frame, from 1.5 on in the joint frame, so a 1.4 joint turned in its
// model that loses its (absent) <axis> unchanged turns about another axis.
TEST_F(VerifyTest, DefaultAxisOfTheInputVersionIsCompared) {
  const std::string joint = R"(  <model name="m">
    <link name="a"/>
    <link name="b"/>
    <joint name="j" type="revolute">
      <pose>0 0 0 1.5707963267948966 0 0</pose>
      <parent>a</parent>
      <child>b</child>
    </joint>
  </model>
)";
  EXPECT_FALSE(Verify(Sdf("1.4", joint), Sdf("1.8", joint)));
  const Diagnostic d = Take();
  EXPECT_EQ(d.code, Code::kUpgradeNotEquivalent);
  EXPECT_NE(d.message.find("axis 1"), std::string::npos) << d.message;
  EXPECT_TRUE(Verify(Sdf("1.5", joint), Sdf("1.8", joint)));
}

TEST_F(VerifyTest, FlippedJointsMustBeReversed) {
  Correspondence c;
  c.flipped_joints.insert("m::j");
  EXPECT_TRUE(Verify(Model("1.7", "0 0 0 0 0 0", "0 0 1"),
                     Model("1.8", "0 0 0 0 0 0", "0 0 -1"), c));
  EXPECT_FALSE(Verify(Model("1.7", "0 0 0 0 0 0", "0 0 1"),
                      Model("1.8", "0 0 0 0 0 0", "0 0 1"), c));
  Take();
}

TEST_F(VerifyTest, LostElementFails) {
  const std::string output = Sdf("1.8", R"(  <model name="m">
    <link name="a"/>
  </model>
)");
  EXPECT_FALSE(Verify(Sdf("1.7", R"(  <model name="m">
    <link name="a"/>
    <frame name="f"/>
  </model>
)"),
                      output));
  EXPECT_NE(Take().message.find("no counterpart"), std::string::npos);
}

TEST_F(VerifyTest, RenamesAreFollowed) {
  Correspondence c;
  c.renamed[{"frame", "m::f"}] = {"frame", "m::g"};
  EXPECT_TRUE(Verify(Sdf("1.7", "  <model name='m'><link name='a'/><frame name='f'/></model>\n"),
                     Sdf("1.8", "  <model name='m'><link name='a'/><frame name='g'/></model>\n"),
                     c));
}

TEST_F(VerifyTest, InvalidOutputFails) {
  EXPECT_FALSE(Verify(Model("1.7", "0 0 0 0 0 0", "0 0 1"),
                      Sdf("1.8", "  <model name='m'><link name='a'><pose relative_to='x'/></link></model>\n")));
  const Diagnostic d = TakeError(Code::kPoseRelativeToInvalid);
  EXPECT_NE(d.message.find("upgraded SDFormat 1.8 (not written)"),
            std::string::npos);
  EXPECT_EQ(d.source.line, 0);  // the line is in the output, not the input
}

TEST_F(VerifyTest, InvalidInputFails) {
  EXPECT_FALSE(Verify(Sdf("1.7", "  <model name='m'><link name='a'><pose relative_to='x'/></link></model>\n"),
                      Model("1.8", "0 0 0 0 0 0", "0 0 1")));
  TakeError(Code::kPoseRelativeToInvalid);
}

// A reading that failed without saying why gets its own code (it was
// VERSION_UNSUPPORTED, which says something untrue).
TEST_F(VerifyTest, UnreadableInputHasItsOwnCode) {
  ProofReading unread;
  unread.fatal = true;
  EXPECT_FALSE(VerifyUpgrade(unread, Model("1.8", "0 0 0 0 0 0", "0 0 1"),
                             "t.sdf", {}, &diags_));
  const Diagnostic d = TakeError(Code::kUpgradeInputUnreadable);
  EXPECT_EQ(d.source.file, "t.sdf");
  EXPECT_NE(d.message.find("cannot be verified"), std::string::npos);
}

}  // namespace
}  // namespace sdfconv::upgrade
