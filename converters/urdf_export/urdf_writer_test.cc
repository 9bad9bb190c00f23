// Tests of the URDF back end: each output is parsed back with urdfdom and its
// forward kinematics at zero joint positions compared with the flat back
// end's world poses (links, joints, frames, visuals, collisions, inertials,
// axes) within 1e-9; then the same over the corpus (SDFCONV_CORPUS).
#include "converters/urdf_export/urdf_writer.h"

#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <urdf_parser/urdf_parser.h>

#include "converters/flat/flat_writer.h"
#include "converters/registry.h"
#include "converters/xml/xml_document.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

constexpr double kTol = 1e-9;

Pose FromUrdf(const urdf::Pose& p) {
  Pose X = Pose::Identity();
  X.translation() << p.position.x, p.position.y, p.position.z;
  X.linear() = Eigen::Quaterniond(p.rotation.w, p.rotation.x, p.rotation.y,
                                  p.rotation.z)
                   .normalized()
                   .toRotationMatrix();
  return X;
}

struct Loaded {
  std::optional<XmlDocument> xml;
  std::optional<Document> doc;
  FrameGraph graph;
  Resolution resolution;
  Diagnostics diags;
};

// Reads `text` (or the file `path` when text is empty); true when valid.
bool Load(const std::string& text, const std::string& path, Loaded* out) {
  out->xml = text.empty() ? XmlDocument::LoadFile(path, &out->diags)
                          : XmlDocument::LoadString(text, path, &out->diags);
  if (!out->xml) return false;
  out->doc = ReadXml(*out->xml, &out->diags);
  if (!out->doc || out->diags.HasErrors()) return false;
  out->graph = BuildFrameGraph(*out->doc, &out->diags);
  if (out->diags.HasErrors()) return false;
  out->resolution = ResolveAll(*out->doc, out->graph);
  return true;
}

// Compares the URDF's forward kinematics at zero joint positions with the
// flat back end's poses. Returns a description of every mismatch ("" if
// none). `prefix` is the exported model's scoped name.
std::string CompareFk(const Loaded& in, const std::string& urdf_text,
                      const std::string& prefix, const std::string& sep) {
  urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(urdf_text);
  if (!model) return "urdfdom rejects the output:\n" + urdf_text;
  std::map<std::string, FlatFrame> flat;
  for (FlatFrame& f : CollectFlatFrames(*in.doc, in.graph, in.resolution)) {
    flat.emplace(f.kind + ":" + f.name, std::move(f));
  }
  std::map<std::string, ElementId> links;
  for (ElementId e = 0; e < static_cast<ElementId>(in.doc->size()); ++e) {
    if (in.doc->at(e).kind == ElementKind::kLink) {
      links.emplace(in.doc->ScopedName(e), e);
    }
  }
  // URDF name -> SDF scoped name, for each element under the exported model
  // (names may hold the separator, so the mapping is built, not inverted).
  std::map<std::string, std::string> scoped;
  for (ElementId e = 0; e < static_cast<ElementId>(in.doc->size()); ++e) {
    const std::string full = in.doc->ScopedName(e);
    if (!prefix.empty() && full.rfind(prefix + "::", 0) != 0) continue;
    std::string local;
    for (ElementId a = e; a != kNoElement; a = in.doc->at(a).parent) {
      if (in.doc->ScopedName(a) == prefix) break;
      local = in.doc->at(a).name + (local.empty() ? "" : sep + local);
    }
    scoped.emplace(local, full);
  }
  const auto sdf_name = [&](const std::string& urdf_name) {
    auto it = scoped.find(urdf_name);
    return it == scoped.end() ? "?" + urdf_name : it->second;
  };
  std::string errors;
  // Flat names are unique per kind only (before 1.7 a link and a joint may
  // share a name): `flat_name` is "kind:scoped::name".
  const auto expect = [&](const std::string& what, const Pose& got,
                          const std::string& flat_name) {
    auto it = flat.find(flat_name);
    if (it == flat.end()) {
      errors += what + ": no flat frame " + flat_name + "\n";
    } else if (PoseDistance(got, it->second.X_WF) > kTol) {
      errors += what + ": differs from " + flat_name + " by " +
                std::to_string(PoseDistance(got, it->second.X_WF)) + "\n";
    }
  };
  urdf::LinkConstSharedPtr root = model->getRoot();
  Pose X_WR = Pose::Identity();
  if (root->name != "world") {
    auto it = flat.find("link:" + sdf_name(root->name));
    if (it == flat.end()) return "root " + root->name + " not in flat output";
    X_WR = it->second.X_WF;
  }
  std::vector<std::pair<urdf::LinkConstSharedPtr, Pose>> todo{{root, X_WR}};
  size_t seen = 0;
  while (!todo.empty()) {
    auto [link, X_WL] = todo.back();
    todo.pop_back();
    ++seen;
    const std::string name = sdf_name(link->name);
    if (auto joint = link->parent_joint) {
      const std::string jname = sdf_name(joint->name);
      if (flat.count("joint:" + jname)) {
        expect("link " + link->name, X_WL, "joint:" + jname);
        const auto& axes_W = flat.at("joint:" + jname).axes_W;
        if (joint->type != urdf::Joint::FIXED && !axes_W.empty()) {
          const Eigen::Vector3d a(joint->axis.x, joint->axis.y, joint->axis.z);
          if ((X_WL.rotation() * a - axes_W[0]).norm() > kTol) {
            errors += "axis of " + joint->name + " differs\n";
          }
        }
      } else {
        // A frame, or a link fixed to the world.
        expect("link " + link->name, X_WL,
               (flat.count("frame:" + name) ? "frame:" : "link:") + name);
      }
    }
    for (const auto& v : link->visual_array) {
      expect("visual " + v->name, X_WL * FromUrdf(v->origin),
             "visual:" + name + "::" + v->name);
    }
    for (const auto& c : link->collision_array) {
      expect("collision " + c->name, X_WL * FromUrdf(c->origin),
             "collision:" + name + "::" + c->name);
    }
    auto sdf_link = links.find(name);
    if (link->inertial && sdf_link != links.end()) {
      const Element& e = in.doc->at(sdf_link->second);
      const Pose X_WI =
          in.resolution.X_W[sdf_link->second] * e.inertial->pose.X;
      if (PoseDistance(X_WL * FromUrdf(link->inertial->origin), X_WI) > kTol) {
        errors += "inertial of " + link->name + " differs\n";
      }
    }
    for (const auto& j : link->child_joints) {
      todo.push_back({model->getLink(j->child_link_name),
                      X_WL * FromUrdf(j->parent_to_joint_origin_transform)});
    }
  }
  if (seen != model->links_.size()) errors += "not every link is reachable\n";
  return errors;
}

struct Exported {
  Loaded in;
  std::optional<std::string> urdf;
  Diagnostics diags;
};

Exported Export(const std::string& sdf, UrdfExportOptions options = {}) {
  Exported out;
  EXPECT_TRUE(Load(sdf, "test.sdf", &out.in)) << sdf;
  options.source = &*out.in.xml;
  out.urdf = WriteUrdf(*out.in.doc, out.in.graph, out.in.resolution, options,
                       &out.diags);
  return out;
}

std::string ModelPrefix(const Document& doc, const std::string& model) {
  if (doc.at(0).kind == ElementKind::kModel) return doc.at(0).name;
  return model;
}

void ExpectFk(const Exported& e, const UrdfExportOptions& options = {}) {
  ASSERT_TRUE(e.urdf);
  EXPECT_EQ(CompareFk(e.in, *e.urdf, ModelPrefix(*e.in.doc, options.model),
                      options.separator),
            "")
      << *e.urdf;
}

std::string FirstError(const Diagnostics& d) {
  for (const Diagnostic& x : d.items()) {
    if (x.severity == Severity::kError) return x.message;
  }
  return "";
}

constexpr char kArm[] = R"(<sdf version="1.8">
<model name="arm">
  <pose>1 2 3 0.1 0.2 0.3</pose>
  <link name="base">
    <inertial><pose>0 0 0.1 0 0 0</pose><mass>2</mass></inertial>
    <visual name="v"><pose>0.1 0 0 0 0 1</pose>
      <geometry><box><size>1 2 0.1</size></box></geometry>
      <material><diffuse>1 0 0 1</diffuse></material></visual>
    <collision name="c"><geometry><mesh><uri>model://arm/meshes/base.dae</uri>
      <scale>2 2 2</scale></mesh></geometry></collision>
  </link>
  <link name="upper"><pose>0 0 1 0.5 0 0</pose>
    <inertial><pose>0.2 0 0 0 0.3 0</pose><mass>1</mass></inertial>
    <visual name="v"><geometry><cylinder><radius>0.1</radius>
      <length>1</length></cylinder></geometry></visual>
  </link>
  <link name="fore"><pose relative_to="upper">0 0 1 0 0 0</pose>
    <collision name="c"><geometry><sphere><radius>0.1</radius></sphere>
      </geometry></collision></link>
  <joint name="shoulder" type="revolute">
    <pose>0.3 0 0 0 0.7 0</pose>
    <parent>base</parent><child>upper</child>
    <axis><xyz expressed_in="__model__">0 1 0</xyz>
      <limit><lower>-1</lower><upper>1</upper><effort>10</effort></limit>
      <dynamics><damping>0.5</damping></dynamics></axis>
  </joint>
  <joint name="elbow" type="revolute">
    <parent>upper</parent><child>fore</child>
    <axis><xyz>1 0 0</xyz></axis>
  </joint>
  <frame name="tool" attached_to="fore"><pose>0 0 0.5 0 0 0</pose></frame>
</model></sdf>)";

TEST(UrdfWriter, ArmMatchesFlatPoses) {
  Exported e = Export(kArm);
  ExpectFk(e);
  const std::string& u = *e.urdf;
  EXPECT_NE(u.find("<joint name=\"shoulder\" type=\"revolute\">"),
            std::string::npos);
  EXPECT_NE(u.find("<joint name=\"elbow\" type=\"continuous\">"),
            std::string::npos);
  EXPECT_NE(u.find("effort=\"10\" velocity=\"1e+16\""), std::string::npos);
  EXPECT_NE(u.find("package://arm/meshes/base.dae"), std::string::npos);
  EXPECT_NE(u.find("scale=\"2 2 2\""), std::string::npos);
  EXPECT_NE(u.find("<color rgba=\"1 0 0 1\"/>"), std::string::npos);
  EXPECT_NE(u.find("<link name=\"tool\">"), std::string::npos);
  EXPECT_NE(u.find("<dynamics damping=\"0.5\" friction=\"0\"/>"),
            std::string::npos);
  // The free model's pose is dropped with a warning.
  ASSERT_EQ(e.diags.size(), 1u);
  EXPECT_EQ(e.diags.items()[0].severity, Severity::kWarning);
}

TEST(UrdfWriter, FramesCanBeDropped) {
  UrdfExportOptions options;
  options.frames = UrdfFrames::kDrop;
  Exported e = Export(kArm, options);
  ExpectFk(e, options);
  EXPECT_EQ(e.urdf->find("tool"), std::string::npos);
}

TEST(UrdfWriter, MeshUriKeep) {
  UrdfExportOptions options;
  options.mesh_uri = UrdfMeshUri::kKeep;
  Exported e = Export(kArm, options);
  EXPECT_NE(e.urdf->find("model://arm/meshes/base.dae"), std::string::npos);
}

TEST(UrdfWriter, WorldJointGivesWorldLinkAndKeepsModelPose) {
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <pose>1 0 0 0 0 1.5</pose>
    <link name="a"><pose>0 1 0 0 0 0</pose></link>
    <link name="b"><pose>0 0 1 0 0 0</pose></link>
    <joint name="fix" type="fixed"><parent>world</parent><child>a</child></joint>
    <joint name="slide" type="prismatic"><pose>0.5 0 0 0 0 0</pose>
      <parent>a</parent><child>b</child>
      <axis><xyz>0 0 1</xyz><limit><lower>0</lower><upper>2</upper>
      <effort>1</effort><velocity>3</velocity></limit></axis></joint>
  </model></sdf>)");
  ExpectFk(e);
  EXPECT_NE(e.urdf->find("<link name=\"world\">"), std::string::npos);
  EXPECT_NE(e.urdf->find("lower=\"0\" upper=\"2\" effort=\"1\" velocity=\"3\""),
            std::string::npos);
  EXPECT_EQ(e.diags.size(), 0u);
}

TEST(UrdfWriter, NestedModelsFlattenWithSeparator) {
  const std::string sdf = R"(<sdf version="1.8"><model name="m">
    <link name="a"/>
    <model name="hand"><pose>1 0 0 0 0.3 0</pose>
      <link name="palm"><pose>0 0 1 0 0 0</pose>
        <visual name="v"><geometry><box><size>1 1 1</size></box></geometry>
        </visual></link></model>
    <joint name="wrist" type="continuous"><parent>a</parent>
      <child>hand::palm</child><axis><xyz>0 0 1</xyz></axis></joint>
  </model></sdf>)";
  Exported e = Export(sdf);
  ExpectFk(e);
  EXPECT_NE(e.urdf->find("<link name=\"hand/palm\">"), std::string::npos);
  UrdfExportOptions options;
  options.separator = "__";
  Exported f = Export(sdf, options);
  ExpectFk(f, options);
  EXPECT_NE(f.urdf->find("<link name=\"hand__palm\">"), std::string::npos);
}

TEST(UrdfWriter, LegacyAxisInParentModelFrame) {
  Exported e = Export(R"(<sdf version="1.6"><model name="m">
    <link name="a"><pose>0 0 0 0 0 0.7</pose></link>
    <link name="b"><pose>1 0 0 0.3 0 0</pose></link>
    <joint name="j" type="revolute"><pose>0 0.2 0 0 0.4 0</pose>
      <parent>a</parent><child>b</child>
      <axis><xyz>0 1 0</xyz><use_parent_model_frame>true</use_parent_model_frame>
      <limit><lower>-1</lower><upper>1</upper></limit></axis></joint>
  </model></sdf>)");
  ExpectFk(e);
}

TEST(UrdfWriter, StaticModelIsFixedToWorld) {
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <static>true</static><pose>0 0 1 0 0 0</pose>
    <link name="a"/><link name="b"><pose>1 0 0 0 0 0</pose></link>
  </model></sdf>)");
  ExpectFk(e);
  EXPECT_NE(e.urdf->find("a_fixed_to_world"), std::string::npos);
}

TEST(UrdfWriter, RefusesLoop) {
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <link name="a"/><link name="b"/><link name="c"/>
    <joint name="j1" type="fixed"><parent>a</parent><child>b</child></joint>
    <joint name="j2" type="fixed"><parent>b</parent><child>c</child></joint>
    <joint name="j4" type="fixed"><parent>c</parent><child>a</child></joint>
  </model></sdf>)");
  EXPECT_FALSE(e.urdf);
  EXPECT_EQ(FirstError(e.diags),
            "joint 'j4' closes a loop between 'c' and 'a'; URDF needs a tree");
  EXPECT_EQ(e.diags.items()[0].code, Code::kElementInvalid);
}

TEST(UrdfWriter, RefusesSecondParent) {
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <link name="a"/><link name="b"/><link name="c"/>
    <joint name="j1" type="fixed"><parent>a</parent><child>c</child></joint>
    <joint name="j2" type="fixed"><parent>b</parent><child>c</child></joint>
  </model></sdf>)");
  EXPECT_FALSE(e.urdf);
  EXPECT_NE(FirstError(e.diags).find("'j2' makes link 'c' the child of a "
                                     "second joint ('j1')"),
            std::string::npos);
}

TEST(UrdfWriter, RefusesTwoRoots) {
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <link name="a"/><link name="b"/></model></sdf>)");
  EXPECT_FALSE(e.urdf);
  EXPECT_NE(FirstError(e.diags).find("'a', 'b' are each a root"),
            std::string::npos);
}

TEST(UrdfWriter, RefusesBallJoint) {
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <link name="a"/><link name="b"/>
    <joint name="j" type="ball"><parent>a</parent><child>b</child></joint>
  </model></sdf>)");
  EXPECT_FALSE(e.urdf);
  EXPECT_NE(FirstError(e.diags).find("'j' is of type 'ball'"),
            std::string::npos);
}

TEST(UrdfWriter, UnsupportedGeometrySkippedOrRefused) {
  const std::string sdf = R"(<sdf version="1.8"><model name="m">
    <link name="a"><collision name="c"><geometry><plane><normal>0 0 1</normal>
      <size>1 1</size></plane></geometry></collision></link>
  </model></sdf>)";
  Exported e = Export(sdf);
  ASSERT_TRUE(e.urdf);
  EXPECT_EQ(e.diags.items().at(0).severity, Severity::kWarning);
  UrdfExportOptions options;
  options.unsupported_geometry = UrdfUnsupportedGeometry::kRefuse;
  Exported f = Export(sdf, options);
  EXPECT_FALSE(f.urdf);
}

TEST(UrdfWriter, WorldNeedsAModelName) {
  const std::string sdf = R"(<sdf version="1.8"><world name="w">
    <model name="a"><link name="l"/></model>
    <model name="b"><pose>0 0 1 0 0 0</pose><link name="l"/></model>
  </world></sdf>)";
  Exported e = Export(sdf);
  EXPECT_FALSE(e.urdf);
  UrdfExportOptions options;
  options.model = "b";
  Exported f = Export(sdf, options);
  ExpectFk(f, options);
}

// ---- Corpus -------------------------------------------------------------

TEST(UrdfWriterCorpus, ForwardKinematicsMatchFlat) {
  const char* corpus = std::getenv("SDFCONV_CORPUS");
  if (corpus == nullptr) GTEST_SKIP() << "SDFCONV_CORPUS is not set";
  int files = 0, invalid = 0, exported = 0, refused = 0;
  std::map<std::string, int> reasons;
  for (const char* dir : {"gazebo_models", "sdformat-tests"}) {
    const std::filesystem::path root = std::filesystem::path(corpus) / dir;
    if (!std::filesystem::exists(root)) continue;
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(root)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".sdf" && ext != ".world")) {
        continue;
      }
      ++files;
      Loaded in;
      if (!Load("", entry.path().string(), &in)) {
        ++invalid;
        continue;
      }
      std::vector<std::string> models{""};
      if (in.doc->at(0).kind == ElementKind::kWorld) {
        models.clear();
        for (ElementId c : in.doc->at(0).children) {
          if (in.doc->at(c).kind == ElementKind::kModel) {
            models.push_back(in.doc->at(c).name);
          }
        }
      }
      for (const std::string& model : models) {
        UrdfExportOptions options;
        options.source = &*in.xml;
        options.model = model;
        Diagnostics diags;
        auto urdf = WriteUrdf(*in.doc, in.graph, in.resolution, options, &diags);
        if (!urdf) {
          ++refused;
          std::string reason = FirstError(diags);
          // The reason with every quoted name replaced by '_'.
          std::string bucket;
          bool quoted = false;
          for (char c : reason.substr(0, reason.find(';'))) {
            if (c == '\'') {
              if (!quoted) bucket += "'_'";
              quoted = !quoted;
            } else if (!quoted) {
              bucket += c;
            }
          }
          ++reasons[bucket];
          continue;
        }
        ++exported;
        EXPECT_EQ(CompareFk(in, *urdf, ModelPrefix(*in.doc, model),
                            options.separator),
                  "")
            << entry.path() << " model " << model;
      }
    }
  }
  std::string summary;
  for (const auto& [reason, n] : reasons) {
    summary += "  " + std::to_string(n) + " x " + reason + "\n";
  }
  std::printf(
      "corpus: %d files, %d invalid (skipped), %d models exported with FK "
      "equal, %d refused:\n%s",
      files, invalid, exported, refused, summary.c_str());
  EXPECT_GT(exported, 0);
}

}  // namespace
}  // namespace sdfconv
