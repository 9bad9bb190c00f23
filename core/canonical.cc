// Phase 3: canonical links (004 model phase 5 and section 8.2, 003 model
// phase 4). A model's canonical link is its `canonical_link` attribute
// (which may name a link of a nested model, `nested::link`), else its first
// link, else the canonical link of its first nested model that has one
// (a static nested model counts with its own first link, as in
// libsdformat's Model::CanonicalLinkAndRelativeName: the model frame of
// gazebo_models' src_doorway follows its static door frame, not the door).
// A model with neither links nor nested models must be static
// (MODEL_WITHOUT_LINK); a model holding only nested models without links is
// accepted, as libsdformat does, and is fixed where it is placed.
#include <vector>

#include "core/phases.h"

namespace sdfconv::internal {

void ResolveCanonicalLinks(PhaseContext& ctx) {
  const Document& doc = ctx.doc;
  // Each model's canonical link were it not static.
  std::vector<ElementId> unless_static(doc.size(), kNoElement);
  // Children come after parents in the arena, so walking ids downwards
  // settles every nested model before the model around it.
  for (ElementId id = static_cast<ElementId>(doc.size()) - 1; id >= 0; --id) {
    const Element& m = doc.at(id);
    if (m.kind != ElementKind::kModel) continue;
    const ModelSpec& spec = m.Model();
    ElementId canonical = kNoElement;
    if (!spec.canonical_link.empty()) {
      const ElementId c =
          ctx.scopes.LookupKind(id, spec.canonical_link, ElementKind::kLink);
      if (c != kNoElement) {
        canonical = c;
      } else if (!spec.is_static) {
        ctx.diags.Error(Code::kModelCanonicalLinkInvalid, m.source,
                        ctx.Quote(id) + ": canonical_link '" +
                            spec.canonical_link +
                            "' is not a link of this model or of a model "
                            "nested in it");
      }
      unless_static[id] = canonical;
      ctx.graph.canonical_link[id] = spec.is_static ? kNoElement : canonical;
      continue;
    }
    for (ElementId c : m.children) {
      if (doc.at(c).kind == ElementKind::kLink) {
        canonical = c;
        break;
      }
    }
    if (canonical == kNoElement) {
      for (ElementId c : m.children) {
        if (doc.at(c).kind == ElementKind::kModel &&
            unless_static[c] != kNoElement) {
          canonical = unless_static[c];
          break;
        }
      }
    }
    bool has_nested_model = false;
    for (ElementId c : m.children) {
      has_nested_model |= doc.at(c).kind == ElementKind::kModel;
    }
    if (canonical == kNoElement && !spec.is_static && !has_nested_model) {
      ctx.diags.Error(Code::kModelWithoutLink, m.source,
                      ctx.Quote(id) +
                          " has no link: a model that is not static needs "
                          "at least one link (its own or a nested model's)");
    }
    unless_static[id] = canonical;
    // A static model is fixed to the world: its frame is attached to no link.
    ctx.graph.canonical_link[id] = spec.is_static ? kNoElement : canonical;
  }
}

}  // namespace sdfconv::internal
