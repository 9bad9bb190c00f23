#include "converters/urdf/urdf_test_util.h"

#include <console_bridge/console.h>
#include <urdf_parser/urdf_parser.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <type_traits>

#include "converters/xml/text_values.h"
#include "core/pose.h"
#include "testing/corpus.h"

namespace sdfconv::testing {
namespace {

class Collector final : public console_bridge::OutputHandler {
 public:
  void log(const std::string& text, console_bridge::LogLevel level,
           const char*, int) override {
    if (level == console_bridge::CONSOLE_BRIDGE_LOG_ERROR) {
      errors.push_back(text);
    }
  }
  std::vector<std::string> errors;
};

bool IsUrdf(const std::filesystem::path& p) {
  std::string ext = p.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(c));
  return ext == ".urdf";
}

}  // namespace

std::vector<std::string> UrdfFiles(const std::string& folder) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  const std::string root = CorpusRoot();
  if (root.empty()) return files;
  const fs::path dir = fs::path(root) / folder;
  if (!fs::is_directory(dir)) return files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.is_regular_file() && IsUrdf(e.path())) {
      files.push_back(fs::relative(e.path(), dir).string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

UrdfdomVerdict ParseWithUrdfdomDirectly(const std::string& text) {
  Collector collector;
  console_bridge::useOutputHandler(&collector);
  UrdfdomVerdict verdict;
  try {
    verdict.model = urdf::parseURDF(text);
  } catch (const std::exception& e) {
    collector.errors.push_back(e.what());
  }
  console_bridge::restorePreviousOutputHandler();
  verdict.errors = collector.errors;
  return verdict;
}

Eigen::Isometry3d ToIsometry(const urdf::Pose& pose) {
  double x, y, z, w;
  pose.rotation.getQuaternion(x, y, z, w);
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.linear() = Eigen::Quaterniond(w, x, y, z).normalized().toRotationMatrix();
  X.translation() =
      Eigen::Vector3d(pose.position.x, pose.position.y, pose.position.z);
  return X;
}

std::map<std::string, Eigen::Isometry3d> ForwardKinematics(
    const urdf::ModelInterface& model) {
  std::map<std::string, Eigen::Isometry3d> X_W;
  for (const auto& [name, link] : model.links_) {
    std::vector<urdf::LinkConstSharedPtr> path;
    urdf::LinkConstSharedPtr l = link;
    while (l && X_W.count(l->name) == 0 &&
           path.size() <= model.links_.size()) {
      path.push_back(l);
      if (l->parent_joint == nullptr) break;
      l = model.getLink(l->parent_joint->parent_link_name);
    }
    Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
    if (l && X_W.count(l->name) > 0) X = X_W[l->name];
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      if ((*it)->parent_joint != nullptr) {
        X = X * ToIsometry((*it)->parent_joint->parent_to_joint_origin_transform);
      }
      X_W[(*it)->name] = X;
    }
  }
  return X_W;
}

namespace {

constexpr double kModelTolerance = 1e-9;

std::string Fmt(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

bool Near(double a, double b) {
  return std::abs(a - b) <= kModelTolerance * std::max(1.0, std::abs(a));
}

class ModelDiff {
 public:
  ModelDiff(const urdf::ModelInterface& a, const urdf::ModelInterface& b)
      : a_(a), b_(b) {}

  std::vector<std::string> Run() {
    if (a_.name_ != b_.name_) Add("robot name " + a_.name_ + " -> " + b_.name_);
    const auto fk_a = ForwardKinematics(a_);
    const auto fk_b = ForwardKinematics(b_);
    for (const auto& [name, link] : a_.links_) {
      const auto other = b_.links_.find(name);
      if (other == b_.links_.end()) {
        Add("link " + name + " missing");
        continue;
      }
      if (!fk_b.count(name) ||
          PoseDistance(fk_a.at(name), fk_b.at(name)) > kModelTolerance) {
        Add("link " + name + " world pose");
      }
      Link(name, *link, *other->second);
    }
    if (a_.links_.size() != b_.links_.size()) Add("link count");
    for (const auto& [name, joint] : a_.joints_) {
      const auto other = b_.joints_.find(name);
      if (other == b_.joints_.end()) {
        Add("joint " + name + " missing");
        continue;
      }
      Joint(name, *joint, *other->second);
    }
    if (a_.joints_.size() != b_.joints_.size()) Add("joint count");
    for (const auto& [name, m] : a_.materials_) {
      const auto other = b_.materials_.find(name);
      if (other == b_.materials_.end()) {
        Add("material " + name + " missing");
      } else {
        Material("material " + name, *m, *other->second);
      }
    }
    return std::move(diffs_);
  }

 private:
  void Add(std::string what) { diffs_.push_back(std::move(what)); }
  void Num(const std::string& what, double a, double b) {
    if (!Near(a, b)) Add(what + " " + Fmt(a) + " -> " + Fmt(b));
  }
  void PoseEq(const std::string& what, const urdf::Pose& a,
              const urdf::Pose& b) {
    if (PoseDistance(ToIsometry(a), ToIsometry(b)) > kModelTolerance) {
      Add(what + " origin");
    }
  }
  void Vec(const std::string& what, const urdf::Vector3& a,
           const urdf::Vector3& b) {
    Num(what + ".x", a.x, b.x);
    Num(what + ".y", a.y, b.y);
    Num(what + ".z", a.z, b.z);
  }

  void Material(const std::string& what, const urdf::Material& a,
                const urdf::Material& b) {
    // An unnamed material gets the visual's name (docs/urdf_export.md).
    if (!a.name.empty() && a.name != b.name) {
      Add(what + " name " + a.name + " -> " + b.name);
    }
    Num(what + " r", a.color.r, b.color.r);
    Num(what + " g", a.color.g, b.color.g);
    Num(what + " b", a.color.b, b.color.b);
    Num(what + " a", a.color.a, b.color.a);
    if (a.texture_filename != b.texture_filename) Add(what + " texture");
  }

  void Geometry(const std::string& what, const urdf::Geometry& a,
                const urdf::Geometry& b) {
    if (a.type != b.type) {
      Add(what + " geometry type");
      return;
    }
    switch (a.type) {
      case urdf::Geometry::BOX:
        Vec(what + " box", static_cast<const urdf::Box&>(a).dim,
            static_cast<const urdf::Box&>(b).dim);
        break;
      case urdf::Geometry::SPHERE:
        Num(what + " radius", static_cast<const urdf::Sphere&>(a).radius,
            static_cast<const urdf::Sphere&>(b).radius);
        break;
      case urdf::Geometry::CYLINDER: {
        const auto& ca = static_cast<const urdf::Cylinder&>(a);
        const auto& cb = static_cast<const urdf::Cylinder&>(b);
        Num(what + " radius", ca.radius, cb.radius);
        Num(what + " length", ca.length, cb.length);
        break;
      }
      case urdf::Geometry::MESH: {
        const auto& ma = static_cast<const urdf::Mesh&>(a);
        const auto& mb = static_cast<const urdf::Mesh&>(b);
        if (ma.filename != mb.filename) Add(what + " mesh filename");
        Vec(what + " scale", ma.scale, mb.scale);
        break;
      }
    }
  }

  template <typename T>
  void Shapes(const std::string& what, const std::vector<T>& a,
              const std::vector<T>& b) {
    if (a.size() != b.size()) {
      Add(what + " count " + std::to_string(a.size()) + " -> " +
          std::to_string(b.size()));
      return;
    }
    for (size_t i = 0; i < a.size(); ++i) {
      const std::string w = what + "[" + std::to_string(i) + "]";
      if (!a[i]->name.empty() && a[i]->name != b[i]->name) Add(w + " name");
      PoseEq(w, a[i]->origin, b[i]->origin);
      if (a[i]->geometry && b[i]->geometry) {
        Geometry(w, *a[i]->geometry, *b[i]->geometry);
      } else if (a[i]->geometry || b[i]->geometry) {
        Add(w + " geometry");
      }
      if constexpr (std::is_same_v<T, urdf::VisualSharedPtr>) {
        if (a[i]->material && b[i]->material) {
          Material(w + " material", *a[i]->material, *b[i]->material);
        } else if (a[i]->material || b[i]->material) {
          Add(w + " material");
        }
      }
    }
  }

  void Link(const std::string& name, const urdf::Link& a, const urdf::Link& b) {
    const std::string w = "link " + name;
    if (a.inertial && b.inertial) {
      const urdf::Inertial& x = *a.inertial;
      const urdf::Inertial& y = *b.inertial;
      PoseEq(w + " inertial", x.origin, y.origin);
      Num(w + " mass", x.mass, y.mass);
      Num(w + " ixx", x.ixx, y.ixx);
      Num(w + " ixy", x.ixy, y.ixy);
      Num(w + " ixz", x.ixz, y.ixz);
      Num(w + " iyy", x.iyy, y.iyy);
      Num(w + " iyz", x.iyz, y.iyz);
      Num(w + " izz", x.izz, y.izz);
    } else if (a.inertial || b.inertial) {
      Add(w + " inertial " + (a.inertial ? "lost" : "added"));
    }
    Shapes(w + " visual", a.visual_array, b.visual_array);
    Shapes(w + " collision", a.collision_array, b.collision_array);
  }

  template <typename T, typename F>
  void Optional(const std::string& what, const T& a, const T& b, F compare) {
    if (a && b) {
      compare(*a, *b);
    } else if (a || b) {
      Add(what + (a ? " lost" : " added"));
    }
  }

  void Joint(const std::string& name, const urdf::Joint& a,
             const urdf::Joint& b) {
    const std::string w = "joint " + name;
    if (a.type != b.type) {
      Add(w + " type " + std::to_string(a.type) + " -> " +
          std::to_string(b.type));
    }
    if (a.parent_link_name != b.parent_link_name) Add(w + " parent");
    if (a.child_link_name != b.child_link_name) Add(w + " child");
    PoseEq(w, a.parent_to_joint_origin_transform,
           b.parent_to_joint_origin_transform);
    if (a.type != urdf::Joint::FIXED) Vec(w + " axis", a.axis, b.axis);
    Optional(w + " limit", a.limits, b.limits,
             [&](const urdf::JointLimits& x, const urdf::JointLimits& y) {
               Num(w + " lower", x.lower, y.lower);
               Num(w + " upper", x.upper, y.upper);
               Num(w + " effort", x.effort, y.effort);
               Num(w + " velocity", x.velocity, y.velocity);
             });
    Optional(w + " dynamics", a.dynamics, b.dynamics,
             [&](const urdf::JointDynamics& x, const urdf::JointDynamics& y) {
               Num(w + " damping", x.damping, y.damping);
               Num(w + " friction", x.friction, y.friction);
             });
    Optional(w + " mimic", a.mimic, b.mimic,
             [&](const urdf::JointMimic& x, const urdf::JointMimic& y) {
               if (x.joint_name != y.joint_name) Add(w + " mimic joint");
               Num(w + " mimic multiplier", x.multiplier, y.multiplier);
               Num(w + " mimic offset", x.offset, y.offset);
             });
    Optional(w + " safety_controller", a.safety, b.safety,
             [&](const urdf::JointSafety& x, const urdf::JointSafety& y) {
               Num(w + " soft_lower", x.soft_lower_limit, y.soft_lower_limit);
               Num(w + " soft_upper", x.soft_upper_limit, y.soft_upper_limit);
               Num(w + " k_position", x.k_position, y.k_position);
               Num(w + " k_velocity", x.k_velocity, y.k_velocity);
             });
    Optional(
        w + " calibration", a.calibration, b.calibration,
        [&](const urdf::JointCalibration& x, const urdf::JointCalibration& y) {
          Optional(w + " rising", x.rising, y.rising,
                   [&](double p, double q) { Num(w + " rising", p, q); });
          Optional(w + " falling", x.falling, y.falling,
                   [&](double p, double q) { Num(w + " falling", p, q); });
        });
  }

  const urdf::ModelInterface& a_;
  const urdf::ModelInterface& b_;
  std::vector<std::string> diffs_;
};

}  // namespace

std::vector<std::string> UrdfModelDifferences(const urdf::ModelInterface& a,
                                              const urdf::ModelInterface& b) {
  return ModelDiff(a, b).Run();
}

std::optional<std::pair<std::string, std::string>> UrdfElementOf(
    const std::string& path) {
  // "/robot" or "/robot[@name="R"]", then "/TAG[@name="NAME"]" and nothing
  // else (names may hold '/').
  std::string rest;
  if (path.compare(0, 14, "/robot[@name=\"") == 0) {
    const size_t close = path.find("\"]/", 14);
    if (close == std::string::npos) return std::nullopt;
    rest = path.substr(close + 3);
  } else if (path.compare(0, 7, "/robot/") == 0) {
    rest = path.substr(7);
  } else {
    return std::nullopt;
  }
  const size_t open = rest.find("[@name=\"");
  if (open == std::string::npos || rest.size() < open + 10 ||
      rest.compare(rest.size() - 2, 2, "\"]") != 0) {
    return std::nullopt;
  }
  const std::string tag = rest.substr(0, open);
  const std::string name = rest.substr(open + 8, rest.size() - open - 10);
  if (tag.find('/') != std::string::npos ||
      name.find("\"]/") != std::string::npos) {
    return std::nullopt;
  }
  return std::make_pair(tag, name);
}

XmlElement Find(const XmlTree& xml,
                    const std::vector<std::string>& steps) {
  XmlElement node = RootElement(xml);
  for (const std::string& step : steps) {
    const size_t at = step.find('@');
    const std::string tag = step.substr(0, at);
    XmlElement next;
    for (XmlElement c = FirstChildElement(node, tag); c;
         c = NextSiblingElement(c, tag)) {
      if (at == std::string::npos ||
          Attribute(c, "name") == step.substr(at + 1)) {
        next = c;
        break;
      }
    }
    if (!next) return {};
    node = next;
  }
  return node;
}

std::string TextAt(const XmlTree& xml,
                   const std::vector<std::string>& steps) {
  XmlElement node = Find(xml, steps);
  return !node ? "<absent>"
                         : std::string(TrimWhitespace(Text(node)));
}

}  // namespace sdfconv::testing
