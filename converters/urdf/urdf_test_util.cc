#include "converters/urdf/urdf_test_util.h"

#include <console_bridge/console.h>
#include <urdf_parser/urdf_parser.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "converters/xml/text_values.h"
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
