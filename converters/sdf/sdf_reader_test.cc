#include "converters/sdf/sdf_reader.h"

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "converters/xml/xml_sources.h"
#include "core/document.h"
#include "core/pose.h"

namespace sdfconv {
namespace {

constexpr char kFile[] = "test.sdf";
using K = ElementKind;

class SdfReaderTest : public DiagnosticTest {
 protected:
  XmlSources sources_;  // the trees read, for NodeRefs
  bool strict_ = false;  // to the letter of each version

  // Reads `text` as a whole file.
  std::optional<Document> ReadText(const std::string& text,
                                   const XmlLimits& limits = {}) {
    auto xml = XmlTree::Parse(text, kFile, &diags_, limits);
    if (!xml) {
      ADD_FAILURE() << "not XML:\n" << DescribeRemaining();
      return std::nullopt;
    }
    const int32_t tree = sources_.Add(std::move(*xml));
    return SdfReader(strict_).Read(tree, &sources_, &diags_);
  }

  // <sdf version="...">, then `inner` from line 2.
  std::optional<Document> ReadSdf(const std::string& inner,
                                  const std::string& version = "1.8") {
    return ReadText("<sdf version=\"" + version + "\">\n" + inner +
                    "\n</sdf>\n");
  }

  // <sdf version="..."> <model name="m"> (lines 1-2), then `body` from
  // line 3. Path of the model: /sdf/model[@name="m"].
  std::optional<Document> ReadModel(const std::string& body,
                                    const std::string& version = "1.8") {
    return ReadSdf("<model name=\"m\">\n" + body + "\n</model>", version);
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

// document.h's invariants: pre-order, parent before child, children listed
// in order and consistent with `parent`.
void ExpectWellFormed(const Document& doc) {
  ASSERT_GT(doc.size(), 0u);
  EXPECT_EQ(doc.at(0).parent, kNoElement);
  std::vector<ElementId> roots;
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    if (e.parent == kNoElement) {
      roots.push_back(id);
      // Only worlds are roots beside others.
      if (id > 0) EXPECT_EQ(e.kind, ElementKind::kWorld);
    } else {
      ASSERT_LT(e.parent, id);
    }
    ElementId previous = id;
    for (ElementId child : e.children) {
      ASSERT_GT(child, previous);
      EXPECT_EQ(doc.at(child).parent, id);
      previous = child;
    }
  }
  EXPECT_EQ(doc.roots(), roots);
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

TEST_F(SdfReaderTest, Accepts) {
  const SdfReader reader;
  EXPECT_TRUE(reader.Accepts("sdf", "1.7"));
  EXPECT_TRUE(reader.Accepts("sdf", "1.8"));
  for (const char* version : {"1.9", "1.10", "1.11", "1.12"}) {
    EXPECT_TRUE(reader.Accepts("sdf", version)) << version;
  }
  for (const char* version : {"1.3", "1.6", "1.13", "", "1.80", "1.8 ",
                              "1.09", "1.9.0"}) {
    EXPECT_FALSE(reader.Accepts("sdf", version)) << version;
  }
  EXPECT_FALSE(reader.Accepts("robot", "1.8"));
}

TEST_F(SdfReaderTest, ModelFile) {
  const auto doc = ReadModel(R"(<link name="l"/>)");
  ASSERT_TRUE(doc.has_value());
  ExpectWellFormed(*doc);
  EXPECT_EQ(doc->file, kFile);
  EXPECT_EQ(doc->version, "1.8");
  ASSERT_EQ(doc->size(), 2u);
  const Element& m = doc->at(0);
  EXPECT_EQ(m.kind, K::kModel);
  EXPECT_EQ(m.tag, "model");
  EXPECT_EQ(m.name, "m");
  EXPECT_TRUE(m.has_name);
  EXPECT_FALSE(m.Model().is_static);
  EXPECT_FALSE(m.pose.present);
  EXPECT_EQ(m.source.file, kFile);
  EXPECT_EQ(m.source.line, 2);
  EXPECT_EQ(m.source.path, R"(/sdf/model[@name="m"])");
  const Element& l = doc->at(1);
  EXPECT_EQ(l.kind, K::kLink);
  EXPECT_EQ(l.parent, 0);
  EXPECT_EQ(l.source.line, 3);
  EXPECT_EQ(l.source.path, R"(/sdf/model[@name="m"]/link[@name="l"])");
  EXPECT_FALSE(l.inertial.has_value());
  // An absent pose points at its owner.
  EXPECT_EQ(l.pose.source().line, 3);
}

TEST_F(SdfReaderTest, VersionIsRecorded) {
  const auto doc = ReadModel(R"(<link name="l"/>)", "1.7");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(doc->version, "1.7");
}

TEST_F(SdfReaderTest, UnsupportedVersionReadDirectly) {
  EXPECT_FALSE(ReadModel(R"(<link name="l"/>)", "1.13").has_value());
  EXPECT_EQ(TakeError(Code::kVersionUnsupported).source.line, 1);
  EXPECT_FALSE(ReadText("<sdf>\n<model name='m'/></sdf>").has_value());
  TakeError(Code::kAttributeMissing);
  EXPECT_FALSE(ReadText("<robot name='r'/>").has_value());
  TakeError(Code::kElementInvalid);
}

TEST_F(SdfReaderTest, World) {
  const auto doc = ReadSdf(R"(<world name="w">
  <gravity>0 0 -9.8</gravity>
  <physics name="fast" type="ode"/>
  <physics type="ode"/>
  <model name="a"><link name="l"/></model>
  <frame name="f" attached_to="a"><pose>1 0 0 0 0 0</pose></frame>
  <light name="sun" type="directional"><pose>0 0 10 0 0 0</pose></light>
  <joint name="j" type="fixed"><parent>world</parent><child>a</child></joint>
  <plugin name="p" filename="libp.so"/>
  <actor name="walker"/>
  <include><uri>model://x</uri></include>
  <population name="pop"/>
</world>)");
  ASSERT_TRUE(doc.has_value());
  ExpectWellFormed(*doc);
  EXPECT_EQ(doc->at(0).kind, K::kWorld);
  EXPECT_EQ(doc->at(0).name, "w");
  EXPECT_EQ(ChildNames(*doc, 0),
            (std::vector<std::string>{"other:fast", "model:a", "frame:f",
                                      "light:sun", "joint:j", "other:p",
                                      "actor:walker", "model:", "other:pop"}));
  EXPECT_EQ(Get(*doc, K::kOther, "fast").tag, "physics");
  EXPECT_EQ(Get(*doc, K::kActor, "walker").tag, "actor");
  EXPECT_EQ(Get(*doc, K::kFrame, "f").attached_to, "a");
  EXPECT_TRUE(Near(Get(*doc, K::kLight, "sun").pose.X,
                   PoseFromXyzRpy({0, 0, 10}, {0, 0, 0})));
  const Element& j = Get(*doc, K::kJoint, "j");
  EXPECT_EQ(j.Joint().parent_frame, "world");
  EXPECT_EQ(j.Joint().child_frame, "a");
  EXPECT_EQ(ChildNames(*doc, Find(*doc, K::kModel, "a")),
            std::vector<std::string>{"link:l"});

  // The <include>: a placeholder for composition (compose.h), unnamed.
  const Element& include = doc->at(doc->at(0).children[7]);
  ASSERT_TRUE(include.include.has_value());
  EXPECT_EQ(include.include->uri, "model://x");
  EXPECT_TRUE(include.include->file.empty());
  EXPECT_FALSE(include.has_name);
  EXPECT_TRUE(include.children.empty());
  EXPECT_EQ(include.source.line, 12);
  EXPECT_EQ(include.source.path, R"(/sdf/world[@name="w"]/include)");
}

TEST_F(SdfReaderTest, IncludePlaceholder) {
  const auto doc = ReadModel(R"(<link name="l"/>
<include file="ignored.sdf">
  <uri> file://gripper.sdf </uri>
  <name>g</name>
  <pose relative_to="l">1 2 3 0 0 0</pose>
  <placement_frame>mount</placement_frame>
  <static>true</static>
  <joint name="j" type="fixed"><parent>l2</parent><child>l3</child></joint>
  <frame name="f"/>
  <plugin name="p" filename="libp.so"/>
  <link name="not_added"/>
</include>
<include><name>h</name></include>)");
  ASSERT_TRUE(doc.has_value());
  ExpectWellFormed(*doc);
  EXPECT_EQ(ChildNames(*doc, 0),
            (std::vector<std::string>{"link:l", "model:g", "model:h"}));
  const Element& g = Get(*doc, K::kModel, "g");
  ASSERT_TRUE(g.include.has_value());
  EXPECT_EQ(g.include->uri, "file://gripper.sdf");
  EXPECT_EQ(g.include->is_static, true);
  EXPECT_EQ(g.Model().placement_frame, "mount");
  EXPECT_EQ(g.pose.relative_to, "l");
  EXPECT_TRUE(Near(g.pose.X, PoseFromXyzRpy({1, 2, 3}, {0, 0, 0})));
  EXPECT_EQ(ChildNames(*doc, Find(*doc, K::kModel, "g")),
            (std::vector<std::string>{"joint:j", "frame:f", "other:p"}));
  EXPECT_EQ(TakeError(Code::kElementMissing).source.line, 15);  // no <uri>
  // The schema knows no @file (003 writes it in an example) and no link in
  // an <include>.
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 4);
  EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 13);
}

TEST_F(SdfReaderTest, IncludePlacementFrameIsOnePointEight) {
  strict_ = true;  // the letter of the version
  const auto doc = ReadModel(R"(<link name="l"/>
<include><uri>x.sdf</uri><pose/><placement_frame>f</placement_frame></include>)",
                             "1.7");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(doc->at(doc->at(0).children[1]).Model().placement_frame, "");
  EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 4);
}

TEST_F(SdfReaderTest, WorldJointNeedsSdfOneEight) {
  const auto doc = ReadSdf(R"(<world name="w">
  <model name="a"><link name="l"/></model>
  <joint name="j" type="fixed"><parent>world</parent><child>a</child></joint>
</world>)",
                           "1.7");
  ASSERT_TRUE(doc.has_value());
  // Still a named sibling for the name checks, but not a joint.
  EXPECT_EQ(ChildNames(*doc, 0),
            (std::vector<std::string>{"model:a", "other:j"}));
  EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 4);
}

TEST_F(SdfReaderTest, ModelContents) {
  const auto doc = ReadModel(R"(<static> True </static>
<pose relative_to="world">1 2 3 0 0 1.5707963267948966</pose>
<link name="base"/>
<joint name="j" type="revolute"><parent>base</parent><child>arm</child></joint>
<link name="arm"/>
<frame name="f"/>
<model name="nested" canonical_link="x" placement_frame="y">
  <link name="x"/>
</model>
<include><uri>model://other</uri></include>
<plugin name="p" filename="libp.so"/>
<gripper name="g"><gripper_link>arm</gripper_link><palm_link>base</palm_link></gripper>
<self_collide>true</self_collide>)");
  ASSERT_TRUE(doc.has_value());
  ExpectWellFormed(*doc);
  const Element& m = doc->at(0);
  EXPECT_TRUE(m.Model().is_static);
  EXPECT_TRUE(m.pose.present);
  EXPECT_EQ(m.pose.relative_to, "world");
  EXPECT_TRUE(Near(m.pose.X, PoseFromXyzRpy({1, 2, 3}, {0, 0, M_PI / 2})));
  EXPECT_EQ(m.pose.source().line, 4);
  EXPECT_EQ(m.pose.source().path, R"(/sdf/model[@name="m"]/pose)");
  EXPECT_EQ(ChildNames(*doc, 0),
            (std::vector<std::string>{"link:base", "joint:j", "link:arm",
                                      "frame:f", "model:nested", "model:",
                                      "other:p", "other:g"}));
  const Element& nested = Get(*doc, K::kModel, "nested");
  EXPECT_EQ(nested.Model().canonical_link, "x");
  EXPECT_EQ(nested.Model().placement_frame, "y");
  EXPECT_EQ(m.Model().canonical_link, "");
}

// A pose read below its owner (PoseSpec::set_source_below) is located
// exactly where its <pose> is, as one located by itself: shallow and deep
// (past kFullPathDepth, where paths are shortened), a named <pose>, an
// include's, and absent ones (at their owner).
TEST_F(SdfReaderTest, PoseSourceIsWhereThePoseIs) {
  std::string nested;
  std::string closing;
  for (int i = 0; i < kFullPathDepth + 3; ++i) {
    nested += "<model name=\"n" + std::to_string(i) + "\">\n<pose>0 0 " +
              std::to_string(i) + " 0 0 0</pose>\n";
    closing += "<link name=\"l\"/></model>\n";
  }
  const auto doc = ReadModel(R"(<pose>1 0 0 0 0 0</pose>
<link name="a">
  <pose name="named">0 1 0 0 0 0</pose>
  <inertial><pose>0 0 1 0 0 0</pose><mass>1</mass></inertial>
</link>
<link name="b"/>
<frame name="f" attached_to="a"><pose relative_to="b">1 2 3 0 0 0</pose></frame>
<include><uri>model://x</uri><name>x</name><pose>4 5 6 0 0 0</pose></include>
)" + nested + closing);
  ASSERT_TRUE(doc.has_value());
  while (Remaining() > 0) Take();  // not what this test is about
  int below = 0;
  for (ElementId id = 0; id < static_cast<ElementId>(doc->size()); ++id) {
    const Element& e = doc->at(id);
    const XmlElement node = sources_.Element(e.node);
    const XmlElement pose = FirstChildElement(node, "pose");
    const SourceLocation want = pose ? Locate(pose) : e.source;
    const SourceLocation got = e.pose.source();
    EXPECT_EQ(got.file, want.file) << e.name;
    EXPECT_EQ(got.line, want.line) << e.name;
    EXPECT_EQ(got.path, want.path) << e.name;
    if (pose && pose.tree().LocatedBelowParent(pose.id())) ++below;
  }
  // The model, the frame, the include and the nested models but the
  // deepest ones; not the named pose.
  EXPECT_GE(below, kFullPathDepth);
  EXPECT_EQ(Get(*doc, K::kLink, "a").pose.source().path,
            R"(/sdf/model[@name="m"]/link[@name="a"]/pose[@name="named"])");
}

TEST_F(SdfReaderTest, StaticValues) {
  for (const char* text : {"true", "TRUE", "1", " 1\n"}) {
    const auto doc = ReadModel(std::string("<static>") + text + "</static>");
    ASSERT_TRUE(doc.has_value());
    EXPECT_TRUE(doc->at(0).Model().is_static) << text;
  }
  for (const char* text : {"false", "False", "0"}) {
    const auto doc = ReadModel(std::string("<static>") + text + "</static>");
    ASSERT_TRUE(doc.has_value());
    EXPECT_FALSE(doc->at(0).Model().is_static) << text;
  }
  const auto doc = ReadModel("<static>yes</static>");
  ASSERT_TRUE(doc.has_value());
  EXPECT_FALSE(doc->at(0).Model().is_static);
  const Diagnostic d = TakeError(Code::kValueInvalid);
  EXPECT_EQ(d.source.line, 3);
  EXPECT_EQ(d.source.path, R"(/sdf/model[@name="m"]/static)");
}

TEST_F(SdfReaderTest, BadPose) {
  const auto doc = ReadModel(R"(<link name="l">
  <pose>1 2 three 0 0 0</pose>
</link>
<frame name="f"><pose relative_to="l">1 2 3</pose></frame>)");
  ASSERT_TRUE(doc.has_value());
  const Element& l = Get(*doc, K::kLink, "l");
  EXPECT_TRUE(l.pose.present);
  EXPECT_TRUE(Near(l.pose.X, Pose::Identity()));
  const Diagnostic d1 = TakeError(Code::kPoseInvalid);
  EXPECT_EQ(d1.source.line, 4);
  EXPECT_EQ(d1.source.path, R"(/sdf/model[@name="m"]/link[@name="l"]/pose)");
  const Diagnostic d2 = TakeError(Code::kPoseInvalid);
  EXPECT_EQ(d2.source.line, 6);
  EXPECT_EQ(d2.source.path, R"(/sdf/model[@name="m"]/frame[@name="f"]/pose)");
  EXPECT_EQ(Get(*doc, K::kFrame, "f").pose.relative_to, "l");
}

TEST_F(SdfReaderTest, DuplicatePoseWarnsAndReadsTheFirst) {
  const auto doc = ReadModel(R"(<link name="l">
  <pose>1 0 0 0 0 0</pose>
  <pose>2 0 0 0 0 0</pose>
</link>)");
  ASSERT_TRUE(doc.has_value());
  EXPECT_TRUE(Near(Get(*doc, K::kLink, "l").pose.X,
                   PoseFromXyzRpy({1, 0, 0}, {0, 0, 0})));
  EXPECT_EQ(TakeWarning(Code::kElementInvalid).source.line, 5);
}

TEST_F(SdfReaderTest, LinkContents) {
  const auto doc = ReadModel(R"(<link name="l">
  <pose>0 0 1 0 0 0</pose>
  <gravity>false</gravity>
  <inertial>
    <pose>0.1 0 0 0 0 0</pose>
    <mass>2.5</mass>
    <inertia>
      <ixx>1.1</ixx><ixy>0.1</ixy><ixz>0.2</ixz>
      <iyy>2.2</iyy><iyz>0.3</iyz><izz>3.0</izz>
    </inertia>
  </inertial>
  <collision name="c"><pose>0 0 0.5 0 0 0</pose></collision>
  <visual name="v"/>
  <sensor name="s" type="camera"><pose>0 0 0 0 0 1</pose>
    <plugin name="inside_sensor" filename="x"/>
  </sensor>
  <light name="lamp" type="point"/>
  <projector name="proj"><texture>t.png</texture></projector>
  <battery name="bat"/>
  <velocity_decay/>
  <mysim:custom name="ignored" xmlns:mysim="http://example.org/mysim"/>
</link>)");
  ASSERT_TRUE(doc.has_value());
  ExpectWellFormed(*doc);
  const ElementId l = Find(*doc, K::kLink, "l");
  EXPECT_EQ(ChildNames(*doc, l),
            (std::vector<std::string>{"collision:c", "visual:v", "sensor:s",
                                      "light:lamp", "other:proj",
                                      "other:bat"}));
  const Element& link = doc->at(l);
  ASSERT_TRUE(link.inertial.has_value());
  EXPECT_EQ(link.inertial->mass, 2.5);
  EXPECT_TRUE(link.inertial->pose.present);
  EXPECT_TRUE(Near(link.inertial->pose.X,
                   PoseFromXyzRpy({0.1, 0, 0}, {0, 0, 0})));
  Eigen::Matrix3d I;
  I << 1.1, 0.1, 0.2, 0.1, 2.2, 0.3, 0.2, 0.3, 3.0;
  EXPECT_EQ(link.inertial->inertia, I);
  EXPECT_TRUE(Near(Get(*doc, K::kCollision, "c").pose.X,
                   PoseFromXyzRpy({0, 0, 0.5}, {0, 0, 0})));
  const Element& s = Get(*doc, K::kSensor, "s");
  EXPECT_TRUE(Near(s.pose.X, PoseFromXyzRpy({0, 0, 0}, {0, 0, 1})));
  EXPECT_TRUE(s.children.empty());  // no reading below sensors
  EXPECT_EQ(s.source.path,
            R"(/sdf/model[@name="m"]/link[@name="l"]/sensor[@name="s"])");
  EXPECT_EQ(s.source.line, 16);
}

TEST_F(SdfReaderTest, InertialDefaults) {
  const auto doc = ReadModel(R"(<link name="l">
  <inertial><inertia><ixx>2</ixx></inertia></inertial>
</link>
<link name="k"><inertial><mass>heavy</mass></inertial></link>)");
  ASSERT_TRUE(doc.has_value());
  const Element& l = Get(*doc, K::kLink, "l");
  ASSERT_TRUE(l.inertial.has_value());
  EXPECT_EQ(l.inertial->mass, 1.0);
  EXPECT_FALSE(l.inertial->pose.present);
  EXPECT_EQ(l.inertial->inertia,
            Eigen::Vector3d(2, 1, 1).asDiagonal().toDenseMatrix());
  const Element& k = Get(*doc, K::kLink, "k");
  ASSERT_TRUE(k.inertial.has_value());
  EXPECT_EQ(k.inertial->mass, 1.0);
  EXPECT_EQ(k.inertial->inertia, Eigen::Matrix3d::Identity());
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 6);
}

TEST_F(SdfReaderTest, Joint) {
  const auto doc = ReadModel(R"(<joint name="j" type="universal">
  <pose relative_to="a">0 0 1 0 0 0</pose>
  <parent>
     a
  </parent>
  <child>b</child>
  <axis>
    <xyz expressed_in="__model__">1 0 0</xyz>
    <limit><lower>-1</lower><upper>1</upper></limit>
  </axis>
  <axis2><xyz>0 1 0</xyz></axis2>
  <sensor name="ft" type="force_torque"/>
  <physics><ode><cfm>0</cfm></ode></physics>
</joint>)");
  ASSERT_TRUE(doc.has_value());
  const ElementId id = Find(*doc, K::kJoint, "j");
  const Element& j = doc->at(id);
  EXPECT_EQ(j.Joint().type, "universal");
  EXPECT_EQ(j.pose.relative_to, "a");
  EXPECT_EQ(j.Joint().parent_frame, "a");
  EXPECT_EQ(j.Joint().parent_source.line, 5);
  EXPECT_EQ(j.Joint().parent_source.path,
            R"(/sdf/model[@name="m"]/joint[@name="j"]/parent)");
  EXPECT_EQ(j.Joint().child_frame, "b");
  EXPECT_EQ(j.Joint().child_source.line, 8);
  ASSERT_EQ(j.Joint().axes.size(), 2u);
  EXPECT_EQ(j.Joint().axes[0].xyz, Eigen::Vector3d(1, 0, 0));
  EXPECT_EQ(j.Joint().axes[0].expressed_in, "__model__");
  EXPECT_EQ(j.Joint().axes[0].source.line, 10);
  EXPECT_EQ(j.Joint().axes[0].source.path,
            R"(/sdf/model[@name="m"]/joint[@name="j"]/axis/xyz)");
  EXPECT_EQ(j.Joint().axes[1].xyz, Eigen::Vector3d(0, 1, 0));
  EXPECT_EQ(j.Joint().axes[1].expressed_in, "");
  EXPECT_EQ(ChildNames(*doc, id), std::vector<std::string>{"sensor:ft"});
}

TEST_F(SdfReaderTest, JointAxisDefaults) {
  const auto doc = ReadModel(R"(<joint name="none" type="fixed">
  <parent>a</parent><child>b</child>
</joint>
<joint name="empty_axis" type="revolute">
  <parent>a</parent><child>b</child><axis/>
</joint>
<joint name="only_axis2" type="revolute2">
  <parent>a</parent><child>b</child><axis2><xyz>1 0 0</xyz></axis2>
</joint>)");
  ASSERT_TRUE(doc.has_value());
  EXPECT_TRUE(Get(*doc, K::kJoint, "none").Joint().axes.empty());
  const Element& empty = Get(*doc, K::kJoint, "empty_axis");
  ASSERT_EQ(empty.Joint().axes.size(), 1u);
  EXPECT_EQ(empty.Joint().axes[0].xyz, Eigen::Vector3d::UnitZ());
  const Element& only2 = Get(*doc, K::kJoint, "only_axis2");
  ASSERT_EQ(only2.Joint().axes.size(), 2u);
  EXPECT_EQ(only2.Joint().axes[0].xyz, Eigen::Vector3d::UnitZ());
  EXPECT_EQ(only2.Joint().axes[1].xyz, Eigen::Vector3d::UnitX());
}

TEST_F(SdfReaderTest, JointErrors) {
  const auto doc = ReadModel(R"(<joint name="a" type="hinge">
  <parent>x</parent><child>y</child>
</joint>
<joint name="b">
  <parent>x</parent>
  <axis><xyz>1 0</xyz><use_parent_model_frame>true</use_parent_model_frame></axis>
</joint>)");
  ASSERT_TRUE(doc.has_value());
  const Diagnostic type = TakeError(Code::kAttributeInvalid);
  EXPECT_EQ(type.source.line, 3);
  EXPECT_EQ(type.source.path, R"(/sdf/model[@name="m"]/joint[@name="a"])");
  EXPECT_EQ(Get(*doc, K::kJoint, "a").Joint().type, "hinge");
  EXPECT_EQ(TakeError(Code::kAttributeMissing).source.line, 6);
  const Diagnostic child = TakeError(Code::kElementMissing);
  EXPECT_EQ(child.source.line, 6);
  const Element& b = Get(*doc, K::kJoint, "b");
  EXPECT_EQ(b.Joint().child_frame, "");
  EXPECT_EQ(b.Joint().child_source.line, 6);
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 8);
  ASSERT_EQ(b.Joint().axes.size(), 1u);
  EXPECT_EQ(b.Joint().axes[0].xyz, Eigen::Vector3d::UnitZ());
  const Diagnostic removed = TakeWarning(Code::kElementUnknown);
  EXPECT_EQ(removed.source.path,
            R"(/sdf/model[@name="m"]/joint[@name="b"]/axis/use_parent_model_frame)");
}

// What belongs to SDFormat 1.5/1.6 (and a non-element under <sdf>) is
// ignored with a warning in a 1.7 file: libsdformat reads a 1.7 file as
// 1.7 too, so //pose/@frame means nothing there.
TEST_F(SdfReaderTest, OtherVersionsAreIgnoredWithAWarning) {
  const auto doc = ReadSdf(R"(<model name="m">
  <link name="l">
    <pose frame="k">1 0 0 0 0 0</pose>
    <frame name="f"/>
  </link>
</model>
<not_sdf/>)",
                           "1.7");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(ChildNames(*doc, 1), std::vector<std::string>{});
  EXPECT_EQ(doc->at(1).pose.relative_to, "");
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 4);  // @frame
  EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 5);  // <frame>
  // Phase 1's, after the reader's.
  EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 8);  // <not_sdf>
}

TEST_F(SdfReaderTest, EveryJointType) {
  for (const char* type : {"revolute", "revolute2", "prismatic", "ball",
                           "screw", "universal", "fixed", "gearbox",
                           "continuous"}) {
    const auto doc = ReadModel(std::string("<joint name='j' type='") + type +
                               "'><parent>a</parent><child>b</child></joint>");
    ASSERT_TRUE(doc.has_value());
    EXPECT_EQ(doc->at(1).Joint().type, type);
  }
}

TEST_F(SdfReaderTest, Frame) {
  const auto doc = ReadModel(R"(<frame name="f" attached_to="l">
  <pose relative_to="l">0 0 0 0 0.5 0</pose>
</frame>
<frame name="g"/>)");
  ASSERT_TRUE(doc.has_value());
  const Element& f = Get(*doc, K::kFrame, "f");
  EXPECT_EQ(f.attached_to, "l");
  EXPECT_TRUE(Near(f.pose.X, PoseFromXyzRpy({0, 0, 0}, {0, 0.5, 0})));
  EXPECT_EQ(f.pose.source().line, 4);
  EXPECT_EQ(Get(*doc, K::kFrame, "g").attached_to, "");
}

TEST_F(SdfReaderTest, MissingNames) {
  const auto doc = ReadModel(R"(<link/>
<frame name=""/>
<model><link name="l"/></model>)");
  ASSERT_TRUE(doc.has_value());
  ExpectWellFormed(*doc);
  ASSERT_EQ(doc->at(0).children.size(), 3u);
  const Element& link = doc->at(doc->at(0).children[0]);
  EXPECT_FALSE(link.has_name);
  EXPECT_EQ(link.source.path, R"(/sdf/model[@name="m"]/link)");
  // An empty name is the core's business, not the reader's.
  EXPECT_TRUE(doc->at(doc->at(0).children[1]).has_name);
  EXPECT_EQ(TakeError(Code::kAttributeMissing).source.line, 3);
  EXPECT_EQ(TakeError(Code::kAttributeMissing).source.line, 5);
}

TEST_F(SdfReaderTest, DuplicateNamesAreLeftToTheCore) {
  const auto doc = ReadModel(R"(<link name="a"/><link name="a"/>
<frame name="__model__"/>)");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(doc->size(), 4u);
}

// A file holding a lone <light> or <actor> (Gazebo's model://sun): the one
// Element of its Document, at the root, with its name and pose as written.
TEST_F(SdfReaderTest, ALoneLightOrActorIsTheRoot) {
  auto doc = ReadSdf(
      "<light name='sun' type='directional'>\n"
      "<pose relative_to='w'>1 2 3 0 0 0.5</pose></light>");
  ASSERT_TRUE(doc.has_value());
  ASSERT_EQ(doc->size(), 1u);
  EXPECT_EQ(doc->at(0).kind, K::kLight);
  EXPECT_EQ(doc->at(0).name, "sun");
  EXPECT_EQ(doc->at(0).pose.relative_to, "w");
  EXPECT_TRUE(Near(doc->at(0).pose.X, PoseFromXyzRpy({1, 2, 3}, {0, 0, 0.5})));

  doc = ReadSdf("<actor name='walker'><pose relative_to='world'>0 1 0 0 0 0"
                "</pose><link name='hip'/></actor>",
                "1.7");
  ASSERT_TRUE(doc.has_value());
  ASSERT_EQ(doc->size(), 1u);  // the skeleton is not read
  EXPECT_EQ(doc->at(0).kind, K::kActor);
  EXPECT_EQ(doc->at(0).pose.relative_to, "world");
}

// One top element per file: a second light, or a light beside a model or
// a world, is an error at the second (libsdformat refuses the first two,
// ELEMENT_INCORRECT_TYPE); the first is read.
TEST_F(SdfReaderTest, OneTopElementPerFile) {
  auto doc = ReadSdf("<light name='a' type='point'/>\n"
                     "<light name='b' type='point'/>");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(doc->at(0).name, "a");
  EXPECT_EQ(TakeError(Code::kElementInvalid).source.line, 3);

  doc = ReadSdf("<model name='m'><link name='l'/></model>\n"
                "<actor name='b'/>");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(doc->at(0).kind, K::kModel);
  EXPECT_EQ(TakeError(Code::kElementInvalid).source.line, 3);
}

TEST_F(SdfReaderTest, TopLevel) {
  // Nothing to read: an empty Document, with a warning at <sdf>.
  auto empty = ReadSdf("<include><uri>x</uri></include>");
  ASSERT_TRUE(empty.has_value());
  EXPECT_EQ(empty->size(), 0u);
  EXPECT_EQ(TakeError(Code::kElementInvalid).source.line, 2);
  EXPECT_EQ(TakeWarning(Code::kElementMissing).source.line, 1);

  empty = ReadSdf("");
  ASSERT_TRUE(empty.has_value());
  EXPECT_EQ(empty->size(), 0u);
  TakeWarning(Code::kElementMissing);

  const auto doc = ReadSdf("<model name='a'/>\n<model name='b'/>", "1.7");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(doc->at(0).name, "a");
  EXPECT_EQ(doc->size(), 1u);
  EXPECT_EQ(TakeError(Code::kElementInvalid).source.line, 3);

  // A world beside a model, light or actor: the first kind read wins.
  const auto mixed =
      ReadSdf("<world name='w'/>\n<light name='l' type='point'/>\n<world name='v'/>");
  ASSERT_TRUE(mixed.has_value());
  EXPECT_EQ(mixed->roots().size(), 2u);
  EXPECT_EQ(TakeError(Code::kElementInvalid).source.line, 3);
  const auto model_first = ReadSdf("<model name='m'/>\n<world name='w'/>");
  ASSERT_TRUE(model_first.has_value());
  EXPECT_EQ(model_first->roots().size(), 1u);
  EXPECT_EQ(TakeError(Code::kElementInvalid).source.line, 3);
}

// SDFormat's root holds any number of worlds, and libsdformat reads each:
// every one is a root, its elements after it.
TEST_F(SdfReaderTest, EveryWorldIsRead) {
  const auto doc = ReadSdf(R"(<world name="w">
  <model name="m"><link name="l"/></model>
</world>
<world name="v">
  <frame name="f"/>
  <model name="m"><pose>1 0 0 0 0 0</pose><link name="l"/></model>
</world>)");
  ASSERT_TRUE(doc.has_value());
  ExpectWellFormed(*doc);
  ASSERT_EQ(doc->roots().size(), 2u);
  const Element& v = doc->at(doc->roots()[1]);
  EXPECT_EQ(v.kind, K::kWorld);
  EXPECT_EQ(v.name, "v");
  EXPECT_EQ(v.source.line, 5);
  std::vector<std::string> names;
  for (ElementId id = 0; id < static_cast<ElementId>(doc->size()); ++id) {
    names.push_back(doc->ScopedName(id));
  }
  EXPECT_EQ(names, (std::vector<std::string>{"w", "w::m", "w::m::l", "v",
                                             "v::f", "v::m", "v::m::l"}));
}

TEST_F(SdfReaderTest, PreOrderWithParentLinks) {
  const auto doc = ReadModel(R"(<model name="a">
  <link name="a1"><visual name="v"/></link>
  <model name="b"><link name="b1"/></model>
  <link name="a2"/>
</model>
<link name="m1"/>)");
  ASSERT_TRUE(doc.has_value());
  ExpectWellFormed(*doc);
  std::vector<std::string> order;
  for (const Element& e : doc->elements) order.push_back(e.name);
  EXPECT_EQ(order, (std::vector<std::string>{"m", "a", "a1", "v", "b", "b1",
                                             "a2", "m1"}));
  EXPECT_EQ(doc->ScopedName(Find(*doc, K::kLink, "b1")), "m::a::b::b1");
}

TEST_F(SdfReaderTest, TenThousandNestedModels) {
  constexpr int kDepth = 10'000;
  std::string text = "<sdf version=\"1.8\">\n";
  for (int i = 0; i < kDepth; ++i) {
    text += "<model name=\"m" + std::to_string(i) + "\"><link name=\"l\"/>\n";
  }
  for (int i = 0; i < kDepth; ++i) text += "</model>";
  text += "</sdf>\n";
  const auto doc = ReadText(text);
  ASSERT_TRUE(doc.has_value());
  ASSERT_EQ(doc->size(), static_cast<size_t>(2 * kDepth));
  ExpectWellFormed(*doc);
  // Model k is element 2k, its link 2k + 1.
  for (int k = 0; k < kDepth; ++k) {
    const Element& model = doc->at(2 * k);
    const Element& link = doc->at(2 * k + 1);
    ASSERT_EQ(model.kind, K::kModel);
    ASSERT_EQ(model.name, "m" + std::to_string(k));
    ASSERT_EQ(model.parent, k == 0 ? kNoElement : 2 * (k - 1));
    ASSERT_EQ(model.source.line, k + 2);
    ASSERT_EQ(link.kind, K::kLink);
    ASSERT_EQ(link.parent, 2 * k);
  }
  const Element& deepest = doc->at(2 * kDepth - 1);
  EXPECT_NE(deepest.source.path.str().find("levels)"), std::string::npos);
  EXPECT_LT(deepest.source.path.size(), 2000u);
}

}  // namespace
}  // namespace sdfconv
