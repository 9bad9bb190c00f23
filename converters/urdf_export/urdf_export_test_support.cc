// Test helpers for the URDF back end (see urdf_export_test_support.h).
#include "converters/urdf_export/urdf_export_test_support.h"

#include <cstdlib>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <urdf_parser/urdf_parser.h>

#include "converters/flat/flat_writer.h"
#include "converters/registry.h"
#include "converters/sdf/pose_text.h"
#include "converters/xml/xml_element.h"
#include "converters/xml/xml_tree.h"
#include "core/auto_inertia.h"
#include "core/pose.h"

namespace sdfconv {
namespace {

// The number of URDF joints --approximate writes for an SDF joint type.
int PieceCount(const std::string& type) {
  if (type == "ball") return 3;
  if (type == "universal" || type == "revolute2") return 2;
  return 1;
}

}  // namespace

Pose FromUrdf(const urdf::Pose& p) {
  Pose X = Pose::Identity();
  X.translation() << p.position.x, p.position.y, p.position.z;
  X.linear() = Eigen::Quaterniond(p.rotation.w, p.rotation.x, p.rotation.y,
                                  p.rotation.z)
                   .normalized()
                   .toRotationMatrix();
  return X;
}

bool Load(const std::string& text, const std::string& path, Loaded* out,
          const ReadOptions& read) {
  out->doc = text.empty()
                 ? ReadFile(path, &out->diags, read, &out->sources)
                 : ReadString(text, path, &out->diags, read, &out->sources);
  if (!out->doc || out->diags.HasErrors()) return false;
  out->graph = BuildFrameGraph(*out->doc, &out->diags);
  if (out->diags.HasErrors()) return false;
  out->resolution = ResolveAll(*out->doc, out->graph);
  // As ReadChecked: the links' automatic inertias (1.11) computed.
  ResolveAutoInertials(&*out->doc, &out->resolution, &out->diags);
  return !out->diags.HasErrors();
}

std::string CompareFk(const Loaded& in, const std::string& urdf_text,
                      const std::string& prefix, const std::string& sep) {
  urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(urdf_text);
  if (!model) return "urdfdom rejects the output:\n" + urdf_text;
  const Document& doc = *in.doc;
  std::map<std::string, FlatFrame> flat;
  for (FlatFrame& f : CollectFlatFrames(doc, in.graph, in.resolution)) {
    flat.emplace(f.kind + ":" + f.name, std::move(f));
  }
  std::map<std::string, ElementId> links, joints;  // by scoped name
  for (ElementId e = 0; e < static_cast<ElementId>(doc.size()); ++e) {
    if (doc.at(e).kind == ElementKind::kLink) links.emplace(doc.ScopedName(e), e);
    if (doc.at(e).kind == ElementKind::kJoint) {
      joints.emplace(doc.ScopedName(e), e);
    }
  }
  // URDF name <-> SDF scoped name, for each element under the exported
  // model (names may hold the separator, so the mapping is built, not
  // inverted).
  std::map<std::string, std::string> scoped, local;
  for (ElementId e = 0; e < static_cast<ElementId>(doc.size()); ++e) {
    const std::string full = doc.ScopedName(e);
    if (!prefix.empty() && full.rfind(prefix + "::", 0) != 0) continue;
    std::string name;
    for (ElementId a = e; a != kNoElement; a = doc.at(a).parent) {
      if (doc.ScopedName(a) == prefix) break;
      name = doc.at(a).name + (name.empty() ? "" : sep + name);
    }
    scoped.emplace(name, full);
    local.emplace(full, name);
  }
  const auto sdf_name = [&](const std::string& urdf_name) {
    auto it = scoped.find(urdf_name);
    return it == scoped.end() ? "?" + urdf_name : it->second;
  };
  const auto sdf_joint = [&](const std::string& urdf_name) {
    auto it = joints.find(sdf_name(urdf_name));
    return it == joints.end() ? kNoElement : it->second;
  };
  // The SDF joint a URDF joint stands for, and which piece of it it is.
  const auto piece_of = [&](const std::string& urdf_joint) {
    if (ElementId j = sdf_joint(urdf_joint); j != kNoElement) {
      return std::pair<ElementId, int>{j, 0};
    }
    const size_t at = urdf_joint.rfind("_axis");
    if (at != std::string::npos) {
      const int k = std::atoi(urdf_joint.c_str() + at + 5) - 1;
      const ElementId j = sdf_joint(urdf_joint.substr(0, at));
      if (j != kNoElement && k >= 1) return std::pair<ElementId, int>{j, k};
    }
    return std::pair<ElementId, int>{kNoElement, 0};
  };
  const std::vector<int> versions = ElementVersions(doc);
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
  // Piece k of SDF joint j in the world at zero positions, negated when
  // re-rooting reversed it.
  const auto expected_axis = [&](ElementId j, int k,
                                 const urdf::Joint& joint)
      -> std::optional<Eigen::Vector3d> {
    const FlatFrame& f = flat.at("joint:" + doc.ScopedName(j));
    const std::string& type = doc.at(j).Joint().type;
    std::optional<Eigen::Vector3d> a;
    if (type == "ball") {
      a = f.X_WF.rotation().col(k);
    } else if (type == "gearbox" && !f.axes_W.empty()) {
      a = f.axes_W[f.axes_W.size() > 1 ? 1 : 0];
    } else if (k < static_cast<int>(f.axes_W.size())) {
      a = f.axes_W[k];
    } else {
      // Absent (the flat back end reports none): SDFormat's default xyz
      // 0 0 1, in the joint frame, before 1.5 in the joint's model frame.
      const ElementId m = doc.at(j).parent;
      const bool legacy = versions[j] < VersionNumber(1, 5) && m != kNoElement;
      a = (legacy ? in.resolution.X_W[m] : f.X_WF).rotation() *
          Eigen::Vector3d::UnitZ();
    }
    const std::string base = local.at(doc.ScopedName(j));
    const int n = PieceCount(type);
    // The writer's rule: a static model's links keep their joints.
    ElementId child = in.graph.body[in.graph.joint_child[j]];
    if (child < 0 || doc.at(child).kind != ElementKind::kLink) {
      child = MovesWith(doc, in.graph, in.graph.joint_child[j]);
    }
    const std::string original_child =
        k + 1 < n ? base + "_link" + std::to_string(k + 1)
                  : (child >= 0 ? local.at(doc.ScopedName(child)) : "world");
    if (a && joint.child_link_name != original_child) a = -*a;
    return a;
  };
  urdf::LinkConstSharedPtr root = model->getRoot();
  // The root frame at the robot-level pose: the root link's world pose, or
  // for `world` the exported model's frame.
  const Pose X_WR = RobotPose(urdf_text);
  expect("root " + root->name, X_WR,
         root->name == "world" ? "model:" + prefix
                               : "link:" + sdf_name(root->name));
  std::vector<std::pair<urdf::LinkConstSharedPtr, Pose>> todo{{root, X_WR}};
  size_t seen = 0;
  while (!todo.empty()) {
    auto [link, X_WL] = todo.back();
    todo.pop_back();
    ++seen;
    const std::string name = sdf_name(link->name);
    if (auto joint = link->parent_joint) {
      const auto [j, k] = piece_of(joint->name);
      if (j != kNoElement) {
        expect("link " + link->name, X_WL, "joint:" + doc.ScopedName(j));
        if (joint->type != urdf::Joint::FIXED) {
          const auto a_W = expected_axis(j, k, *joint);
          const Eigen::Vector3d a(joint->axis.x, joint->axis.y, joint->axis.z);
          if (a_W && (X_WL.rotation() * a - *a_W).norm() > kTol) {
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
      const Element& e = doc.at(sdf_link->second);
      const Pose X_WI = in.resolution.X_W[sdf_link->second] * e.inertial->pose.X;
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

Pose RobotPose(const std::string& urdf_text) {
  Diagnostics diags;
  const std::optional<XmlTree> tree =
      XmlTree::Parse(urdf_text, "out.urdf", &diags);
  if (!tree) return Pose::Identity();
  for (XmlElement g : ChildElements(RootElement(*tree))) {
    if (Tag(g) != "gazebo" || HasAttribute(g, "reference")) continue;
    if (XmlElement pose = FirstChildElement(g, "pose")) {
      return ParsePoseText(Text(pose)).value_or(Pose::Identity());
    }
  }
  return Pose::Identity();
}

Exported Export(const std::string& sdf, UrdfExportOptions options) {
  Exported out;
  EXPECT_TRUE(Load(sdf, "test.sdf", &out.in)) << sdf;
  options = WithSources(out.in, std::move(options));
  out.urdf = WriteUrdf(*out.in.doc, out.in.graph, out.in.resolution, options,
                       &out.diags);
  return out;
}

UrdfExportOptions WithSources(const Loaded& in, UrdfExportOptions options) {
  options.sources = &in.sources;
  return options;
}

std::string ModelPrefix(const Document& doc, const std::string& model) {
  if (doc.size() > 0 && doc.at(0).kind == ElementKind::kModel) {
    return doc.at(0).name;
  }
  return model;
}

void ExpectFk(const Exported& e, const UrdfExportOptions& options) {
  ASSERT_TRUE(e.urdf) << FirstError(e.diags);
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

std::optional<Code> FirstErrorCode(const Diagnostics& d) {
  for (const Diagnostic& x : d.items()) {
    if (x.severity == Severity::kError) return x.code;
  }
  return std::nullopt;
}

}  // namespace sdfconv
