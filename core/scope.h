// Scopes and name lookup.
//
// A scope is a model or the world. The names visible in a scope are its
// direct children that define frames (links, joints, explicit frames, nested
// models), plus `__model__` (the model's own frame) in a model and `world` in
// the world. A reference `a::b::x` goes down: `a` and `b` must be nested
// models and `x` a name (or `__model__`) in `b`. Nothing is ever looked up in
// an enclosing scope, so there is no shadowing and no upward reference.
//
// Invariant: lookups cost O(number of `::` segments); building the index is
// linear in the document. The index holds views into the Document, which
// must outlive it.
#ifndef SDFCONV_CORE_SCOPE_H_
#define SDFCONV_CORE_SCOPE_H_

#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/document.h"

namespace sdfconv {

class ScopeIndex {
 public:
  explicit ScopeIndex(const Document& doc);

  // The element `ref` names from `scope`, or kNoElement. `world` names the
  // world element from the world scope only (a joint's <parent>world</parent>
  // is handled by the joint phase, not here).
  [[nodiscard]] ElementId Lookup(ElementId scope, std::string_view ref) const;

  // The model or world whose names `id` is written among: for a link, joint,
  // frame or nested model, its parent; for a collision, visual, sensor or
  // light, the model (or world) around its link. kNoElement for the root.
  [[nodiscard]] ElementId ScopeOf(ElementId id) const;

  // A name as it appears in messages: "'x' in model 'm'".
  [[nodiscard]] std::string Describe(ElementId scope) const;

 private:
  [[nodiscard]] ElementId Child(ElementId scope, std::string_view name) const;

  const Document& doc_;
  // Per scope element: its frame-defining children by name (first wins).
  std::vector<std::unordered_map<std::string_view, ElementId>> names_;
};

// Whether `id` is a model or the world.
bool IsScope(const Document& doc, ElementId id);

}  // namespace sdfconv

#endif  // SDFCONV_CORE_SCOPE_H_
