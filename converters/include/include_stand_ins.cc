#include "converters/include/include_stand_ins.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "converters/include/compose.h"
#include "converters/include/merge_include.h"
#include "core/scope.h"

namespace sdfconv {
namespace {

constexpr char kModelFrame[] = "__model__";

bool IsPlaceholder(const Element& e) {
  return e.include && e.include->file.empty() && !e.include->stand_in;
}

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

struct StandIn {
  std::string name;
  std::vector<std::string> paths;  // referred to inside it, in order
};

void AddPath(StandIn& s, std::string_view path) {
  if (std::find(s.paths.begin(), s.paths.end(), path) == s.paths.end()) {
    s.paths.emplace_back(path);
  }
}

// A reference as the core reads it: its text and the scope it is looked up
// in.
struct Reference {
  ElementId scope;
  std::string_view text;
};

std::vector<Reference> References(const Document& doc,
                                  const ScopeIndex& index) {
  std::vector<Reference> out;
  auto add = [&](ElementId scope, const std::string& text) {
    if (scope != kNoElement && !text.empty()) out.push_back({scope, text});
  };
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    const ElementId scope = e.parent == kNoElement ? kNoElement
                                                   : index.ScopeOf(id);
    if (e.pose.present) add(scope, e.pose.relative_to);
    switch (e.kind) {
      case ElementKind::kFrame:
        add(scope, e.attached_to);
        break;
      case ElementKind::kJoint: {
        const JointSpec& spec = e.Joint();
        add(scope, spec.parent_frame);
        add(scope, spec.child_frame);
        for (const JointAxis& axis : spec.axes) add(scope, axis.expressed_in);
        break;
      }
      case ElementKind::kModel:
        // A placeholder's placement frame names a frame only its file
        // defines; its stand-in is placed by its pose alone.
        if (!IsPlaceholder(e)) {
          const ModelSpec& spec = e.Model();
          add(id, spec.canonical_link);
          add(id, spec.placement_frame);
        }
        break;
      default:
        break;
    }
  }
  return out;
}

// One stand-in model under construction: nested models by segment, links.
struct Node {
  std::string name;
  bool model = false;
  Pose X = Pose::Identity();
  std::vector<size_t> children;
};

bool IsMergePlaceholder(const Element& e) {
  return IsPlaceholder(e) && e.include->merge;
}

// `doc` with each unnamed include placeholder known by its URI's name, as
// references to it are written; a merge-include's placeholder is no model
// (its content is named as if written in its scope).
Document Named(const Document& doc) {
  Document named = doc;
  for (Element& e : named.elements) {
    if (IsMergePlaceholder(e)) {
      e.kind = ElementKind::kOther;
    } else if (IsPlaceholder(e) && !e.has_name) {
      e.name = PlaceholderName(e);
      e.has_name = !e.name.empty();
    }
  }
  return named;
}

class Builder {
 public:
  explicit Builder(const Document& doc)
      : original_(doc), in_(Named(doc)), index_(in_) {}

  Document Run();

 private:
  void Collect();
  void Emit(ElementId placeholder, ElementId parent);
  void EmitNested(const Element& placeholder, const StandIn& s,
                  ElementId parent);
  void EmitFlat(const Element& placeholder, const StandIn& s,
                ElementId parent);
  Element Made(const Element& placeholder, ElementKind kind,
               std::string name) const;

  const Document& original_;
  const Document in_;  // placeholders named
  const ScopeIndex index_;
  std::map<ElementId, StandIn> stand_ins_;  // by placeholder, in order
  Document out_;
};

void Builder::Collect() {
  for (ElementId id = 0; id < static_cast<ElementId>(in_.size()); ++id) {
    if (IsPlaceholder(in_.at(id))) stand_ins_[id] = {PlaceholderName(in_.at(id)), {}};
  }
  std::set<ElementId> referred;
  // Per scope: references whose first segment names nothing there.
  std::map<ElementId, std::vector<std::pair<std::string, std::string>>>
      dangling;
  // Per scope: names that name nothing there, for its merge-include.
  std::map<ElementId, std::vector<std::string>> merged;
  for (const Reference& r : References(in_, index_)) {
    const ElementId target = index_.Lookup(r.scope, r.text);
    if (target != kNoElement) {
      if (stand_ins_.count(target) != 0) referred.insert(target);
      continue;
    }
    const ScopeIndex::Descent d = index_.Descend(r.scope, r.text);
    if (stand_ins_.count(d.model) != 0) {
      referred.insert(d.model);
      if (!d.rest.empty()) AddPath(stand_ins_[d.model], d.rest);
      continue;
    }
    const size_t sep = r.text.find(kScopeSeparator);
    if (sep == std::string_view::npos) {
      if (r.text != kModelFrame) merged[r.scope].emplace_back(r.text);
      continue;
    }
    const std::string prefix(r.text.substr(0, sep));
    if (index_.Lookup(r.scope, prefix) == kNoElement) {
      dangling[r.scope].push_back(
          {prefix, std::string(r.text.substr(sep + kScopeSeparator.size()))});
    }
  }
  for (const auto& [scope, refs] : dangling) {
    std::set<std::string> prefixes;
    for (const auto& r : refs) prefixes.insert(r.first);
    std::vector<ElementId> unnamed;
    for (const auto& [placeholder, s] : stand_ins_) {
      if (index_.ScopeOf(placeholder) == scope &&
          !original_.at(placeholder).has_name &&
          !IsMergePlaceholder(in_.at(placeholder)) &&
          referred.count(placeholder) == 0) {
        unnamed.push_back(placeholder);
      }
    }
    if (prefixes.size() != 1 || unnamed.size() != 1) {
      for (const auto& r : refs) {
        merged[scope].push_back(JoinScopedName({r.second, r.first}));
      }
      continue;
    }
    StandIn& s = stand_ins_[unnamed[0]];
    s.name = *prefixes.begin();
    for (const auto& r : refs) AddPath(s, r.second);
  }
  // What no model of the scope names may come from its merge-include, if
  // it has exactly one.
  for (const auto& [scope, paths] : merged) {
    ElementId merge = kNoElement;
    int merges = 0;
    for (ElementId c : in_.at(scope).children) {
      if (IsMergePlaceholder(in_.at(c))) {
        merge = c;
        ++merges;
      }
    }
    if (merges != 1) continue;
    for (const std::string& path : paths) AddPath(stand_ins_[merge], path);
  }
}

Element Builder::Made(const Element& placeholder, ElementKind kind,
                      std::string name) const {
  Element e;
  e.kind = kind;
  e.tag = KindName(kind);
  e.name = std::move(name);
  e.has_name = true;
  e.source = placeholder.include->source;
  e.pose.set_source(e.source);
  e.include = placeholder.include;
  e.include->stand_in = true;
  return e;
}

// SDFormat 1.5+ (or a world): a model holding the referred links and the
// nested models their paths go through; for a merge-include, those links
// and models themselves, in the scope of the include.
void Builder::EmitNested(const Element& placeholder, const StandIn& s,
                         ElementId parent) {
  std::vector<Node> nodes = {{s.name, true, Pose::Identity(), {}}};
  // Paths through nested models first, so that a name that is both a path
  // prefix and a leaf (`a::b` and `a`) is one model, not a model and a link.
  std::vector<std::string> paths = s.paths;
  std::stable_sort(paths.begin(), paths.end(),
                   [](const std::string& a, const std::string& b) {
                     return (a.find(kScopeSeparator) != std::string::npos) >
                            (b.find(kScopeSeparator) != std::string::npos);
                   });
  const auto child = [&nodes](size_t parent, std::string_view name) {
    for (size_t c : nodes[parent].children) {
      if (nodes[c].name == name) return c;
    }
    return size_t{0};
  };
  bool has_link = false;
  for (const std::string& path : paths) {
    size_t scope = 0;
    std::string_view rest = path;
    for (size_t sep; (sep = rest.find(kScopeSeparator)) != std::string_view::npos;) {
      const std::string_view head = rest.substr(0, sep);
      rest.remove_prefix(sep + kScopeSeparator.size());
      size_t nested = child(scope, head);
      if (nested == 0 || !nodes[nested].model) {
        nodes.push_back({std::string(head), true, Pose::Identity(), {}});
        nested = nodes.size() - 1;
        nodes[scope].children.push_back(nested);
      }
      scope = nested;
    }
    if (rest == kModelFrame || child(scope, rest) != 0) continue;
    nodes.push_back({std::string(rest), false, StandInPose(path), {}});
    nodes[scope].children.push_back(nodes.size() - 1);
    has_link = has_link || scope == 0;
  }
  const bool merged = placeholder.include->merge;
  if (merged) {
    // Where the proxy frame would be, a link: the scope then has one, as
    // it would with the model's content merged.
    const std::string proxy = MergedModelProxyFrameName(s.name);
    if (child(0, proxy) == 0) {
      nodes.push_back({proxy, false, Pose::Identity(), {}});
      nodes[0].children.insert(nodes[0].children.begin(), nodes.size() - 1);
    }
  } else if (!has_link) {
    nodes.push_back(
        {"stand_in_link", false, StandInPose("stand_in_link"), {}});
    nodes[0].children.push_back(nodes.size() - 1);
  }
  // Depth first, in order, so that the Document stays in pre-order. What a
  // merge-include stands for is in the scope itself, placed by its pose.
  std::vector<std::pair<size_t, ElementId>> stack;
  if (merged) {
    const auto& kids = nodes[0].children;
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) {
      stack.push_back({*it, parent});
    }
  } else {
    stack.push_back({0, parent});
  }
  while (!stack.empty()) {
    const auto [n, under] = stack.back();
    stack.pop_back();
    Element e = Made(placeholder, nodes[n].model ? ElementKind::kModel
                                                 : ElementKind::kLink,
                     nodes[n].name);
    if (n == 0) {
      e.pose = placeholder.pose;
      e.MutableModel().is_static =
          placeholder.include->is_static.value_or(false);
    } else if (under == parent) {  // merged into the scope
      e.pose = placeholder.pose;
      e.pose.X = placeholder.pose.X * nodes[n].X;
    } else {
      e.pose.X = nodes[n].X;
      e.pose.present = !nodes[n].model;
    }
    const ElementId id = out_.Add(under, std::move(e));
    const auto& kids = nodes[n].children;
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) {
      stack.push_back({*it, id});
    }
  }
}

// Before 1.5, in a model: the links themselves, flattened into the model.
void Builder::EmitFlat(const Element& placeholder, const StandIn& s,
                       ElementId parent) {
  std::vector<std::string> paths;
  for (const std::string& p : s.paths) {
    const std::string_view tail(kModelFrame);
    if (p.size() < tail.size() ||
        p.compare(p.size() - tail.size(), tail.size(), tail) != 0) {
      paths.push_back(p);
    }
  }
  if (paths.empty()) paths.push_back("stand_in_link");
  for (const std::string& path : paths) {
    Element link = Made(placeholder, ElementKind::kLink,
                        JoinScopedName({path, s.name}));
    link.pose.X = placeholder.pose.X * StandInPose(path);
    link.pose.present = true;
    out_.Add(parent, std::move(link));
  }
}

void Builder::Emit(ElementId placeholder, ElementId parent) {
  const Element& p = in_.at(placeholder);
  const StandIn& s = stand_ins_.at(placeholder);
  const bool in_model = in_.at(p.parent).kind == ElementKind::kModel;
  if (VersionNumber(in_.version) >= VersionNumber(1, 5) || !in_model) {
    EmitNested(p, s, parent);
  } else {
    EmitFlat(p, s, parent);
  }
}

Document Builder::Run() {
  Collect();
  out_.file = in_.file;
  out_.version = in_.version;
  std::vector<ElementId> now(in_.size(), kNoElement);  // in_ id -> out_ id
  std::vector<char> dropped(in_.size(), 0);
  for (ElementId id = 0; id < static_cast<ElementId>(in_.size()); ++id) {
    const Element& e = in_.at(id);
    const ElementId parent = e.parent == kNoElement ? kNoElement : now[e.parent];
    if (e.parent != kNoElement && dropped[e.parent]) {
      dropped[id] = 1;  // what the include adds: not part of its stand-in
      continue;
    }
    if (stand_ins_.count(id) != 0) {
      Emit(id, parent);
      dropped[id] = 1;
      continue;
    }
    Element copy = e;
    copy.children.clear();
    now[id] = out_.Add(parent, std::move(copy));
  }
  return std::move(out_);
}

}  // namespace

Document WithIncludeStandIns(const Document& doc) {
  return Builder(doc).Run();
}

}  // namespace sdfconv
