// The API as a whole: 1.8 passes through byte for byte, everything not
// upgraded is kept as written, includes stay includes, errors leave no
// output, and model.config manifests.
#include "converters/upgrade/upgrade.h"

#include <string>

#include <Eigen/Geometry>

#include <gtest/gtest.h>

#include "converters/registry.h"
#include "converters/upgrade/upgrade_test_util.h"
#include "core/pose.h"

namespace sdfconv {
namespace {

using upgrade_test::Sdf;
using upgrade_test::UpgradeTest;

using UpgradeSdfTest = UpgradeTest;

TEST_F(UpgradeSdfTest, Sdf18IsKeptByteForByte) {
  const std::string input =
      "<?xml version='1.0' encoding='UTF-8' ?>\r\n"
      "<!-- a 1.8 model -->\r\n"
      "<sdf version=\"1.8\" xmlns:ext='urn:ext'>\r\n"
      "\t<model  name = 'm' ext:tag=\"x\">\r\n"
      "\t\t<link name='l'><pose>1 2 3 0 0 0</pose></link>\r\n"
      "\t\t<frame name=\"f\" attached_to=\"l\"></frame>\r\n"
      "\t\t<ext:thing><![CDATA[ <raw> ]]>&amp;</ext:thing>\r\n"
      "\t\t<plugin name='p' filename='p.so'><a frame='x'/></plugin>\r\n"
      "\t</model>\r\n"
      "</sdf>\r\n";
  EXPECT_EQ(Upgrade(input, /*verify=*/true), input);
  EXPECT_FALSE(last_.changed);
  EXPECT_TRUE(last_.ok());
}

// Comments, element order, blank lines, tabs, quotes, namespaced elements
// and attributes, and everything inside a plugin (even what looks like a
// pose with a frame) are kept; only what the rules change is changed.
const std::string kMixed = Sdf("1.6",
    "  <!-- header comment -->\n"
    "  <model name='m' xmlns:my='urn:my' my:color='red'>\n"
    "\t<link name='base'>\n"
    "\t\t<pose frame='' >0 0 1 0 0 0</pose> <!-- trailing -->\n"
    "\n"
    "\t\t<my:sensor rate='3'><my:inner/></my:sensor>\n"
    "\t</link>\n"
    "\t<link name='arm'/>\n"
    "\t<joint name='j' type='revolute'>\n"
    "\t\t<parent>base</parent>\n"
    "\t\t<child>arm</child>\n"
    "\t\t<axis>\n"
    "\t\t\t<xyz>0 0 1</xyz> <!-- up -->\n"
    "\t\t\t<use_parent_model_frame>true</use_parent_model_frame>\n"
    "\t\t</axis>\n"
    "\t</joint>\n"
    "\t<plugin name='ctl' filename='libctl.so'>\n"
    "\t\t<pose frame='base'>1 2 3 0 0 0</pose>\n"
    "\t\t<!-- plugin comment --><gain>1.0</gain>\n"
    "\t</plugin>\n"
    "  </model>\n");

TEST_F(UpgradeSdfTest, KeepsEverythingItDoesNotUpgrade) {
  EXPECT_EQ(Upgrade(kMixed), Sdf("1.8",
    "  <!-- header comment -->\n"
    "  <model name='m' xmlns:my='urn:my' my:color='red'>\n"
    "\t<link name='base'>\n"
    "\t\t<pose relative_to='' >0 0 1 0 0 0</pose> <!-- trailing -->\n"
    "\n"
    "\t\t<my:sensor rate='3'><my:inner/></my:sensor>\n"
    "\t</link>\n"
    "\t<link name='arm'/>\n"
    "\t<joint name='j' type='revolute'>\n"
    "\t\t<parent>base</parent>\n"
    "\t\t<child>arm</child>\n"
    "\t\t<axis>\n"
    "\t\t\t<xyz expressed_in='__model__'>0 0 1</xyz> <!-- up -->\n"
    "\t\t</axis>\n"
    "\t</joint>\n"
    "\t<plugin name='ctl' filename='libctl.so'>\n"
    "\t\t<pose frame='base'>1 2 3 0 0 0</pose>\n"
    "\t\t<!-- plugin comment --><gain>1.0</gain>\n"
    "\t</plugin>\n"
    "  </model>\n"));
}

TEST_F(UpgradeSdfTest, KeepsEverythingAndVerifies) {
  SKIP_UNLESS_READABLE("1.6");
  Upgrade(kMixed, /*verify=*/true);
  EXPECT_TRUE(last_.ok());
}

// Includes stay includes; verification reads them as stand-ins (here the
// joint names a link inside the included model).
const std::string kInclude15 = Sdf("1.5", R"(  <model name="valve_wall">
    <include>
      <uri>model://valve_wall</uri>
      <name>wall</name>
      <pose>1 0 0 0 0 0</pose>
    </include>
    <link name="handle"/>
    <joint name="turn" type="revolute">
      <parent>wall::link</parent>
      <child>handle</child>
      <axis><xyz>1 0 0</xyz><use_parent_model_frame>1</use_parent_model_frame></axis>
    </joint>
  </model>
)");

TEST_F(UpgradeSdfTest, IncludesStayIncludes) {
  EXPECT_EQ(Upgrade(kInclude15), Sdf("1.8", R"(  <model name="valve_wall">
    <include>
      <uri>model://valve_wall</uri>
      <name>wall</name>
      <pose>1 0 0 0 0 0</pose>
    </include>
    <link name="handle"/>
    <joint name="turn" type="revolute">
      <parent>wall::link</parent>
      <child>handle</child>
      <axis><xyz expressed_in="__model__">1 0 0</xyz></axis>
    </joint>
  </model>
)"));
}

TEST_F(UpgradeSdfTest, IncludesVerify) {
  SKIP_UNLESS_READABLE("1.5");
  Upgrade(kInclude15, /*verify=*/true);
  EXPECT_TRUE(last_.ok());
}

// SDFormat 1.2 under its own root: <gazebo> becomes <sdf>, and 1.3's
// physics moves are made.
TEST_F(UpgradeSdfTest, Gazebo12RootAndPhysicsRates) {
  const std::string input = R"(<gazebo version='1.2'>
  <world name='w'>
    <physics type='ode'>
      <update_rate>1000</update_rate>
      <ode>
        <solver>
          <dt>0.001</dt>
          <iters>50</iters>
        </solver>
      </ode>
    </physics>
  </world>
</gazebo>
)";
  EXPECT_EQ(Upgrade(input), R"(<sdf version='1.8'>
  <world name='w'>
    <physics type='ode'>
      <real_time_update_rate>1000</real_time_update_rate>
      <ode>
        <solver>
          <iters>50</iters>
        </solver>
      </ode>
      <max_step_size>0.001</max_step_size>
    </physics>
  </world>
</sdf>
)");
}

TEST_F(UpgradeSdfTest, NotXmlIsAnError) {
  EXPECT_EQ(Upgrade("<sdf version='1.6'><model>", true), "");
  EXPECT_FALSE(last_.ok());
  EXPECT_FALSE(last_.changed);
  while (Remaining() > 0) TakeError(Code::kXmlSyntaxError);
}

// A file in ISO-8859-1 or windows-1252 is upgraded in its own encoding:
// every byte not edited comes back as it was (here 0xE9, e-acute).
TEST_F(UpgradeSdfTest, Latin1FilesStayInTheirEncoding) {
  for (const std::string encoding : {"ISO-8859-1", "windows-1252"}) {
    const std::string head =
        "<?xml version=\"1.0\" encoding=\"" + encoding + "\"?>\n";
    const std::string body =
        "  <!-- caf\xE9 -->\n  <model name=\"m\xE9\">\n"
        "    <link name=\"l\"/>\n"
        "    <link name=\"l2\"><pose frame=\"l\">1 0 0 0 0 0</pose></link>\n"
        "  </model>\n</sdf>\n";
    const std::string out =
        Upgrade(head + "<sdf version=\"1.6\">\n" + body, /*verify=*/true);
    ASSERT_TRUE(last_.ok()) << encoding;
    std::string want = body;
    want.replace(want.find("frame=\"l\""), 9, "relative_to=\"l\"");
    EXPECT_EQ(out, head + "<sdf version=\"1.8\">\n" + want) << encoding;
  }
}

// UTF-16 is upgraded like any encoding: written back in UTF-16, after the
// byte order mark the input began with.
TEST_F(UpgradeSdfTest, Utf16IsUpgradedInUtf16) {
  // `text` (ASCII) in UTF-16LE after a byte order mark.
  auto utf16 = [](const std::string& text) {
    std::string out = "\xFF\xFE";
    for (const char c : text) {
      out += c;
      out += '\0';
    }
    return out;
  };
  const std::string head = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>";
  const std::string model =
      "<model name=\"m\"><link name=\"l\"/></model></sdf>";
  EXPECT_EQ(Upgrade(utf16(head + "<sdf version=\"1.6\">" + model)),
            utf16(head + "<sdf version=\"1.8\">" + model));
  ASSERT_TRUE(last_.ok());
}

TEST_F(UpgradeSdfTest, WhatCannotBeUpgradedIsAnError) {
  EXPECT_EQ(Upgrade("<robot name='r'/>"), "");
  TakeError(Code::kElementInvalid);
  EXPECT_EQ(Upgrade("<sdf><model name='m'/></sdf>"), "");
  TakeError(Code::kAttributeMissing);
  EXPECT_EQ(Upgrade(Sdf("1.0", "")), "");
  TakeError(Code::kVersionUnsupported);
  EXPECT_EQ(Upgrade(Sdf("1.13", "")), "");
  TakeError(Code::kVersionUnsupported);
}

// An input that is not valid in its own version cannot be verified: its
// own errors come back, and there is no output.
TEST_F(UpgradeSdfTest, InvalidInputIsNotUpgradedWhenVerifying) {
  const std::string input = Sdf("1.7", R"(  <model name="m">
    <link name="a"/>
    <joint name="a" type="fixed"><parent>world</parent><child>a</child></joint>
  </model>
)");
  EXPECT_EQ(Upgrade(input, /*verify=*/true), "");
  TakeWarning(Code::kDuplicateName);  // the repair it would have made
  TakeError(Code::kDuplicateName);    // why it was not made
  // Without verification the repair is made.
  EXPECT_EQ(Upgrade(input), Sdf("1.8", R"(  <model name="m">
    <link name="a"/>
    <joint name="a_joint" type="fixed"><parent>world</parent><child>a</child></joint>
  </model>
)"));
  TakeWarning(Code::kDuplicateName);
}

// A collision and a visual of one link called alike is a value-level error
// in 1.7 (no reference can name them, docs/errors_policy.md): the upgrade
// repairs it as 1.8 asks, with its renaming warning, and does not say it
// kept a value it did not keep. In 1.8 it is kept as written.
TEST_F(UpgradeSdfTest, CollisionAndVisualCalledAlikeAreRepairedOrKept) {
  const std::string body = R"(  <model name="m">
    <link name="l">
      <collision name="body"><geometry><box><size>1 1 1</size></box></geometry></collision>
      <visual name="body"><geometry><box><size>1 1 1</size></box></geometry></visual>
    </link>
  </model>
)";
  std::string repaired = Sdf("1.8", body);
  repaired.replace(repaired.find("<visual name=\"body\">"), 20,
                   "<visual name=\"body_visual\">");
  EXPECT_EQ(Upgrade(Sdf("1.7", body), /*verify=*/true), repaired);
  const Diagnostic renamed = TakeWarning(Code::kDuplicateName);
  EXPECT_EQ(renamed.message.find("kept as written"), std::string::npos);
  EXPECT_EQ(Upgrade(Sdf("1.8", body), /*verify=*/true), Sdf("1.8", body));
  const Diagnostic kept = TakeWarning(Code::kDuplicateName);
  EXPECT_EQ(kept.message.rfind("kept as written: ", 0), 0u) << kept.message;
  EXPECT_EQ(kept.source.line, 5);  // the <visual>
}

// An input whose only errors are value-level (converters/sdf/value_level.h) is
// upgraded: the values are kept as written, and each error comes back as a
// warning with its code.
TEST_F(UpgradeSdfTest, ValueErrorsAreKeptAsWrittenWithWarnings) {
  const std::string body = R"(  <model name="m">
    <link name="l">
      <pose POSE_ATTR>0 0 1 0 0 0</pose>
      <inertial><mass>1</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>5</izz></inertia></inertial>
      <visual name="v">
        <geometry><box><size>1 1 1</size></box></geometry>
        <material><script><name>Gazebo/Grey</name></script></material>
      </visual>
    </link>
  </model>
)";
  auto with = [&body](const std::string& version, const std::string& attr) {
    std::string b = body;
    b.replace(b.find("POSE_ATTR"), 9, attr);
    return Sdf(version, b);
  };
  EXPECT_EQ(Upgrade(with("1.6", "frame=''"), /*verify=*/true),
            with("1.8", "relative_to=''"));
  Diagnostic d = TakeWarning(Code::kLinkInertiaInvalid);
  EXPECT_EQ(d.message.rfind("kept as written: ", 0), 0u) << d.message;
  d = TakeWarning(Code::kElementMissing);
  EXPECT_EQ(d.message.rfind("kept as written: ", 0), 0u) << d.message;
}

// A value-level error that only the upgraded version makes (1.2 and 1.3 let a
// <script> go without <uri>, 1.4 on require it: gazebo_models
// pr2_gripper/model-1_2.sdf) changes no meaning: the upgrade keeps the
// value as written with a warning, as every conversion does, rather than
// refuse the file. The one the input has is kept too.
TEST_F(UpgradeSdfTest, ValueErrorsOfTheUpgradedVersionAreKeptAsWritten) {
  const std::string body = R"(  <model name="m">
    <link name="l">
      <visual name="v">
        <geometry><box><size>1 1 1</size></box></geometry>
        <material><script><name>__default__</name></script></material>
      </visual>
    </link>
  </model>
)";
  const std::string out = Upgrade(Sdf("1.2", body), /*verify=*/true);
  EXPECT_EQ(out, Sdf("1.8", body));
  EXPECT_TRUE(last_.changed);
  // The output's first (its line is the output's, not the input's).
  Diagnostic d = TakeWarning(Code::kElementMissing);  // 1.8's <uri>
  EXPECT_EQ(d.message.rfind("kept as written: the upgraded SDFormat 1.8, "
                            "at its line 6: ",
                            0),
            0u)
      << d.message;
  EXPECT_EQ(d.source.line, 0);
  EXPECT_EQ(d.source.path.str(),
            "/sdf/model[@name=\"m\"]/link[@name=\"l\"]/visual[@name=\"v\"]/"
            "material/script");
  d = TakeWarning(Code::kValueInvalid);  // the placeholder name
  EXPECT_EQ(d.message.rfind("kept as written: ", 0), 0u) << d.message;
  EXPECT_EQ(d.source.line, 6);
}

// Errors that touch kinematics stay fatal, even with a value-level code:
// here a joint without its <child>.
TEST_F(UpgradeSdfTest, KinematicErrorsStayFatal) {
  const std::string input = Sdf("1.7", R"(  <model name="m">
    <link name="a"/>
    <joint name="j" type="fixed"><parent>a</parent></joint>
  </model>
)");
  EXPECT_EQ(Upgrade(input, /*verify=*/true), "");
  TakeError(Code::kElementMissing);
}

TEST_F(UpgradeSdfTest, Invalid18InputIsAnErrorWhenVerifying) {
  const std::string input = Sdf("1.8", R"(  <model name="m">
    <link name="l"><pose relative_to="nowhere"/></link>
  </model>
)");
  EXPECT_EQ(Upgrade(input, /*verify=*/true), "");
  TakeError(Code::kPoseRelativeToInvalid);
  EXPECT_EQ(Upgrade(input), input);  // unverified: kept as it is
}

// Nothing recurses on the input's depth: 10,000 nested models.
TEST_F(UpgradeSdfTest, DeepNestingNeedsNoRecursion) {
  constexpr int kDepth = 10000;
  std::string body;
  for (int i = 0; i < kDepth; ++i) {
    body += "<model name='m" + std::to_string(i) +
            "'><pose frame=''>1 0 0 0 0 0</pose><link name='l'/>";
  }
  for (int i = 0; i < kDepth; ++i) body += "</model>";
  std::string expected = body;
  for (size_t at; (at = expected.find("frame=''")) != std::string::npos;) {
    expected.replace(at, 8, "relative_to=''");
  }
  EXPECT_EQ(Upgrade(Sdf("1.6", body + "\n"), /*verify=*/upgrade_test::CanRead("1.6")),
            Sdf("1.8", expected + "\n"));
}

// A 1.6 pose with both @frame and 1.7's @relative_to (a later feature):
// @frame wins, as libsdformat's 1.6 -> 1.7 recipe moves it over
// @relative_to; the upgrade writes that, and the proof, which reads the
// input so too, passes. A later feature alone is kept as written.
TEST_F(UpgradeTest, LaterFeaturesKeepTheirMeaning) {
  const std::string input = Sdf("1.6", R"(<model name="m">
<link name="a"><pose>1 0 0 0 0 0</pose></link>
<link name="b"><pose>0 2 0 0 0 0</pose></link>
<link name="c"><pose frame="a" relative_to="b">0 0 3 0 0 0</pose></link>
<link name="d"><pose relative_to="b">0 0 4 0 0 0</pose></link>
</model>
)");
  EXPECT_EQ(Upgrade(input, /*verify=*/true), Sdf("1.8", R"(<model name="m">
<link name="a"><pose>1 0 0 0 0 0</pose></link>
<link name="b"><pose>0 2 0 0 0 0</pose></link>
<link name="c"><pose relative_to="a">0 0 3 0 0 0</pose></link>
<link name="d"><pose relative_to="b">0 0 4 0 0 0</pose></link>
</model>
)"));
  EXPECT_TRUE(last_.ok());
}

// 1.9's //pose/@degrees and @rotation_format in an older file (a later
// feature, read as libsdformat reads it) have no form in 1.8: the upgrade
// writes those poses in radians and drops the attributes, before any rule
// that computes a pose reads them (an inertial's pose re-expressed out of
// @frame, a legacy frame moved out of a visual). Checked by reading the
// output: the poses are built here from axis-angle.
TEST_F(UpgradeTest, PoseFormsOfOnePointNineAreWrittenInRadians) {
  const std::string out = Upgrade(Sdf("1.6", R"(<model name="m">
<frame name="F"><pose>1 0 0 0 0 0</pose></frame>
<link name="a"><inertial><pose frame="F" degrees="true">0 0 0 0 0 90</pose><mass>1</mass></inertial>
<visual name="v"><pose rotation_format="quat_xyzw">0 0 0 0 0 0.7071067811865476 0.7071067811865476</pose>
<frame name="f"><pose>1 0 0 0 0 0</pose></frame></visual>
</link>
</model>
)"), /*verify=*/true);
  ASSERT_TRUE(last_.ok()) << out;
  EXPECT_EQ(out.find("degrees"), std::string::npos) << out;
  EXPECT_EQ(out.find("rotation_format"), std::string::npos) << out;
  TakeWarning(Code::kElementInvalid);  // f moved out of the visual
  Diagnostics diags;
  const std::optional<Document> doc = ReadString(out, "out.sdf", &diags);
  ASSERT_TRUE(doc.has_value());
  EXPECT_FALSE(diags.HasErrors());
  const Eigen::Matrix3d Rz90 =
      Eigen::AngleAxisd(EIGEN_PI / 2, Eigen::Vector3d::UnitZ()).matrix();
  for (const Element& e : doc->elements) {
    if (e.name == "a") {
      ASSERT_TRUE(e.inertial.has_value());
      EXPECT_LT((e.inertial->pose.X.translation() - Eigen::Vector3d(1, 0, 0))
                    .norm(),
                1e-15);
      EXPECT_LT((e.inertial->pose.X.linear() - Rz90).norm(), 1e-15);
    }
    if (e.name == "v") {
      EXPECT_LT((e.pose.X.linear() - Rz90).norm(), 1e-15);
    }
  }
}

}  // namespace
}  // namespace sdfconv
