// Phase 1: name attribute checking (004 model phase 2, world phase 2;
// 003 model and world phase 2).
#include <string_view>
#include <unordered_map>

#include "core/phases.h"

namespace sdfconv::internal {
namespace {

bool IsReserved(std::string_view name) {
  if (name == "world") return true;
  return name.size() >= 4 && name.substr(0, 2) == "__" &&
         name.substr(name.size() - 2) == "__";
}

// Kinds whose names take part in frame semantics and so must not be
// reserved. Other named elements (plugins, ...) are only checked for
// emptiness and uniqueness.
bool IsSemantic(ElementKind kind) { return kind != ElementKind::kOther; }

void CheckOneName(PhaseContext& ctx, ElementId id) {
  const Element& e = ctx.doc.at(id);
  const std::string what =
      e.kind == ElementKind::kOther ? "<" + e.tag + ">" : KindName(e.kind);
  if (e.name.empty()) {
    ctx.diags.Error(Code::kAttributeInvalid, e.source,
                    what + " name is empty");
    return;
  }
  if (!IsSemantic(e.kind)) return;
  if (IsReserved(e.name)) {
    ctx.diags.Error(Code::kReservedName, e.source,
                    what + " name '" + e.name +
                        "' is reserved ('world' and names like '__x__' "
                        "cannot be used)");
  } else if (ctx.doc.AtLeast(1, 8) &&
             e.name.find("::") != std::string::npos) {
    ctx.diags.Error(Code::kReservedName, e.source,
                    what + " name '" + e.name +
                        "' contains '::', the scope delimiter reserved "
                        "in SDFormat 1.8");
  }
}

}  // namespace

void CheckNames(PhaseContext& ctx) {
  const Document& doc = ctx.doc;
  std::unordered_map<std::string_view, ElementId> seen;
  for (ElementId parent = 0; parent < static_cast<ElementId>(doc.size());
       ++parent) {
    const Element& p = doc.at(parent);
    if (p.children.empty()) continue;
    seen.clear();
    for (ElementId id : p.children) {
      const Element& e = doc.at(id);
      if (!e.has_name) continue;
      CheckOneName(ctx, id);
      // Plugins are addressed by filename, not name: several may share
      // one (libsdformat accepts this too).
      if (e.name.empty() || e.tag == "plugin") continue;
      auto [it, inserted] = seen.emplace(e.name, id);
      if (inserted) continue;
      const Element& first = doc.at(it->second);
      Diagnostic d;
      d.code = Code::kDuplicateName;
      d.source = e.source;
      d.related.push_back(first.source);
      d.message = ctx.Quote(id) + " has the same name as its sibling " +
                  ctx.Quote(it->second) +
                  (first.source.line > 0
                       ? " (line " + std::to_string(first.source.line) + ")"
                       : std::string()) +
                  " in " + ctx.Quote(parent);
      ctx.diags.Add(std::move(d));
    }
  }
  if (doc.at(0).has_name && doc.at(0).kind != ElementKind::kWorld) {
    CheckOneName(ctx, 0);
  }
}

}  // namespace sdfconv::internal
