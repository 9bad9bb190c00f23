// Tests of the libsdformat 12 oracle (testing/sdformat_oracle.h): world poses
// of hand-written snippets checked against values computed by hand, error
// codes of invalid files, and a crash-free smoke run over the real-world
// corpus (testing/corpus.h: skipped when absent, failed when incomplete).
#include "testing/sdformat_oracle.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "testing/corpus.h"

namespace sdfconv::testing {
namespace {

namespace fs = std::filesystem;

constexpr double kTol = 1e-9;
constexpr double kHalfPi = 1.5707963267948966;

// Writes `text` to a fresh file under the test's temporary directory.
std::string WriteTemp(const std::string& name, const std::string& text) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  fs::path dir = tmp ? fs::path(tmp) : fs::temp_directory_path();
  dir /= "sdformat_oracle_test";
  const fs::path path = dir / name;
  fs::create_directories(path.parent_path());
  std::ofstream out(path);
  out << text;
  out.close();
  return path.string();
}

const OracleFrame* Find(const OracleResult& r, const std::string& name) {
  for (const OracleFrame& f : r.frames) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

Eigen::Matrix3d Rz(double a) {
  return Eigen::AngleAxisd(a, Eigen::Vector3d::UnitZ()).toRotationMatrix();
}
Eigen::Matrix3d Rx(double a) {
  return Eigen::AngleAxisd(a, Eigen::Vector3d::UnitX()).toRotationMatrix();
}

std::string Describe(const OracleResult& r) {
  std::string s = "valid=" + std::string(r.valid ? "true" : "false") +
                  " version=" + r.version + "\n";
  for (const OracleError& e : r.errors) {
    s += "  error " + e.code + ": " + e.message + "\n";
  }
  for (const OracleError& e : r.resolve_errors) {
    s += "  resolve error " + e.code + ": " + e.message + "\n";
  }
  for (const OracleFrame& f : r.frames) s += "  frame " + f.name + "\n";
  return s;
}

// Checks name, kind, attached_to and X_WF (translation and rotation matrix).
void ExpectFrame(const OracleResult& r, const std::string& name,
                 const std::string& kind, const std::string& attached_to,
                 const Eigen::Vector3d& p_WF, const Eigen::Matrix3d& R_WF) {
  SCOPED_TRACE("frame " + name);
  const OracleFrame* f = Find(r, name);
  ASSERT_NE(f, nullptr) << Describe(r);
  EXPECT_EQ(f->kind, kind);
  EXPECT_EQ(f->attached_to, attached_to);
  EXPECT_LT((f->X_WF.translation() - p_WF).norm(), kTol)
      << "got " << f->X_WF.translation().transpose() << " want "
      << p_WF.transpose();
  EXPECT_LT((f->X_WF.linear() - R_WF).norm(), kTol)
      << "got\n" << f->X_WF.linear() << "\nwant\n" << R_WF;
}

void ExpectAxes(const OracleResult& r, const std::string& name,
                const std::vector<Eigen::Vector3d>& axes) {
  SCOPED_TRACE("axes of " + name);
  const OracleFrame* f = Find(r, name);
  ASSERT_NE(f, nullptr) << Describe(r);
  ASSERT_EQ(f->axes.size(), axes.size());
  for (size_t i = 0; i < axes.size(); ++i) {
    EXPECT_LT((f->axes[i] - axes[i]).norm(), kTol)
        << "axis " << i << " got " << f->axes[i].transpose() << " want "
        << axes[i].transpose();
  }
}

bool HasCode(const OracleResult& r, const std::string& code) {
  for (const OracleError& e : r.errors) {
    if (e.code == code) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------
TEST(SdformatOracle, ErrorCodeNames) {
  if (!SdformatInstalled()) GTEST_SKIP() << kSdformatNotInstalled;
  const auto& names = AllSdformatErrorCodeNames();
  ASSERT_EQ(names.size(), 32u);
  EXPECT_EQ(names[0], "NONE");
  EXPECT_EQ(names[1], "FILE_READ");
  EXPECT_EQ(names[2], "DUPLICATE_NAME");
  EXPECT_EQ(names[3], "RESERVED_NAME");
  EXPECT_EQ(names[26], "POSE_RELATIVE_TO_CYCLE");
  EXPECT_EQ(names[31], "MERGE_INCLUDE_UNSUPPORTED");
  EXPECT_EQ(SdformatErrorCodeName(15), "MODEL_CANONICAL_LINK_INVALID");
  EXPECT_EQ(SdformatErrorCodeName(99), "UNKNOWN_ERROR_CODE_99");
  for (const std::string& n : names) {
    EXPECT_EQ(n.find("UNKNOWN"), std::string::npos) << n;
  }
}

// SDF 1.7 model file: a link posed relative_to a rotated frame, a collision
// on it, a joint whose axis is expressed in __model__ and one whose axis is
// expressed in the (rotated) joint frame.
TEST(SdformatOracle, ModelLinkRelativeToRotatedFrameAndJointAxes) {
  if (!SdformatInstalled()) GTEST_SKIP() << kSdformatNotInstalled;
  const std::string path = WriteTemp("model17.sdf", R"(<?xml version="1.0"?>
<sdf version="1.7">
  <model name="m">
    <pose>1 0 0 0 0 1.5707963267948966</pose>
    <frame name="F">
      <pose>0 2 0 0 0 1.5707963267948966</pose>
    </frame>
    <link name="L">
      <pose relative_to="F">1 0 0 0 0 0</pose>
      <collision name="c">
        <pose>0 0 1 0 0 0</pose>
        <geometry><box><size>1 1 1</size></box></geometry>
      </collision>
    </link>
    <link name="L2"><pose>0 0 3 0 0 0</pose></link>
    <link name="L3"/>
    <joint name="J" type="revolute">
      <pose>0 0 1 0 0 0</pose>
      <parent>L</parent>
      <child>L2</child>
      <axis><xyz expressed_in="__model__">1 0 0</xyz></axis>
    </joint>
    <joint name="J2" type="revolute">
      <pose>0 0 0 1.5707963267948966 0 0</pose>
      <parent>L2</parent>
      <child>L3</child>
      <axis><xyz>0 0 1</xyz></axis>
    </joint>
  </model>
</sdf>
)");
  const OracleResult r = LoadWithSdformat(path);
  ASSERT_TRUE(r.valid) << Describe(r);
  EXPECT_EQ(r.version, "1.7");
  EXPECT_TRUE(r.resolve_errors.empty()) << Describe(r);
  EXPECT_EQ(r.frames.size(), 8u) << Describe(r);

  // X_WM = (1,0,0) yaw 90. The root model frame is an entry named "m",
  // attached to its canonical link (the first link, L).
  ExpectFrame(r, "m", "model", "m::L", {1, 0, 0}, Rz(kHalfPi));
  // X_MF = (0,2,0) yaw 90 -> world (1,0,0) + Rz90 (0,2,0) = (-1,0,0), yaw 180.
  ExpectFrame(r, "m::F", "frame", "m::L", {-1, 0, 0}, Rz(M_PI));
  // X_ML = X_MF * (1,0,0) = (0,2,0) + Rz90 (1,0,0) = (0,3,0), yaw 90
  // -> world (1,0,0) + Rz90 (0,3,0) = (-2,0,0), yaw 180.
  ExpectFrame(r, "m::L", "link", "m::L", {-2, 0, 0}, Rz(M_PI));
  // Collision (0,0,1) in L -> (-2,0,1), yaw 180.
  ExpectFrame(r, "m::L::c", "collision", "m::L", {-2, 0, 1}, Rz(M_PI));
  // L2 at (0,0,3) in M -> (1,0,3) yaw 90; J is (0,0,1) in its child L2.
  ExpectFrame(r, "m::L2", "link", "m::L2", {1, 0, 3}, Rz(kHalfPi));
  ExpectFrame(r, "m::J", "joint", "m::L2", {1, 0, 4}, Rz(kHalfPi));
  // Axis (1,0,0) in M -> Rz90 (1,0,0) = (0,1,0) in world.
  ExpectAxes(r, "m::J", {{0, 1, 0}});
  // L3 at the model origin; J2 rolled 90 degrees in L3.
  ExpectFrame(r, "m::L3", "link", "m::L3", {1, 0, 0}, Rz(kHalfPi));
  ExpectFrame(r, "m::J2", "joint", "m::L3", {1, 0, 0},
              Rz(kHalfPi) * Rx(kHalfPi));
  // Axis (0,0,1) in J2 -> Rx90 (0,0,1) = (0,-1,0) in M -> Rz90 -> (1,0,0).
  ExpectAxes(r, "m::J2", {{1, 0, 0}});
}

// SDF 1.8 model file with a rotated root, a rotated nested model, a frame
// and a nested-nested model posed relative_to a nested link, and a joint to
// a scoped child.
TEST(SdformatOracle, NestedModels) {
  if (!SdformatInstalled()) GTEST_SKIP() << kSdformatNotInstalled;
  const std::string path = WriteTemp("nested18.sdf", R"(<?xml version="1.0"?>
<sdf version="1.8">
  <model name="top">
    <pose>0 0 1 0 0 1.5707963267948966</pose>
    <link name="base"/>
    <model name="arm">
      <pose>1 0 0 0 0 1.5707963267948966</pose>
      <link name="upper"><pose>2 0 0 0 0 0</pose></link>
      <frame name="tip" attached_to="upper">
        <pose relative_to="upper">0 0 0.5 0 0 0</pose>
      </frame>
      <model name="hand">
        <pose relative_to="upper">1 0 0 0 0 0</pose>
        <link name="palm"/>
      </model>
    </model>
    <joint name="shoulder" type="revolute">
      <parent>base</parent>
      <child>arm::upper</child>
      <axis><xyz expressed_in="__model__">0 1 0</xyz></axis>
    </joint>
  </model>
</sdf>
)");
  const OracleResult r = LoadWithSdformat(path);
  ASSERT_TRUE(r.valid) << Describe(r);
  EXPECT_EQ(r.version, "1.8");
  EXPECT_TRUE(r.resolve_errors.empty()) << Describe(r);
  EXPECT_EQ(r.frames.size(), 8u) << Describe(r);

  // X_W,top = (0,0,1) yaw 90.
  ExpectFrame(r, "top", "model", "top::base", {0, 0, 1}, Rz(kHalfPi));
  ExpectFrame(r, "top::base", "link", "top::base", {0, 0, 1}, Rz(kHalfPi));
  // X_top,arm = (1,0,0) yaw 90 -> (0,0,1) + Rz90 (1,0,0) = (0,1,1), yaw 180.
  ExpectFrame(r, "top::arm", "model", "top::arm::upper", {0, 1, 1},
              Rz(M_PI));
  // upper: (2,0,0) in arm -> (1,2,0) in top -> (0,0,1) + Rz90 (1,2,0)
  // = (-2,1,1), yaw 180.
  ExpectFrame(r, "top::arm::upper", "link", "top::arm::upper", {-2, 1, 1},
              Rz(M_PI));
  ExpectFrame(r, "top::arm::tip", "frame", "top::arm::upper", {-2, 1, 1.5},
              Rz(M_PI));
  // hand: upper * (1,0,0) = (1,3,0) in top -> (-3,1,1), yaw 180.
  ExpectFrame(r, "top::arm::hand", "model", "top::arm::hand::palm",
              {-3, 1, 1}, Rz(M_PI));
  ExpectFrame(r, "top::arm::hand::palm", "link", "top::arm::hand::palm",
              {-3, 1, 1}, Rz(M_PI));
  // The joint sits at its child link; axis (0,1,0) in top -> (-1,0,0).
  ExpectFrame(r, "top::shoulder", "joint", "top::arm::upper", {-2, 1, 1},
              Rz(M_PI));
  ExpectAxes(r, "top::shoulder", {{-1, 0, 0}});
}

// A root model with //model/@placement_frame: <pose> places that frame.
TEST(SdformatOracle, RootModelPlacementFrame) {
  if (!SdformatInstalled()) GTEST_SKIP() << kSdformatNotInstalled;
  const std::string path = WriteTemp("placement18.sdf", R"(<?xml version="1.0"?>
<sdf version="1.8">
  <model name="m" placement_frame="L">
    <pose>1 0 0 0 0 0</pose>
    <link name="L"><pose>0 0 1 0 0 0</pose></link>
  </model>
</sdf>
)");
  const OracleResult r = LoadWithSdformat(path);
  ASSERT_TRUE(r.valid) << Describe(r);
  ExpectFrame(r, "m::L", "link", "m::L", {1, 0, 0},
              Eigen::Matrix3d::Identity());
  ExpectFrame(r, "m", "model", "m::L", {1, 0, -1},
              Eigen::Matrix3d::Identity());
}

// SDF 1.8 world: world frames attached to a model and chained to another
// world frame, a visual, and a static model (attached to "world").
TEST(SdformatOracle, WorldFrameAttachedToModel) {
  if (!SdformatInstalled()) GTEST_SKIP() << kSdformatNotInstalled;
  const std::string path = WriteTemp("world18.sdf", R"(<?xml version="1.0"?>
<sdf version="1.8">
  <world name="w">
    <frame name="wf" attached_to="m">
      <pose relative_to="m">0 0 1 0 0 0</pose>
    </frame>
    <frame name="wf2">
      <pose relative_to="wf">1 0 0 0 0 0</pose>
    </frame>
    <model name="m">
      <pose>1 2 3 0 0 1.5707963267948966</pose>
      <link name="base">
        <pose>1 0 0 0 0 0</pose>
        <visual name="v">
          <pose>0 1 0 0 0 0</pose>
          <geometry><sphere><radius>1</radius></sphere></geometry>
        </visual>
      </link>
    </model>
    <model name="ground">
      <static>true</static>
      <pose>0 0 -1 0 0 0</pose>
      <link name="g"/>
    </model>
  </world>
</sdf>
)");
  const OracleResult r = LoadWithSdformat(path);
  ASSERT_TRUE(r.valid) << Describe(r);
  EXPECT_EQ(r.version, "1.8");
  EXPECT_TRUE(r.resolve_errors.empty()) << Describe(r);
  EXPECT_EQ(r.frames.size(), 7u) << Describe(r);

  // wf: (0,0,1) in m = (1,2,3) yaw 90 -> (1,2,4), yaw 90.
  ExpectFrame(r, "wf", "frame", "m::base", {1, 2, 4}, Rz(kHalfPi));
  // wf2: (1,0,0) in wf -> (1,2,4) + Rz90 (1,0,0) = (1,3,4); no attached_to,
  // so attached to the world.
  ExpectFrame(r, "wf2", "frame", "world", {1, 3, 4}, Rz(kHalfPi));
  ExpectFrame(r, "m", "model", "m::base", {1, 2, 3}, Rz(kHalfPi));
  // base: (1,0,0) in m -> (1,3,3); visual (0,1,0) in base -> (0,3,3).
  ExpectFrame(r, "m::base", "link", "m::base", {1, 3, 3}, Rz(kHalfPi));
  ExpectFrame(r, "m::base::v", "visual", "m::base", {0, 3, 3}, Rz(kHalfPi));
  ExpectFrame(r, "ground", "model", "world", {0, 0, -1},
              Eigen::Matrix3d::Identity());
  ExpectFrame(r, "ground::g", "link", "world", {0, 0, -1},
              Eigen::Matrix3d::Identity());
}

// ---------------------------------------------------------------------------
// Invalid files: the verdict and the error code.
TEST(SdformatOracle, PoseRelativeToCycle) {
  if (!SdformatInstalled()) GTEST_SKIP() << kSdformatNotInstalled;
  const std::string path = WriteTemp("cycle18.sdf", R"(<?xml version="1.0"?>
<sdf version="1.8">
  <model name="m">
    <link name="a"/>
    <frame name="f1"><pose relative_to="f2"/></frame>
    <frame name="f2"><pose relative_to="f1"/></frame>
  </model>
</sdf>
)");
  const OracleResult r = LoadWithSdformat(path);
  EXPECT_FALSE(r.valid);
  EXPECT_TRUE(HasCode(r, "POSE_RELATIVE_TO_CYCLE")) << Describe(r);
  EXPECT_TRUE(r.frames.empty());
}

// Root::Load accepts a 1.6 <collision> and <visual> of the same name;
// only `--check` refuses them. LoadWithSdformatResolvingLoaded keeps that
// verdict and still resolves the frames.
TEST(SdformatOracle, ResolvesFramesOfFileOnlyCheckRefuses) {
  if (!SdformatInstalled()) GTEST_SKIP() << kSdformatNotInstalled;
  const std::string path = WriteTemp("same_name16.sdf", R"(<?xml version="1.0"?>
<sdf version="1.6">
  <model name="m">
    <pose>1 2 3 0 0 0</pose>
    <link name="l">
      <pose>0 0 1 0 0 0</pose>
      <collision name="post"><geometry><box><size>1 1 1</size></box></geometry></collision>
      <visual name="post">
        <pose>1 0 0 0 0 0</pose>
        <geometry><box><size>1 1 1</size></box></geometry>
      </visual>
    </link>
  </model>
</sdf>
)");
  const OracleResult checked = LoadWithSdformat(path, {});
  EXPECT_FALSE(checked.valid);
  EXPECT_TRUE(checked.loaded);
  EXPECT_TRUE(HasCode(checked, "DUPLICATE_NAME")) << Describe(checked);
  EXPECT_TRUE(checked.frames.empty());

  const OracleResult r = LoadWithSdformatResolvingLoaded(path, {});
  EXPECT_FALSE(r.valid);
  EXPECT_TRUE(r.loaded);
  EXPECT_TRUE(HasCode(r, "DUPLICATE_NAME")) << Describe(r);
  EXPECT_EQ(r.frames.size(), 4u) << Describe(r);
  ExpectFrame(r, "m::l", "link", "m::l", {1, 2, 4},
              Eigen::Matrix3d::Identity());
  // Both are named m::l::post; the collision is at the link, the visual 1 m
  // along x.
  int posts = 0;
  for (const OracleFrame& f : r.frames) {
    if (f.name != "m::l::post") continue;
    ++posts;
    const Eigen::Vector3d p =
        f.kind == "visual" ? Eigen::Vector3d(2, 2, 4) : Eigen::Vector3d(1, 2, 4);
    EXPECT_TRUE(f.kind == "visual" || f.kind == "collision") << f.kind;
    EXPECT_LT((f.X_WF.translation() - p).norm(), kTol) << f.kind;
    EXPECT_EQ(f.attached_to, "m::l");
  }
  EXPECT_EQ(posts, 2);
}

// The model paths reach files that included files include in turn
// (libsdformat 12 reads those with its global configuration).
TEST(SdformatOracle, ModelPathsReachNestedIncludes) {
  if (!SdformatInstalled()) GTEST_SKIP() << kSdformatNotInstalled;
  const auto model = [](const std::string& name, const std::string& body) {
    WriteTemp("nested_models/" + name + "/model.config",
              "<?xml version=\"1.0\"?>\n<model><name>" + name +
                  "</name><sdf version=\"1.8\">model.sdf</sdf></model>\n");
    return WriteTemp("nested_models/" + name + "/model.sdf",
                     "<?xml version=\"1.0\"?>\n<sdf version=\"1.8\">\n<model name=\"" +
                         name + "\">\n" + body + "</model>\n</sdf>\n");
  };
  model("leaf", "<link name=\"l\"><pose>0 0 1 0 0 0</pose></link>\n");
  const std::string mid = model(
      "mid", "<link name=\"base\"/>\n<include><uri>leaf</uri><pose>2 0 0 0 0 0</pose></include>\n");
  const std::string top = WriteTemp("nested_top.sdf", R"(<?xml version="1.0"?>
<sdf version="1.8">
  <world name="w">
    <include><uri>mid</uri><pose>0 3 0 0 0 0</pose></include>
  </world>
</sdf>
)");
  const std::string models = fs::path(mid).parent_path().parent_path().string();
  const OracleResult r = LoadWithSdformat(top, {models});
  ASSERT_TRUE(r.valid) << Describe(r);
  ExpectFrame(r, "mid::leaf::l", "link", "mid::leaf::l", {2, 3, 1},
              Eigen::Matrix3d::Identity());
}

// A file Root::Load refuses is not resolved.
TEST(SdformatOracle, DoesNotResolveFileLoadRefuses) {
  if (!SdformatInstalled()) GTEST_SKIP() << kSdformatNotInstalled;
  const std::string path = WriteTemp("load_refuses18.sdf", R"(<?xml version="1.0"?>
<sdf version="1.8">
  <model name="m">
    <link name="a"/>
    <frame name="f1"><pose relative_to="f2"/></frame>
    <frame name="f2"><pose relative_to="f1"/></frame>
  </model>
</sdf>
)");
  const OracleResult r = LoadWithSdformatResolvingLoaded(path, {});
  EXPECT_FALSE(r.valid);
  EXPECT_FALSE(r.loaded);
  EXPECT_TRUE(r.frames.empty());
}

TEST(SdformatOracle, JointChildWorld) {
  if (!SdformatInstalled()) GTEST_SKIP() << kSdformatNotInstalled;
  const std::string path = WriteTemp("child_world18.sdf", R"(<?xml version="1.0"?>
<sdf version="1.8">
  <model name="m">
    <link name="a"/>
    <joint name="j" type="fixed"><parent>a</parent><child>world</child></joint>
  </model>
</sdf>
)");
  const OracleResult r = LoadWithSdformat(path);
  EXPECT_FALSE(r.valid);
  EXPECT_TRUE(HasCode(r, "JOINT_CHILD_LINK_INVALID")) << Describe(r);
}

// Root::Load accepts a visual and a collision sharing a name in one link;
// only `ign sdf --check`'s recursiveSiblingUniqueNames rejects it. The oracle
// maps that bool check to DUPLICATE_NAME with the offending element.
TEST(SdformatOracle, CheckOnlyDuplicateSiblingNames) {
  if (!SdformatInstalled()) GTEST_SKIP() << kSdformatNotInstalled;
  const std::string path = WriteTemp("dup_visual17.sdf", R"(<?xml version="1.0"?>
<sdf version="1.7">
  <model name="m">
    <link name="a">
      <visual name="v"><geometry><box><size>1 1 1</size></box></geometry></visual>
      <collision name="v"><geometry><box><size>1 1 1</size></box></geometry></collision>
    </link>
  </model>
</sdf>
)");
  const OracleResult r = LoadWithSdformat(path);
  EXPECT_FALSE(r.valid);
  ASSERT_EQ(r.errors.size(), 1u) << Describe(r);
  EXPECT_EQ(r.errors[0].code, "DUPLICATE_NAME");
  EXPECT_NE(r.errors[0].message.find("'v'"), std::string::npos);
  EXPECT_EQ(r.errors[0].line, 4);
  EXPECT_NE(r.errors[0].xml_path.find("link[@name=\"a\"]"), std::string::npos)
      << r.errors[0].xml_path;
}

TEST(SdformatOracle, MissingFileIsFileRead) {
  if (!SdformatInstalled()) GTEST_SKIP() << kSdformatNotInstalled;
  const OracleResult r = LoadWithSdformat("/nonexistent/dir/none.sdf");
  EXPECT_FALSE(r.valid);
  EXPECT_TRUE(HasCode(r, "FILE_READ")) << Describe(r);
}

// model:// includes resolve against the given directories.
TEST(SdformatOracle, ModelPathsResolveIncludes) {
  if (!SdformatInstalled()) GTEST_SKIP() << kSdformatNotInstalled;
  const std::string model_sdf = WriteTemp("models/box/model.sdf",
                                          "");  // creates the folders
  {
    std::ofstream(model_sdf) << R"(<?xml version="1.0"?>
<sdf version="1.7">
  <model name="box"><link name="body"><pose>0 0 0.5 0 0 0</pose></link></model>
</sdf>
)";
    std::ofstream(fs::path(model_sdf).parent_path() / "model.config")
        << R"(<?xml version="1.0"?>
<model><name>box</name><version>1.0</version><sdf version="1.7">model.sdf</sdf></model>
)";
  }
  const std::string world = WriteTemp("include_world17.sdf", R"(<?xml version="1.0"?>
<sdf version="1.7">
  <world name="w">
    <include>
      <uri>model://box</uri>
      <name>box1</name>
      <pose>1 0 0 0 0 0</pose>
    </include>
  </world>
</sdf>
)");
  const std::string models_dir = fs::path(model_sdf).parent_path().parent_path();
  const OracleResult without = LoadWithSdformat(world);
  EXPECT_FALSE(without.valid);
  const OracleResult r = LoadWithSdformat(world, {models_dir});
  ASSERT_TRUE(r.valid) << Describe(r);
  ExpectFrame(r, "box1::body", "link", "box1::body", {1, 0, 0.5},
              Eigen::Matrix3d::Identity());
}

// ---------------------------------------------------------------------------
// Smoke run over ../shared/corpus/sdformat-tests: the oracle must not crash
// on any file (many are invalid on purpose). Counts are printed, not
// asserted.
TEST(SdformatOracleCorpus, NeverCrashes) {
  if (!SdformatInstalled()) GTEST_SKIP() << kSdformatNotInstalled;
  const fs::path root = RequireCorpusFolder("sdformat-tests");
  if (root.empty()) return;
  // The upstream tests resolve model:// and bare <uri>s against
  // test/integration/model (and the nested_include models against their own
  // folder).
  const std::vector<std::string> model_paths = {
      (root / "integration" / "model").string(),
      (root / "integration" / "model" / "nested_include").string()};

  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    const std::string ext = entry.path().extension().string();
    if (ext == ".sdf" || ext == ".world") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty());

  struct Count { int valid = 0, invalid = 0, frames = 0, resolve_errors = 0; };
  std::map<std::string, Count> by_version;
  std::map<std::string, int> by_code;
  for (const fs::path& file : files) {
    const OracleResult r = LoadWithSdformat(file.string(), model_paths);
    Count& c = by_version[r.version.empty() ? "(none)" : r.version];
    (r.valid ? c.valid : c.invalid)++;
    c.frames += static_cast<int>(r.frames.size());
    c.resolve_errors += static_cast<int>(r.resolve_errors.size());
    if (!r.valid) {
      EXPECT_FALSE(r.errors.empty()) << file;
      EXPECT_TRUE(r.frames.empty()) << file;
    }
    for (const OracleError& e : r.errors) by_code[e.code]++;
  }
  std::cout << "sdformat-tests: " << files.size() << " files\n";
  std::cout << "version   valid invalid  frames resolve_errors\n";
  for (const auto& [version, c] : by_version) {
    std::printf("%-8s %6d %7d %7d %14d\n", version.c_str(), c.valid,
                c.invalid, c.frames, c.resolve_errors);
  }
  std::cout << "error codes (all files):\n";
  for (const auto& [code, n] : by_code) {
    std::cout << "  " << code << ": " << n << "\n";
  }
}

}  // namespace
}  // namespace sdfconv::testing
