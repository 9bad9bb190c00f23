// Structure below SDFormat 1.7 (version_steps.h): the inverses of the
// upgrade's structural rules (structural_rules.cc MoveGravityOutOfPhysics
// and MoveActorStatic, imu_noise.cc, unflatten.cc), and what 1.6 and 1.4
// lack of 1.7's frames and canonical links.
//
// Invariants: every element the output keeps is the input's node (renamed
// or moved, never rebuilt), so the proof follows it (correspondence.h);
// references to moved or renamed elements keep their targets and are
// written by EmitReferences; no rule here computes a pose (the poses rule,
// legacy_poses.cc, writes every pose from the core's resolution after
// these rules). An element made here (a fixed joint for a frame written as
// a link) is correct with no pose: a joint's default frame is its child's.
#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include "converters/upgrade/version_steps.h"
#include "converters/xml/text_values.h"
#include "core/frame_graph.h"

namespace sdfconv::upgrade {
namespace {

bool IsModel(const XmlTree& tree, NodeId id) {
  return id != kNoNode && tree.Tag(id) == "model";
}

// The reference of `kind` at `holder` no longer exists (its attribute was
// removed): EmitReferences must leave it alone.
void ForgetReference(StepContext& ctx, NodeId holder, RefKind kind,
                     const char* attribute) {
  ctx.tree.RemoveAttribute(holder, attribute);
  if (RefSite* site = ctx.Site(holder, kind)) site->target = Target::None();
}

// What `element` of the step's input moves with (frame_graph.h MovesWith),
// or kNoElement when the input did not resolve.
ElementId MovesWithInInput(const StepContext& ctx, ElementId element) {
  if (element == kNoElement || !ctx.in.reading().resolved) return kNoElement;
  return MovesWith(ctx.in.doc(), ctx.in.reading().graph, element);
}

// Text of white space only, as written (a text node's own text is its
// raw text: XmlTree::Text reads an element's).
bool IsBlank(const XmlNode& n) {
  return n.type == XmlNodeType::kText && TrimWhitespace(n.raw).empty();
}

// `link`, a child of `model`, made its first <link>, with the comments
// written right before it (whitespace between them aside).
void MoveLinkFirst(XmlTree& tree, NodeId model, NodeId link) {
  const NodeId first = tree.FirstChild(model, "link");
  if (first == link || first == kNoNode) return;
  std::vector<NodeId> moved = {link};
  const XmlList<NodeId>& kids = tree.ChildNodes(model);
  const auto at = std::find(kids.begin(), kids.end(), link);
  for (auto it = at; it != kids.begin();) {
    --it;
    const XmlNode& n = tree.at(*it);
    if (n.type == XmlNodeType::kComment) {
      moved.insert(moved.begin(), *it);
    } else if (!IsBlank(n)) {
      break;
    }
  }
  for (NodeId n : moved) {
    tree.RemoveLine(n);
    tree.InsertLine(model, n, first);
  }
}

// The link a model without @canonical_link has as canonical (canonical.cc):
// its first link, else that of its first nested model, going down.
NodeId DefaultCanonicalLink(const XmlTree& tree, NodeId model) {
  for (NodeId m = model; m != kNoNode; m = tree.FirstChild(m, "model")) {
    if (const NodeId link = tree.FirstChild(m, "link"); link != kNoNode) {
      return link;
    }
  }
  return kNoNode;
}

// Makes the input's canonical link of `model` what a version without
// @canonical_link takes by default: moved first when it is one of the
// model's own links; refused when it is in a nested model and is not the
// default there. `since` names the version that could say otherwise.
void KeepCanonicalLink(StepContext& ctx, NodeId model, const char* since) {
  const ElementId m = ctx.in.ElementOf(model);
  if (m == kNoElement || !ctx.in.reading().resolved) return;
  const ElementId c = ctx.in.reading().graph.canonical_link[m];
  if (c == kNoElement) return;  // static: no canonical link
  const NodeRef& node = ctx.in.doc().at(c).node;
  if (!node.valid() || node.tree != 0) return;  // inside an included file
  const NodeId link = node.node;
  if (DefaultCanonicalLink(ctx.tree, model) == link) return;
  if (ctx.tree.ParentElement(link) != model) {
    ctx.RefuseConstruct(
        model,
        "the canonical link '" + ctx.in.doc().ScopedName(c) + "' of " +
            Describe(ctx.tree, model) + ", a link of a nested model,",
        since, "a model's canonical link is its first link");
    return;
  }
  MoveLinkFirst(ctx.tree, model, link);
  ctx.Warn(Code::kVersionConstructRewritten, link,
           Describe(ctx.tree, link) + " is the canonical link of " +
               Describe(ctx.tree, model) + "; SDFormat " + ctx.TargetName() +
               " takes a model's first link as canonical: moved first");
}

// ---- Frames -------------------------------------------------------------

// `base` + "_joint" (numbered when taken) among the names of `scope`'s
// children.
std::string FreeJointName(const XmlTree& tree, NodeId scope,
                          const std::string& base) {
  const auto taken = [&](const std::string& name) {
    for (NodeId c : tree.ChildElements(scope)) {
      if (tree.Attribute(c, "name") == name) return true;
    }
    return false;
  };
  std::string name = base + "_joint";
  for (int k = 2; taken(name); ++k) {
    name = base + "_joint_" + std::to_string(k);
  }
  return name;
}

// <inertial> of mass 0 with a zero inertia: a link without one would have
// SDFormat's default mass 1.
void AddMasslessInertial(XmlTree& tree, NodeId link) {
  const NodeId inertial = tree.NewElement("inertial");
  tree.InsertLine(link, inertial);
  tree.InsertLine(inertial, tree.NewElement("mass", "0"));
  const NodeId inertia = tree.NewElement("inertia");
  tree.InsertLine(inertial, inertia);
  for (const char* m : {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"}) {
    tree.InsertLine(inertia, tree.NewElement(m, "0"));
  }
}

// `frame` (a child of a model) written as a massless link, fixed to the
// link it moves with in the input (none in a static model).
void FrameAsLink(StepContext& ctx, NodeId frame, ElementId body,
                 const char* since) {
  XmlTree& tree = ctx.tree;
  const NodeId scope = tree.ParentElement(frame);
  const std::string name = tree.Attribute(frame, "name").value_or("");
  ForgetReference(ctx, frame, RefKind::kAttachedTo, "attached_to");
  tree.RenameElement(frame, "link");
  AddMasslessInertial(tree, frame);
  std::string how = "written as a massless link";
  if (body >= 0 && ctx.in.doc().at(body).kind == ElementKind::kLink) {
    const NodeId joint = tree.NewElement("joint");
    const std::string joint_name = FreeJointName(tree, scope, name);
    tree.SetAttribute(joint, "name", joint_name);
    tree.SetAttribute(joint, "type", "fixed");
    tree.InsertLineAfter(frame, joint);
    // The texts are placeholders: EmitReferences names the targets.
    const NodeId parent =
        tree.NewElement("parent", ctx.in.doc().at(body).name);
    tree.InsertLine(joint, parent);
    const NodeId child = tree.NewElement("child", name);
    tree.InsertLine(joint, child);
    ctx.refs.push_back(
        {RefKind::kJointParent, parent, "", ctx.in.TargetOf(body)});
    ctx.refs.push_back(
        {RefKind::kJointChild, child, "", Target::Node(frame)});
    how += " on the fixed joint '" + joint_name + "' to link '" +
           ctx.in.doc().at(body).name + "'";
  }
  ctx.Warn(Code::kVersionConstructRewritten, frame,
           "frame '" + name + "' (SDFormat " + since +
               ") has no form in SDFormat " + ctx.TargetName() + ": " + how);
}

// ---- Nested models --------------------------------------------------------

// Model settings a nested model may drop when they say what its parent
// says (SDFormat 1.4 has one value per top model), with their defaults.
struct Setting {
  const char* tag;
  bool default_value;
};
constexpr std::array<Setting, 4> kSettings = {{{"static", false},
                                               {"self_collide", false},
                                               {"enable_wind", false},
                                               {"allow_auto_disable", true}}};

// Whether `element`, a child of a nested model, says nothing its parent
// `model` does not say (a setting of the same value).
bool SameAsParent(const XmlTree& tree, NodeId element, NodeId model) {
  for (const Setting& s : kSettings) {
    if (tree.Tag(element) != s.tag) continue;
    const NodeId own = tree.FirstChild(model, s.tag);
    const std::optional<bool> theirs =
        own == kNoNode ? std::optional<bool>(s.default_value)
                       : ParseBool(tree.Text(own));
    const std::optional<bool> mine = ParseBool(tree.Text(element));
    return mine && theirs && *mine == *theirs;
  }
  return false;
}

bool MovesUp(std::string_view tag) {
  return tag == "link" || tag == "joint" || tag == "frame" ||
         tag == "gripper";
}

// Flattens `nested` into its parent model; false (after refusing) when it
// holds what its parent cannot say.
bool FlattenOne(StepContext& ctx, NodeId nested) {
  XmlTree& tree = ctx.tree;
  const NodeId parent = tree.ParentElement(nested);
  const std::string prefix = tree.Attribute(nested, "name").value_or("");
  bool ok = true;
  for (NodeId c : tree.ChildElements(nested)) {
    const std::string tag(tree.Tag(c));
    if (MovesUp(tag) || tag == "pose" || SameAsParent(tree, c, parent)) {
      continue;
    }
    ctx.RefuseConstruct(c,
                        Describe(tree, c) + " of " + Describe(tree, nested) +
                            ", a model nested in " + Describe(tree, parent) +
                            ",",
                        "1.5",
                        "a nested model is written flattened into its "
                        "parent, which would take it over");
    ok = false;
  }
  if (!ok) return false;
  const std::vector<NodeId> kids = tree.ChildNodes(nested).ToVector();
  for (NodeId c : kids) {
    // The type, not a reference: the edits below add nodes.
    const XmlNodeType type = tree.at(c).type;
    const bool moves = type == XmlNodeType::kComment ||
                       (type == XmlNodeType::kElement && MovesUp(tree.Tag(c)));
    if (!moves) continue;
    const std::string indent = tree.Indent(c).value_or("");
    tree.RemoveLine(c);
    tree.InsertLine(parent, c, nested);
    tree.Reindent(c, indent, tree.Indent(c).value_or(""));
    if (type != XmlNodeType::kElement) continue;
    const std::string name = tree.Attribute(c, "name").value_or("");
    tree.SetAttribute(c, "name", JoinScopedName({name, prefix}));
  }
  ctx.Warn(Code::kVersionConstructRewritten, nested,
           Describe(tree, nested) + " nested in " + Describe(tree, parent) +
               " (SDFormat 1.5) has no form in SDFormat " + ctx.TargetName() +
               ": its content is written in " + Describe(tree, parent) +
               " named '" + prefix + "::...'");
  ctx.dropped.insert(nested);
  tree.RemoveLine(nested);
  return true;
}

// ---- IMU noise ----------------------------------------------------------

constexpr std::array<const char*, 4> kNoiseValues = {"mean", "stddev",
                                                     "bias_mean",
                                                     "bias_stddev"};

bool IsNoiseValue(std::string_view tag) {
  return std::find_if(kNoiseValues.begin(), kNoiseValues.end(),
                      [&](const char* v) { return tag == v; }) !=
         kNoiseValues.end();
}

// Only elements among its children (no comment, no other text).
bool OnlyElements(const XmlTree& tree, NodeId id) {
  for (NodeId c : tree.ChildNodes(id)) {
    const XmlNode& n = tree.at(c);
    if (n.type != XmlNodeType::kElement && !IsBlank(n)) return false;
  }
  return true;
}

bool SameValue(const std::string& a, const std::string& b) {
  const std::optional<double> x = ParseDouble(a);
  const std::optional<double> y = ParseDouble(b);
  if (x && y) return *x == *y;
  return TrimWhitespace(a) == TrimWhitespace(b);
}

// The <noise> of <x> when <x>, <y> and <z> of `block` each hold one noise
// of the same type and values, all of them 1.5's (kNoiseValues), and
// nothing else; else kNoNode.
NodeId UniformNoise(const XmlTree& tree, NodeId block) {
  if (!OnlyElements(tree, block) || !tree.Attributes(block).empty()) {
    return kNoNode;
  }
  std::vector<NodeId> noises;
  for (const char* axis : {"x", "y", "z"}) {
    const std::vector<NodeId> a = tree.Children(block, axis);
    if (a.size() != 1 || !OnlyElements(tree, a[0])) return kNoNode;
    const std::vector<NodeId> n = tree.ChildElements(a[0]);
    if (n.size() != 1 || tree.Tag(n[0]) != "noise" ||
        !OnlyElements(tree, n[0]) || !tree.Attribute(n[0], "type")) {
      return kNoNode;
    }
    noises.push_back(n[0]);
  }
  if (tree.ChildElements(block).size() != 3) return kNoNode;
  const NodeId x = noises[0];
  for (NodeId other : noises) {
    if (!SameValue(tree.Attribute(other, "type").value_or(""),
                   tree.Attribute(x, "type").value_or("")) ||
        tree.ChildElements(other).size() != tree.ChildElements(x).size()) {
      return kNoNode;
    }
    for (NodeId v : tree.ChildElements(x)) {
      const std::vector<NodeId> same = tree.Children(other, tree.Tag(v));
      if (!IsNoiseValue(tree.Tag(v)) || same.size() != 1 ||
          !SameValue(tree.Text(same[0]), tree.Text(v))) {
        return kNoNode;
      }
    }
  }
  return x;
}

// 1.5's <rate> or <accel> with the values of `noise`.
void AddValues(XmlTree& tree, NodeId into, const char* tag, NodeId noise) {
  if (noise == kNoNode) return;
  const NodeId block = tree.NewElement(tag);
  tree.InsertLine(into, block);
  for (NodeId v : tree.ChildElements(noise)) {
    tree.InsertLine(block, tree.Clone(v, /*with_comments=*/false));
  }
}

}  // namespace

void WriteFramesForLegacy(StepContext& ctx) {
  XmlTree& tree = ctx.tree;
  const bool none_kept = ctx.target < VersionNumber(1, 5);
  const char* since = none_kept ? "1.5" : "1.7";
  std::vector<NodeId> frames;
  for (NodeId id : ctx.RegionElements()) {
    const NodeId parent = tree.ParentElement(id);
    if (tree.Tag(id) == "frame" && parent != kNoNode &&
        (IsModel(tree, parent) || tree.Tag(parent) == "world")) {
      frames.push_back(id);
    }
  }
  for (NodeId frame : frames) {
    const NodeId parent = tree.ParentElement(frame);
    const bool in_world = !IsModel(tree, parent);
    const ElementId body = MovesWithInInput(ctx, ctx.in.ElementOf(frame));
    if (!in_world && !none_kept && body != kNoElement &&
        body == MovesWithInInput(ctx, ctx.in.ElementOf(parent))) {
      // 1.5/1.6 attach a model's frame to the model.
      ForgetReference(ctx, frame, RefKind::kAttachedTo, "attached_to");
      continue;
    }
    const std::string what = Describe(tree, frame) + " of " +
                             Describe(tree, parent) +
                             (none_kept || in_world
                                  ? std::string()
                                  : ", attached to another link than its "
                                    "model's canonical link,");
    if (in_world || ctx.options.frames == VersionWriteOptions::Frames::kDrop) {
      ctx.DropConstruct(frame, what, in_world ? "1.7" : since,
                        in_world ? "left out (a world has no links to write "
                                   "it as)"
                                 : "left out (--frames links writes it as a "
                                   "massless link)");
      tree.RemoveLine(frame);
      continue;
    }
    FrameAsLink(ctx, frame, body, since);
  }
}

void PutCanonicalLinkFirst(StepContext& ctx) {
  for (NodeId model : ctx.RegionElements()) {
    if (!IsModel(ctx.tree, model)) continue;
    ForgetReference(ctx, model, RefKind::kCanonicalLink, "canonical_link");
    KeepCanonicalLink(ctx, model, "1.8");
  }
}

void MoveGravityIntoPhysics(StepContext& ctx) {
  XmlTree& tree = ctx.tree;
  const NodeId world = ctx.Region()->Top();
  if (world == kNoNode || tree.Tag(world) != "world") return;
  for (const char* tag : {"gravity", "magnetic_field"}) {
    const NodeId value = tree.FirstChild(world, tag);
    if (value == kNoNode) continue;
    std::vector<NodeId> physics = tree.Children(world, "physics");
    if (physics.empty()) {
      // 1.5 gives a world without <physics> the default one (ODE's).
      const NodeId p = tree.NewElement("physics");
      tree.SetAttribute(p, "type", "ode");
      tree.InsertLine(world, p, value);
      physics.push_back(p);
    }
    for (size_t k = physics.size(); k-- > 0;) {
      if (const NodeId stale = tree.FirstChild(physics[k], tag);
          stale != kNoNode) {
        // 1.6 does not read it (physics.sdf has no <gravity> there).
        tree.RemoveLine(stale);
      }
      if (k == 0) {
        const std::string from = tree.Indent(value).value_or("");
        tree.RemoveLine(value);
        tree.InsertLine(physics[k], value);
        tree.Reindent(value, from, tree.Indent(value).value_or(""));
      } else {
        tree.InsertLine(physics[k], tree.Clone(value, false));
      }
    }
  }
}

void RestoreImuNoise(StepContext& ctx) {
  XmlTree& tree = ctx.tree;
  for (NodeId imu : ctx.RegionElements()) {
    const NodeId sensor = tree.ParentElement(imu);
    if (tree.Tag(imu) != "imu" || sensor == kNoNode ||
        tree.Tag(sensor) != "sensor" ||
        tree.FirstChild(imu, "noise") != kNoNode) {
      continue;
    }
    const NodeId rate = tree.FirstChild(imu, "angular_velocity");
    const NodeId accel = tree.FirstChild(imu, "linear_acceleration");
    if (rate == kNoNode && accel == kNoNode) continue;
    const NodeId rate_noise = rate == kNoNode ? kNoNode : UniformNoise(tree, rate);
    const NodeId accel_noise =
        accel == kNoNode ? kNoNode : UniformNoise(tree, accel);
    // Otherwise kept as written: 1.5's imu.sdf has the per-axis form too
    // (its <noise> is marked deprecated there).
    if ((rate != kNoNode && rate_noise == kNoNode) ||
        (accel != kNoNode && accel_noise == kNoNode) ||
        tree.Children(imu, "angular_velocity").size() > 1 ||
        tree.Children(imu, "linear_acceleration").size() > 1) {
      continue;
    }
    const NodeId any = rate_noise != kNoNode ? rate_noise : accel_noise;
    const std::string type = tree.Attribute(any, "type").value_or("");
    if (rate_noise != kNoNode && accel_noise != kNoNode &&
        !SameValue(type, tree.Attribute(accel_noise, "type").value_or(""))) {
      continue;
    }
    const NodeId noise = tree.NewElement("noise");
    tree.InsertLine(imu, noise, rate != kNoNode ? rate : accel);
    tree.InsertLine(noise, tree.NewElement("type", type));
    AddValues(tree, noise, "rate", rate_noise);
    AddValues(tree, noise, "accel", accel_noise);
    if (rate != kNoNode) tree.RemoveLine(rate);
    if (accel != kNoNode) tree.RemoveLine(accel);
  }
}

void FlattenNestedModels(StepContext& ctx) {
  XmlTree& tree = ctx.tree;
  std::vector<NodeId> nested;  // document order: each before its content
  std::vector<NodeId> tops;    // the models that hold them
  for (NodeId id : ctx.RegionElements()) {
    if (tree.Tag(id) == "include" && IsModel(tree, tree.ParentElement(id))) {
      // Kept as written: 1.4 reads an included model flattened into the
      // model around it (`inst::link`), with no model frame of its own.
      ctx.dropped.insert(id);
    }
    if (!IsModel(tree, id)) continue;
    if (IsModel(tree, tree.ParentElement(id))) {
      nested.push_back(id);
    } else {
      tops.push_back(id);
    }
  }
  bool ok = true;
  // Deepest first: a model's nested models are in it, flattened, when it
  // is flattened itself.
  for (auto it = nested.rbegin(); it != nested.rend(); ++it) {
    ok = FlattenOne(ctx, *it) && ok;
  }
  if (!ok) return;
  for (NodeId top : tops) KeepCanonicalLink(ctx, top, "1.5");
}

void MoveActorStaticBack(StepContext& ctx) {
  XmlTree& tree = ctx.tree;
  for (NodeId actor : ctx.RegionElements()) {
    if (tree.Tag(actor) != "actor") continue;
    const NodeId value = tree.FirstChild(actor, "static");
    if (value == kNoNode) continue;
    tree.SetAttribute(actor, "static",
                      std::string(TrimWhitespace(tree.Text(value))));
    tree.RemoveLine(value);
  }
}

}  // namespace sdfconv::upgrade
