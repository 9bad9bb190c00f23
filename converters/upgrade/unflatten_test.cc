// 1.7 -> 1.8: flattened `A::x` names become nested models. 1.7 inputs are
// read by today's front end, so every case here is verified too.
#include <string>

#include <gtest/gtest.h>

#include "converters/upgrade/upgrade_test_util.h"

namespace sdfconv {
namespace {

using upgrade_test::Sdf;
using upgrade_test::UpgradeTest;

using UnflattenTest = UpgradeTest;

// What libsdformat 9 wrote for an included model M1: its model frame as
// `M1::__model__`, everything else prefixed. It becomes <model name="M1">
// with that frame's pose and attachment; references inside lose the
// prefix, the one from outside keeps it (now a path into the nested model).
TEST_F(UnflattenTest, FlattenedIncludeBecomesANestedModel) {
  const std::string input = Sdf("1.7", R"(  <world name='w'>
    <model name='P'>
      <link name='base'/>
      <frame name='M1::__model__' attached_to='M1::L1'>
        <pose relative_to='__model__'>10 0 0 0 0 1.5708</pose>
      </frame>
      <frame name='M1::F1' attached_to='M1::__model__'>
        <pose>0 0 0 1.5708 0 0</pose>
      </frame>
      <!-- the links of M1 -->
      <link name='M1::L1'>
        <pose relative_to='M1::F1'>0 0 0 0 0 0</pose>
        <visual name='V1'>
          <pose relative_to='M1::__model__'>0 0 1 0 0 0</pose>
        </visual>
      </link>
      <link name='M1::L2'>
        <pose relative_to='M1::L1'>1 0 0 0 0 0</pose>
      </link>
      <joint name='M1::J1' type='revolute'>
        <parent>M1::L1</parent>
        <child>M1::L2</child>
        <axis><xyz expressed_in='M1::__model__'>0 0 1</xyz></axis>
      </joint>
      <joint name='mount' type='fixed'>
        <parent>base</parent>
        <child>M1::L1</child>
      </joint>
    </model>
  </world>
)");
  EXPECT_EQ(Upgrade(input, /*verify=*/true), Sdf("1.8", R"(  <world name='w'>
    <model name='P'>
      <link name='base'/>
      <model name='M1' canonical_link='L1'>
        <pose relative_to='__model__'>10 0 0 0 0 1.5708</pose>
        <frame name='F1' attached_to='__model__'>
          <pose>0 0 0 1.5708 0 0</pose>
        </frame>
        <link name='L1'>
          <pose relative_to='F1'>0 0 0 0 0 0</pose>
          <visual name='V1'>
            <pose relative_to='__model__'>0 0 1 0 0 0</pose>
          </visual>
        </link>
        <link name='L2'>
          <pose relative_to='L1'>1 0 0 0 0 0</pose>
        </link>
        <joint name='J1' type='revolute'>
          <parent>L1</parent>
          <child>L2</child>
          <axis><xyz expressed_in='__model__'>0 0 1</xyz></axis>
        </joint>
      </model>
      <!-- the links of M1 -->
      <joint name='mount' type='fixed'>
        <parent>base</parent>
        <child>M1::L1</child>
      </joint>
    </model>
  </world>
)"));
  EXPECT_TRUE(last_.ok());
}

// The top model of a model file is unflattened too (libsdformat's recipe
// only does worlds). Without `A::__model__`, the new model sits at the
// parent's frame, and the parent's canonical link, which moved, is named.
TEST_F(UnflattenTest, TopLevelModelOfAModelFile) {
  const std::string input = Sdf("1.7", R"(  <model name="top">
    <link name="A::l1"><pose>1 0 0 0 0 0</pose></link>
    <link name="b"/>
    <joint name="A::j" type="revolute">
      <parent>A::l1</parent>
      <child>A::l2</child>
    </joint>
    <link name="A::l2"/>
  </model>
)");
  EXPECT_EQ(Upgrade(input, /*verify=*/true), Sdf("1.8", R"(  <model name="top" canonical_link="A::l1">
    <model name="A">
      <link name="l1"><pose>1 0 0 0 0 0</pose></link>
      <joint name="j" type="revolute">
        <parent>l1</parent>
        <child>l2</child>
      </joint>
      <link name="l2"/>
    </model>
    <link name="b"/>
  </model>
)"));
  EXPECT_TRUE(last_.ok());
}

// A flattened joint whose parent is outside the group cannot nest (a nested
// model cannot name what is outside it): it stays, renamed without `::`.
TEST_F(UnflattenTest, ElementReferringOutsideStaysAndIsRenamed) {
  const std::string input = Sdf("1.7", R"(  <model name="top">
    <link name="base"/>
    <link name="A::l"/>
    <joint name="A::j" type="fixed">
      <parent>base</parent>
      <child>A::l</child>
    </joint>
  </model>
)");
  EXPECT_EQ(Upgrade(input, /*verify=*/true), Sdf("1.8", R"(  <model name="top">
    <link name="base"/>
    <model name="A">
      <link name="l"/>
    </model>
    <joint name="A_j" type="fixed">
      <parent>base</parent>
      <child>A::l</child>
    </joint>
  </model>
)"));
  EXPECT_TRUE(last_.ok());
  const Diagnostic d = TakeWarning(Code::kReservedName);
  EXPECT_NE(d.message.find("'A::j'"), std::string::npos);
  EXPECT_NE(d.message.find("'A_j'"), std::string::npos);
}

// A sibling already named like the prefix: nothing nests; the `::` names
// are renamed.
TEST_F(UnflattenTest, PrefixTakenBySiblingRenamesInstead) {
  const std::string input = Sdf("1.7", R"(  <model name="top">
    <link name="A"/>
    <link name="A::l"/>
  </model>
)");
  EXPECT_EQ(Upgrade(input, /*verify=*/true), Sdf("1.8", R"(  <model name="top">
    <link name="A"/>
    <link name="A_l"/>
  </model>
)"));
  EXPECT_TRUE(last_.ok());
  TakeWarning(Code::kReservedName);
}

// The model made for `A::x` carries names the scope already had
// (`m::A::x`), so against a gripper `A` (not a frame, so it does not stop
// the nesting) it keeps the name, like any model; the gripper is renamed.
TEST_F(UnflattenTest, MadeModelKeepsItsNameAgainstAGripper) {
  EXPECT_EQ(Upgrade(Sdf("1.7", R"(  <model name="m">
    <link name="base"/>
    <link name="A::x"/>
    <gripper name="A">
      <gripper_link>A::x</gripper_link>
      <palm_link>base</palm_link>
    </gripper>
  </model>
)"), /*verify=*/true),
            Sdf("1.8", R"(  <model name="m">
    <link name="base"/>
    <model name="A">
      <link name="x"/>
    </model>
    <gripper name="A_gripper">
      <gripper_link>A::x</gripper_link>
      <palm_link>base</palm_link>
    </gripper>
  </model>
)"));
  EXPECT_NE(TakeWarning(Code::kDuplicateName).message.find("'A_gripper'"),
            std::string::npos);
}

}  // namespace
}  // namespace sdfconv
