// Structural rules between versions (rules.h), except IMU noise
// (imu_noise.cc) and unflattening (unflatten.cc). Each follows the
// corresponding libsdformat recipe (/usr/share/sdformat12/1.X/1_Y.convert)
// where one exists, but edits only what the rule is about.
#include <algorithm>
#include <cstdint>

#include "converters/sdf/pose_text.h"
#include "converters/upgrade/rules.h"
#include "converters/xml/text_values.h"

namespace sdfconv::upgrade {
namespace {

// Joints that are part of a model or world (not an actor's skeleton).
std::vector<NodeId> Joints(const Context& ctx, const TreeIndex& index) {
  const XmlTree& tree = ctx.tree;
  std::vector<NodeId> joints;
  for (NodeId id : ctx.RegionElements()) {
    if (tree.Tag(id) == "joint" && index.DefinesFrameIn(id)) {
      joints.push_back(id);
    }
  }
  return joints;
}

// The axis's <xyz>, created with SDFormat's default `0 0 1` when absent so
// that an explicit expressed_in has something to sit on.
NodeId EnsureXyz(XmlTree& tree, NodeId axis) {
  NodeId xyz = tree.FirstChild(axis, "xyz");
  if (xyz != kNoNode) return xyz;
  xyz = tree.NewElement("xyz", "0 0 1");
  tree.InsertLine(axis, xyz, tree.FirstChild(axis));
  return xyz;
}

// Makes the axis's xyz expressed in the model frame of `scope` (the frame
// SDFormat 1.4 and use_parent_model_frame meant).
void ExpressInModel(Context& ctx, NodeId axis, NodeId scope) {
  const NodeId xyz = EnsureXyz(ctx.tree, axis);
  RefSite& site = ctx.EnsureSite(xyz, RefKind::kExpressedIn, "expressed_in");
  site.target = Target::Node(scope);
}

// Writes each default axis the input's reader put outside the joint frame
// (1.2-1.4: in the model frame; 1.8 would read an absent axis in the joint
// frame), as <axis><xyz expressed_in="__model__">0 0 1</xyz></axis>. Which
// axes a joint has, and where their defaults are, is the reader's
// (JointAxis::written); a joint the input does not read as one (1.4's
// <world><joint>) gets none.
void WriteDefaultAxes(Context& ctx, NodeId joint, NodeId scope) {
  const ElementId read = ctx.in.ElementOf(joint);
  if (read == kNoElement) return;
  const std::vector<JointAxis>& axes = ctx.in.doc().at(read).Joint().axes;
  const char* tags[] = {"axis", "axis2"};
  for (size_t k = 0; k < axes.size() && k < 2; ++k) {
    if (axes[k].written || axes[k].expressed_in.empty() ||
        ctx.tree.FirstChild(joint, tags[k]) != kNoNode) {
      continue;
    }
    const NodeId axis = ctx.tree.NewElement(tags[k]);
    ctx.tree.InsertLine(joint, axis);
    ExpressInModel(ctx, axis, scope);
  }
}

}  // namespace

std::shared_ptr<const TreeIndex> Context::Index() const {
  if (index_ == nullptr || index_revision_ != tree.revision() ||
      index_writes_ != writes) {
    index_ = std::make_shared<const TreeIndex>(tree, writes);
    index_revision_ = tree.revision();
    index_writes_ = writes;
  }
  return index_;
}

std::shared_ptr<const SdfRegion> Context::Region() const {
  if (region_ == nullptr || region_revision_ != tree.revision()) {
    region_ = std::make_shared<const SdfRegion>(tree);
    region_revision_ = tree.revision();
  }
  return region_;
}

RefSite* Context::Site(NodeId holder, RefKind kind) {
  for (RefSite& s : refs) {
    if (s.holder == holder && s.kind == kind) return &s;
  }
  return nullptr;
}

RefSite& Context::EnsureSite(NodeId holder, RefKind kind,
                             std::string attribute) {
  if (RefSite* s = Site(holder, kind)) return *s;
  refs.push_back({kind, holder, std::move(attribute), Target::None()});
  return refs.back();
}

std::string Describe(const XmlTree& tree, NodeId id) {
  if (const auto name = tree.Attribute(id, "name")) {
    return std::string(tree.Tag(id)) + " '" + *name + "'";
  }
  return "<" + std::string(tree.Tag(id)) + ">";
}

void MovePhysicsRates(Context& ctx) {
  if (ctx.AtLeast(1, 4)) return;
  XmlTree& tree = ctx.tree;
  const NodeId world = ctx.Region()->Top();
  if (world == kNoNode || tree.Tag(world) != "world") return;
  for (NodeId physics : tree.Children(world, "physics")) {
    if (const NodeId rate = tree.FirstChild(physics, "update_rate");
        rate != kNoNode &&
        tree.FirstChild(physics, "real_time_update_rate") == kNoNode) {
      tree.RenameElement(rate, "real_time_update_rate");
    }
    for (const auto& path : {std::vector<const char*>{"ode", "solver", "dt"},
                             std::vector<const char*>{"bullet", "dt"}}) {
      NodeId dt = physics;
      for (const char* tag : path) {
        dt = dt == kNoNode ? kNoNode : tree.FirstChild(dt, tag);
      }
      if (dt == kNoNode || tree.FirstChild(physics, "max_step_size") != kNoNode) {
        continue;
      }
      const std::string from = tree.Indent(dt).value_or("");
      tree.RemoveLine(dt);
      tree.RenameElement(dt, "max_step_size");
      tree.InsertLine(physics, dt);
      tree.Reindent(dt, from, tree.Indent(dt).value_or(""));
    }
  }
}

void WritePosesInRadians(Context& ctx) {
  const std::shared_ptr<const SdfRegion> region_held = ctx.Region();
  const SdfRegion& index = *region_held;
  for (NodeId id = 0; id < static_cast<NodeId>(ctx.tree.size()); ++id) {
    if (!ctx.tree.IsElement(id) || ctx.tree.Tag(id) != "pose") continue;
    if (!index.InSdf(id) && !index.InState(id)) continue;
    const std::optional<std::string> format =
        ctx.tree.Attribute(id, "rotation_format");
    const std::optional<std::string> degrees =
        ctx.tree.Attribute(id, "degrees");
    if (!format && !degrees) continue;
    // Malformed: the reading of the input reported it, and an invalid
    // input gets no output.
    const std::optional<Pose> X =
        ParsePoseText(ctx.tree.Text(id), format, degrees);
    if (!X) continue;
    ctx.tree.SetText(id, FormatPose(*X));
    ctx.tree.RemoveAttribute(id, "rotation_format");
    ctx.tree.RemoveAttribute(id, "degrees");
  }
}

void RenamePoseFrame(Context& ctx) {
  if (!ctx.Legacy()) return;
  const std::shared_ptr<const SdfRegion> region_held = ctx.Region();
  const SdfRegion& index = *region_held;
  for (NodeId id = 0; id < static_cast<NodeId>(ctx.tree.size()); ++id) {
    if (!ctx.tree.IsElement(id) || ctx.tree.Tag(id) != "pose") continue;
    if (!index.InSdf(id) && !index.InState(id)) continue;
    if (!ctx.tree.Attribute(id, "frame")) continue;
    // A @relative_to beside it (a later feature) is what libsdformat's
    // 1.6 -> 1.7 recipe moves @frame over (sdf_dialect.h).
    ctx.tree.RemoveAttribute(id, "relative_to");
    ctx.tree.RenameAttribute(id, "frame", "relative_to");
    if (RefSite* site = ctx.Site(id, RefKind::kPoseRelativeTo)) {
      site->attribute = "relative_to";
    }
  }
}

void ExpressAxesInModelFrame(Context& ctx) {
  if (!ctx.Legacy()) return;
  const std::shared_ptr<const TreeIndex> held = ctx.Index();
  const TreeIndex& index = *held;
  const uint64_t read_at = ctx.tree.revision();
  for (NodeId joint : Joints(ctx, index)) {
    const NodeId scope = index.ScopeOf(joint);
    WriteDefaultAxes(ctx, joint, scope);
    for (const char* tag : {"axis", "axis2"}) {
      for (NodeId axis : ctx.tree.Children(joint, tag)) {
        if (!ctx.AtLeast(1, 5)) {
          // 1.4: axes are always in the parent model frame.
          ExpressInModel(ctx, axis, scope);
          continue;
        }
        const std::vector<NodeId> flags =
            ctx.tree.Children(axis, "use_parent_model_frame");
        if (flags.empty()) continue;
        const std::optional<bool> value = ParseBool(ctx.tree.Text(flags[0]));
        if (!value) {
          ctx.Fail(Code::kValueInvalid, flags[0],
                   "<use_parent_model_frame> of " + Describe(ctx.tree, joint) +
                       " is '" + ctx.tree.Text(flags[0]) +
                       "', not a boolean");
          continue;
        }
        if (*value) ExpressInModel(ctx, axis, scope);
        for (NodeId flag : flags) ctx.tree.RemoveLine(flag);
      }
    }
  }
  // Its edits are inside joints: <axis>, <axis2> and <xyz> added,
  // <use_parent_model_frame> removed. None is an element of the reading
  // (<axis> and <axis2> are a joint's content, sdf_vocabulary.h
  // IsContentTag, and nothing inside them is read as one), so the index
  // read before them stays true and the rules after this one use it: a
  // second reading was 8 % of a 1.5 file's conversion to 1.8.
  ctx.IndexStillHolds(read_at);
}

void MoveActorStatic(Context& ctx) {
  if (ctx.AtLeast(1, 5)) return;
  for (NodeId id : ctx.RegionElements()) {
    if (ctx.tree.Tag(id) != "actor") continue;
    const std::optional<std::string> value = ctx.tree.Attribute(id, "static");
    if (!value) continue;
    ctx.tree.RemoveAttribute(id, "static");
    ctx.tree.InsertLine(id, ctx.tree.NewElement("static", *value),
                        ctx.tree.FirstChild(id));
  }
}

void MoveGravityOutOfPhysics(Context& ctx) {
  if (ctx.AtLeast(1, 6)) return;
  const NodeId world = ctx.Region()->Top();
  if (world == kNoNode || ctx.tree.Tag(world) != "world") return;
  const NodeId physics = ctx.tree.FirstChild(world, "physics");
  if (physics == kNoNode) return;
  NodeId after = physics;
  for (const char* tag : {"gravity", "magnetic_field"}) {
    const NodeId moved = ctx.tree.FirstChild(physics, tag);
    if (moved == kNoNode || ctx.tree.FirstChild(world, tag) != kNoNode) {
      continue;
    }
    const std::string from = ctx.tree.Indent(moved).value_or("");
    ctx.tree.RemoveLine(moved);
    ctx.tree.InsertLineAfter(after, moved);
    ctx.tree.Reindent(moved, from, ctx.tree.Indent(moved).value_or(""));
    after = moved;
  }
}

namespace {

// X_LI: the inertial's pose in its link's frame, as the input says it.
std::optional<Pose> InertialInLink(const Context& ctx, NodeId link,
                                   NodeId pose, const std::string& frame) {
  const std::optional<Pose> X_WL = ctx.in.WorldPose(link);
  const std::optional<Pose> X_FI = ParsePoseText(ctx.tree.Text(pose));
  const ElementId f = ctx.in.Lookup(link, frame);
  if (!X_WL || !X_FI || f == kNoElement || !ctx.in.reading().resolved) {
    return std::nullopt;
  }
  return X_WL->inverse(Eigen::Isometry) * ctx.in.reading().resolution.X_W[f] *
         *X_FI;
}

}  // namespace

void DropInertialRelativeTo(Context& ctx) {
  for (NodeId inertial : ctx.RegionElements()) {
    const NodeId link = ctx.tree.ParentElement(inertial);
    if (ctx.tree.Tag(inertial) != "inertial" || link == kNoNode ||
        ctx.tree.Tag(link) != "link") {
      continue;
    }
    const NodeId pose = ctx.tree.FirstChild(inertial, "pose");
    if (pose == kNoNode) continue;
    RefSite* site = ctx.Site(pose, RefKind::kPoseRelativeTo);
    for (const char* attribute : {"relative_to", "frame"}) {
      const std::optional<std::string> value =
          ctx.tree.Attribute(pose, attribute);
      if (!value) continue;
      if (!value->empty() && !(site != nullptr &&
                               site->target == Target::Node(link))) {
        // Expressed in another frame: write the same pose in the link frame.
        const std::optional<Pose> X_LI =
            InertialInLink(ctx, link, pose, *value);
        if (!X_LI) {
          ctx.Fail(Code::kPoseRelativeToInvalid, pose,
                   "the inertial pose of " + Describe(ctx.tree, link) +
                       " is expressed in '" + *value +
                       "', which does not resolve; SDFormat 1.8 needs it in "
                       "the link frame");
          continue;
        }
        ctx.tree.SetText(pose, FormatPose(*X_LI));
      }
      ctx.tree.RemoveAttribute(pose, attribute);
      if (site != nullptr) site->target = Target::None();
    }
  }
}

}  // namespace sdfconv::upgrade
