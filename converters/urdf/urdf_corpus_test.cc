// The URDF front end over every URDF of the real-world corpus
// ($SDFCONV_CORPUS/urdf, and the URDFs of $SDFCONV_CORPUS/sdformat-tests).
//
// For each file urdfdom accepts (urdfdom is called directly here):
//  - the import succeeds, and the SDF text, read back through the registry,
//    resolves to exactly the frames and poses of the front end's Document;
//  - every URDF link appears (as a link or a frame), at the world pose
//    forward kinematics over urdfdom's model gives at zero joint positions
//    (within 1e-9);
//  - every joint appears with its type, its world pose and axis, its limits
//    and its dynamics (from the SDF text), floating and planar ones aside;
//  - every mass, inertia and inertial pose matches.
// For each file urdfdom rejects: the import fails with URDF_INVALID and
// urdfdom's own message.
//
// Without the corpus the test skips and says so; with a corpus that lacks
// these URDFs it fails (testing/corpus.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "converters/registry.h"
#include "converters/urdf/urdf_front_end.h"
#include "converters/urdf/urdf_test_util.h"
#include "converters/urdf/urdf_to_sdf.h"
#include "converters/urdf/urdfdom_parse.h"
#include "converters/xml/text_values.h"
#include "converters/xml/xml_sources.h"
#include "converters/xml/xml_write.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"
#include "testing/corpus.h"

namespace sdfconv {
namespace {

using testing::ForwardKinematics;
using testing::ToIsometry;
constexpr double kTol = 1e-9;

struct Totals {
  int files = 0, accepted = 0, rejected = 0, links = 0, frames = 0,
      joints = 0, joint_frames = 0, dropped_joints = 0, inertials = 0;
};
Totals& Sum() {
  static Totals totals;
  return totals;
}

class PrintTotals : public ::testing::Environment {
 public:
  void TearDown() override {
    const Totals& t = Sum();
    if (t.files == 0) return;
    std::printf(
        "URDF corpus: %d files; urdfdom accepts %d (all imported), rejects "
        "%d (all rejected with its message); %d links checked (%d of them "
        "frames), %d joints checked (%d written as frames, %d floating or "
        "planar), %d inertials\n",
        t.files, t.accepted, t.rejected, t.links + t.frames, t.frames,
        t.joints + t.joint_frames + t.dropped_joints, t.joint_frames,
        t.dropped_joints, t.inertials);
  }
};
const auto* const kPrintTotals =
    ::testing::AddGlobalTestEnvironment(new PrintTotals);

std::string Describe(const Diagnostics& diags) {
  std::string out;
  for (const Diagnostic& d : diags.items()) out += FormatDiagnostic(d) + "\n";
  return out;
}

struct Resolved {
  std::optional<Document> doc;
  Resolution r;
  Pose X_WM = Pose::Identity();  // the model frame
};

Resolved Resolve(std::optional<Document> doc, const std::string& what) {
  Resolved out;
  out.doc = std::move(doc);
  if (!out.doc) return out;
  Diagnostics diags;
  const FrameGraph graph = BuildFrameGraph(*out.doc, &diags);
  EXPECT_FALSE(diags.HasErrors()) << what << ":\n" << Describe(diags);
  if (diags.HasErrors()) {
    out.doc.reset();
    return out;
  }
  out.r = ResolveAll(*out.doc, graph);
  out.X_WM = out.r.X_W[0];
  return out;
}

const char* SdfType(int type) {
  switch (type) {
    case urdf::Joint::REVOLUTE: return "revolute";
    case urdf::Joint::CONTINUOUS: return "continuous";
    case urdf::Joint::PRISMATIC: return "prismatic";
    case urdf::Joint::FIXED: return "fixed";
    default: return "";
  }
}

double Number(const XmlTree& sdf, const std::vector<std::string>& path) {
  return ParseDouble(testing::TextAt(sdf, path)).value_or(std::nan(""));
}

class UrdfCorpus
    : public ::testing::TestWithParam<std::pair<std::string, std::string>> {
 protected:
  void CheckRejected(const std::vector<std::string>& urdfdom_errors,
                     bool imported, const Diagnostics& diags);
  void CheckLinks(const urdf::ModelInterface& model, const Resolved& ours);
  void CheckJoints(const urdf::ModelInterface& model, const Resolved& ours,
                   const XmlTree& sdf);

  // URDF (tag, name) -> the front end's element, by source path.
  std::map<std::pair<std::string, std::string>, ElementId> ids_;
};

void UrdfCorpus::CheckRejected(const std::vector<std::string>& urdfdom_errors,
                               bool imported, const Diagnostics& diags) {
  ++Sum().rejected;
  EXPECT_FALSE(imported);
  const Diagnostic* found = nullptr;
  for (const Diagnostic& d : diags.items()) {
    if (d.code == kUrdfInvalid && d.severity == Severity::kError) found = &d;
  }
  ASSERT_NE(found, nullptr) << Describe(diags);
  EXPECT_GT(found->source.line, 0);
  for (const std::string& e : urdfdom_errors) {
    EXPECT_NE(found->message.find(e), std::string::npos)
        << "urdfdom says '" << e << "'; we say '" << found->message << "'";
  }
}

void UrdfCorpus::CheckLinks(const urdf::ModelInterface& model,
                            const Resolved& ours) {
  const auto X_WL = ForwardKinematics(model);
  const bool world_root = model.getRoot()->name == "world";
  const Pose X_MW = ours.X_WM.inverse();
  for (const auto& [name, link] : model.links_) {
    if (world_root && link == model.getRoot()) continue;
    const auto it = ids_.find({"link", name});
    if (it == ids_.end()) {
      ADD_FAILURE() << "link '" << name << "' is missing";
      continue;
    }
    const Element& e = ours.doc->at(it->second);
    EXPECT_TRUE(e.kind == ElementKind::kLink || e.kind == ElementKind::kFrame)
        << name;
    ++(e.kind == ElementKind::kLink ? Sum().links : Sum().frames);
    const double d = PoseDistance(X_MW * ours.r.X_W[it->second], X_WL.at(name));
    EXPECT_LT(d, kTol) << "link '" << name << "' pose differs by " << d;
    // Mass properties.
    if (link->inertial == nullptr) {
      EXPECT_FALSE(e.inertial.has_value()) << name;
      continue;
    }
    ++Sum().inertials;
    ASSERT_TRUE(e.inertial.has_value()) << name;
    const urdf::Inertial& i = *link->inertial;
    EXPECT_EQ(e.inertial->mass, i.mass) << name;
    Eigen::Matrix3d I;
    I << i.ixx, i.ixy, i.ixz, i.ixy, i.iyy, i.iyz, i.ixz, i.iyz, i.izz;
    EXPECT_EQ(e.inertial->inertia, I) << name;
    EXPECT_LT(PoseDistance(e.inertial->pose.X, ToIsometry(i.origin)), kTol)
        << name;
  }
}

void UrdfCorpus::CheckJoints(const urdf::ModelInterface& model,
                             const Resolved& ours, const XmlTree& sdf) {
  const auto X_WL = ForwardKinematics(model);
  const Pose X_MW = ours.X_WM.inverse();
  for (const auto& [name, joint] : model.joints_) {
    const auto it = ids_.find({"joint", name});
    if (joint->type == urdf::Joint::FLOATING ||
        joint->type == urdf::Joint::PLANAR) {
      ++Sum().dropped_joints;
      EXPECT_EQ(it, ids_.end()) << name << " has no SDFormat 1.8 joint";
      continue;
    }
    if (it == ids_.end()) {
      ADD_FAILURE() << "joint '" << name << "' is missing";
      continue;
    }
    const Element& e = ours.doc->at(it->second);
    const Pose X_WJ = X_WL.at(joint->parent_link_name) *
                      ToIsometry(joint->parent_to_joint_origin_transform);
    const Pose X_MJ = X_MW * ours.r.X_W[it->second];
    EXPECT_LT(PoseDistance(X_MJ, X_WJ), kTol) << "joint '" << name << "'";
    if (e.kind == ElementKind::kFrame) {
      ++Sum().joint_frames;
      EXPECT_EQ(joint->type, urdf::Joint::FIXED) << name;
      continue;
    }
    ++Sum().joints;
    ASSERT_EQ(e.kind, ElementKind::kJoint) << name;
    EXPECT_EQ(e.Joint().type, SdfType(joint->type)) << name;
    if (joint->type == urdf::Joint::FIXED) continue;
    Eigen::Vector3d a(joint->axis.x, joint->axis.y, joint->axis.z);
    if (a.norm() == 0) a = Eigen::Vector3d::UnitX();  // warned; URDF default
    ASSERT_EQ(ours.r.axes_W[it->second].size(), 1u) << name;
    const Eigen::Vector3d axis_M = X_MW.linear() * ours.r.axes_W[it->second][0];
    EXPECT_LT((axis_M - X_WJ.linear() * a.normalized()).norm(), kTol) << name;
    const std::vector<std::string> at = {"model", "joint@" + e.name, "axis"};
    auto path = [&](std::initializer_list<const char*> rest) {
      std::vector<std::string> p = at;
      p.insert(p.end(), rest.begin(), rest.end());
      return p;
    };
    if (joint->limits) {
      const urdf::JointLimits& l = *joint->limits;
      EXPECT_EQ(Number(sdf, path({"limit", "effort"})), l.effort) << name;
      EXPECT_EQ(Number(sdf, path({"limit", "velocity"})), l.velocity) << name;
      if (joint->type != urdf::Joint::CONTINUOUS) {
        EXPECT_EQ(Number(sdf, path({"limit", "lower"})), l.lower) << name;
        EXPECT_EQ(Number(sdf, path({"limit", "upper"})), l.upper) << name;
      }
    } else {
      EXPECT_FALSE(testing::Find(sdf, path({"limit"}))) << name;
    }
    if (joint->dynamics) {
      const urdf::JointDynamics& d = *joint->dynamics;
      EXPECT_EQ(Number(sdf, path({"dynamics", "damping"})), d.damping) << name;
      EXPECT_EQ(Number(sdf, path({"dynamics", "friction"})), d.friction)
          << name;
    }
  }
}

TEST_P(UrdfCorpus, ImportAgreesWithUrdfdom) {
  const auto& [folder, rel] = GetParam();
  if (rel.empty()) return testing::NoCorpusFiles("URDF under " + folder);
  ++Sum().files;
  const std::string path = testing::CorpusRoot() + "/" + folder + "/" + rel;
  const testing::UrdfdomVerdict urdfdom =
      testing::ParseWithUrdfdomDirectly(testing::ReadText(path));
  Diagnostics load;
  auto loaded = XmlTree::Load(path, &load);
  ASSERT_TRUE(loaded) << Describe(load);
  XmlSources sources;
  const int32_t tree = sources.Add(std::move(*loaded));
  const XmlTree& xml = sources.tree(tree);

  Diagnostics diags;
  const std::optional<std::string> sdf = UrdfToSdf(xml, {}, &diags);
  Diagnostics front_diags;
  std::optional<Document> doc =
      UrdfFrontEnd().Read(tree, &sources, &front_diags);
  if (urdfdom.model == nullptr) {
    CheckRejected(urdfdom.errors, sdf.has_value() || doc.has_value(), diags);
    return;
  }
  ++Sum().accepted;
  ASSERT_TRUE(sdf) << Describe(diags);
  ASSERT_TRUE(doc) << Describe(front_diags);
  EXPECT_FALSE(front_diags.HasErrors()) << Describe(front_diags);
  const Resolved ours = Resolve(std::move(doc), "front end");
  ASSERT_TRUE(ours.doc);

  // The two products agree: the SDF text, read back as SDFormat.
  Diagnostics read_back;
  const Resolved text = Resolve(ReadString(*sdf, "out.sdf", &read_back),
                                "SDF text read back");
  ASSERT_TRUE(text.doc) << Describe(read_back);
  ASSERT_EQ(text.doc->size(), ours.doc->size());
  for (ElementId id = 0; id < static_cast<ElementId>(ours.doc->size()); ++id) {
    const Element& a = ours.doc->at(id);
    const Element& b = text.doc->at(id);
    EXPECT_EQ(a.kind, b.kind);
    EXPECT_EQ(a.name, b.name);
    EXPECT_LT(PoseDistance(ours.r.X_W[id], text.r.X_W[id]), 1e-12) << a.name;
  }

  for (ElementId id = 0; id < static_cast<ElementId>(ours.doc->size()); ++id) {
    if (const auto urdf =
            testing::UrdfElementOf(ours.doc->at(id).source.path.str())) {
      ids_.emplace(*urdf, id);  // the first element from a URDF element
    }
  }
  CheckLinks(*urdfdom.model, ours);
  Diagnostics sdf_load;
  const auto sdf_xml = XmlTree::Parse(*sdf, "out.sdf", &sdf_load);
  ASSERT_TRUE(sdf_xml);
  CheckJoints(*urdfdom.model, ours, *sdf_xml);
}

// With merge_fixed_joints (libsdformat's behaviour), links move into
// frames: every link keeps its world pose, and the model its total mass
// and centre of mass.
TEST_P(UrdfCorpus, MergedImportKeepsPosesAndMass) {
  const auto& [folder, rel] = GetParam();
  if (rel.empty()) return testing::NoCorpusFiles("URDF under " + folder);
  const std::string path = testing::CorpusRoot() + "/" + folder + "/" + rel;
  const testing::UrdfdomVerdict urdfdom =
      testing::ParseWithUrdfdomDirectly(testing::ReadText(path));
  if (urdfdom.model == nullptr) return;  // ImportAgreesWithUrdfdom covers it
  Diagnostics diags;
  auto loaded = XmlTree::Load(path, &diags);
  ASSERT_TRUE(loaded);
  XmlSources sources;
  const int32_t tree = sources.Add(std::move(*loaded));
  UrdfImportOptions options;
  options.merge_fixed_joints = true;
  EXPECT_TRUE(UrdfToSdf(sources.tree(tree), options, &diags))
      << Describe(diags);
  const Resolved ours =
      Resolve(UrdfFrontEnd(options).Read(tree, &sources, &diags), "merged");
  ASSERT_TRUE(ours.doc);
  for (ElementId id = 0; id < static_cast<ElementId>(ours.doc->size()); ++id) {
    if (const auto urdf =
            testing::UrdfElementOf(ours.doc->at(id).source.path.str())) {
      ids_.emplace(*urdf, id);
    }
  }
  const auto X_WL = ForwardKinematics(*urdfdom.model);
  const Pose X_MW = ours.X_WM.inverse();
  double urdf_mass = 0, sdf_mass = 0;
  Eigen::Vector3d urdf_moment = Eigen::Vector3d::Zero();
  Eigen::Vector3d sdf_moment = Eigen::Vector3d::Zero();
  for (const auto& [name, link] : urdfdom.model->links_) {
    if (link->inertial != nullptr) {
      urdf_mass += link->inertial->mass;
      urdf_moment += link->inertial->mass *
                     (X_WL.at(name) * ToIsometry(link->inertial->origin))
                         .translation();
    }
    const auto it = ids_.find({"link", name});
    if (it == ids_.end()) continue;  // the world link
    EXPECT_LT(PoseDistance(X_MW * ours.r.X_W[it->second], X_WL.at(name)),
              kTol)
        << name;
    const Element& e = ours.doc->at(it->second);
    if (e.kind != ElementKind::kLink || !e.inertial) continue;
    sdf_mass += e.inertial->mass;
    sdf_moment += e.inertial->mass *
                  (X_MW * ours.r.X_W[it->second] * e.inertial->pose.X)
                      .translation();
  }
  EXPECT_NEAR(sdf_mass, urdf_mass, 1e-9 * std::max(1.0, urdf_mass));
  EXPECT_LT((sdf_moment - urdf_moment).norm(),
            1e-9 * std::max(1.0, urdf_moment.norm()));
}

// urdfdom reads the text it is given (UrdfdomText: most often the file
// itself) as it reads the document written as an XML 1.0 parser reads it.
TEST_P(UrdfCorpus, UrdfdomReadsItsTextAsTheNormalisedOne) {
  const auto& [folder, rel] = GetParam();
  if (rel.empty()) return testing::NoCorpusFiles("URDF under " + folder);
  const std::string path = testing::CorpusRoot() + "/" + folder + "/" + rel;
  Diagnostics load;
  const auto xml = XmlTree::Load(path, &load);
  ASSERT_TRUE(xml) << Describe(load);
  const std::string given = UrdfdomText(*xml);
  const std::string normalized = WriteNormalizedXml(*xml);
  if (given == normalized) return;
  const testing::UrdfdomVerdict a = testing::ParseWithUrdfdomDirectly(given);
  const testing::UrdfdomVerdict b =
      testing::ParseWithUrdfdomDirectly(normalized);
  ASSERT_EQ(a.model == nullptr, b.model == nullptr) << "urdfdom's verdict";
  if (a.model == nullptr) return;
  for (const std::string& d :
       testing::UrdfModelDifferences(*a.model, *b.model)) {
    ADD_FAILURE() << d;
  }
}

std::vector<std::pair<std::string, std::string>> Files(
    const std::string& folder) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& f : testing::UrdfFiles(folder)) {
    out.emplace_back(folder, f);
  }
  if (out.empty()) out.emplace_back(folder, "");
  return out;
}

std::string TestName(
    const ::testing::TestParamInfo<std::pair<std::string, std::string>>&
        info) {
  std::string n = info.param.second.empty() ? "no_corpus_files"
                                            : info.param.second;
  for (char& c : n) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return n + "_" + std::to_string(info.index);
}

INSTANTIATE_TEST_SUITE_P(Urdf, UrdfCorpus, ::testing::ValuesIn(Files("urdf")),
                         TestName);
INSTANTIATE_TEST_SUITE_P(SdformatTests, UrdfCorpus,
                         ::testing::ValuesIn(Files("sdformat-tests")),
                         TestName);

}  // namespace
}  // namespace sdfconv
