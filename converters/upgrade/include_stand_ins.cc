#include "converters/upgrade/include_stand_ins.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "converters/upgrade/pose_text.h"
#include "converters/upgrade/references.h"
#include "converters/upgrade/sdf_index.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv::upgrade {
namespace {

struct StandIn {
  std::string name;
  std::vector<std::string> paths;  // referred to inside it, in order
};

uint64_t Fnv1a(std::string_view s) {
  uint64_t h = 1469598103934665603ull;
  for (char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

// A fixed pose, distinct per name, for a stand-in link.
Pose StandInPose(std::string_view name) {
  uint64_t h = Fnv1a(name);
  auto next = [&h](double scale) {
    const double v = static_cast<double>(h % 2001) / 1000.0 - 1.0;
    h /= 2001;
    return v * scale;
  };
  const Eigen::Vector3d xyz(next(1.0), next(1.0), next(1.0));
  const Eigen::Vector3d rpy(next(3.0), next(1.5), next(3.0));
  return PoseFromXyzRpy(xyz, rpy);
}

void AddPath(StandIn& s, const std::string& path) {
  if (std::find(s.paths.begin(), s.paths.end(), path) == s.paths.end()) {
    s.paths.push_back(path);
  }
}

NodeId NewLink(XmlTree& tree, const std::string& name, const Pose& X) {
  const NodeId link = tree.NewElement("link");
  tree.SetAttribute(link, "name", name);
  tree.InsertAt(link, 0, tree.NewElement("pose", FormatPose(X)));
  return link;
}

void Append(XmlTree& tree, NodeId parent, NodeId child) {
  tree.InsertAt(parent, tree.at(parent).children.size(), child);
}

// SDFormat 1.5+: a model holding the referred links (and nested models).
NodeId NestedStandIn(XmlTree& tree, NodeId include, const StandIn& s) {
  const NodeId model = tree.NewElement("model");
  tree.SetAttribute(model, "name", s.name);
  for (const char* tag : {"pose", "static"}) {
    if (const NodeId e = tree.FirstChild(include, tag); e != kNoNode) {
      Append(tree, model, tree.Clone(e, /*with_comments=*/false));
    }
  }
  // Paths through nested models first, so that a name that is both a path
  // prefix and a leaf (`a::b` and `a`) is one model, not a model and a link.
  std::vector<std::string> paths = s.paths;
  std::stable_sort(paths.begin(), paths.end(),
                   [](const std::string& a, const std::string& b) {
                     return (a.find("::") != std::string::npos) >
                            (b.find("::") != std::string::npos);
                   });
  bool has_link = false;
  for (const std::string& path : paths) {
    NodeId scope = model;
    std::string_view rest = path;
    for (size_t sep; (sep = rest.find("::")) != std::string_view::npos;) {
      const std::string head(rest.substr(0, sep));
      rest.remove_prefix(sep + 2);
      NodeId nested = kNoNode;
      for (NodeId m : tree.Children(scope, "model")) {
        if (tree.Attribute(m, "name") == head) nested = m;
      }
      if (nested == kNoNode) {
        nested = tree.NewElement("model");
        tree.SetAttribute(nested, "name", head);
        Append(tree, scope, nested);
      }
      scope = nested;
    }
    if (rest == "__model__") continue;
    bool exists = false;
    for (const char* tag : {"link", "model"}) {
      for (NodeId e : tree.Children(scope, tag)) {
        exists = exists || tree.Attribute(e, "name") == rest;
      }
    }
    if (exists) continue;
    Append(tree, scope, NewLink(tree, std::string(rest), StandInPose(path)));
    has_link = has_link || scope == model;
  }
  if (!has_link) {
    Append(tree, model,
           NewLink(tree, "stand_in_link", StandInPose("stand_in_link")));
  }
  return model;
}

// Before 1.5: the links themselves, flattened into the include's parent.
std::vector<NodeId> FlatStandIn(XmlTree& tree, NodeId include,
                                const StandIn& s) {
  std::optional<Pose> X_PI = Pose::Identity();
  if (const NodeId pose = tree.FirstChild(include, "pose"); pose != kNoNode) {
    X_PI = ParsePoseText(tree.Text(pose));
  }
  if (!X_PI) X_PI = Pose::Identity();
  std::vector<std::string> paths;
  for (const std::string& p : s.paths) {
    if (p.size() < 9 || p.compare(p.size() - 9, 9, "__model__") != 0) {
      paths.push_back(p);
    }
  }
  if (paths.empty()) paths.push_back("stand_in_link");
  std::vector<NodeId> links;
  for (const std::string& path : paths) {
    links.push_back(
        NewLink(tree, s.name + "::" + path, *X_PI * StandInPose(path)));
  }
  return links;
}

// Replaces `include` by `nodes`, padded to the include's number of lines
// so that later lines keep their numbers in diagnostics.
void Replace(XmlTree& tree, NodeId include, const std::vector<NodeId>& nodes) {
  const NodeId parent = tree.ParentElement(include);
  const auto& kids = tree.at(parent).children;
  size_t at = static_cast<size_t>(
      std::find(kids.begin(), kids.end(), include) - kids.begin());
  const std::string before = tree.SerializeNode(include);
  long lines = std::count(before.begin(), before.end(), '\n');
  tree.Detach(include);
  for (NodeId n : nodes) {
    const std::string text = tree.SerializeNode(n);
    lines -= std::count(text.begin(), text.end(), '\n');
    tree.InsertAt(parent, at++, n);
  }
  if (lines > 0) {
    tree.InsertAt(parent, at,
                  tree.NewText(std::string(static_cast<size_t>(lines), '\n')));
  }
}

}  // namespace

std::string WithIncludeStandIns(std::string_view text,
                                const std::string& path) {
  Diagnostics scratch;
  std::optional<XmlTree> tree = XmlTree::Parse(text, path, &scratch);
  if (!tree) return std::string(text);
  const std::optional<SdfVersion> version =
      ParseVersion(tree->Attribute(tree->root(), "version").value_or(""));
  if (!version) return std::string(text);
  const SdfIndex index(*tree);
  std::map<NodeId, StandIn> stand_ins;
  for (NodeId id : index.Elements()) {
    if (tree->Tag(id) == "include" && index.DefinesFrameIn(id)) {
      stand_ins[id] = {index.NameOf(id), {}};
    }
  }
  if (stand_ins.empty()) return std::string(text);

  std::set<NodeId> referred;
  // Per scope: references whose first segment names nothing there.
  std::map<NodeId, std::vector<std::pair<std::string, std::string>>> dangling;
  for (const RefSite& site : CaptureReferences(*tree, index, *version)) {
    const Target& t = site.target;
    if (t.kind == Target::Kind::kNode && stand_ins.count(t.node) != 0) {
      referred.insert(t.node);
      if (!t.suffix.empty()) AddPath(stand_ins[t.node], t.suffix);
      continue;
    }
    if (t.kind != Target::Kind::kNone) continue;
    const std::string ref = SiteText(*tree, site);
    const size_t sep = ref.find("::");
    const NodeId scope = EvaluationScope(*tree, index, site);
    if (sep == std::string::npos || scope == kNoNode) continue;
    const std::string prefix = ref.substr(0, sep);
    if (index.Child(scope, prefix, LookupFor::kFrame) == kNoNode) {
      dangling[scope].push_back({prefix, ref.substr(sep + 2)});
    }
  }
  for (const auto& [scope, refs] : dangling) {
    std::set<std::string> prefixes;
    for (const auto& r : refs) prefixes.insert(r.first);
    std::vector<NodeId> unnamed;
    for (const auto& [include, s] : stand_ins) {
      if (tree->ParentElement(include) == scope &&
          tree->FirstChild(include, "name") == kNoNode &&
          referred.count(include) == 0) {
        unnamed.push_back(include);
      }
    }
    if (prefixes.size() != 1 || unnamed.size() != 1) continue;
    StandIn& s = stand_ins[unnamed[0]];
    s.name = *prefixes.begin();
    for (const auto& r : refs) AddPath(s, r.second);
  }

  for (const auto& [include, s] : stand_ins) {
    const bool in_model = tree->Tag(tree->ParentElement(include)) == "model";
    if (version->AtLeast(1, 5) || !in_model) {
      Replace(*tree, include, {NestedStandIn(*tree, include, s)});
    } else {
      Replace(*tree, include, FlatStandIn(*tree, include, s));
    }
  }
  return tree->Serialize();
}

}  // namespace sdfconv::upgrade
