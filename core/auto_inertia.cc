#include "core/auto_inertia.h"

#include <optional>
#include <string>

#include "core/inertia.h"
#include "core/shape_inertia.h"

namespace sdfconv {
namespace {

// libsdformat's stand-in for a mesh without a mesh calculator
// (Mesh::CalculateInertial): 1 kg, unit moments, in the collision frame.
MassProperties MeshStandIn() {
  MassProperties mp;
  mp.mass = 1.0;
  mp.I_Co_F = Eigen::Matrix3d::Identity();
  return mp;
}

std::string Quoted(const std::string& name) { return "'" + name + "'"; }

class LinkInertia {
 public:
  LinkInertia(Document* doc, const Resolution* r, Diagnostics* diags)
      : doc_(*doc), r_(r), diags_(*diags) {}

  void Resolve(ElementId link_id);

 private:
  // The collision's solid in the link frame L; nothing after an error, or
  // when its pose needs the resolution and there is none.
  std::optional<MassProperties> SolidInLink(ElementId link_id,
                                            ElementId collision_id,
                                            const AutoInertia& spec);

  Document& doc_;
  const Resolution* r_;
  Diagnostics& diags_;
};

void LinkInertia::Resolve(ElementId link_id) {
  const Element& link = doc_.at(link_id);
  const AutoInertia spec = *link.inertial->automatic;
  bool any_collision = false;
  bool complete = true;
  MassProperties total;
  for (ElementId c : link.children) {
    if (doc_.at(c).kind != ElementKind::kCollision) continue;
    any_collision = true;
    const std::optional<MassProperties> solid =
        SolidInLink(link_id, c, spec);
    if (solid) {
      total = Combined(total, *solid);
    } else {
      complete = false;
    }
  }
  if (!any_collision) {
    diags_.Error(Code::kElementMissing, link.source,
                 "link " + Quoted(link.name) +
                     " has //inertial/@auto=\"true\" but no <collision> to "
                     "compute its inertia from");
    return;
  }
  if (!complete || !(total.mass > 0)) return;
  if (spec.mass) total = ScaledToMass(total, *spec.mass);
  if (const std::optional<std::string> why =
          InertiaProblem(total.mass, total.I_Co_F)) {
    diags_.Error(Code::kLinkInertiaInvalid, link.source,
                 "link " + Quoted(link.name) +
                     " has an invalid computed inertia: " + *why);
    return;
  }
  Inertial& inertial = *doc_.at(link_id).inertial;
  inertial.mass = total.mass;
  inertial.inertia = total.I_Co_F;
  Pose X_LCo = Pose::Identity();
  X_LCo.translation() = total.p_FoCo_F;
  inertial.pose.X = X_LCo;
  inertial.pose.relative_to.clear();
}

std::optional<MassProperties> LinkInertia::SolidInLink(
    ElementId link_id, ElementId collision_id, const AutoInertia& spec) {
  const Element& link = doc_.at(link_id);
  const Element& collision = doc_.at(collision_id);
  const CollisionSolid solid =
      collision.solid.value_or(CollisionSolid{});
  const std::string which = "collision " + Quoted(collision.name) +
                            " of link " + Quoted(link.name);
  std::optional<MassProperties> mp_C;
  if (solid.shape.kind == ShapeKind::kMesh) {
    diags_.Warning(
        Code::kAutoInertiaMeshUnsupported, collision.source,
        which + " is a mesh: sdfconv cannot compute a mesh's inertia; it "
                "counts as libsdformat counts it without a mesh calculator "
                "(1 kg, unit moments of inertia, at the collision's origin)");
    mp_C = MeshStandIn();
  } else {
    const double density =
        solid.density.value_or(spec.density.value_or(kDefaultDensity));
    if (const std::optional<std::string> why =
            ShapeInertiaProblem(solid.shape, density)) {
      diags_.Error(Code::kLinkInertiaInvalid, collision.source,
                   "the inertia of " + which +
                       " cannot be computed for //inertial/@auto: " + *why);
      return std::nullopt;
    }
    if (!solid.density && !spec.density && !spec.mass) {
      diags_.Warning(Code::kElementMissing, collision.source,
                     which + " has no <density> (nor has the link's "
                             "<inertial> a <density> or <mass>): the "
                             "default density of water, 1000 kg/m^3, "
                             "is used");
    }
    mp_C = SolidMassProperties(solid.shape, density);
  }
  // The collision frame C in the link frame L: its pose as written when it
  // is relative to the link (exactly libsdformat's numbers), else resolved.
  Pose X_LC = collision.pose.X;
  if (!collision.pose.relative_to.empty()) {
    if (!r_) return std::nullopt;
    X_LC = RelativePose(*r_, collision_id, link_id);
  }
  return Reexpressed(*mp_C, X_LC);
}

}  // namespace

bool HasAutoInertia(const Document& doc) {
  for (const Element& e : doc.elements) {
    if (e.kind == ElementKind::kLink && e.inertial && e.inertial->automatic) {
      return true;
    }
  }
  return false;
}

void ResolveAutoInertials(Document* doc, const Resolution* resolution,
                          Diagnostics* diags) {
  LinkInertia links(doc, resolution, diags);
  for (ElementId id = 0; id < static_cast<ElementId>(doc->size()); ++id) {
    const Element& e = doc->at(id);
    if (e.kind == ElementKind::kLink && e.inertial && e.inertial->automatic) {
      links.Resolve(id);
    }
  }
}

}  // namespace sdfconv
