#include "core/scope.h"



namespace sdfconv {
namespace {

constexpr std::string_view kSeparator = "::";
constexpr std::string_view kModelFrame = "__model__";

}  // namespace

bool IsScope(const Document& doc, ElementId id) {
  if (id < 0) return false;
  const ElementKind k = doc.at(id).kind;
  return k == ElementKind::kModel || k == ElementKind::kWorld;
}

ScopeIndex::ScopeIndex(const Document& doc)
    : doc_(doc), names_(doc.size()) {
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    if (e.parent == kNoElement || !DefinesFrame(e.kind) || !e.has_name) {
      continue;
    }
    if (!IsScope(doc, e.parent)) continue;
    names_[e.parent].emplace(e.name, id);  // keeps the first on duplicates
  }
}

ElementId ScopeIndex::Child(ElementId scope, std::string_view name) const {
  const auto& m = names_[scope];
  auto it = m.find(name);
  return it == m.end() ? kNoElement : it->second;
}

ElementId ScopeIndex::Lookup(ElementId scope, std::string_view ref) const {
  if (!IsScope(doc_, scope) || ref.empty()) return kNoElement;
  // A name written with `::` inside it (legal before 1.8) matches first.
  if (ElementId direct = Child(scope, ref); direct != kNoElement) {
    return direct;
  }
  ElementId current = scope;
  while (true) {
    const size_t sep = ref.find(kSeparator);
    const std::string_view head = ref.substr(0, sep);
    if (sep == std::string_view::npos) {
      const Element& s = doc_.at(current);
      if (head == kModelFrame) {
        return s.kind == ElementKind::kModel ? current : kNoElement;
      }
      if (head == "world" && s.kind == ElementKind::kWorld) return current;
      return Child(current, head);
    }
    const ElementId next = Child(current, head);
    if (next == kNoElement || doc_.at(next).kind != ElementKind::kModel) {
      return kNoElement;
    }
    current = next;
    ref = ref.substr(sep + kSeparator.size());
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
