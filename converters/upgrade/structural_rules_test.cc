// One test per structural rule between versions: the exact output for a
// small input, and (in the *Verifies tests) the proof that the meaning is
// kept, which needs a front end for the input's version: those skip, saying
// so, until the legacy 1.4-1.6 front end is in the registry.
#include <string>

#include <gtest/gtest.h>

#include "converters/upgrade/upgrade_test_util.h"

namespace sdfconv {
namespace {

using upgrade_test::Sdf;
using upgrade_test::UpgradeTest;

using StructuralRulesTest = UpgradeTest;

// 1.4 -> 1.5: 1.4 axes are in the parent model frame; an absent <xyz> is
// the default 0 0 1, written so that it can carry expressed_in.
const std::string kAxes14 = Sdf("1.4", R"(  <model name="m">
    <link name="a"/>
    <link name="b"><pose>0 0 1 0 0 0</pose></link>
    <joint name="j" type="universal">
      <pose>0 0 0 1.5707963267948966 0 0</pose>
      <parent>a</parent>
      <child>b</child>
      <axis>
        <xyz>1 0 0</xyz>
      </axis>
      <axis2>
        <limit><lower>-1</lower></limit>
      </axis2>
    </joint>
  </model>
)");

TEST_F(StructuralRulesTest, Axes14AreExpressedInTheModelFrame) {
  EXPECT_EQ(Upgrade(kAxes14), Sdf("1.8", R"(  <model name="m">
    <link name="a"/>
    <link name="b"><pose>0 0 1 0 0 0</pose></link>
    <joint name="j" type="universal">
      <pose>0 0 0 1.5707963267948966 0 0</pose>
      <parent>a</parent>
      <child>b</child>
      <axis>
        <xyz expressed_in="__model__">1 0 0</xyz>
      </axis>
      <axis2>
        <xyz expressed_in="__model__">0 0 1</xyz>
        <limit><lower>-1</lower></limit>
      </axis2>
    </joint>
  </model>
)"));
  EXPECT_TRUE(last_.changed);
}

TEST_F(StructuralRulesTest, Axes14Verifies) {
  SKIP_UNLESS_READABLE("1.4");
  Upgrade(kAxes14, /*verify=*/true);
  EXPECT_TRUE(last_.ok());
}

// 1.4: an axis the joint's type has and the file leaves out is written,
// with its 1.4 default (0 0 1 in the model frame), which 1.5 on would put in
// the joint frame; it goes last among the joint's children.
const std::string kDefaultAxes14 = Sdf("1.4", R"(  <model name="m">
    <link name="a"/>
    <link name="b"/>
    <joint name="r" type="revolute">
      <pose>0 0 0 1.5707963267948966 0 0</pose>
      <parent>a</parent>
      <child>b</child>
    </joint>
    <joint name="u" type="universal">
      <pose>0 0 0 0 1.5707963267948966 0</pose>
      <parent>a</parent>
      <child>b</child>
      <axis2>
        <xyz>1 0 0</xyz>
      </axis2>
    </joint>
    <joint name="f" type="ball">
      <parent>a</parent>
      <child>b</child>
    </joint>
  </model>
)");

TEST_F(StructuralRulesTest, DefaultAxes14AreWritten) {
  EXPECT_EQ(Upgrade(kDefaultAxes14), Sdf("1.8", R"(  <model name="m">
    <link name="a"/>
    <link name="b"/>
    <joint name="r" type="revolute">
      <pose>0 0 0 1.5707963267948966 0 0</pose>
      <parent>a</parent>
      <child>b</child>
      <axis>
        <xyz expressed_in="__model__">0 0 1</xyz>
      </axis>
    </joint>
    <joint name="u" type="universal">
      <pose>0 0 0 0 1.5707963267948966 0</pose>
      <parent>a</parent>
      <child>b</child>
      <axis2>
        <xyz expressed_in="__model__">1 0 0</xyz>
      </axis2>
      <axis>
        <xyz expressed_in="__model__">0 0 1</xyz>
      </axis>
    </joint>
    <joint name="f" type="ball">
      <parent>a</parent>
      <child>b</child>
    </joint>
  </model>
)"));
}

// Which axes are defaults is the reader's: a <joint> in a 1.4 <world> is
// not read as a joint, so it gets no axis; an <axis2> on the line of the
// joint's other children leaves the new <axis> a line of its own.
TEST_F(StructuralRulesTest, DefaultAxes14OnlyForJointsTheReaderReads) {
  EXPECT_EQ(Upgrade(Sdf("1.4", R"(  <world name="w">
    <model name="m">
      <link name="a"/>
      <link name="b"/>
      <joint name="u" type="universal">
        <parent>a</parent><child>b</child><axis2><xyz>1 0 0</xyz></axis2>
      </joint>
    </model>
    <joint name="wj" type="revolute">
      <parent>world</parent><child>m::a</child>
    </joint>
  </world>
)")),
            Sdf("1.8", R"(  <world name="w">
    <model name="m">
      <link name="a"/>
      <link name="b"/>
      <joint name="u" type="universal">
        <parent>a</parent><child>b</child><axis2><xyz expressed_in="__model__">1 0 0</xyz></axis2>
        <axis>
          <xyz expressed_in="__model__">0 0 1</xyz>
        </axis>
      </joint>
    </model>
    <joint name="wj" type="revolute">
      <parent>world</parent><child>m::a</child>
    </joint>
  </world>
)"));
}

TEST_F(StructuralRulesTest, DefaultAxes14Verifies) {
  SKIP_UNLESS_READABLE("1.4");
  Upgrade(kDefaultAxes14, /*verify=*/true);
  EXPECT_TRUE(last_.ok());
}

// 1.5/1.6 -> 1.7: use_parent_model_frame (true, 1, any case) becomes
// expressed_in="__model__"; false just goes.
const std::string kUseParentModelFrame = Sdf("1.6", R"(  <model name="m">
    <link name="a"/>
    <link name="b"/>
    <joint name="j1" type="revolute">
      <pose>0 0 0 0 0 0.5</pose>
      <parent>a</parent>
      <child>b</child>
      <axis>
        <xyz>0 1 0</xyz>
        <use_parent_model_frame>TRUE</use_parent_model_frame>
      </axis>
    </joint>
    <joint name="j2" type="revolute">
      <parent>a</parent>
      <child>b</child>
      <axis>
        <use_parent_model_frame>1</use_parent_model_frame>
        <limit><lower>0</lower></limit>
      </axis>
    </joint>
    <joint name="j3" type="prismatic">
      <parent>a</parent>
      <child>b</child>
      <axis>
        <xyz>0 0 1</xyz>
        <use_parent_model_frame>false</use_parent_model_frame>
      </axis>
    </joint>
  </model>
)");

TEST_F(StructuralRulesTest, UseParentModelFrameBecomesExpressedIn) {
  EXPECT_EQ(Upgrade(kUseParentModelFrame), Sdf("1.8", R"(  <model name="m">
    <link name="a"/>
    <link name="b"/>
    <joint name="j1" type="revolute">
      <pose>0 0 0 0 0 0.5</pose>
      <parent>a</parent>
      <child>b</child>
      <axis>
        <xyz expressed_in="__model__">0 1 0</xyz>
      </axis>
    </joint>
    <joint name="j2" type="revolute">
      <parent>a</parent>
      <child>b</child>
      <axis>
        <xyz expressed_in="__model__">0 0 1</xyz>
        <limit><lower>0</lower></limit>
      </axis>
    </joint>
    <joint name="j3" type="prismatic">
      <parent>a</parent>
      <child>b</child>
      <axis>
        <xyz>0 0 1</xyz>
      </axis>
    </joint>
  </model>
)"));
}

TEST_F(StructuralRulesTest, UseParentModelFrameVerifies) {
  SKIP_UNLESS_READABLE("1.6");
  Upgrade(kUseParentModelFrame, /*verify=*/true);
  EXPECT_TRUE(last_.ok());
}

TEST_F(StructuralRulesTest, UseParentModelFrameMustBeABoolean) {
  EXPECT_EQ(Upgrade(Sdf("1.5", R"(  <model name="m">
    <link name="a"/><link name="b"/>
    <joint name="j" type="revolute">
      <parent>a</parent><child>b</child>
      <axis><use_parent_model_frame>yes</use_parent_model_frame></axis>
    </joint>
  </model>
)")),
            "");
  const Diagnostic d = TakeError(Code::kValueInvalid);
  EXPECT_EQ(d.source.line, 6);
}

// 1.4 -> 1.5: an actor's static attribute becomes an element.
TEST_F(StructuralRulesTest, ActorStaticBecomesAnElement) {
  EXPECT_EQ(Upgrade(Sdf("1.4", R"(  <world name='w'>
    <actor name='walker' static='true'>
      <skin><filename>walk.dae</filename></skin>
    </actor>
    <actor name='empty' static='false'/>
  </world>
)")),
            Sdf("1.8", R"(  <world name='w'>
    <actor name='walker'>
      <static>true</static>
      <skin><filename>walk.dae</filename></skin>
    </actor>
    <actor name='empty'>
      <static>false</static>
    </actor>
  </world>
)"));
}

// 1.5 -> 1.6: gravity and magnetic_field leave <physics> for <world>.
const std::string kGravity15 = Sdf("1.5", R"(  <world name="w">
    <physics name="p" type="ode">
      <!-- gravity here until 1.6 -->
      <gravity>0 0 -9.8</gravity>
      <max_step_size>0.001</max_step_size>
      <magnetic_field>6e-06 2.3e-05 -4.2e-05</magnetic_field>
    </physics>
    <model name="m"><static>true</static><link name="l"/></model>
  </world>
)");

TEST_F(StructuralRulesTest, GravityAndMagneticFieldLeavePhysics) {
  EXPECT_EQ(Upgrade(kGravity15), Sdf("1.8", R"(  <world name="w">
    <physics name="p" type="ode">
      <!-- gravity here until 1.6 -->
      <max_step_size>0.001</max_step_size>
    </physics>
    <gravity>0 0 -9.8</gravity>
    <magnetic_field>6e-06 2.3e-05 -4.2e-05</magnetic_field>
    <model name="m"><static>true</static><link name="l"/></model>
  </world>
)"));
}

TEST_F(StructuralRulesTest, GravityVerifies) {
  SKIP_UNLESS_READABLE("1.5");
  Upgrade(kGravity15, /*verify=*/true);
  EXPECT_TRUE(last_.ok());
}

// 1.5 -> 1.6: IMU noise, one <noise> per axis; values copied as written,
// the comment kept once.
TEST_F(StructuralRulesTest, ImuNoiseIsRestructured) {
  EXPECT_EQ(Upgrade(Sdf("1.5", R"(  <model name="m">
    <link name="l">
      <sensor name="imu" type="imu">
        <imu>
          <topic>imu</topic>
          <noise>
            <!-- from the datasheet -->
            <type>gaussian</type>
            <rate>
              <mean>0</mean>
              <stddev>2e-4</stddev>
              <bias_mean>7.5e-06</bias_mean>
              <bias_stddev>8e-07</bias_stddev>
            </rate>
            <accel>
              <mean>0</mean>
              <stddev>0.017</stddev>
            </accel>
          </noise>
        </imu>
      </sensor>
    </link>
  </model>
)")),
            Sdf("1.8", R"(  <model name="m">
    <link name="l">
      <sensor name="imu" type="imu">
        <imu>
          <topic>imu</topic>
          <!-- from the datasheet -->
          <angular_velocity>
            <x>
              <noise type="gaussian">
                <mean>0</mean>
                <stddev>2e-4</stddev>
                <bias_mean>7.5e-06</bias_mean>
                <bias_stddev>8e-07</bias_stddev>
              </noise>
            </x>
            <y>
              <noise type="gaussian">
                <mean>0</mean>
                <stddev>2e-4</stddev>
                <bias_mean>7.5e-06</bias_mean>
                <bias_stddev>8e-07</bias_stddev>
              </noise>
            </y>
            <z>
              <noise type="gaussian">
                <mean>0</mean>
                <stddev>2e-4</stddev>
                <bias_mean>7.5e-06</bias_mean>
                <bias_stddev>8e-07</bias_stddev>
              </noise>
            </z>
          </angular_velocity>
          <linear_acceleration>
            <x>
              <noise type="gaussian">
                <mean>0</mean>
                <stddev>0.017</stddev>
              </noise>
            </x>
            <y>
              <noise type="gaussian">
                <mean>0</mean>
                <stddev>0.017</stddev>
              </noise>
            </y>
            <z>
              <noise type="gaussian">
                <mean>0</mean>
                <stddev>0.017</stddev>
              </noise>
            </z>
          </linear_acceleration>
        </imu>
      </sensor>
    </link>
  </model>
)"));
}

// 1.6 -> 1.7: //pose/@frame becomes @relative_to, its value kept; 1.7 ->
// 1.8: an inertial pose loses the attribute, and one expressed in another
// frame is re-expressed in the link frame.
const std::string kPoseFrame16 = Sdf("1.6", R"(  <model name="m">
    <frame name="F"><pose frame="">1 0 0 0 0 0</pose></frame>
    <link name="l">
      <pose frame="F">0 0 1 0 0 0</pose>
      <inertial>
        <pose frame=''>0 0 0.1 0 0 0</pose>
        <mass>1</mass>
      </inertial>
    </link>
    <link name="k">
      <inertial>
        <pose frame="F">0 0 0.5 0 0 0</pose>
      </inertial>
    </link>
  </model>
)");

TEST_F(StructuralRulesTest, PoseFrameBecomesRelativeTo) {
  EXPECT_EQ(Upgrade(kPoseFrame16), Sdf("1.8", R"(  <model name="m">
    <frame name="F"><pose relative_to="">1 0 0 0 0 0</pose></frame>
    <link name="l">
      <pose relative_to="F">0 0 1 0 0 0</pose>
      <inertial>
        <pose>0 0 0.1 0 0 0</pose>
        <mass>1</mass>
      </inertial>
    </link>
    <link name="k">
      <inertial>
        <pose>1 0 0.5 0 0 0</pose>
      </inertial>
    </link>
  </model>
)"));
}

TEST_F(StructuralRulesTest, PoseFrameVerifies) {
  SKIP_UNLESS_READABLE("1.6");
  Upgrade(kPoseFrame16, /*verify=*/true);
  EXPECT_TRUE(last_.ok());
}

TEST_F(StructuralRulesTest, InertialRelativeTo17IsDropped) {
  const std::string input = Sdf("1.7", R"(  <model name="m">
    <link name="l">
      <inertial>
        <pose relative_to="">0 0 0.1 0 0 0</pose>
      </inertial>
    </link>
  </model>
)");
  EXPECT_EQ(Upgrade(input, /*verify=*/true), Sdf("1.8", R"(  <model name="m">
    <link name="l">
      <inertial>
        <pose>0 0 0.1 0 0 0</pose>
      </inertial>
    </link>
  </model>
)"));
  EXPECT_TRUE(last_.ok());
}

}  // namespace
}  // namespace sdfconv
