// The mapping of links and joints (docs/urdf.md, "Links and joints"), one
// rule per test, on inline URDF snippets.
#include "converters/urdf/urdf_to_sdf.h"

#include <string>

#include <gtest/gtest.h>

#include "converters/registry.h"
#include "converters/urdf/urdf_front_end.h"
#include "converters/urdf/urdf_snippet_test_util.h"
#include "converters/urdf/urdfdom_parse.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

constexpr char kInertial[] =
    R"(<inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>)";

// A link with mass, and `extra` inside.
std::string Link(const std::string& name, const std::string& extra = "") {
  return "<link name=\"" + name + "\">" + kInertial + extra + "</link>\n";
}

std::string Joint(const std::string& name, const std::string& type,
                  const std::string& parent, const std::string& child,
                  const std::string& extra = "") {
  return "<joint name=\"" + name + "\" type=\"" + type + "\"><parent link=\"" +
         parent + "\"/><child link=\"" + child + "\"/>" + extra +
         "</joint>\n";
}

constexpr char kLimit[] =
    R"(<limit lower="-1" upper="2" effort="3" velocity="4"/>)";

using UrdfToSdfTest = UrdfSnippetTest;

TEST(UrdfFrontEnd, AcceptsEveryRobotWhateverItsVersion) {
  const UrdfFrontEnd urdf;
  EXPECT_EQ(urdf.name(), "urdf");
  EXPECT_TRUE(urdf.Accepts("robot", ""));
  EXPECT_TRUE(urdf.Accepts("robot", "1.0"));  // urdfdom decides
  EXPECT_FALSE(urdf.Accepts("sdf", "1.8"));
}

TEST_F(UrdfToSdfTest, JointIsPosedRelativeToItsParentWithTheOriginAsWritten) {
  ASSERT_TRUE(Convert(Link("a") + Link("b") +
                      Joint("j", "revolute", "a", "b",
                            R"(<origin xyz="1 0 .5" rpy="0 0 1.5708"/>)" +
                                std::string(kLimit))));
  EXPECT_EQ(Text({"model", "joint@j", "pose"}), "1 0 .5 0 0 1.5708");
  EXPECT_EQ(Attr({"model", "joint@j", "pose"}, "relative_to"), "a");
  EXPECT_EQ(Text({"model", "joint@j", "parent"}), "a");
  EXPECT_EQ(Text({"model", "joint@j", "child"}), "b");
  EXPECT_EQ(Text({"model", "link@b", "pose"}), "");
  EXPECT_EQ(Attr({"model", "link@b", "pose"}, "relative_to"), "j");
  EXPECT_FALSE(Has({"model", "link@a", "pose"}));
  EXPECT_EQ(Attr({"model"}, "canonical_link"), "a");
  EXPECT_EQ(Attr({}, "version"), "1.8");
}

TEST_F(UrdfToSdfTest, MissingOriginAttributesReadAsZero) {
  ASSERT_TRUE(Convert(Link("a") + Link("b") + Link("c") +
                      Joint("j", "fixed", "a", "b", R"(<origin rpy="0 1 0"/>)") +
                      Joint("k", "fixed", "b", "c")));
  EXPECT_EQ(Text({"model", "joint@j", "pose"}), "0 0 0 0 1 0");
  EXPECT_EQ(Text({"model", "joint@k", "pose"}), "");
  EXPECT_EQ(Attr({"model", "joint@k", "pose"}, "relative_to"), "b");
}

TEST_F(UrdfToSdfTest, RootLinkNamedWorldIsTheWorld) {
  ASSERT_TRUE(Convert("<link name=\"world\"/>" + Link("base") +
                      Joint("fix", "fixed", "world", "base",
                            R"(<origin xyz="0 0 1"/>)")));
  EXPECT_FALSE(Has({"model", "link@world"}));
  EXPECT_EQ(Text({"model", "joint@fix", "parent"}), "world");
  EXPECT_EQ(Attr({"model", "joint@fix", "pose"}, "relative_to"), "__model__");
  EXPECT_EQ(Attr({"model"}, "canonical_link"), std::nullopt);
}

TEST_F(UrdfToSdfTest, MasslessLinkOnAFixedJointIsAFrame) {
  ASSERT_TRUE(Convert(
      Link("a") + R"(<link name="tool0"><visual><geometry><box size="1 1 1"/></geometry></visual></link>)" +
      Joint("flange", "fixed", "a", "tool0", R"(<origin xyz="0 0 .1"/>)")));
  EXPECT_FALSE(Has({"model", "link@tool0"}));
  EXPECT_FALSE(Has({"model", "joint@flange"}));
  EXPECT_EQ(Attr({"model", "frame@flange"}, "attached_to"), "a");
  EXPECT_EQ(Attr({"model", "frame@flange"}, "urdf:kind"), "joint");
  EXPECT_EQ(Text({"model", "frame@flange", "pose"}), "0 0 .1 0 0 0");
  EXPECT_EQ(Attr({"model", "frame@flange", "pose"}, "relative_to"), "a");
  EXPECT_EQ(Attr({"model", "frame@tool0"}, "attached_to"), "flange");
  EXPECT_EQ(Attr({"model", "frame@tool0"}, "urdf:kind"), "link");
  EXPECT_EQ(Attr({"model", "frame@tool0", "pose"}, "relative_to"), "flange");
  // Its visual moved to the link it is fixed to, posed relative to it.
  EXPECT_EQ(Attr({"model", "link@a", "visual@tool0_visual", "pose"},
                 "relative_to"),
            "tool0");
}

TEST_F(UrdfToSdfTest, MasslessLinkOnAMovingJointStaysALinkWithAWarning) {
  ASSERT_TRUE(Convert(Link("a") + "<link name=\"b\"/>" +
                      Joint("j", "continuous", "a", "b")));
  EXPECT_TRUE(Has({"model", "link@b"}));
  EXPECT_FALSE(Has({"model", "link@b", "inertial"}));
  EXPECT_EQ(TakeWarning(Code::kElementMissing).source.line, 3);
}

TEST_F(UrdfToSdfTest, MasslessRootLinkWarns) {
  ASSERT_TRUE(Convert("<link name=\"base\"/>" + Link("b") +
                      Joint("j", "continuous", "base", "b")));
  EXPECT_TRUE(Has({"model", "link@base"}));
  TakeWarning(Code::kElementMissing);
}

TEST_F(UrdfToSdfTest, MasslessLinkFixedToTheWorldStaysALinkSilently) {
  ASSERT_TRUE(Convert("<link name=\"world\"/><link name=\"base\"/>" +
                      Link("b") + Joint("w", "fixed", "world", "base") +
                      Joint("j", "continuous", "base", "b")));
  EXPECT_TRUE(Has({"model", "link@base"}));
  EXPECT_TRUE(Has({"model", "joint@w"}));
}

TEST_F(UrdfToSdfTest, FloatingJointIsNoJointAndTheChildKeepsItsOrigin) {
  ASSERT_TRUE(Convert(Link("a") + Link("b") +
                      Joint("free", "floating", "a", "b",
                            R"(<origin xyz="1 2 3"/>)")));
  EXPECT_FALSE(Has({"model", "joint@free"}));
  EXPECT_EQ(Text({"model", "link@b", "pose"}), "1 2 3 0 0 0");
  EXPECT_EQ(Attr({"model", "link@b", "pose"}, "relative_to"), "a");
  EXPECT_EQ(Attr({"model", "urdf:joint"}, "type"), "floating");
  TakeWarning(Code::kAttributeInvalid);
}

TEST_F(UrdfToSdfTest, PlanarJointIsNoJointEither) {
  ASSERT_TRUE(Convert("<link name=\"world\"/>" + Link("b") +
                      Joint("slide", "planar", "world", "b",
                            R"(<origin xyz="0 0 1"/><axis xyz="0 0 1"/>)")));
  EXPECT_EQ(Attr({"model", "link@b", "pose"}, "relative_to"), "__model__");
  EXPECT_EQ(Attr({"model", "urdf:joint"}, "name"), "slide");
  TakeWarning(Code::kAttributeInvalid);
}

TEST_F(UrdfToSdfTest, RevoluteJointHasItsAxisLimitsAndDynamics) {
  ASSERT_TRUE(Convert(Link("a") + Link("b") +
                      Joint("j", "revolute", "a", "b",
                            std::string(R"(<axis xyz="0 1 0"/>)") + kLimit +
                                R"(<dynamics damping="0.5"/>)")));
  EXPECT_EQ(Attr({"model", "joint@j"}, "type"), "revolute");
  EXPECT_EQ(Text({"model", "joint@j", "axis", "xyz"}), "0 1 0");
  EXPECT_EQ(Text({"model", "joint@j", "axis", "limit", "lower"}), "-1");
  EXPECT_EQ(Text({"model", "joint@j", "axis", "limit", "upper"}), "2");
  EXPECT_EQ(Text({"model", "joint@j", "axis", "limit", "effort"}), "3");
  EXPECT_EQ(Text({"model", "joint@j", "axis", "limit", "velocity"}), "4");
  EXPECT_EQ(Text({"model", "joint@j", "axis", "dynamics", "damping"}), "0.5");
  EXPECT_EQ(Text({"model", "joint@j", "axis", "dynamics", "friction"}), "0");
}

TEST_F(UrdfToSdfTest, PrismaticJoint) {
  ASSERT_TRUE(Convert(Link("a") + Link("b") +
                      Joint("j", "prismatic", "a", "b", kLimit)));
  EXPECT_EQ(Attr({"model", "joint@j"}, "type"), "prismatic");
  EXPECT_EQ(Text({"model", "joint@j", "axis", "xyz"}), "1 0 0");  // default
  EXPECT_EQ(Text({"model", "joint@j", "axis", "limit", "upper"}), "2");
}

TEST_F(UrdfToSdfTest, ContinuousJointHasNoLowerOrUpperLimit) {
  ASSERT_TRUE(Convert(Link("a") + Link("b") +
                      Joint("j", "continuous", "a", "b",
                            R"(<limit effort="3" velocity="4"/>)")));
  EXPECT_EQ(Attr({"model", "joint@j"}, "type"), "continuous");
  EXPECT_FALSE(Has({"model", "joint@j", "axis", "limit", "lower"}));
  EXPECT_EQ(Text({"model", "joint@j", "axis", "limit", "effort"}), "3");
  EXPECT_FALSE(Has({"model", "joint@j", "urdf:limit"}));
}

TEST_F(UrdfToSdfTest, ContinuousJointKeepsWrittenLowerAndUpperAsCustom) {
  ASSERT_TRUE(Convert(Link("a") + Link("b") +
                      Joint("j", "continuous", "a", "b", kLimit)));
  EXPECT_EQ(Attr({"model", "joint@j", "urdf:limit"}, "lower"), "-1");
}

TEST_F(UrdfToSdfTest, FixedJointHasNoAxisAndKeepsWhatUrdfIgnores) {
  ASSERT_TRUE(Convert(Link("a") + Link("b") +
                      Joint("j", "fixed", "a", "b", R"(<axis xyz="0 0 1"/>)")));
  EXPECT_EQ(Attr({"model", "joint@j"}, "type"), "fixed");
  EXPECT_FALSE(Has({"model", "joint@j", "axis"}));
  EXPECT_EQ(Attr({"model", "joint@j", "urdf:axis"}, "xyz"), "0 0 1");
}

TEST_F(UrdfToSdfTest, ZeroAxisIsWrittenAsTheDefaultWithAWarning) {
  ASSERT_TRUE(Convert(Link("a") + Link("b") +
                      Joint("j", "continuous", "a", "b", "<axis/>")));
  EXPECT_EQ(Text({"model", "joint@j", "axis", "xyz"}), "1 0 0");
  TakeWarning(Code::kJointAxisInvalid);
}

TEST_F(UrdfToSdfTest, MimicSafetyAndCalibrationAreKeptAsCustomElements) {
  ASSERT_TRUE(Convert(
      Link("a") + Link("b") + Link("c") +
      Joint("j", "revolute", "a", "b", kLimit) +
      Joint("k", "revolute", "b", "c",
            std::string(kLimit) +
                R"(<mimic joint="j" multiplier="2" offset=".1"/>
                   <safety_controller k_velocity="10" soft_lower_limit="-.5"/>
                   <calibration rising="0.3"/>)")));
  EXPECT_EQ(Attr({"model", "joint@k", "urdf:mimic"}, "joint"), "j");
  EXPECT_EQ(Attr({"model", "joint@k", "urdf:mimic"}, "multiplier"), "2");
  EXPECT_EQ(Attr({"model", "joint@k", "urdf:mimic"}, "offset"), ".1");
  EXPECT_EQ(Attr({"model", "joint@k", "urdf:safety_controller"}, "k_velocity"),
            "10");
  EXPECT_EQ(Attr({"model", "joint@k", "urdf:calibration"}, "rising"), "0.3");
  EXPECT_NE(sdf_.find("xmlns:urdf=\"urn:sdfconv:urdf\""), std::string::npos);
}

TEST_F(UrdfToSdfTest, TransmissionsAndMaterialsAreKeptAsCustomElements) {
  ASSERT_TRUE(Convert(
      R"(<material name="blue"><color rgba="0 0 1 1"/></material>)" +
      Link("a") + Link("b") + Joint("j", "revolute", "a", "b", kLimit) +
      R"(<transmission name="t"><type>SimpleTransmission</type>
           <joint name="j"><hardwareInterface>Effort</hardwareInterface></joint>
         </transmission>)"));
  EXPECT_EQ(Text({"model", "urdf:transmission@t", "type"}),
            "SimpleTransmission");
  EXPECT_EQ(Text({"model", "urdf:transmission@t", "joint@j",
                  "hardwareInterface"}),
            "Effort");
  EXPECT_TRUE(Has({"model", "urdf:material@blue", "color"}));
}

TEST_F(UrdfToSdfTest, JointNamedLikeALinkIsRenamed) {
  ASSERT_TRUE(Convert(Link("a") + Link("elbow") +
                      Joint("elbow", "revolute", "a", "elbow", kLimit)));
  EXPECT_EQ(Attr({"model", "joint@elbow_joint"}, "urdf:name"), "elbow");
  EXPECT_EQ(Attr({"model", "link@elbow", "pose"}, "relative_to"),
            "elbow_joint");
  const Diagnostic d = TakeWarning(Code::kDuplicateName);
  EXPECT_NE(d.message.find("'elbow_joint'"), std::string::npos);
  EXPECT_EQ(d.source.line, 4);
}

TEST_F(UrdfToSdfTest, NamesSdformatReservesAreRenamed) {
  ASSERT_TRUE(Convert(Link("arm::a") + Link("__b__") +
                      Joint("j::k", "revolute", "arm::a", "__b__", kLimit)));
  EXPECT_EQ(Attr({"model", "link@arm_a"}, "urdf:name"), "arm::a");
  // The repair the upgrade makes too (sdf_names.h): `__b__` -> `b`.
  EXPECT_EQ(Attr({"model", "link@b"}, "urdf:name"), "__b__");
  EXPECT_EQ(Text({"model", "joint@j_k", "parent"}), "arm_a");
  EXPECT_EQ(Text({"model", "joint@j_k", "child"}), "b");
  TakeWarning(Code::kReservedName);
  TakeWarning(Code::kReservedName);
  TakeWarning(Code::kReservedName);
}

// A reserved name is repaired after every legal name is taken, as the
// upgrade does: `base` keeps its name, whichever comes first.
TEST_F(UrdfToSdfTest, LegalNamesAreKeptBeforeReservedOnesAreRepaired) {
  ASSERT_TRUE(Convert(Link("__base__") + Link("base") + Link("a::b") +
                      Link("a_b") +
                      Joint("j", "fixed", "__base__", "base") +
                      Joint("k", "fixed", "base", "a::b") +
                      Joint("l", "fixed", "base", "a_b")));
  EXPECT_EQ(Attr({"model", "link@base_link"}, "urdf:name"), "__base__");
  EXPECT_TRUE(Has({"model", "link@base"}));
  EXPECT_FALSE(Attr({"model", "link@base"}, "urdf:name").has_value());
  EXPECT_EQ(Attr({"model", "link@a_b_link"}, "urdf:name"), "a::b");
  EXPECT_TRUE(Has({"model", "link@a_b"}));
  EXPECT_NE(TakeWarning(Code::kReservedName).message.find("'__base__'"),
            std::string::npos);
  EXPECT_NE(TakeWarning(Code::kReservedName).message.find("'a::b'"),
            std::string::npos);
}

TEST_F(UrdfToSdfTest, ElementsThatAreNotUrdfAreKeptAndReportedOnce) {
  ASSERT_TRUE(Convert(Link("a", "<gravity>0</gravity>") +
                      "<foo x=\"1\"/><foo/><xacro:bar xmlns:xacro=\"http://x\"/>"));
  EXPECT_EQ(Count({"model"}, "urdf:foo"), 2);
  EXPECT_EQ(Text({"model", "link@a", "urdf:gravity"}), "0");
  EXPECT_NE(sdf_.find("xmlns:xacro=\"http://x\""), std::string::npos);
  EXPECT_TRUE(Has({"model", "xacro:bar"}));
  TakeWarning(Code::kElementInvalid);  // <gravity> in <link>
  TakeWarning(Code::kElementInvalid);  // <foo>, once
}

TEST_F(UrdfToSdfTest, CommentsAreKept) {
  ASSERT_TRUE(Convert("<!-- the base -->" + Link("a")));
  EXPECT_NE(sdf_.find("<!-- the base -->"), std::string::npos);
}

TEST_F(UrdfToSdfTest, MergingFixedJointsAddsMassToTheParent) {
  UrdfImportOptions options;
  options.merge_fixed_joints = true;
  ASSERT_TRUE(Convert(Link("a") + Link("b") +
                          Joint("j", "fixed", "a", "b",
                                R"(<origin xyz="2 0 0"/>)"),
                      options));
  EXPECT_EQ(Attr({"model", "frame@b"}, "attached_to"), "j");
  EXPECT_EQ(Text({"model", "link@a", "inertial", "mass"}), "2");
  EXPECT_EQ(Text({"model", "link@a", "inertial", "pose"}), "1 0 0 0 0 0");
  // Parallel axis: 1 + 1 * 1^2 about y and z, twice.
  EXPECT_EQ(Text({"model", "link@a", "inertial", "inertia", "iyy"}), "4");
  EXPECT_EQ(Text({"model", "link@a", "inertial", "inertia", "ixx"}), "2");
}

TEST_F(UrdfToSdfTest, PreserveFixedJointKeepsTheJoint) {
  ASSERT_TRUE(Convert(Link("a") + "<link name=\"t\"/>" +
                      Joint("j", "fixed", "a", "t") +
                      R"(<gazebo reference="j"><preserveFixedJoint>true</preserveFixedJoint></gazebo>)"));
  EXPECT_TRUE(Has({"model", "joint@j"}));
  EXPECT_TRUE(Has({"model", "link@t"}));
  TakeWarning(Code::kElementMissing);  // t: a link without inertia
}

TEST_F(UrdfToSdfTest, LinkWithTwoParentJointsClosesALoop) {
  ASSERT_TRUE(Convert(Link("a") + Link("b") + Link("c") +
                      Joint("ab", "fixed", "a", "b") +
                      Joint("ac", "fixed", "a", "c") +
                      Joint("bc", "fixed", "b", "c")));
  // urdfdom makes the last joint by name ("bc") the parent of c.
  EXPECT_EQ(Attr({"model", "link@c", "pose"}, "relative_to"), "bc");
  EXPECT_TRUE(Has({"model", "joint@ac"}));
  EXPECT_EQ(TakeWarning(Code::kJointChildLinkInvalid).source.line, 6);
}

TEST_F(UrdfToSdfTest, CycleUrdfdomLetsThroughIsReportedByTheCore) {
  EXPECT_FALSE(Convert(Link("root") + Link("a") + Link("b") +
                       Joint("ab", "fixed", "a", "b") +
                       Joint("ba", "fixed", "b", "a")));
  TakeError(Code::kPoseRelativeToCycle);
}

TEST_F(UrdfToSdfTest, RootOtherThanRobotIsRefused) {
  EXPECT_FALSE(ConvertText("<sdf version=\"1.8\"/>"));
  TakeError(Code::kElementInvalid);
}

TEST_F(UrdfToSdfTest, UrdfdomRejectionIsAnError) {
  EXPECT_FALSE(Convert(Link("a") + Link("b") +
                       Joint("j", "revolute", "a", "b")));
  const Diagnostic d = TakeError(kUrdfInvalid);
  EXPECT_NE(d.message.find("does not specify limits"), std::string::npos);
}

// Both products come from one reading: the front end's Document resolves
// exactly as the SDF text does when read back as SDFormat.
TEST_F(UrdfToSdfTest, FrontEndDocumentEqualsTheSdfTextReadBack) {
  const std::string body =
      "<link name=\"world\"/>" + Link("a") + "<link name=\"t\"/>" +
      Link("b", R"(<visual><origin xyz="0 1 0"/><geometry><sphere radius="1"/></geometry></visual>)") +
      Joint("w", "fixed", "world", "a", R"(<origin xyz="0 0 1" rpy="0 0 1"/>)") +
      Joint("f", "fixed", "a", "t", R"(<origin xyz="1 0 0"/>)") +
      Joint("j", "revolute", "t", "b",
            std::string(R"(<origin xyz="0 0 2" rpy="1 0 0"/><axis xyz="0 1 1"/>)") + kLimit);
  ASSERT_TRUE(Convert(body));
  std::optional<Document> ours = Read(body);
  ASSERT_TRUE(ours);
  Diagnostics back_diags;
  std::optional<Document> back = ReadString(sdf_, "out.sdf", &back_diags);
  ASSERT_TRUE(back);
  const FrameGraph g1 = BuildFrameGraph(*ours, &diags_);
  const FrameGraph g2 = BuildFrameGraph(*back, &back_diags);
  ASSERT_EQ(Remaining(), 0u) << DescribeRemaining();
  ASSERT_FALSE(back_diags.HasErrors());
  const Resolution r1 = ResolveAll(*ours, g1);
  const Resolution r2 = ResolveAll(*back, g2);
  ASSERT_EQ(ours->size(), back->size());
  for (ElementId id = 0; id < static_cast<ElementId>(ours->size()); ++id) {
    EXPECT_EQ(ours->ScopedName(id), back->ScopedName(id));
    EXPECT_LT(PoseDistance(r1.X_W[id], r2.X_W[id]), 1e-15);
    EXPECT_EQ(r1.axes_W[id].size(), r2.axes_W[id].size());
  }
  // And the front end points at the URDF.
  for (ElementId id = 1; id < static_cast<ElementId>(ours->size()); ++id) {
    EXPECT_EQ(ours->at(id).source.file, kSnippetFile);
    EXPECT_GT(ours->at(id).source.line, 1) << ours->ScopedName(id);
  }
}

// A 10,000-link chain: nothing recurses on the depth of the tree.
TEST_F(UrdfToSdfTest, DeepChain) {
  constexpr int kLinks = 10000;
  std::string body = Link("l0");
  for (int i = 1; i < kLinks; ++i) {
    const std::string l = "l" + std::to_string(i);
    body += Link(l) + Joint("j" + std::to_string(i), "fixed",
                            "l" + std::to_string(i - 1), l,
                            R"(<origin xyz="0.001 0 0"/>)");
  }
  std::optional<Document> doc = Read(body);
  ASSERT_TRUE(doc);
  const FrameGraph graph = BuildFrameGraph(*doc, &diags_);
  const Resolution r = ResolveAll(*doc, graph);
  const Element& last = doc->at(static_cast<ElementId>(doc->size()) - 2);
  ASSERT_EQ(last.name, "l9999");
  EXPECT_NEAR(r.X_W[doc->size() - 2].translation().x(), 9.999, 1e-9);
}

}  // namespace
}  // namespace sdfconv
