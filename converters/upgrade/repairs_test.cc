// One test per repair of what SDFormat 1.7+ forbids: the exact output, the
// warning naming old and new, and (in the *Verifies tests) the proof that
// the meaning is kept, which skips, saying so, until the legacy 1.4-1.6
// front end is in the registry.
#include <map>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "converters/registry.h"
#include "converters/upgrade/upgrade_test_util.h"
#include "core/document.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

using upgrade_test::Sdf;
using upgrade_test::UpgradeTest;

using RepairsTest = UpgradeTest;

// X_WF of every element that defines a frame, by "<kind> <scoped name>", as
// the registry's front end for `text`'s version reads and resolves it.
std::map<std::string, Pose> WorldPosesByName(const std::string& text) {
  std::map<std::string, Pose> out;
  Diagnostics diags;
  const std::optional<Document> doc = ReadString(text, "t.sdf", &diags);
  EXPECT_TRUE(doc.has_value() && !diags.HasErrors()) << text;
  if (!doc) return out;
  const FrameGraph graph = BuildFrameGraph(*doc, &diags);
  EXPECT_FALSE(diags.HasErrors()) << text;
  if (diags.HasErrors()) return out;
  const Resolution r = ResolveAll(*doc, graph);
  for (ElementId id = 0; id < static_cast<ElementId>(doc->size()); ++id) {
    const ElementKind kind = doc->at(id).kind;
    if (!DefinesFrame(kind) || kind == ElementKind::kWorld) continue;
    out[std::string(KindName(kind)) + " " + doc->ScopedName(id)] = r.X_W[id];
  }
  return out;
}

// Siblings sharing a name: the link keeps it, the joint and the visual are
// renamed; references follow (the contact sensor names the collision, which
// kept its name); the plugin is not changed, and the warning says it
// mentions the old name.
const std::string kSharedNames = Sdf("1.5", R"(  <model name="robot">
    <link name="base"/>
    <link name="wheel">
      <collision name="wheel"/>
      <visual name="wheel"/>
      <sensor name="bumper" type="contact">
        <contact><collision>wheel</collision></contact>
      </sensor>
    </link>
    <joint name="wheel" type="revolute">
      <parent>base</parent>
      <child>wheel</child>
      <axis><xyz>0 1 0</xyz></axis>
    </joint>
    <frame name="wheel"/>
    <plugin name="drive" filename="libdrive.so">
      <joint>wheel</joint>
    </plugin>
  </model>
)");

TEST_F(RepairsTest, SiblingsSharingANameAreRenamed) {
  EXPECT_EQ(Upgrade(kSharedNames), Sdf("1.8", R"(  <model name="robot">
    <link name="base"/>
    <link name="wheel">
      <collision name="wheel"/>
      <visual name="wheel_visual"/>
      <sensor name="bumper" type="contact">
        <contact><collision>wheel</collision></contact>
      </sensor>
    </link>
    <joint name="wheel_joint" type="revolute">
      <parent>base</parent>
      <child>wheel</child>
      <axis><xyz>0 1 0</xyz></axis>
    </joint>
    <frame name="wheel_frame"/>
    <plugin name="drive" filename="libdrive.so">
      <joint>wheel</joint>
    </plugin>
  </model>
)"));
  Diagnostic d = TakeWarning(Code::kDuplicateName);
  EXPECT_EQ(d.source.line, 6);
  EXPECT_NE(d.message.find("'wheel_visual'"), std::string::npos);
  d = TakeWarning(Code::kDuplicateName);
  EXPECT_EQ(d.source.line, 11);
  EXPECT_EQ(d.source.path, "/sdf/model[@name=\"robot\"]/joint[@name=\"wheel\"]");
  EXPECT_NE(d.message.find("renamed to 'wheel_joint'"), std::string::npos);
  EXPECT_NE(d.message.find("plugin 'drive' (line 17) mentions 'wheel'"),
            std::string::npos)
      << d.message;
  d = TakeWarning(Code::kDuplicateName);
  EXPECT_EQ(d.source.line, 16);
  EXPECT_NE(d.message.find("'wheel_frame'"), std::string::npos);
}

TEST_F(RepairsTest, SiblingsSharingANameVerify) {
  SKIP_UNLESS_READABLE("1.5");
  Upgrade(kSharedNames, /*verify=*/true);
  EXPECT_TRUE(last_.ok());
  diags_ = Diagnostics();  // the warnings are checked above
}

TEST_F(RepairsTest, ReferencesFollowRenamesAcrossNestedModels) {
  // 1.5: a joint names a link of a nested model, which shares its name
  // with a joint there.
  EXPECT_EQ(Upgrade(Sdf("1.5", R"(  <model name="outer">
    <link name="base"/>
    <model name="arm">
      <link name="tip"/>
      <link name="l"/>
      <joint name="tip" type="fixed"><parent>l</parent><child>tip</child></joint>
    </model>
    <joint name="mount" type="fixed">
      <parent>base</parent>
      <child>arm::tip</child>
    </joint>
  </model>
)")),
            Sdf("1.8", R"(  <model name="outer">
    <link name="base"/>
    <model name="arm">
      <link name="tip"/>
      <link name="l"/>
      <joint name="tip_joint" type="fixed"><parent>l</parent><child>tip</child></joint>
    </model>
    <joint name="mount" type="fixed">
      <parent>base</parent>
      <child>arm::tip</child>
    </joint>
  </model>
)"));
  TakeWarning(Code::kDuplicateName);
}

// Reserved names: a link called `world` (legal in 1.4, and then what
// <parent>world</parent> names) and a joint called `__fixed__`.
const std::string kReservedNames = Sdf("1.4", R"(  <model name="m">
    <link name="world"/>
    <link name="arm"/>
    <joint name="__fixed__" type="fixed">
      <parent>world</parent>
      <child>arm</child>
    </joint>
  </model>
)");

TEST_F(RepairsTest, ReservedNamesAreRenamed) {
  EXPECT_EQ(Upgrade(kReservedNames), Sdf("1.8", R"(  <model name="m">
    <link name="world_link"/>
    <link name="arm"/>
    <joint name="fixed" type="fixed">
      <parent>world_link</parent>
      <child>arm</child>
    </joint>
  </model>
)"));
  EXPECT_NE(TakeWarning(Code::kReservedName).message.find("'world_link'"),
            std::string::npos);
  EXPECT_NE(TakeWarning(Code::kReservedName).message.find("'fixed'"),
            std::string::npos);
}

TEST_F(RepairsTest, ReservedNamesVerify) {
  SKIP_UNLESS_READABLE("1.4");
  Upgrade(kReservedNames, /*verify=*/true);
  EXPECT_TRUE(last_.ok());
  diags_ = Diagnostics();
}

// A joint with `world` as its child is turned around: parent world, child
// the link; the frame stays put (relative to __model__, which is the world
// here, so the pose is kept as written) and the axis is reversed.
const std::string kWorldChild14 = Sdf("1.4", R"(  <model name="m">
    <link name="l"><pose>1 0 0 0 0 0</pose></link>
    <joint name="j" type="revolute">
      <pose>0 0 2 0 0 0</pose>
      <parent>l</parent>
      <child>world</child>
      <axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>2</upper></limit></axis>
    </joint>
  </model>
)");

TEST_F(RepairsTest, WorldChildJointIsTurnedAround) {
  EXPECT_EQ(Upgrade(kWorldChild14), Sdf("1.8", R"(  <model name="m">
    <link name="l"><pose>1 0 0 0 0 0</pose></link>
    <joint name="j" type="revolute">
      <pose relative_to="__model__">0 0 2 0 0 0</pose>
      <parent>world</parent>
      <child>l</child>
      <axis><xyz expressed_in="__model__">0 0 -1</xyz><limit><lower>-1</lower><upper>2</upper></limit></axis>
    </joint>
  </model>
)"));
  const Diagnostic d = TakeWarning(Code::kJointChildLinkInvalid);
  EXPECT_EQ(d.source.line, 4);
}

TEST_F(RepairsTest, WorldChildJointVerifies) {
  SKIP_UNLESS_READABLE("1.4");
  Upgrade(kWorldChild14, /*verify=*/true);
  EXPECT_TRUE(last_.ok());
  diags_ = Diagnostics();
}

// In a world, the model frame is not the world frame: the joint's pose is
// computed, X_MJ = X_WM^-1 X_WJ, in the shortest text.
const std::string kWorldChild16 = Sdf("1.6", R"(  <world name="w">
    <model name="m">
      <pose>1 2 3 0 0 1.5707963267948966</pose>
      <link name="l"/>
      <joint name="j" type="prismatic">
        <pose>0 0 2 0 0 0</pose>
        <parent>l</parent>
        <child>world</child>
        <axis><xyz>1 0 0</xyz></axis>
      </joint>
    </model>
  </world>
)");

TEST_F(RepairsTest, WorldChildJointPoseIsComputedWhenTheModelIsPlaced) {
  EXPECT_EQ(Upgrade(kWorldChild16), Sdf("1.8", R"(  <world name="w">
    <model name="m">
      <pose>1 2 3 0 0 1.5707963267948966</pose>
      <link name="l"/>
      <joint name="j" type="prismatic">
        <pose relative_to="__model__">-2 0.9999999999999996 -1 0 0 -1.5707963267948963</pose>
        <parent>world</parent>
        <child>l</child>
        <axis><xyz>-1 0 0</xyz></axis>
      </joint>
    </model>
  </world>
)"));
  TakeWarning(Code::kJointChildLinkInvalid);
}

TEST_F(RepairsTest, WorldChildJointPoseVerifies) {
  SKIP_UNLESS_READABLE("1.6");
  Upgrade(kWorldChild16, /*verify=*/true);
  EXPECT_TRUE(last_.ok());
  diags_ = Diagnostics();
}

TEST_F(RepairsTest, WorldChildJointWithoutEquivalentIsAnError) {
  EXPECT_EQ(Upgrade(Sdf("1.6", R"(  <model name="m">
    <link name="l"/>
    <joint name="u" type="universal">
      <parent>l</parent>
      <child>world</child>
    </joint>
  </model>
)")),
            "");
  const Diagnostic d = TakeError(Code::kJointChildLinkInvalid);
  EXPECT_EQ(d.source.line, 4);
  EXPECT_NE(d.message.find("universal"), std::string::npos);
}

// Legacy frames inside a link, a collision and a joint move to the model,
// attached to the link or joint; a pose relative to the collision is
// composed with the collision's pose. The link-local `tip` becomes
// `tip_frame`, since the model has a link `tip`; the visual's
// frame="tip" named that link (a pose names its model's frames, as in the
// core, never the frames inside links), and still does.
const std::string kLegacyFrames = Sdf("1.6", R"(  <model name="m">
    <link name="l">
      <pose>1 0 0 0 0 0</pose>
      <frame name="tip">
        <pose>0 0 0.5 0 0 0</pose>
      </frame>
      <collision name="c">
        <pose>0 0 1 0 0 1.5707963267948966</pose>
        <frame name="corner">
          <pose>1 0 0 0 0 0</pose>
        </frame>
        <geometry><box><size>1 1 1</size></box></geometry>
      </collision>
      <visual name="v">
        <pose frame="tip">0 0 0 0 0 0</pose>
      </visual>
    </link>
    <link name="tip"/>
    <joint name="j" type="fixed">
      <parent>l</parent>
      <child>tip</child>
      <frame name="jf"/>
    </joint>
  </model>
)");

TEST_F(RepairsTest, LegacyFramesMoveToTheModel) {
  EXPECT_EQ(Upgrade(kLegacyFrames), Sdf("1.8", R"(  <model name="m">
    <link name="l">
      <pose>1 0 0 0 0 0</pose>
      <collision name="c">
        <pose>0 0 1 0 0 1.5707963267948966</pose>
        <geometry><box><size>1 1 1</size></box></geometry>
      </collision>
      <visual name="v">
        <pose relative_to="tip">0 0 0 0 0 0</pose>
      </visual>
    </link>
    <frame name="tip_frame" attached_to="l">
      <pose>0 0 0.5 0 0 0</pose>
    </frame>
    <frame name="corner" attached_to="l">
      <pose>2.220446049250313e-16 1 1 0 0 1.5707963267948963</pose>
    </frame>
    <link name="tip"/>
    <joint name="j" type="fixed">
      <parent>l</parent>
      <child>tip</child>
    </joint>
    <frame name="jf" attached_to="j"/>
  </model>
)"));
  Diagnostic d = TakeWarning(Code::kElementInvalid);
  EXPECT_EQ(d.source.line, 5);
  EXPECT_EQ(d.source.path,
            "/sdf/model[@name=\"m\"]/link[@name=\"l\"]/frame[@name=\"tip\"]");
  d = TakeWarning(Code::kDuplicateName);
  EXPECT_NE(d.message.find("renamed to 'tip_frame'"), std::string::npos);
  d = TakeWarning(Code::kElementInvalid);
  EXPECT_EQ(d.source.line, 10);
  d = TakeWarning(Code::kElementInvalid);
  EXPECT_EQ(d.source.line, 23);
}

TEST_F(RepairsTest, LegacyFramesVerify) {
  SKIP_UNLESS_READABLE("1.6");
  Upgrade(kLegacyFrames, /*verify=*/true);
  EXPECT_TRUE(last_.ok());
  diags_ = Diagnostics();
}

TEST_F(RepairsTest, LegacyFrameNamingAFrameKeepsItsPose) {
  EXPECT_EQ(Upgrade(Sdf("1.5", R"(  <model name="m">
    <frame name="base"><pose>0 1 0 0 0 0</pose></frame>
    <link name="l">
      <visual name="v">
        <pose>5 5 5 0 0 0</pose>
        <frame name="f"><pose frame="base">1 0 0 0 0 0</pose></frame>
      </visual>
    </link>
  </model>
)")),
            Sdf("1.8", R"(  <model name="m">
    <frame name="base"><pose>0 1 0 0 0 0</pose></frame>
    <link name="l">
      <visual name="v">
        <pose>5 5 5 0 0 0</pose>
      </visual>
    </link>
    <frame name="f" attached_to="l"><pose relative_to="base">1 0 0 0 0 0</pose></frame>
  </model>
)"));
  TakeWarning(Code::kElementInvalid);
}

// A legacy frame moved next to a namesake the model already had: the
// model's own frame `f` is what other files name (`leaf::f` from a file
// that includes this one), so it keeps its name and pose; the moved frame
// is the one renamed, `f_frame`.
const std::string kMovedFrameMeetsModelFrame = Sdf("1.5", R"(<model name="leaf">
  <link name="l"><pose>0 0 1 0 0 0</pose><frame name="f"><pose>0 0 1 0 0 0</pose></frame></link>
  <frame name="f"><pose>0 2 0 0 0 0</pose></frame>
</model>
)");

TEST_F(RepairsTest, MovedLegacyFrameIsRenamedNotTheModelsOwn) {
  const std::string out = Upgrade(kMovedFrameMeetsModelFrame);
  EXPECT_EQ(out, Sdf("1.8", R"(<model name="leaf">
  <link name="l"><pose>0 0 1 0 0 0</pose></link>
  <frame name="f_frame" attached_to="l"><pose>0 0 1 0 0 0</pose></frame>
  <frame name="f"><pose>0 2 0 0 0 0</pose></frame>
</model>
)"));
  Diagnostic d = TakeWarning(Code::kElementInvalid);
  EXPECT_EQ(d.source.line, 3);
  d = TakeWarning(Code::kDuplicateName);
  EXPECT_EQ(d.source.line, 3);
  EXPECT_NE(d.message.find("renamed to 'f_frame'"), std::string::npos);

  // By name, the model's children are where they were: `leaf::f` at
  // (0, 2, 0), not at the moved frame's (0, 0, 2).
  const std::map<std::string, Pose> before =
      WorldPosesByName(kMovedFrameMeetsModelFrame);
  const std::map<std::string, Pose> after = WorldPosesByName(out);
  ASSERT_EQ(after.count("frame leaf::f"), 1u);
  ASSERT_EQ(after.count("frame leaf::f_frame"), 1u);
  EXPECT_LT(PoseDistance(after.at("frame leaf::f"),
                         PoseFromXyzRpy({0, 2, 0}, {0, 0, 0})),
            1e-9);
  EXPECT_LT(PoseDistance(after.at("frame leaf::f_frame"),
                         PoseFromXyzRpy({0, 0, 2}, {0, 0, 0})),
            1e-9);
  // Every name of the model scope in the input is still there and places
  // its frame where it did.
  for (const char* kept : {"model leaf", "link leaf::l", "frame leaf::f"}) {
    EXPECT_EQ(before.count(kept), 1u) << kept;
  }
  for (const auto& [name, X_WF] : before) {
    if (after.count(name) == 0) continue;
    EXPECT_LT(PoseDistance(after.at(name), X_WF), 1e-9) << name;
  }
}

TEST_F(RepairsTest, MovedLegacyFrameIsRenamedVerifies) {
  SKIP_UNLESS_READABLE("1.5");
  Upgrade(kMovedFrameMeetsModelFrame, /*verify=*/true);
  EXPECT_TRUE(last_.ok());
  diags_ = Diagnostics();
}

// A frame `g` already in the model keeps its name (and `r`, placed relative
// to it, still names it); the two frames moved there, from a link and a
// joint, are both renamed, numbered in document order.
const std::string kTwoMovedFrames = Sdf("1.6", R"(  <model name="m">
    <link name="a">
      <frame name="g"/>
    </link>
    <link name="b"/>
    <joint name="f" type="fixed">
      <parent>a</parent>
      <child>b</child>
      <frame name="g"/>
    </joint>
    <frame name="g"><pose>1 0 0 0 0 0</pose></frame>
    <frame name="r"><pose frame="g">0 1 0 0 0 0</pose></frame>
  </model>
)");

TEST_F(RepairsTest, ElementsAlreadyInTheModelKeepTheirNames) {
  EXPECT_EQ(Upgrade(kTwoMovedFrames), Sdf("1.8", R"(  <model name="m">
    <link name="a">
    </link>
    <frame name="g_frame" attached_to="a"/>
    <link name="b"/>
    <joint name="f" type="fixed">
      <parent>a</parent>
      <child>b</child>
    </joint>
    <frame name="g_frame_2" attached_to="f"/>
    <frame name="g"><pose>1 0 0 0 0 0</pose></frame>
    <frame name="r"><pose relative_to="g">0 1 0 0 0 0</pose></frame>
  </model>
)"));
  TakeWarning(Code::kElementInvalid);
  EXPECT_NE(TakeWarning(Code::kDuplicateName).message.find("'g_frame'"),
            std::string::npos);
  TakeWarning(Code::kElementInvalid);
  EXPECT_NE(TakeWarning(Code::kDuplicateName).message.find("'g_frame_2'"),
            std::string::npos);
}

TEST_F(RepairsTest, ElementsAlreadyInTheModelKeepTheirNamesVerifies) {
  SKIP_UNLESS_READABLE("1.6");
  Upgrade(kTwoMovedFrames, /*verify=*/true);
  EXPECT_TRUE(last_.ok());
  diags_ = Diagnostics();
}

}  // namespace
}  // namespace sdfconv
