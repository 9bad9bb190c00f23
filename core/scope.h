// Scopes and name lookup.
//
// A scope is a model or the world. The names visible in a scope are its
// direct children that define frames (links, joints, explicit frames, nested
// models), plus `__model__` (the model's own frame) in a model and `world` in
// the world. A reference `a::b::x` goes down: `a` and `b` must be nested
// models and `x` a name (or `__model__`) in `b`. Nothing is ever looked up in
// an enclosing scope, so there is no shadowing and no upward reference.
//
// Before SDFormat 1.7 only siblings of the same kind need distinct names
// (000, "Element naming rules in SDFormat 1.4"): a link and a joint may both
// be called `a`. So a name may stand for several siblings, and a lookup says
// which kind it wants (LookupKind: a joint's <parent> wants a link). A lookup
// of any kind prefers a link, then a nested model, then a joint, then a
// frame: the element that keeps its name when libsdformat upgrades such a
// file (it renames the joint `a_joint` and the frame `a_frame`). From 1.7 on
// names are unique among siblings (or the file is invalid), so the two
// lookups agree.
//
// Invariant: lookups cost O(number of `::` segments); building the index is
// linear in the document. The index holds views into the Document, which
// must outlive it.
#ifndef SDFCONV_CORE_SCOPE_H_
#define SDFCONV_CORE_SCOPE_H_

#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/document.h"
#include "core/id_table.h"

namespace sdfconv {

class ScopeIndex {
 public:
  explicit ScopeIndex(const Document& doc);

  // The element `ref` names from `scope`, or kNoElement. `world` names the
  // world element from the world scope only (a joint's <parent>world</parent>
  // is handled by the joint phase, not here).
  [[nodiscard]] ElementId Lookup(ElementId scope, std::string_view ref) const;

  // As Lookup, but the last segment of `ref` must name an element of `kind`
  // (every segment before it names a nested model), e.g. the link `a` even
  // when a joint `a` comes first. kNoElement when there is none.
  [[nodiscard]] ElementId LookupKind(ElementId scope, std::string_view ref,
                                     ElementKind kind) const;

  // How far `ref` goes down from `scope` through nested models: the
  // deepest model (or `scope` itself) its leading `a::b::` segments name,
  // and the rest of `ref` after them (empty when `ref` is `a::b`, naming
  // that model). For a reference into an included model that is not
  // expanded (an include placeholder has no children): the placeholder and
  // the path inside it. Plain names and names written with `::` that match
  // a child as a whole descend nowhere.
  struct Descent {
    ElementId model = kNoElement;
    std::string_view rest;
  };
  [[nodiscard]] Descent Descend(ElementId scope, std::string_view ref) const;

  // The model or world whose names `id` is written among: for a link, joint,
  // frame or nested model, its parent; for a collision, visual, sensor or
  // light, the model (or world) around its link. kNoElement for the root.
  [[nodiscard]] ElementId ScopeOf(ElementId id) const;

  // A name as it appears in messages: "'x' in model 'm'".
  [[nodiscard]] std::string Describe(ElementId scope) const;

 private:
  [[nodiscard]] ElementId Find(ElementId scope, std::string_view ref,
                               std::optional<ElementKind> kind) const;
  [[nodiscard]] ElementId Child(ElementId scope, std::string_view name,
                                std::optional<ElementKind> kind) const;

  const Document& doc_;
  // The preferred frame-defining child of each name in each scope, found
  // by HashName(scope, name): one flat table for the whole document.
  IdTable names_;
  // The other siblings sharing a preferred child's name (different kinds
  // before 1.7, or duplicates), by the preferred child's id, in order of
  // preference then of the document.
  std::unordered_map<ElementId, std::vector<ElementId>> same_name_;
};

// Whether `id` is a model or the world (false for kNoElement and for an id
// outside `doc`, such as 0 in an empty Document).
bool IsScope(const Document& doc, ElementId id);

}  // namespace sdfconv

#endif  // SDFCONV_CORE_SCOPE_H_
