// LegacySdfReader: what SDFormat 1.2-1.6 files become in core terms (one
// test per legacy rule of docs/legacy.md), and a few of them end to end
// through the core's phases and the resolver.
#include "converters/sdf/legacy_reader.h"

#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "converters/xml/xml_sources.h"
#include "core/document.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

constexpr char kFile[] = "legacy.sdf";
constexpr double kHalfPi = M_PI / 2;
using K = ElementKind;

class LegacyReaderTest : public DiagnosticTest {
 protected:
  XmlSources sources_;  // the trees read, for NodeRefs
  // To the letter of each version (later features ignored), for the tests
  // of what a version itself defines; the default reads them.
  bool strict_ = false;

  std::optional<Document> ReadText(const std::string& text) {
    auto xml = XmlTree::Parse(text, kFile, &diags_);
    if (!xml) {
      ADD_FAILURE() << "not XML:\n" << DescribeRemaining();
      return std::nullopt;
    }
    const int32_t tree = sources_.Add(std::move(*xml));
    return LegacySdfReader(strict_).Read(tree, &sources_, &diags_);
  }

  // <sdf version="..."> <model name="m"> (lines 1-2), then `body` from
  // line 3.
  std::optional<Document> ReadModel(const std::string& body,
                                    const std::string& version) {
    return ReadText("<sdf version=\"" + version + "\">\n<model name=\"m\">\n" +
                    body + "\n</model>\n</sdf>\n");
  }
};

// The id of the only element named `name` of kind `kind`.
ElementId Find(const Document& doc, ElementKind kind, const std::string& name) {
  ElementId found = kNoElement;
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    if (e.kind == kind && e.name == name) {
      EXPECT_EQ(found, kNoElement) << "two " << KindName(kind) << "s " << name;
      found = id;
    }
  }
  EXPECT_NE(found, kNoElement) << "no " << KindName(kind) << " " << name;
  return found;
}

const Element& Get(const Document& doc, ElementKind kind,
                   const std::string& name) {
  static const Element kMissing;
  const ElementId id = Find(doc, kind, name);
  return id == kNoElement ? kMissing : doc.at(id);
}

std::vector<std::string> ChildNames(const Document& doc, ElementId id) {
  std::vector<std::string> names;
  for (ElementId child : doc.at(id).children) {
    names.push_back(std::string(KindName(doc.at(child).kind)) + ":" +
                    doc.at(child).name);
  }
  return names;
}

bool Near(const Pose& a, const Pose& b) { return PoseDistance(a, b) < 1e-12; }
bool Near(const Eigen::Vector3d& a, const Eigen::Vector3d& b) {
  return (a - b).norm() < 1e-12;
}

// The core's verdict on `doc`, and its resolution when valid.
struct Resolved {
  Diagnostics diags;
  FrameGraph graph;
  Resolution r;
};
Resolved Resolve(const Document& doc) {
  Resolved out;
  out.graph = BuildFrameGraph(doc, &out.diags);
  if (!out.diags.HasErrors()) out.r = ResolveAll(doc, out.graph);
  return out;
}

TEST_F(LegacyReaderTest, Accepts) {
  const LegacySdfReader reader;
  for (const char* version : {"1.2", "1.3", "1.4", "1.5", "1.6"}) {
    EXPECT_TRUE(reader.Accepts("sdf", version)) << version;
  }
  EXPECT_TRUE(reader.Accepts("gazebo", "1.2"));
  for (const char* version : {"1.0", "1.1", "1.7", "1.8", "", "1.5 "}) {
    EXPECT_FALSE(reader.Accepts("sdf", version)) << version;
  }
  EXPECT_FALSE(reader.Accepts("gazebo", "1.0"));
  EXPECT_FALSE(reader.Accepts("gazebo", "1.3"));
  EXPECT_FALSE(reader.Accepts("robot", "1.4"));
}

TEST_F(LegacyReaderTest, RefusesWhatItDoesNotRead) {
  EXPECT_FALSE(ReadText("<sdf version='1.7'><model name='m'/></sdf>"));
  TakeError(Code::kVersionUnsupported);
  EXPECT_FALSE(ReadText("<gazebo version='1.0'><model name='m'/></gazebo>"));
  TakeError(Code::kVersionUnsupported);
}

// 1.2 and 1.3 read as 1.4; <gazebo version="1.2"> is 1.2's root element.
TEST_F(LegacyReaderTest, OneTwoAndOneThreeReadAsOneFour) {
  for (const char* root : {"<sdf version='1.3'>", "<sdf version='1.2'>",
                           "<gazebo version='1.2'>"}) {
    const std::string close =
        std::string(root).find("gazebo") != std::string::npos ? "</gazebo>"
                                                              : "</sdf>";
    const auto doc = ReadText(std::string(root) + R"(
<model name="m">
  <link name="a"/><link name="b"/>
  <joint name="j" type="revolute"><parent>a</parent><child>b</child>
    <axis><xyz>1 0 0</xyz></axis></joint>
</model>)" + close);
    ASSERT_TRUE(doc.has_value()) << root;
    const Element& j = Get(*doc, K::kJoint, "j");
    ASSERT_EQ(j.Joint().axes.size(), 1u);
    EXPECT_EQ(j.Joint().axes[0].expressed_in, "__model__") << root;
  }
}

// 000 "Parent frames in SDFormat 1.4": no pose names its frame.
TEST_F(LegacyReaderTest, OneFourPoseHasNoFrameAttribute) {
  strict_ = true;  // the letter of the version
  const auto doc = ReadModel(R"(<link name="a"/>
<link name="b"><pose frame="a">1 0 0 0 0 0</pose></link>
<link name="c"><pose relative_to="a">0 1 0 0 0 0</pose></link>)",
                             "1.4");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Get(*doc, K::kLink, "b").pose.relative_to, "");
  EXPECT_EQ(Get(*doc, K::kLink, "c").pose.relative_to, "");
  EXPECT_TRUE(Near(Get(*doc, K::kLink, "b").pose.X,
                   PoseFromXyzRpy({1, 0, 0}, {0, 0, 0})));
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 4);
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 5);
}

// Features of later versions are read as libsdformat reads them (it
// converts every file to its newest version first), each with a
// LATER_VERSION_FEATURE warning; the world poses are compared with
// libsdformat 12's in testdata/later_features (corpus_conformance_test).
TEST_F(LegacyReaderTest, LaterFeaturesAreReadWithAWarning) {
  const auto doc = ReadModel(R"(<link name="a"/>
<link name="b"><pose relative_to="a">1 0 0 0 0 0</pose></link>
<frame name="f" attached_to="b"/>
<link name="c"><pose frame="a" relative_to="b">0 0 1 0 0 0</pose></link>)",
                             "1.6");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Get(*doc, K::kLink, "b").pose.relative_to, "a");
  EXPECT_EQ(Get(*doc, K::kFrame, "f").attached_to, "b");
  // @frame (1.6's own) wins: libsdformat's 1.6 -> 1.7 recipe moves it over
  // @relative_to.
  EXPECT_EQ(Get(*doc, K::kLink, "c").pose.relative_to, "a");
  const Diagnostic d = TakeWarning(Code::kLaterVersionFeature);
  EXPECT_EQ(d.source.line, 4);
  EXPECT_NE(d.message.find("SDFormat 1.7 (this file says 1.6)"),
            std::string::npos)
      << d.message;
  EXPECT_EQ(TakeWarning(Code::kLaterVersionFeature).source.line, 5);
  EXPECT_EQ(TakeWarning(Code::kLaterVersionFeature).source.line, 6);
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 6);
}

TEST_F(LegacyReaderTest, LaterFeaturesInOnePointFour) {
  const auto doc = ReadModel(R"(<link name="a"/>
<link name="b"><pose frame="a" degrees="true">0 0 0 0 0 90</pose></link>
<frame name="f"/>
<model name="n"><link name="l"/></model>
<joint name="j" type="revolute"><parent>a</parent><child>b</child>
<axis><xyz expressed_in="b">1 0 0</xyz></axis></joint>)",
                             "1.4");
  ASSERT_TRUE(doc.has_value());
  const Element& b = Get(*doc, K::kLink, "b");
  EXPECT_EQ(b.pose.relative_to, "a");
  const Eigen::Vector3d x_turned = b.pose.X.linear() * Eigen::Vector3d::UnitX();
  EXPECT_LT((x_turned - Eigen::Vector3d::UnitY()).norm(), 1e-15);
  EXPECT_NE(Find(*doc, K::kFrame, "f"), kNoElement);
  EXPECT_NE(Find(*doc, K::kModel, "n"), kNoElement);
  // A 1.4 axis stays in the model frame: libsdformat's 1.4 -> 1.5 recipe
  // adds use_parent_model_frame, which wins over @expressed_in.
  EXPECT_EQ(Get(*doc, K::kJoint, "j").Joint().axes[0].expressed_in,
            "__model__");
  for (int line : {5, 6, 4, 4}) {  // the model's children first
    EXPECT_EQ(TakeWarning(Code::kLaterVersionFeature).source.line, line);
  }
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 8);
}

// A joint between frames (1.8) in an older file: an end that names no
// link names the frame, as libsdformat resolves it (testdata/
// later_features/joint_frames_in_1_6.sdf compares the poses with
// libsdformat 12's); to the letter, the ends must be links.
TEST_F(LegacyReaderTest, JointBetweenFramesIsALaterFeature) {
  const std::string body = R"(<link name="a"><pose>1 0 0 0 0 0</pose></link>
<link name="b"/>
<frame name="fb" attached_to="b"><pose>0 0 1 0 0 0</pose></frame>
<joint name="j" type="revolute"><parent>fb</parent><child>a</child></joint>)";
  for (const bool strict : {false, true}) {
    SCOPED_TRACE(strict ? "strict" : "as libsdformat reads it");
    strict_ = strict;
    const auto doc = ReadModel(body, "1.6");
    ASSERT_TRUE(doc.has_value());
    EXPECT_EQ(Get(*doc, K::kJoint, "j").Joint().frame_ends_later, !strict);
    const Resolved resolved = Resolve(*doc);
    const Diagnostics& found = resolved.diags;
    if (strict) {
      EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 5);
      ASSERT_EQ(found.size(), 1u);
      EXPECT_EQ(found.items()[0].code, Code::kJointParentLinkInvalid);
      EXPECT_EQ(found.items()[0].source.line, 6);
      continue;
    }
    EXPECT_EQ(TakeWarning(Code::kLaterVersionFeature).source.line, 5);
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found.items()[0].code, Code::kLaterVersionFeature);
    EXPECT_EQ(found.items()[0].source.line, 6);
    const ElementId j = Find(*doc, K::kJoint, "j");
    EXPECT_EQ(resolved.graph.joint_parent[j], Find(*doc, K::kFrame, "fb"));
    EXPECT_TRUE(Near(resolved.r.X_W[j], PoseFromXyzRpy({1, 0, 0}, {0, 0, 0})));
  }
}

TEST_F(LegacyReaderTest, StrictReadsTheLetter) {
  strict_ = true;
  const auto doc = ReadModel(
      R"(<link name="a"/><link name="b"><pose relative_to="a"/></link>)",
      "1.6");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Get(*doc, K::kLink, "b").pose.relative_to, "");
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 3);
}

// 1.5/1.6 //pose/@frame is the core's relative_to (1.7/1_6.convert renames
// it so); 1.7's @relative_to is not an attribute there.
TEST_F(LegacyReaderTest, PoseFrameAttribute) {
  strict_ = true;  // the letter of the version
  for (const char* version : {"1.5", "1.6"}) {
    const auto doc = ReadModel(R"(<link name="a"/>
<link name="b"><pose frame="a">1 0 0 0 0 0</pose></link>
<link name="c"><pose frame="">0 1 0 0 0 0</pose></link>
<link name="d"><pose relative_to="a">0 1 0 0 0 0</pose></link>)",
                               version);
    ASSERT_TRUE(doc.has_value());
    EXPECT_EQ(Get(*doc, K::kLink, "b").pose.relative_to, "a");
    EXPECT_EQ(Get(*doc, K::kLink, "c").pose.relative_to, "");
    EXPECT_EQ(Get(*doc, K::kLink, "d").pose.relative_to, "");
    const Diagnostic d = TakeWarning(Code::kAttributeInvalid);
    EXPECT_EQ(d.source.line, 6);
    EXPECT_NE(d.message.find("@relative_to"), std::string::npos);
  }
}

// 000/002: a 1.4 axis is in the joint's model frame, whatever the file says.
TEST_F(LegacyReaderTest, OneFourAxesAreInTheModelFrame) {
  const auto doc = ReadModel(R"(<link name="a"/><link name="b"/>
<joint name="j" type="universal"><parent>a</parent><child>b</child>
  <axis><xyz expressed_in="a">1 0 0</xyz>
    <use_parent_model_frame>false</use_parent_model_frame></axis>
  <axis2><xyz>0 1 0</xyz></axis2>
</joint>
<joint name="k" type="revolute2"><parent>a</parent><child>b</child>
  <axis2><xyz>0 1 0</xyz></axis2>
</joint>)",
                             "1.4");
  ASSERT_TRUE(doc.has_value());
  const Element& j = Get(*doc, K::kJoint, "j");
  ASSERT_EQ(j.Joint().axes.size(), 2u);
  EXPECT_EQ(j.Joint().axes[0].expressed_in, "__model__");
  EXPECT_EQ(j.Joint().axes[1].expressed_in, "__model__");
  const Element& k = Get(*doc, K::kJoint, "k");
  ASSERT_EQ(k.Joint().axes.size(), 2u);  // <axis2> alone: a default first axis
  EXPECT_EQ(k.Joint().axes[0].expressed_in, "__model__");
  EXPECT_FALSE(k.Joint().axes[0].written);
  EXPECT_EQ(WrittenAxisCount(k), 2u);
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 5);  // @expr..
  EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 6);  // use_...
}

// Every axis a joint's type has is in the Document; an absent one is its
// version's default (xyz 0 0 1; in 1.2-1.4 in the model frame, from 1.5 on
// in the joint frame), marked not written.
TEST_F(LegacyReaderTest, AbsentAxesTakeTheirVersionsDefault) {
  const std::string joints = R"(<link name="a"/><link name="b"/>
<joint name="r" type="revolute"><parent>a</parent><child>b</child></joint>
<joint name="u" type="universal"><parent>a</parent><child>b</child>
  <axis><xyz>1 0 0</xyz></axis></joint>
<joint name="g" type="gearbox"><parent>a</parent><child>b</child></joint>
<joint name="f" type="fixed"><parent>a</parent><child>b</child></joint>
<joint name="s" type="ball"><parent>a</parent><child>b</child>
  <axis><xyz>1 0 0</xyz></axis></joint>)";
  for (const char* version : {"1.4", "1.6"}) {
    const auto doc = ReadModel(joints, version);
    ASSERT_TRUE(doc.has_value()) << version;
    const std::string in_default =
        std::string(version) == "1.4" ? "__model__" : "";
    const Element& r = Get(*doc, K::kJoint, "r");
    ASSERT_EQ(r.Joint().axes.size(), 1u);
    EXPECT_FALSE(r.Joint().axes[0].written);
    EXPECT_EQ(r.Joint().axes[0].xyz, Eigen::Vector3d::UnitZ());
    EXPECT_EQ(r.Joint().axes[0].expressed_in, in_default) << version;
    EXPECT_EQ(r.Joint().axes[0].source.line, r.source.line);
    EXPECT_EQ(WrittenAxisCount(r), 0u);
    const Element& u = Get(*doc, K::kJoint, "u");
    ASSERT_EQ(u.Joint().axes.size(), 2u);
    EXPECT_TRUE(u.Joint().axes[0].written);
    EXPECT_FALSE(u.Joint().axes[1].written);
    EXPECT_EQ(u.Joint().axes[1].expressed_in, in_default) << version;
    EXPECT_EQ(WrittenAxisCount(u), 1u);
    EXPECT_EQ(Get(*doc, K::kJoint, "g").Joint().axes.size(), 2u);
    EXPECT_TRUE(Get(*doc, K::kJoint, "f").Joint().axes.empty());
    // A ball joint has no axis; one written is kept as written.
    ASSERT_EQ(Get(*doc, K::kJoint, "s").Joint().axes.size(), 1u);
    EXPECT_TRUE(Get(*doc, K::kJoint, "s").Joint().axes[0].written);
  }
}

// 1.5/1.6: the joint frame unless <use_parent_model_frame> is true (any
// case, surrounding whitespace, or 1).
TEST_F(LegacyReaderTest, UseParentModelFrame) {
  strict_ = true;  // the letter of the version
  const auto doc = ReadModel(R"(<link name="a"/><link name="b"/>
<joint name="j" type="universal"><parent>a</parent><child>b</child>
  <axis><xyz>1 0 0</xyz><use_parent_model_frame> tRuE
  </use_parent_model_frame></axis>
  <axis2><xyz>0 1 0</xyz><use_parent_model_frame>0</use_parent_model_frame>
  </axis2>
</joint>
<joint name="k" type="universal"><parent>a</parent><child>b</child>
  <axis><xyz>1 0 0</xyz><use_parent_model_frame>1</use_parent_model_frame>
  </axis>
  <axis2><xyz expressed_in="__model__">0 1 0</xyz></axis2>
</joint>
<joint name="bad" type="revolute"><parent>a</parent><child>b</child>
  <axis><use_parent_model_frame>yes</use_parent_model_frame></axis>
</joint>)",
                             "1.6");
  ASSERT_TRUE(doc.has_value());
  const Element& j = Get(*doc, K::kJoint, "j");
  ASSERT_EQ(j.Joint().axes.size(), 2u);
  EXPECT_EQ(j.Joint().axes[0].expressed_in, "__model__");
  EXPECT_EQ(j.Joint().axes[1].expressed_in, "");
  const Element& k = Get(*doc, K::kJoint, "k");
  ASSERT_EQ(k.Joint().axes.size(), 2u);
  EXPECT_EQ(k.Joint().axes[0].expressed_in, "__model__");
  EXPECT_EQ(k.Joint().axes[1].expressed_in, "");  // 1.7's attribute: ignored
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 13);
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 16);
  EXPECT_EQ(Get(*doc, K::kJoint, "bad").Joint().axes.at(0).expressed_in, "");
}

// 1.5/1.6 allow <frame> in models, links, joints, collisions, visuals,
// sensors and lights; not in worlds, not with 1.7's @attached_to.
TEST_F(LegacyReaderTest, FramesWhereOneFiveAllowsThem) {
  strict_ = true;  // the letter of the version
  const auto doc = ReadText(R"(<sdf version="1.6">
<world name="w">
  <frame name="wf"/>
  <model name="m">
    <frame name="mf" attached_to="l"><pose frame="l">1 0 0 0 0 0</pose></frame>
    <link name="l">
      <frame name="lf"/>
      <inertial><frame name="if"/></inertial>
      <collision name="c"><frame name="cf"/></collision>
      <visual name="v"><frame name="vf"/><plugin name="p" filename="x"/></visual>
      <sensor name="s" type="camera"><frame name="sf"/></sensor>
      <light name="li" type="point"><frame name="lif"/></light>
    </link>
    <link name="l2"/>
    <joint name="j" type="fixed"><parent>l</parent><child>l2</child>
      <frame name="jf"/>
      <sensor name="js" type="force_torque"><frame name="jsf"/></sensor>
    </joint>
  </model>
</world>
</sdf>)");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(ChildNames(*doc, 0), std::vector<std::string>{"model:m"});
  const ElementId m = Find(*doc, K::kModel, "m");
  EXPECT_EQ(ChildNames(*doc, m),
            (std::vector<std::string>{"frame:mf", "link:l", "link:l2",
                                      "joint:j"}));
  const Element& mf = Get(*doc, K::kFrame, "mf");
  EXPECT_EQ(mf.attached_to, "");
  EXPECT_EQ(mf.pose.relative_to, "l");
  EXPECT_EQ(ChildNames(*doc, Find(*doc, K::kLink, "l")),
            (std::vector<std::string>{"frame:lf", "collision:c", "visual:v",
                                      "sensor:s", "light:li"}));
  for (const auto& [kind, name, frame] :
       std::vector<std::tuple<ElementKind, std::string, std::string>>{
           {K::kCollision, "c", "frame:cf"},
           {K::kVisual, "v", "frame:vf"},
           {K::kSensor, "s", "frame:sf"},
           {K::kLight, "li", "frame:lif"},
           {K::kSensor, "js", "frame:jsf"}}) {
    EXPECT_EQ(ChildNames(*doc, Find(*doc, kind, name)),
              std::vector<std::string>{frame})
        << name;
  }
  EXPECT_EQ(ChildNames(*doc, Find(*doc, K::kJoint, "j")),
            (std::vector<std::string>{"frame:jf", "sensor:js"}));
  EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 3);  // world
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 5);  // @att..
  EXPECT_EQ(TakeWarning(Code::kElementInvalid).source.line, 8);  // inertial
}

// Before 1.5 there are neither <frame>s nor nested models.
TEST_F(LegacyReaderTest, OneFourHasNoFramesNorNestedModels) {
  strict_ = true;  // the letter of the version
  const auto doc = ReadModel(R"(<link name="l"><frame name="lf"/></link>
<frame name="f"/>
<model name="n"><link name="nl"/></model>)",
                             "1.4");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(ChildNames(*doc, 0), std::vector<std::string>{"link:l"});
  EXPECT_EQ(ChildNames(*doc, 1), std::vector<std::string>{});
  // The model's children are sorted out before the link's.
  EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 4);
  EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 5);
  EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 3);
}

// 1.7's attributes are not read from older files.
TEST_F(LegacyReaderTest, NoCanonicalLinkNorPlacementFrame) {
  strict_ = true;  // the letter of the version
  const auto doc = ReadText(R"(<sdf version="1.5">
<model name="m" canonical_link="b" placement_frame="b">
  <link name="a"/><link name="b"/>
</model>
</sdf>)");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(doc->at(0).Model().canonical_link, "");
  EXPECT_EQ(doc->at(0).Model().placement_frame, "");
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 2);
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 2);
}

// 000: world joints have no established meaning; not read, as in 1.7.
TEST_F(LegacyReaderTest, WorldJointIsNotRead) {
  const auto doc = ReadText(R"(<sdf version="1.6">
<world name="w">
  <model name="a"><link name="l"/></model>
  <joint name="j" type="fixed"><parent>world</parent><child>a::l</child></joint>
</world>
</sdf>)");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(ChildNames(*doc, 0),
            (std::vector<std::string>{"model:a", "other:j"}));
  EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 4);
}

// ---- End to end: reader, core phases, resolver ----------------------------

// 002 "<joint><axis>": J1's axis in the joint frame, J2's in the model frame
// ("this axis is orthogonal to the axis of J1").
TEST_F(LegacyReaderTest, AxisFramesResolve) {
  const auto doc = ReadModel(R"(<pose>0 0 0 0 0 1.5707963267948966</pose>
<link name="A"/><link name="B"/><link name="C"/>
<joint name="J1" type="revolute">
  <pose>0 0 0 1.5707963267948966 0 0</pose>
  <parent>A</parent><child>B</child>
  <axis><xyz>0 0 1</xyz></axis>
</joint>
<joint name="J2" type="revolute">
  <parent>B</parent><child>C</child>
  <axis><xyz>0 0 1</xyz><use_parent_model_frame>true</use_parent_model_frame>
  </axis>
</joint>)",
                             "1.5");
  ASSERT_TRUE(doc.has_value());
  const Resolved out = Resolve(*doc);
  ASSERT_FALSE(out.diags.HasErrors());
  const auto& j1 = out.r.axes_W[Find(*doc, K::kJoint, "J1")];
  const auto& j2 = out.r.axes_W[Find(*doc, K::kJoint, "J2")];
  ASSERT_EQ(j1.size(), 1u);
  ASSERT_EQ(j2.size(), 1u);
  // Joint frame: Rz(pi/2) Rx(pi/2), so its z is the world's x.
  EXPECT_TRUE(Near(j1[0], Eigen::Vector3d::UnitX())) << j1[0].transpose();
  EXPECT_TRUE(Near(j2[0], Eigen::Vector3d::UnitZ())) << j2[0].transpose();
  EXPECT_NEAR(j1[0].dot(j2[0]), 0.0, 1e-12);
}

// Frames inside links and collisions resolve in their parent's frame; a
// pose @frame names a sibling frame of the model.
TEST_F(LegacyReaderTest, FramePosesResolve) {
  const auto doc = ReadModel(R"(<pose>1 0 0 0 0 0</pose>
<link name="l"><pose>0 1 0 0 0 0</pose>
  <frame name="lf"><pose>0 0 1 0 0 0</pose></frame>
  <collision name="c"><pose>0 0 0 0 0 1.5707963267948966</pose>
    <frame name="cf"><pose>1 0 0 0 0 0</pose></frame>
  </collision>
</link>
<frame name="mf"><pose frame="l">0 0 2 0 0 0</pose></frame>
<link name="k"><pose frame="mf">0 0 3 0 0 0</pose></link>)",
                             "1.6");
  ASSERT_TRUE(doc.has_value());
  const Resolved out = Resolve(*doc);
  ASSERT_FALSE(out.diags.HasErrors());
  auto at = [&](K kind, const char* name) {
    return out.r.X_W[Find(*doc, kind, name)].translation();
  };
  EXPECT_TRUE(Near(at(K::kFrame, "lf"), {1, 1, 1}));
  EXPECT_TRUE(Near(at(K::kFrame, "cf"), {1, 2, 0}));
  EXPECT_TRUE(Near(at(K::kFrame, "mf"), {1, 1, 2}));
  EXPECT_TRUE(Near(at(K::kLink, "k"), {1, 1, 5}));
  const ElementId l = Find(*doc, K::kLink, "l");
  EXPECT_EQ(MovesWith(*doc, out.graph, Find(*doc, K::kFrame, "cf")), l);
  EXPECT_EQ(doc->ScopedName(Find(*doc, K::kFrame, "cf")), "m::l::c::cf");
}

// 000: a joint and a link may share a name; the joint's ends are links.
TEST_F(LegacyReaderTest, JointNamedLikeItsChildLink) {
  const auto doc = ReadModel(R"(<link name="base"/>
<link name="attachment"><pose>1 0 0 0 0 0</pose></link>
<joint name="attachment" type="fixed">
  <parent>base</parent><child>attachment</child>
</joint>)",
                             "1.4");
  ASSERT_TRUE(doc.has_value());
  const Resolved out = Resolve(*doc);
  ASSERT_FALSE(out.diags.HasErrors());
  const ElementId link = Find(*doc, K::kLink, "attachment");
  const ElementId joint = Find(*doc, K::kJoint, "attachment");
  EXPECT_EQ(out.graph.joint_child[joint], link);
  EXPECT_TRUE(Near(out.r.X_W[joint], out.r.X_W[link]));
}

// Nothing recurses on the input's depth: 10,000 nested 1.6 models, each
// posed with @frame relative to its parent's link, read, checked and
// resolved.
TEST_F(LegacyReaderTest, TenThousandNestedModels) {
  constexpr int kDepth = 10'000;
  std::string text = "<sdf version=\"1.6\">\n";
  for (int i = 0; i < kDepth; ++i) {
    text += "<model name=\"m" + std::to_string(i) + "\"><pose frame=\"" +
            (i == 0 ? "" : "l") + "\">1 0 0 0 0 0</pose><link name=\"l\"/>\n";
  }
  for (int i = 0; i < kDepth; ++i) text += "</model>";
  text += "</sdf>\n";
  const auto doc = ReadText(text);
  ASSERT_TRUE(doc.has_value());
  ASSERT_EQ(doc->size(), static_cast<size_t>(2 * kDepth));
  const Resolved out = Resolve(*doc);
  ASSERT_FALSE(out.diags.HasErrors());
  const Element& deepest = doc->at(2 * kDepth - 1);
  ASSERT_EQ(deepest.kind, K::kLink);
  EXPECT_NEAR(out.r.X_W[2 * kDepth - 1].translation().x(), kDepth, 1e-6);
}

}  // namespace
}  // namespace sdfconv
