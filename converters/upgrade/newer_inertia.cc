// SDFormat 1.11 -> 1.10: automatic inertia written as values, mimics, and
// the other 1.11 additions (newer_rules.h).
//
// Invariant: every value written for an automatic inertia is the core's
// (ResolveAutoInertials on the step's reading of its input), never computed
// here.
#include <optional>
#include <set>
#include <string>

#include "converters/sdf/pose_text.h"
#include "converters/upgrade/newer_rules.h"
#include "converters/xml/text_values.h"
#include "core/auto_inertia.h"

namespace sdfconv::upgrade {
namespace {

bool IsAuto(const XmlTree& tree, NodeId inertial) {
  const std::optional<std::string> a = tree.Attribute(inertial, "auto");
  return a && ParseBool(*a).value_or(false);
}

// The child `tag` of `parent` holding `value` (created last when absent).
void SetValue(XmlTree& tree, NodeId parent, const char* tag,
              const std::string& value) {
  NodeId node = tree.FirstChild(parent, tag);
  if (node == kNoNode) {
    tree.InsertLine(parent, tree.NewElement(tag, value));
  } else {
    tree.SetText(node, value);
  }
}

bool HasMeshCollision(const XmlTree& tree, NodeId link) {
  for (NodeId collision : tree.Children(link, "collision")) {
    const NodeId geometry = tree.FirstChild(collision, "geometry");
    if (geometry != kNoNode && tree.FirstChild(geometry, "mesh") != kNoNode) {
      return true;
    }
  }
  return false;
}

// Writes the link's computed inertial into `inertial`.
void WriteInertial(StepContext& ctx, NodeId inertial, const Inertial& value) {
  XmlTree& tree = ctx.tree;
  SetValue(tree, inertial, "mass", FormatNumber(value.mass));
  NodeId pose = tree.FirstChild(inertial, "pose");
  if (pose == kNoNode) {
    pose = tree.NewElement("pose", FormatPose(value.pose.X));
    tree.InsertLine(inertial, pose);
  } else {
    tree.SetText(pose, FormatPose(value.pose.X));
    for (const char* a : {"relative_to", "frame", "rotation_format",
                          "degrees"}) {
      tree.RemoveAttribute(pose, a);
    }
    if (RefSite* site = ctx.Site(pose, RefKind::kPoseRelativeTo)) {
      site->target = Target::None();
    }
  }
  NodeId inertia = tree.FirstChild(inertial, "inertia");
  if (inertia == kNoNode) {
    inertia = tree.NewElement("inertia");
    tree.InsertLine(inertial, inertia);
  }
  const Eigen::Matrix3d& I = value.inertia;
  const struct {
    const char* tag;
    int r, c;
  } moments[] = {{"ixx", 0, 0}, {"ixy", 0, 1}, {"ixz", 0, 2},
                 {"iyy", 1, 1}, {"iyz", 1, 2}, {"izz", 2, 2}};
  for (const auto& m : moments) {
    SetValue(tree, inertia, m.tag, FormatNumber(I(m.r, m.c)));
  }
}

}  // namespace

void WriteAutoInertiaValues(StepContext& ctx) {
  XmlTree& tree = ctx.tree;
  const std::vector<NodeId> inertials = ElementsUnder(tree, "inertial", "link");
  std::optional<Document> computed;
  std::set<NodeId> written;  // links whose inertia was automatic
  for (NodeId inertial : inertials) {
    if (!IsAuto(tree, inertial)) continue;
    const NodeId link = tree.ParentElement(inertial);
    const std::string what = "the automatic inertia of " + Describe(tree, link);
    if (HasMeshCollision(tree, link)) {
      ctx.RefuseConstruct(inertial, what, "1.11",
                          "a mesh's inertia needs a mesh library sdfconv "
                          "does not have; write the values by hand");
      continue;
    }
    if (!computed) {
      computed = ctx.in.doc();
      const ProofReading& r = ctx.in.reading();
      Diagnostics ignored;  // the reading of the input reported them
      ResolveAutoInertials(&*computed, r.resolved ? &r.resolution : nullptr,
                           &ignored);
    }
    const ElementId e = ctx.in.ElementOf(link);
    if (e == kNoElement || !computed->at(e).inertial) continue;
    WriteInertial(ctx, inertial, *computed->at(e).inertial);
    written.insert(link);
    tree.RemoveAttribute(inertial, "auto");
    ctx.Warn(Code::kVersionConstructRewritten, inertial,
             what + " (SDFormat 1.11) is written as its computed mass, "
                    "centre of mass and inertia for SDFormat " +
                 ctx.TargetName());
  }
  // Densities and parameters, which only automatic inertia reads: part of
  // the rewrite above in an automatic link, else without effect.
  for (const char* parent : {"inertial", "collision"}) {
    for (const char* tag : {"density", "auto_inertia_params"}) {
      for (NodeId id : ElementsUnder(tree, tag, parent)) {
        const NodeId link = tree.ParentElement(tree.ParentElement(id));
        if (written.count(link) == 0) {
          ctx.DropConstruct(id,
                            "the <" + std::string(tag) + "> of " +
                                Describe(tree, tree.ParentElement(id)),
                            "1.11", "without automatic inertia it has no effect");
        }
        tree.RemoveLine(id);
      }
    }
  }
}

void WriteWithoutMimics(StepContext& ctx) {
  for (const char* axis : {"axis", "axis2"}) {
    for (NodeId mimic : ElementsUnder(ctx.tree, "mimic", axis)) {
      const NodeId joint = ctx.tree.ParentElement(ctx.tree.ParentElement(mimic));
      const std::string what = "the <mimic> of the <" + std::string(axis) +
                               "> of " + Describe(ctx.tree, joint);
      if (!ctx.options.drop_mimic) {
        ctx.RefuseConstruct(mimic, what, "1.11",
                            "--drop-mimic leaves it out, the joint then "
                            "moves on its own");
        continue;
      }
      ctx.DropConstruct(mimic, what, "1.11",
                        "left out (--drop-mimic): the joint moves on its own");
      ctx.tree.RemoveLine(mimic);
    }
  }
}

void DropNewerHints(StepContext& ctx) {
  XmlTree& tree = ctx.tree;
  for (NodeId cone : ElementsUnder(tree, "cone", "geometry")) {
    ctx.RefuseConstruct(cone,
                        "the cone of " + Describe(tree, tree.ParentElement(
                                                            tree.ParentElement(cone))),
                        "1.11", "it is a shape");
  }
  for (NodeId mesh : ElementsUnder(tree, "mesh", "geometry")) {
    if (tree.HasAttribute(mesh, "optimization")) {
      ctx.Warn(Code::kVersionConstructDropped, mesh,
               "the mesh's @optimization (SDFormat 1.11, a hint for the "
               "simulator's collision checking) has no form in SDFormat " +
                   ctx.TargetName() + ": left out");
      tree.RemoveAttribute(mesh, "optimization");
    }
  }
  DropChildren(ctx, "mesh", "convex_decomposition", "1.11",
               "a hint for the simulator's collision checking");
  for (NodeId model : ElementsUnder(tree, "model")) {
    if (!tree.HasAttribute(model, "namespace")) continue;
    // Not DropConstruct: the model itself stays (and is proven).
    ctx.Warn(Code::kVersionConstructDropped, model,
             "the @namespace of " + Describe(tree, model) +
                 " (SDFormat 1.11, a label for the simulator's topics) has "
                 "no form in SDFormat " + ctx.TargetName() + ": left out");
    tree.RemoveAttribute(model, "namespace");
  }
  DropChildren(ctx, "include", "namespace", "1.11",
               "a label for the simulator's topics");
}

}  // namespace sdfconv::upgrade
