// Phase 1: name attribute checking (004 model phase 2, world phase 2;
// 003 model and world phase 2; 000 "Phases of parsing kinematics of an
// SDFormat 1.4 model", phase 2).
//
// What a name may be depends on the version:
//  - from 1.7 on, siblings of every kind must differ, and `world` and
//    `__x__` are reserved (004 sections 3.1-3.3); from 1.8 on `::` too (003);
//  - before 1.7 only "sibling elements of the same type must have unique
//    names", and no name is reserved: a link may be called `world` (000
//    "Element naming rules in SDFormat 1.4").
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "core/id_table.h"
#include "core/phases.h"

namespace sdfconv::internal {
namespace {


// Kinds whose names take part in frame semantics and so must not be
// reserved. Other named elements (plugins, ...) are only checked for
// emptiness and uniqueness.
bool IsSemantic(ElementKind kind) { return kind != ElementKind::kOther; }

void CheckOneName(PhaseContext& ctx, ElementId id) {
  const Element& e = ctx.doc.at(id);
  const std::string what =
      e.kind == ElementKind::kOther ? "<" + e.tag + ">" : KindName(e.kind);
  if (e.name.empty()) {
    ctx.diags.Error(Code::kAttributeInvalid, PlacementSource(e),
                    what + " name is empty");
    return;
  }
  if (!IsSemantic(e.kind)) return;
  // A name follows the rules of the scope it is written in.
  const ElementId scope = e.parent == kNoElement ? id : e.parent;
  if (ctx.AtLeast(scope, 1, 7) && IsReservedName(e.name)) {
    ctx.diags.Error(Code::kReservedName, PlacementSource(e),
                    what + " name '" + e.name +
                        "' is reserved ('world' and names like '__x__' "
                        "cannot be used)");
  } else if (ctx.AtLeast(scope, 1, 8) &&
             e.name.find(kScopeSeparator) != std::string::npos) {
    ctx.diags.Error(Code::kReservedName, PlacementSource(e),
                    what + " name '" + e.name +
                        "' contains '::', the scope delimiter reserved "
                        "in SDFormat 1.8");
  }
}

// DUPLICATE_NAME for `id`, whose name `earlier` (in `parent`, or among the
// worlds of the file) already has.
void ReportDuplicate(PhaseContext& ctx, ElementId id, ElementId earlier,
                     ElementId parent) {
  const Element& first = ctx.doc.at(earlier);
  Diagnostic d;
  d.code = Code::kDuplicateName;
  d.source = PlacementSource(ctx.doc.at(id));
  d.related.push_back(PlacementSource(first));
  d.message =
      ctx.Quote(id) + " has the same name as " +
      (parent == kNoElement ? "the earlier " : "its sibling ") +
      ctx.Quote(earlier) +
      (PlacementSource(first).line > 0
           ? " (line " + std::to_string(PlacementSource(first).line) + ")"
           : std::string()) +
      (parent == kNoElement ? std::string(" in the file")
                            : " in " + ctx.Quote(parent));
  ctx.diags.Add(std::move(d));
}

// The names of `siblings` (the children of `parent`, or with kNoElement
// the file's worlds) must differ; before 1.7, only those of one type.
void CheckSiblingNames(PhaseContext& ctx, ElementId parent,
                       const std::vector<ElementId>& siblings) {
  const Document& doc = ctx.doc;
  // A table per parent, sized to its children: clearing one table
  // instead would cost every parent the slots of the largest
  // (quadratic). What must differ between two siblings: the name, and
  // before 1.7 the type (the XML tag) as well.
  IdTable seen(siblings.size());
  const bool per_type =
      !ctx.AtLeast(parent == kNoElement ? siblings[0] : parent, 1, 7);
  for (ElementId id : siblings) {
    const Element& e = doc.at(id);
    if (!e.has_name) continue;
    if (parent != kNoElement || e.kind != ElementKind::kWorld) {
      CheckOneName(ctx, id);
    }
    // Plugins are addressed by filename, not name: several may share
    // one (libsdformat accepts this too).
    if (e.name.empty() || e.tag == "plugin") continue;
    const uint64_t hash =
        HashName(0, e.name) ^
        (per_type ? std::hash<std::string_view>()(e.tag) : 0);
    const ElementId earlier = seen.Insert(hash, id, [&](ElementId c) {
      return doc.at(c).name == e.name &&
             (!per_type || doc.at(c).tag == e.tag);
    });
    if (earlier != id) ReportDuplicate(ctx, id, earlier, parent);
  }
}

}  // namespace

void CheckNames(PhaseContext& ctx) {
  const Document& doc = ctx.doc;
  for (ElementId parent = 0; parent < static_cast<ElementId>(doc.size());
       ++parent) {
    const Element& p = doc.at(parent);
    if (!p.children.empty()) CheckSiblingNames(ctx, parent, p.children);
  }
  // The roots: one model, light or actor, whose name is checked like any
  // other, or the worlds, whose names must differ (libsdformat's
  // Root::Load: "Each world must have a unique name").
  if (!doc.roots().empty()) CheckSiblingNames(ctx, kNoElement, doc.roots());
}

}  // namespace sdfconv::internal
