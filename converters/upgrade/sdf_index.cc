#include "converters/upgrade/sdf_index.h"

#include <array>
#include <charconv>
#include <system_error>

#include "converters/xml/text_values.h"

namespace sdfconv::upgrade {
namespace {

constexpr std::string_view kSeparator = "::";

bool IsFrameTag(std::string_view tag) {
  return tag == "link" || tag == "joint" || tag == "frame" ||
         tag == "model" || tag == "include";
}

// Preference order of the kinds a reference may name, best first. Before
// 1.7 siblings of different kinds may share a name; the core then prefers
// a link, a model, a joint, a frame (core/scope.h), and so does this. From
// 1.7 on names are unique and the order does not matter.
const std::vector<std::string_view>& Preferred(LookupFor what) {
  static const std::vector<std::string_view> kFrameKinds = {
      "link", "model", "include", "joint", "frame"};
  static const std::vector<std::string_view> kLinks = {"link"};
  switch (what) {
    case LookupFor::kJointLink: return kFrameKinds;
    case LookupFor::kFrame: return kFrameKinds;
    case LookupFor::kLink: return kLinks;
  }
  return kFrameKinds;
}

}  // namespace

std::optional<SdfVersion> ParseVersion(std::string_view text) {
  text = TrimWhitespace(text);
  const size_t dot = text.find('.');
  if (dot == std::string_view::npos) return std::nullopt;
  SdfVersion v;
  const char* end = text.data() + text.size();
  const auto a = std::from_chars(text.data(), text.data() + dot, v.major);
  const auto b = std::from_chars(text.data() + dot + 1, end, v.minor);
  if (a.ec != std::errc() || a.ptr != text.data() + dot ||
      b.ec != std::errc() || b.ptr != end) {
    return std::nullopt;
  }
  return v;
}

SdfIndex::SdfIndex(const XmlTree& tree)
    : tree_(tree),
      region_(tree.size(), kOutside),
      is_scope_(tree.size(), 0),
      scope_of_(tree.size(), kNoNode) {
  const NodeId sdf = tree.root();
  // Pre-order without recursion; each node's region and scope follow from
  // its parent's.
  std::vector<NodeId> stack = {sdf};
  while (!stack.empty()) {
    const NodeId id = stack.back();
    stack.pop_back();
    const NodeId parent = tree.ParentElement(id);
    const std::string& tag = tree.Tag(id);
    Region r = parent == kNoNode ? kSdf : region_[parent];
    if (r == kSdf && (tree.IsNamespaced(id) || tag == "plugin")) r = kOpaque;
    if (r == kSdf && tag == "state" && parent != kNoNode &&
        is_scope_[parent] && tree.Tag(parent) == "world") {
      r = kState;
    }
    region_[id] = r;
    if (r == kSdf) {
      elements_.push_back(id);
      if (parent != kNoNode) {
        scope_of_[id] = is_scope_[parent] ? parent : scope_of_[parent];
      }
      const NodeId grand = parent == kNoNode ? kNoNode : tree.ParentElement(parent);
      const bool under_sdf = parent == sdf;
      if (under_sdf && (tag == "world" || tag == "model") && top_ == kNoNode) {
        top_ = id;
      }
      if (tag == "world" && under_sdf) is_scope_[id] = 1;
      if (tag == "model" &&
          (under_sdf || is_scope_[parent] ||
           (tree.Tag(parent) == "population" && grand != kNoNode &&
            is_scope_[grand]))) {
        is_scope_[id] = 1;
      }
      if (parent != kNoNode && is_scope_[parent] && IsFrameTag(tag)) {
        names_[parent][NameOf(id)].push_back(id);
      }
    }
    const auto& kids = tree.at(id).children;
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) {
      if (tree.IsElement(*it)) stack.push_back(*it);
    }
  }
}

bool SdfIndex::IsScope(NodeId id) const {
  return id >= 0 && static_cast<size_t>(id) < is_scope_.size() &&
         is_scope_[id] != 0;
}

NodeId SdfIndex::ScopeOf(NodeId id) const {
  return id >= 0 && static_cast<size_t>(id) < scope_of_.size()
             ? scope_of_[id]
             : kNoNode;
}

bool SdfIndex::DefinesFrameIn(NodeId id) const {
  const NodeId parent = tree_.ParentElement(id);
  return InSdf(id) && parent != kNoNode && IsScope(parent) &&
         IsFrameTag(tree_.Tag(id));
}

bool SdfIndex::IsModelFile() const {
  return top_ != kNoNode && tree_.Tag(top_) == "model";
}

std::string SdfIndex::NameOf(NodeId id) const {
  if (tree_.Tag(id) != "include") {
    return tree_.Attribute(id, "name").value_or("");
  }
  if (const NodeId name = tree_.FirstChild(id, "name"); name != kNoNode) {
    return std::string(TrimWhitespace(tree_.Text(name)));
  }
  const NodeId uri = tree_.FirstChild(id, "uri");
  if (uri == kNoNode) return "";
  const std::string text = tree_.Text(uri);
  std::string_view u = TrimWhitespace(text);
  while (!u.empty() && u.back() == '/') u.remove_suffix(1);
  const size_t slash = u.find_last_of('/');
  return std::string(slash == std::string_view::npos ? u : u.substr(slash + 1));
}

NodeId SdfIndex::Child(NodeId parent, std::string_view name,
                       LookupFor what) const {
  const auto scope = names_.find(parent);
  if (scope == names_.end()) return kNoNode;
  const auto it = scope->second.find(std::string(name));
  if (it == scope->second.end()) return kNoNode;
  for (std::string_view kind : Preferred(what)) {
    for (NodeId n : it->second) {
      if (tree_.Tag(n) == kind) return n;
    }
  }
  return kNoNode;
}

NodeId SdfIndex::ChildScope(NodeId parent, std::string_view name) const {
  const auto scope = names_.find(parent);
  if (scope == names_.end()) return kNoNode;
  const auto it = scope->second.find(std::string(name));
  if (it == scope->second.end()) return kNoNode;
  for (NodeId n : it->second) {
    if (tree_.Tag(n) == "model" || tree_.Tag(n) == "include") return n;
  }
  return kNoNode;
}

Target SdfIndex::Lookup(NodeId scope, std::string_view ref, LookupFor what,
                        SdfVersion version) const {
  if (!IsScope(scope) || ref.empty()) return Target::None();
  const bool in_world = tree_.Tag(scope) == "world";
  if (what == LookupFor::kJointLink && ref == "world") {
    if (version.Legacy()) {
      if (const NodeId link = Child(scope, ref, LookupFor::kLink);
          link != kNoNode) {
        return Target::Node(link);
      }
    }
    return Target::World();
  }
  if (in_world && ref == "world") return Target::Node(scope);
  if (what == LookupFor::kJointLink && !version.AtLeast(1, 8)) {
    what = LookupFor::kLink;
  }
  // A name written with `::` inside it (legal before 1.8) matches first.
  if (const NodeId direct = Child(scope, ref, what); direct != kNoNode) {
    return Target::Node(direct);
  }
  NodeId current = scope;
  while (true) {
    const size_t sep = ref.find(kSeparator);
    const std::string_view head = ref.substr(0, sep);
    if (sep == std::string_view::npos) {
      if (head == "__model__") {
        return tree_.Tag(current) == "model" ? Target::Node(current)
                                             : Target::None();
      }
      const NodeId n = Child(current, head, what);
      return n == kNoNode ? Target::None() : Target::Node(n);
    }
    const std::string_view rest = ref.substr(sep + kSeparator.size());
    const NodeId next = ChildScope(current, head);
    if (next == kNoNode) return Target::None();
    if (tree_.Tag(next) == "include") {
      return Target::Node(next, std::string(rest));
    }
    current = next;
    ref = rest;
  }
}

std::string SdfIndex::DocumentKind(NodeId id) const {
  if (!InSdf(id)) return "";
  const std::string& tag = tree_.Tag(id);
  if (IsScope(id)) return tag == "model" ? "model" : "";
  const NodeId parent = tree_.ParentElement(id);
  if (parent == kNoNode) return "";
  const std::string& ptag = tree_.Tag(parent);
  if (IsScope(parent) &&
      (tag == "link" || tag == "joint" || tag == "frame" ||
       (tag == "light" && ptag == "world"))) {
    return tag;
  }
  if (ptag == "link" && IsScope(tree_.ParentElement(parent)) &&
      (tag == "collision" || tag == "visual" || tag == "sensor" ||
       tag == "light" || tag == "frame")) {
    return tag;
  }
  if (ptag == "joint" && IsScope(tree_.ParentElement(parent)) &&
      (tag == "sensor" || tag == "frame")) {
    return tag;
  }
  if (tag == "frame") return tag;  // a legacy frame anywhere else
  return "";
}

bool SdfIndex::NamesDescendants(NodeId id) const {
  const std::string& tag = tree_.Tag(id);
  if (tag == "world" || tag == "sdf" || tag == "gazebo") return false;
  return !DocumentKind(id).empty() || tag == "collision" || tag == "visual" ||
         tag == "sensor" || tag == "light";
}

NodeId SdfIndex::NameParent(NodeId id) const {
  for (NodeId n = tree_.ParentElement(id); n != kNoNode;
       n = tree_.ParentElement(n)) {
    const std::string& tag = tree_.Tag(n);
    if (tag == "world" || n == tree_.root()) return kNoNode;
    if (NamesDescendants(n)) return n;
  }
  return kNoNode;
}

std::string SdfIndex::ScopedName(NodeId id) const {
  std::vector<NodeId> chain;
  for (NodeId n = id; n != kNoNode; n = NameParent(n)) chain.push_back(n);
  std::string out;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    if (!out.empty()) out += "::";
    out += NameOf(*it);
  }
  return out;
}

}  // namespace sdfconv::upgrade
