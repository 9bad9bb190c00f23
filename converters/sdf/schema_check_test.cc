#include "converters/sdf/schema_check.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv {
namespace {

constexpr char kFile[] = "test.sdf";

class SchemaCheckTest : public DiagnosticTest {
 protected:
  // Checks <sdf version="...">, then `inner` from line 2.
  void Check(const std::string& inner, const std::string& version = "1.8") {
    CheckText("<sdf version=\"" + version + "\">\n" + inner + "\n</sdf>\n",
              version);
  }

  // Checks <sdf version="..."><model name="m"><link name="l"> (line 2),
  // then `body` from line 3.
  void CheckInLink(const std::string& body, const std::string& version = "1.8") {
    Check("<model name=\"m\"><link name=\"l\">\n" + body + "\n</link></model>",
          version);
  }

  void CheckText(const std::string& text, const std::string& version) {
    const auto xml = XmlTree::Parse(text, kFile, &diags_);
    ASSERT_TRUE(xml.has_value()) << DescribeRemaining();
    CheckSchema(*xml, version, &diags_, later_elements_);
  }

  // The hint of an unknown element's message: what its parentheses say
  // ("did you mean <visual>?"), or "" when it has none.
  static std::string HintOf(const Diagnostic& d) {
    const size_t open = d.message.find(" there (");
    if (open == std::string::npos) return "";
    const size_t from = open + 8;
    return d.message.substr(from, d.message.find(')', from) - from);
  }

  bool later_elements_ = true;
};

TEST_F(SchemaCheckTest, AValidFileHasNoFindings) {
  Check(R"(<model name="m" xmlns:mysim="http://example.org/mysim">
  <static>false</static>
  <pose>0 0 1 0 0 0</pose>
  <link name="base">
    <inertial><mass>2</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia></inertial>
    <collision name="c">
      <geometry><box><size>1 1 1</size></box></geometry>
      <surface><contact><collide_bitmask>0xAB</collide_bitmask></contact></surface>
    </collision>
    <visual name="v" mysim:layer="2">
      <geometry><mesh><uri>model://m/mesh.dae</uri><scale>1 1 1</scale></mesh></geometry>
      <material><ambient>1 0 0</ambient><diffuse>0 1 0 0.5</diffuse>
        <script><uri>file://a.material</uri><name>A</name></script></material>
    </visual>
    <sensor name="cam" type="camera"><update_rate>30</update_rate>
      <camera><horizontal_fov>1.2</horizontal_fov><image><width>640</width><height>480</height></image>
        <clip><near>0.1</near><far>100</far></clip></camera>
    </sensor>
    <mysim:anything><pose>not checked</pose></mysim:anything>
  </link>
  <link name="arm"/>
  <joint name="j" type="revolute"><parent>base</parent><child>arm</child>
    <axis><xyz expressed_in="__model__">0 0 1</xyz><limit><lower>-inf</lower><upper>inf</upper></limit></axis>
  </joint>
  <model name="nested"><link name="x"/></model>
  <plugin name="p" filename="libp.so"><anything>goes <pose>here</pose></anything></plugin>
</model>)");
}

TEST_F(SchemaCheckTest, MalformedColorAtItsElement) {
  CheckInLink(R"(<visual name="v"><geometry><box><size>1 1 1</size></box></geometry>
  <material><ambient>1.5 0 0 1</ambient></material>
</visual>)");
  const Diagnostic d = TakeError(Code::kValueInvalid);
  EXPECT_EQ(d.source.file, kFile);
  EXPECT_EQ(d.source.line, 4);
  EXPECT_EQ(d.source.path,
            R"(/sdf/model[@name="m"]/link[@name="l"]/visual[@name="v"]/material/ambient)");
  EXPECT_NE(d.message.find("color"), std::string::npos);
}

TEST_F(SchemaCheckTest, EveryValueTypeIsChecked) {
  struct Case {
    const char* what;
    std::string body;  // in a link
    Code code;
  };
  const std::vector<Case> cases = {
      {"bool", "<gravity>yes</gravity>", Code::kValueInvalid},
      {"int", "<collision name='c'><max_contacts>1.5</max_contacts></collision>",
       Code::kValueInvalid},
      {"unsigned int",
       "<collision name='c'><surface><contact><collide_bitmask>-1"
       "</collide_bitmask></contact></surface></collision>",
       Code::kValueInvalid},
      {"double", "<velocity_decay><linear>bad</linear></velocity_decay>",
       Code::kValueInvalid},
      {"float",
       "<visual name='v'><material><render_order>x</render_order></material>"
       "</visual>",
       Code::kValueInvalid},
      {"vector2d",
       "<collision name='c'><geometry><plane><size>1</size></plane></geometry>"
       "</collision>",
       Code::kValueInvalid},
      {"vector3",
       "<collision name='c'><geometry><box><size>1 1</size></box></geometry>"
       "</collision>",
       Code::kValueInvalid},
      {"pose", "<visual name='v'><pose>1 2 3</pose></visual>",
       Code::kPoseInvalid},
      {"color", "<visual name='v'><material><diffuse>0 0.1</diffuse>"
                "</material></visual>",
       Code::kValueInvalid},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.what);
    CheckInLink(c.body);
    TakeError(c.code);
    EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  }
  // time: in a world's <state>.
  Check("<world name='w'><state world_name='w'><sim_time>1.5</sim_time>"
        "</state></world>");
  TakeError(Code::kValueInvalid);
}

TEST_F(SchemaCheckTest, BoundsOfTheDescription) {
  CheckInLink(R"(<collision name="c"><surface>
  <bounce><restitution_coefficient>3</restitution_coefficient></bounce>
  <friction><ode><mu>-1</mu><mu2>100</mu2></ode></friction>
</surface></collision>)");
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 4);  // above 1
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 5);  // mu below 0
}

TEST_F(SchemaCheckTest, OldBoundsThatLaterVersionsRelaxedAreRelaxed) {
  // SDFormat 1.2 bounds mu to [0, 1], later versions only to >= 0; 1.4
  // bounds a camera's far clip to >= 10, later versions to >= 0.1.
  CheckInLink(R"(<collision name="c"><geometry><box><size>1 1 1</size></box></geometry>
<surface><friction><ode><mu>100</mu><mu2>-1</mu2></ode></friction></surface></collision>)",
              "1.2");
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 4);  // mu2 < 0
  CheckInLink(R"(<sensor name="s" type="camera"><camera>
<clip><near>0.1</near><far>5</far></clip></camera></sensor>)",
              "1.4");
}

TEST_F(SchemaCheckTest, EmptyValues) {
  // A required value (<size> of a box, required="1") may not be empty; an
  // optional one is its default.
  CheckInLink(R"(<visual name="v"><geometry><box><size> </size></box></geometry>
<material><ambient/></material></visual>)");
  const Diagnostic d = TakeError(Code::kValueInvalid);
  EXPECT_EQ(d.source.line, 3);
  EXPECT_NE(d.message.find("empty"), std::string::npos);
}

TEST_F(SchemaCheckTest, Attributes) {
  CheckInLink(R"(<visual name="v" foo="1" mysim:bar="2">
<material><pbr><metal><light_map uv_set="abc">x.png</light_map></metal></pbr></material>
</visual>
<sensor name="s"/>)");
  TakeWarning(Code::kXmlNamespaceInvalid);  // loading: mysim: undeclared
  const Diagnostic unknown = TakeWarning(Code::kAttributeInvalid);
  EXPECT_EQ(unknown.source.line, 3);
  EXPECT_NE(unknown.message.find("@foo"), std::string::npos);
  const Diagnostic bad = TakeError(Code::kAttributeInvalid);
  EXPECT_EQ(bad.source.line, 4);
  EXPECT_NE(bad.message.find("uv_set"), std::string::npos);
  const Diagnostic missing = TakeError(Code::kAttributeMissing);
  EXPECT_EQ(missing.source.line, 6);
  EXPECT_NE(missing.message.find("type"), std::string::npos);
}

TEST_F(SchemaCheckTest, DiagnosticsComeInDocumentOrder) {
  CheckInLink(R"(<velocity_decay><linear>a</linear><angular>b</angular></velocity_decay>
<sensor name="s"/>
<gravity>c</gravity>)");
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.path,
            R"(/sdf/model[@name="m"]/link[@name="l"]/velocity_decay/linear)");
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.path,
            R"(/sdf/model[@name="m"]/link[@name="l"]/velocity_decay/angular)");
  EXPECT_EQ(TakeError(Code::kAttributeMissing).source.line, 4);
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 5);
}

TEST_F(SchemaCheckTest, TheContentOfANameIsTheNamesPhases) {
  // 000: the schema "only confirms the existence of name attributes, not
  // their content" (core/names.cc reports an empty name).
  CheckInLink("<visual name=\"\"/>\n<collision/>");
  const Diagnostic d = TakeError(Code::kAttributeMissing);
  EXPECT_EQ(d.source.line, 4);
}

TEST_F(SchemaCheckTest, UnknownElementsAreWarnedAndNotLookedInto) {
  CheckInLink(R"(<not_sdf><pose>bad</pose></not_sdf>
<my:custom xmlns:my="http://example.org/my"><pose>bad</pose></my:custom>)");
  const Diagnostic d = TakeWarning(Code::kElementUnknown);
  EXPECT_EQ(d.source.line, 3);
  EXPECT_EQ(d.source.path, R"(/sdf/model[@name="m"]/link[@name="l"]/not_sdf)");
  EXPECT_EQ(HintOf(d), "");  // nothing close
}

// A typo in an element's name, named or not, in a link and in a model:
// each is unknown where it is, with the element meant as a hint.
TEST_F(SchemaCheckTest, TyposAreUnknownNamedOrNot) {
  Check(R"(<model name="m">
  <link name="a">
    <visul name="v"><geometry><box><size>bad</size></box></geometry></visul>
    <visul/>
    <colision name="c"/>
  </link>
  <lnk name="b"/>
  <lnk/>
  <jiont name="j" type="fixed"/>
</model>)");
  // The model's first: the walk checks an element's children when it
  // comes to the element.
  const Diagnostic link = TakeWarning(Code::kElementUnknown);
  EXPECT_EQ(link.source.line, 8);
  EXPECT_EQ(link.source.path, R"(/sdf/model[@name="m"]/lnk[@name="b"])");
  EXPECT_EQ(HintOf(link), "did you mean <link>?");
  const Diagnostic unnamed_link = TakeWarning(Code::kElementUnknown);
  EXPECT_EQ(unnamed_link.source.line, 9);
  EXPECT_EQ(unnamed_link.source.path, R"(/sdf/model[@name="m"]/lnk)");
  EXPECT_EQ(HintOf(unnamed_link), "did you mean <link>?");
  const Diagnostic joint = TakeWarning(Code::kElementUnknown);
  EXPECT_EQ(joint.source.line, 10);
  EXPECT_EQ(HintOf(joint), "did you mean <joint>?");
  const Diagnostic visual = TakeWarning(Code::kElementUnknown);
  EXPECT_EQ(visual.source.line, 4);
  EXPECT_EQ(visual.source.path,
            R"(/sdf/model[@name="m"]/link[@name="a"]/visul[@name="v"])");
  EXPECT_EQ(HintOf(visual), "did you mean <visual>?");
  const Diagnostic unnamed = TakeWarning(Code::kElementUnknown);
  EXPECT_EQ(unnamed.source.line, 5);
  EXPECT_EQ(unnamed.source.path,
            R"(/sdf/model[@name="m"]/link[@name="a"]/visul)");
  EXPECT_EQ(HintOf(unnamed), "did you mean <visual>?");
  // Not looked into: the <size> in the first <visul> is not checked.
  EXPECT_EQ(HintOf(TakeWarning(Code::kElementUnknown)),
            "did you mean <collision>?");
}

TEST_F(SchemaCheckTest, AHintIsAnElementAllowedThereAndClose) {
  // <pose> is two edits from <port>, but a word of four letters gets one:
  // no hint (core/closest_word.h).
  CheckInLink("<port/>\n<Visual name=\"v\"/>\n<sensr name=\"s\"/>");
  EXPECT_EQ(HintOf(TakeWarning(Code::kElementUnknown)), "");
  EXPECT_EQ(HintOf(TakeWarning(Code::kElementUnknown)),
            "did you mean <visual>?");
  EXPECT_EQ(HintOf(TakeWarning(Code::kElementUnknown)),
            "did you mean <sensor>?");
  // Only the children allowed where the typo is: <geometry> is a visual's,
  // not a model's.
  Check("<model name=\"m\"><link name=\"l\"/><geometri/></model>");
  EXPECT_EQ(HintOf(TakeWarning(Code::kElementUnknown)), "");
}

TEST_F(SchemaCheckTest, CustomElementsAreFree) {
  CheckInLink(R"(<mysim:visul xmlns:mysim="http://example.org/mysim" name="v">
  <anything/></mysim:visul>)");
  Check(R"(<model name="m" xmlns:mysim="http://example.org/mysim">
  <link name="l"/><mysim:lnk name="b"/></model>)");
}

// An element of an earlier version: unknown, saying which version had it.
TEST_F(SchemaCheckTest, ElementsOfAnEarlierVersionAreUnknown) {
  CheckInLink(R"(<sensor name="imu" type="imu"><imu>
  <noise><type>gaussian</type></noise>
</imu></sensor>)");
  const Diagnostic d = TakeWarning(Code::kElementUnknown);
  EXPECT_EQ(d.source.line, 4);
  EXPECT_EQ(HintOf(d), "SDFormat 1.5 had it");
}

// An element of a later version: a later feature, read as libsdformat reads
// it (it converts every file to its newest version); to the letter of the
// version, unknown.
TEST_F(SchemaCheckTest, ElementsOfALaterVersionAreLaterFeatures) {
  // <frame> in a model is 1.5 on; <model> in a model too.
  const std::string model =
      "<model name=\"m\"><link name=\"l\"/><frame name=\"f\"/>"
      "<model name=\"n\"/></model>";
  Check(model, "1.4");
  EXPECT_NE(TakeWarning(Code::kLaterVersionFeature).message.find("1.5"),
            std::string::npos);
  TakeWarning(Code::kLaterVersionFeature);
  Check(model, "1.6");
  // <cubemap_uri> is 1.10's (1.9's in libsdformat after 12.3).
  const std::string sky =
      "<world name=\"w\"><scene><sky><cubemap_uri>a.dds</cubemap_uri></sky>"
      "</scene></world>";
  Check(sky, "1.7");
  EXPECT_EQ(TakeWarning(Code::kLaterVersionFeature).source.path,
            R"(/sdf/world[@name="w"]/scene/sky/cubemap_uri)");
  later_elements_ = false;
  Check(sky, "1.7");
  EXPECT_EQ(HintOf(TakeWarning(Code::kElementUnknown)), "SDFormat 1.10 has it");
  Check(model, "1.4");
  EXPECT_EQ(HintOf(TakeWarning(Code::kElementUnknown)), "SDFormat 1.5 has it");
  TakeWarning(Code::kElementUnknown);
}

TEST_F(SchemaCheckTest, PluginContentsAreFree) {
  CheckInLink(R"(<sensor name="s" type="gps"><plugin name="p" filename="f">
  <size>junk</size><pose>bad</pose><link/>
</plugin></sensor>)");
}

TEST_F(SchemaCheckTest, DeprecatedElementsAreWarned) {
  Check(R"(<model name="m"><link name="a"/><link name="b"/>
<joint name="j" type="revolute"><parent>a</parent><child>b</child>
  <axis><initial_position>0.5</initial_position><xyz>0 0 1</xyz></axis>
</joint></model>)");
  const Diagnostic d = TakeWarning(Code::kElementInvalid);
  EXPECT_EQ(d.source.line, 4);
  EXPECT_NE(d.message.find("deprecated"), std::string::npos);
}

TEST_F(SchemaCheckTest, RequiredChildrenLibsdformatCannotDoWithout) {
  CheckInLink(R"(<visual name="v"><geometry><mesh><uri>a.dae</uri><submesh/></mesh></geometry>
<material><script/></material></visual>)");
  const Diagnostic submesh = TakeError(Code::kElementMissing);
  EXPECT_EQ(submesh.source.line, 3);
  EXPECT_NE(submesh.message.find("<name>"), std::string::npos);
  const Diagnostic uri = TakeError(Code::kElementMissing);
  EXPECT_EQ(uri.source.line, 4);
  EXPECT_NE(uri.message.find("<uri>"), std::string::npos);
  EXPECT_NE(TakeError(Code::kElementMissing).message.find("<name>"),
            std::string::npos);

  Check(R"(<model name="m"><link name="a"/>
<joint name="j" type="fixed"/></model>)");
  EXPECT_NE(TakeError(Code::kElementMissing).message.find("<parent>"),
            std::string::npos);
  EXPECT_NE(TakeError(Code::kElementMissing).message.find("<child>"),
            std::string::npos);
}

TEST_F(SchemaCheckTest, NeededValuesMayNotBeEmptyOrThePlaceholder) {
  CheckInLink(R"(<visual name="v"><material><script>
<uri></uri><name>__default__</name></script></material></visual>)");
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 4);
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 4);
}

TEST_F(SchemaCheckTest, RequiredChildrenWithoutADefaultAreWarned) {
  // libsdformat puts "__default__" in their place and accepts the file.
  CheckInLink(R"(<visual name="v"><geometry><mesh/></geometry></visual>
<projector name="p"/>)");
  const Diagnostic mesh = TakeWarning(Code::kElementMissing);
  EXPECT_EQ(mesh.source.line, 3);
  EXPECT_NE(mesh.message.find("<uri>"), std::string::npos);
  EXPECT_NE(TakeWarning(Code::kElementMissing).message.find("<texture>"),
            std::string::npos);
}

TEST_F(SchemaCheckTest, RequiredChildrenWithADefaultTakeIt) {
  // A 1.4 <link> requires <velocity_decay>, a <box> its <size>, a <visual>
  // its <geometry>: their defaults stand in, as libsdformat fills them in.
  CheckInLink("<visual name=\"v\"><geometry><box/></geometry></visual>"
              "<visual name=\"w\"/>",
              "1.4");
}

TEST_F(SchemaCheckTest, GazeboRootOfOnePointTwo) {
  CheckText(R"(<gazebo version="1.2">
<model name="m"><link name="l"><gravity>maybe</gravity></link></model>
</gazebo>)",
            "1.2");
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 2);
}

TEST_F(SchemaCheckTest, AVersionWithoutSchema) {
  Check("<model name=\"m\"/>", "1.13");
  TakeError(Code::kVersionUnsupported);
}

TEST_F(SchemaCheckTest, QuaternionPosesOfOnePointNine) {
  CheckInLink(R"(<pose rotation_format="quat_xyzw">1 2 3  0 0 0.7071068 0.7071068</pose>
<visual name="v"><pose rotation_format="euler_rpy" degrees="true">0 0 0 0 0 90</pose></visual>
<collision name="c"><pose rotation_format="quat_xyzw"/></collision>)",
              "1.9");
  CheckInLink(R"(<pose rotation_format="quat_xyzw">1 2 3 0 0 0</pose>
<visual name="v"><pose rotation_format="quat_xyzw" degrees="true">0 0 0 0 0 0 1</pose></visual>
<collision name="c"><pose rotation_format="quat_wxyz">0 0 0 1 0 0 0</pose></collision>
<sensor name="s" type="imu"><pose>0 0 0 0 0 0 1</pose></sensor>)",
              "1.12");
  EXPECT_EQ(TakeError(Code::kPoseInvalid).source.line, 3);
  EXPECT_EQ(TakeError(Code::kAttributeInvalid).source.line, 4);
  EXPECT_EQ(TakeError(Code::kAttributeInvalid).source.line, 5);
  EXPECT_EQ(TakeError(Code::kPoseInvalid).source.line, 6);
  // 1.8 has no rotation_format: unknown to its schema (a warning). The
  // reader reads it as a later feature (sdf_dialect.h), so a quat_xyzw
  // pose is seven numbers there too.
  CheckInLink(R"(<pose rotation_format="quat_xyzw">1 2 3 0 0 0 1</pose>)", "1.8");
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 3);
  CheckInLink(R"(<pose rotation_format="quat_xyzw">1 2 3 0 0 0</pose>)", "1.8");
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 3);
  EXPECT_EQ(TakeError(Code::kPoseInvalid).source.line, 3);
}

TEST_F(SchemaCheckTest, WhatOnePointTenToOnePointTwelveAdded) {
  Check(R"(<world name="w">
  <include merge="true"><uri>m</uri></include>
  <joint name="j" type="revolute"><parent>a::l</parent><child>b::l</child>
    <axis><xyz>0 0 1</xyz><mimic joint="k" axis="axis"><multiplier>2</multiplier><offset>0</offset><reference>0</reference></mimic></axis>
  </joint>
  <model name="a"><link name="l"><inertial auto="true"/>
    <collision name="c"><density>500</density><geometry><cone><radius>1</radius><length>2</length></cone></geometry></collision>
    <sensor name="s" type="air_speed"><frame_id>f</frame_id><air_speed><pressure><noise type="none"/></pressure></air_speed></sensor>
  </link><plugin filename="p.so"/></model>
  <state world_name="w"><iterations>0</iterations>
    <model_state name="a"><joint_state name="j"><axis_state><position degrees="true">90</position></axis_state></joint_state>
      <link_state name="l"><force>0 0 1</force><collision_state name="c"/></link_state></model_state>
    <joint_state name="j"/>
  </state>
</world>)",
        "1.12");
  // The same in 1.9: world joints, merge into a world, mimic, ... of later
  // versions, and unknown to the letter of 1.9.
  const std::string later = R"(<world name="w">
  <include merge="true"><uri>m</uri></include>
  <joint name="j" type="fixed"><parent>world</parent><child>a::l</child></joint>
  <state world_name="w"><iterations>0</iterations><model_state name="a"/></state>
</world>)";
  Check(later, "1.9");
  // The world's unknown children are found with the world, before the
  // attributes of its <include>.
  EXPECT_EQ(TakeWarning(Code::kLaterVersionFeature).source.line, 4);
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 3);
  EXPECT_EQ(TakeWarning(Code::kLaterVersionFeature).source.line, 5);
  later_elements_ = false;
  Check(later, "1.9");
  EXPECT_EQ(HintOf(TakeWarning(Code::kElementUnknown)), "SDFormat 1.10 has it");
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 3);
  EXPECT_EQ(HintOf(TakeWarning(Code::kElementUnknown)), "SDFormat 1.12 has it");
}

TEST_F(SchemaCheckTest, AMimicNeedsItsLeader) {
  Check(R"(<model name="m"><joint name="j" type="revolute"><parent>a</parent><child>b</child>
  <axis><xyz>0 0 1</xyz><mimic><multiplier>x</multiplier></mimic></axis></joint></model>)",
        "1.11");
  EXPECT_EQ(TakeError(Code::kAttributeMissing).source.line, 3);
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 3);
}

TEST_F(SchemaCheckTest, DeepNestingIsWalkedWithoutRecursion) {
  constexpr int kDepth = 20'000;
  std::string text = "<sdf version=\"1.8\">\n";
  for (int i = 0; i < kDepth; ++i) text += "<model name=\"m\">";
  text += "<link name=\"l\"><gravity>no way</gravity></link>";
  for (int i = 0; i < kDepth; ++i) text += "</model>";
  text += "\n</sdf>\n";
  CheckText(text, "1.8");
  const Diagnostic d = TakeError(Code::kValueInvalid);
  EXPECT_EQ(d.source.line, 2);
  EXPECT_NE(d.source.path.str().find("levels)"), std::string::npos);
}

}  // namespace
}  // namespace sdfconv
