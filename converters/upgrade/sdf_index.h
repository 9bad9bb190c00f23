// SdfIndex: what the elements of an SDFormat XmlTree are, and what the names
// written in it refer to.
//
// An index is a snapshot of the tree at the time it is built; the upgrade
// builds one on the input (to learn what every reference means in the
// input's version) and one on the output (to write each reference so that
// it means the same in 1.8).
//
// Regions: the contents of <plugin> elements and of namespaced elements
// ("mysim:thing") are opaque: never read, never changed. The contents of a
// world's <state> are records of a simulation, not definitions: only their
// pose attributes are renamed. Everything else is the SDFormat region.
//
// Scopes are the world and every model (nested at any depth, and a
// population's model). A reference is looked up as the core does
// (core/scope.h): a name among the scope's children, `__model__`, or
// `a::b::x` going down through nested models; a path that enters an
// <include> ends there (the included file is not read) and keeps the rest
// as a suffix. Older versions add two rules: a joint's `world` names a
// sibling link called `world` when there is one (1.4-1.6), and siblings of
// different kinds may share a name, so each kind of reference says which
// kinds it prefers.
#ifndef SDFCONV_CONVERTERS_UPGRADE_SDF_INDEX_H_
#define SDFCONV_CONVERTERS_UPGRADE_SDF_INDEX_H_

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "converters/xml/xml_tree.h"

namespace sdfconv::upgrade {

struct SdfVersion {
  int major = 1;
  int minor = 0;
  [[nodiscard]] bool AtLeast(int ma, int mi) const {
    return major > ma || (major == ma && minor >= mi);
  }
  [[nodiscard]] bool Legacy() const { return !AtLeast(1, 7); }
};

// "1.6" -> {1, 6}; nothing for anything else.
[[nodiscard]] std::optional<SdfVersion> ParseVersion(std::string_view text);

// What a reference may name.
enum class LookupFor {
  kJointLink,  // //joint/parent, //joint/child (links before 1.8)
  kFrame,      // poses, attached_to, expressed_in: any frame
  kLink,       // canonical_link, gripper links: links only
};

// What a reference names: an element (a model for `__model__`), the world
// frame (<parent>world</parent>), or nothing that could be resolved.
struct Target {
  enum class Kind { kNone, kNode, kWorld };
  Kind kind = Kind::kNone;
  NodeId node = kNoNode;
  std::string suffix;  // when `node` is an <include>: the path inside it

  [[nodiscard]] bool operator==(const Target& o) const {
    return kind == o.kind && node == o.node && suffix == o.suffix;
  }
  [[nodiscard]] static Target None() { return {}; }
  [[nodiscard]] static Target World() { return {Kind::kWorld, kNoNode, ""}; }
  [[nodiscard]] static Target Node(NodeId n, std::string suffix = {}) {
    return {Kind::kNode, n, std::move(suffix)};
  }
};

class SdfIndex {
 public:
  explicit SdfIndex(const XmlTree& tree);

  // SDFormat-region elements in document order (the root <sdf> first).
  [[nodiscard]] const std::vector<NodeId>& Elements() const {
    return elements_;
  }
  [[nodiscard]] bool InSdf(NodeId id) const { return region(id) == kSdf; }
  [[nodiscard]] bool InState(NodeId id) const { return region(id) == kState; }
  [[nodiscard]] bool IsScope(NodeId id) const;
  // The scope `id` is written in (strictly above it), or kNoNode.
  [[nodiscard]] NodeId ScopeOf(NodeId id) const;
  // Links, joints, frames, models and includes directly in `scope`.
  [[nodiscard]] bool DefinesFrameIn(NodeId id) const;
  // The top element (<world> or <model>) under <sdf>, or kNoNode.
  [[nodiscard]] NodeId Top() const { return top_; }
  [[nodiscard]] bool IsModelFile() const;

  // The name an element is known by: its name attribute; for an <include>,
  // its <name> or else the last segment of its <uri>.
  [[nodiscard]] std::string NameOf(NodeId id) const;

  // What `ref` names from `scope` in a file of `version` (see the file
  // comment): before 1.8 a joint names links only; before 1.7 `world` in a
  // joint names a sibling link called `world` when there is one.
  [[nodiscard]] Target Lookup(NodeId scope, std::string_view ref,
                              LookupFor what, SdfVersion version) const;
  // The child of `parent` named `name` that `what` prefers, or kNoNode.
  [[nodiscard]] NodeId Child(NodeId parent, std::string_view name,
                             LookupFor what) const;

  // The nested model or include of `parent` named `name`, or kNoNode.
  [[nodiscard]] NodeId ChildScope(NodeId parent, std::string_view name) const;

  // Element kinds the core's Document holds ("model", "link", ...), or "".
  [[nodiscard]] std::string DocumentKind(NodeId id) const;
  // The name the core gives `id` in outputs: "m::l::visual" (see
  // Document::ScopedName): the names of its name parents, then its own.
  [[nodiscard]] std::string ScopedName(NodeId id) const;
  // Whether `id`'s name is part of the scoped names of elements inside it.
  [[nodiscard]] bool NamesDescendants(NodeId id) const;
  // The nearest element above `id` whose name its scoped name continues,
  // or kNoNode.
  [[nodiscard]] NodeId NameParent(NodeId id) const;

 private:
  enum Region : char { kOutside = 0, kSdf, kState, kOpaque };
  [[nodiscard]] Region region(NodeId id) const {
    return id >= 0 && static_cast<size_t>(id) < region_.size() ? region_[id]
                                                               : kOutside;
  }

  const XmlTree& tree_;
  NodeId top_ = kNoNode;
  std::vector<NodeId> elements_;
  std::vector<Region> region_;
  std::vector<char> is_scope_;
  std::vector<NodeId> scope_of_;
  // Per scope: its frame-defining children by name, in document order.
  std::unordered_map<NodeId,
                     std::unordered_map<std::string, std::vector<NodeId>>>
      names_;
};

}  // namespace sdfconv::upgrade

#endif  // SDFCONV_CONVERTERS_UPGRADE_SDF_INDEX_H_
