#include "core/scope.h"

#include <algorithm>
#include <array>
#include <vector>

namespace sdfconv {
namespace {

constexpr std::string_view kModelFrame = "__model__";

// The frame-defining kinds that can be a scope's children, most preferred
// first (see the file comment of scope.h).
constexpr std::array<ElementKind, 4> kPreference = {
    ElementKind::kLink, ElementKind::kModel, ElementKind::kJoint,
    ElementKind::kFrame};

}  // namespace

bool IsScope(const Document& doc, ElementId id) {
  if (id < 0 || static_cast<size_t>(id) >= doc.size()) return false;
  const ElementKind k = doc.at(id).kind;
  return k == ElementKind::kModel || k == ElementKind::kWorld;
}

ScopeIndex::ScopeIndex(const Document& doc) : doc_(doc), names_(doc.size()) {
  // The named children of scopes, with their names' hashes, gathered in one
  // pass over the document, by kind; then entered kind by kind in order of
  // preference, so that the first element entered under a name is the
  // preferred one.
  struct Named {
    uint64_t hash;
    ElementId id;
  };
  std::array<std::vector<Named>, kPreference.size()> by_kind;
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    const auto* rank =
        std::find(kPreference.begin(), kPreference.end(), e.kind);
    if (rank == kPreference.end() || e.parent == kNoElement || !e.has_name ||
        !IsScope(doc, e.parent)) {
      continue;
    }
    by_kind[static_cast<size_t>(rank - kPreference.begin())].push_back(
        {HashName(e.parent, e.name), id});
  }
  for (const std::vector<Named>& named : by_kind) {
    for (const auto& [hash, id] : named) {
      const Element& e = doc.at(id);
      const ElementId first = names_.Insert(hash, id, [&](ElementId c) {
        return doc.at(c).parent == e.parent && doc.at(c).name == e.name;
      });
      if (first != id) same_name_[first].push_back(id);
    }
  }
}

ElementId ScopeIndex::Child(ElementId scope, std::string_view name,
                            std::optional<ElementKind> kind) const {
  const ElementId first = names_.Find(HashName(scope, name), [&](ElementId c) {
    return doc_.at(c).parent == scope && doc_.at(c).name == name;
  });
  if (first == kNoElement) return kNoElement;
  if (!kind || doc_.at(first).kind == *kind) return first;
  auto others = same_name_.find(first);
  if (others == same_name_.end()) return kNoElement;
  for (ElementId id : others->second) {
    if (doc_.at(id).kind == *kind) return id;
  }
  return kNoElement;
}

ElementId ScopeIndex::Lookup(ElementId scope, std::string_view ref) const {
  return Find(scope, ref, std::nullopt);
}

ElementId ScopeIndex::LookupKind(ElementId scope, std::string_view ref,
                                 ElementKind kind) const {
  return Find(scope, ref, kind);
}

ElementId ScopeIndex::Find(ElementId scope, std::string_view ref,
                           std::optional<ElementKind> kind) const {
  if (!IsScope(doc_, scope) || ref.empty()) return kNoElement;
  // A name written with `::` inside it (legal before 1.8) matches first.
  if (ElementId direct = Child(scope, ref, kind); direct != kNoElement) {
    return direct;
  }
  ElementId current = scope;
  while (true) {
    const size_t sep = ref.find(kScopeSeparator);
    const std::string_view head = ref.substr(0, sep);
    if (sep == std::string_view::npos) {
      const Element& s = doc_.at(current);
      const auto is = [&](ElementKind k) { return !kind || *kind == k; };
      if (head == kModelFrame) {
        return s.kind == ElementKind::kModel && is(ElementKind::kModel)
                   ? current
                   : kNoElement;
      }
      if (head == "world" && s.kind == ElementKind::kWorld &&
          is(ElementKind::kWorld)) {
        return current;
      }
      // In `scope` itself, `head` is all of `ref`: looked up above.
      return current == scope ? kNoElement : Child(current, head, kind);
    }
    const ElementId next = Child(current, head, ElementKind::kModel);
    if (next == kNoElement) return kNoElement;
    current = next;
    ref = ref.substr(sep + kScopeSeparator.size());
  }
}

ScopeIndex::Descent ScopeIndex::Descend(ElementId scope,
                                        std::string_view ref) const {
  if (!IsScope(doc_, scope) || Child(scope, ref, std::nullopt) != kNoElement) {
    return {scope, ref};
  }
  Descent d{scope, ref};
  while (true) {
    const size_t sep = d.rest.find(kScopeSeparator);
    if (sep == std::string_view::npos) {
      const ElementId last = Child(d.model, d.rest, ElementKind::kModel);
      if (last != kNoElement) return {last, std::string_view()};
      return d;
    }
    const ElementId next =
        Child(d.model, d.rest.substr(0, sep), ElementKind::kModel);
    if (next == kNoElement) return d;
    d = {next, d.rest.substr(sep + kScopeSeparator.size())};
  }
}

ElementId ScopeIndex::ScopeOf(ElementId id) const {
  ElementId p = doc_.at(id).parent;
  while (p != kNoElement && !IsScope(doc_, p)) p = doc_.at(p).parent;
  return p;
}

std::string ScopeIndex::Describe(ElementId scope) const {
  if (scope == kNoElement) return "the file";
  const Element& s = doc_.at(scope);
  return std::string(KindName(s.kind)) + " '" + s.name + "'";
}

}  // namespace sdfconv
