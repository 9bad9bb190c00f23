// Poses and axes below SDFormat 1.8 (version_steps.h).
//
// Invariant: every pose or axis these rules write is computed from the
// core's resolution of the step's input (ctx.in: X_WE of each element, each
// axis in the world and joint frames), for the element as the tree holds it
// now, so that the step's output, read by its own version, puts every
// element where the input did. A value whose frame does not change is kept
// as written. The frame an element's <pose> is read in by default is the
// core's rule (core/relative_to.cc), asked of the tree as it is now
// (DefaultFrames), never restated here.
//
// Monograms (STYLE.md): X_WE is element E in the world, X_RE in frame R.
#include <optional>
#include <unordered_set>
#include <string>
#include <vector>

#include "converters/sdf/pose_text.h"
#include "converters/upgrade/sdf_region.h"
#include "converters/upgrade/version_steps.h"
#include "converters/xml/text_values.h"
#include "core/frame_graph.h"
#include "core/resolver.h"

namespace sdfconv::upgrade {
namespace {

const FrameGraph& InGraph(const StepContext& ctx) {
  return ctx.in.reading().graph;
}

// X_WE of input element `e` (the world frame: identity), or nothing when
// the input did not resolve.
std::optional<Pose> WorldOf(const StepContext& ctx, ElementId e) {
  if (!ctx.in.reading().resolved) return std::nullopt;
  if (e == kWorldFrame) return Pose::Identity();
  if (e < 0 || static_cast<size_t>(e) >= ctx.in.doc().size()) {
    return std::nullopt;
  }
  if (ctx.in.doc().at(e).kind == ElementKind::kWorld) return Pose::Identity();
  return ctx.in.reading().resolution.X_W[e];
}

// The input element a reference target names (kWorldFrame for the world).
ElementId InputElementOf(const StepContext& ctx, const Target& t) {
  if (t.kind == Target::Kind::kWorld) return kWorldFrame;
  if (t.kind != Target::Kind::kNode) return kNoElement;
  const ElementId e = ctx.in.ElementOf(t.node);
  if (t.suffix.empty() || e == kNoElement) return e;
  return ctx.in.scopes().Lookup(e, t.suffix);
}

// Whether `e` stands in for something of an included model that is not at
// hand (include_stand_ins.h): its contents, or its top element when its
// placement frame is one of them.
bool IsStandInContent(const StepContext& ctx, ElementId e) {
  const Element& x = ctx.in.doc().at(e);
  if (!x.include || !x.include->stand_in) return false;
  return ctx.in.IncludeOf(e) == kNoNode || !x.Model().placement_frame.empty();
}

// Whether the world pose of `e` depends on a stand-in (its relative_to
// chain passes through one): a value computed from it would be the
// stand-in's, not the included model's.
bool OnStandIn(const StepContext& ctx, ElementId e) {
  const FrameGraph& g = InGraph(ctx);
  const size_t n = ctx.in.doc().size();
  for (size_t steps = 0; e >= 0 && static_cast<size_t>(e) < n && steps <= n;
       ++steps, e = g.relative_to[e]) {
    if (IsStandInContent(ctx, e)) return true;
  }
  return false;
}

// X_RE: input element `e`'s pose in input element `r`, from the input's
// resolution; nothing (with an error or a refusal at `at`) when it cannot
// be known.
std::optional<Pose> PoseIn(StepContext& ctx, NodeId at, ElementId e,
                           ElementId r) {
  if (e != kNoElement && r != kNoElement &&
      (OnStandIn(ctx, e) || (r >= 0 && OnStandIn(ctx, r)))) {
    ctx.RefuseConstruct(at,
                        "the pose of " + Describe(ctx.tree, at) +
                            " relative to a frame of an included model",
                        "1.7",
                        "the included model is not at hand to compute it "
                        "(give its path with --model-path)");
    return std::nullopt;
  }
  const std::optional<Pose> X_WE = WorldOf(ctx, e);
  const std::optional<Pose> X_WR = WorldOf(ctx, r);
  if (!X_WE || !X_WR) {
    ctx.Fail(Code::kPoseRelativeToInvalid, at,
             Describe(ctx.tree, at) +
                 ": where its frame is cannot be computed, so its pose "
                 "cannot be written in the frame SDFormat " +
                 ctx.TargetName() + " reads it in");
    return std::nullopt;
  }
  return X_WR->inverse(Eigen::Isometry) * *X_WE;
}

// Within this of a pose's written numbers, a computed pose is the same:
// its text stays as written (a nested model at the origin folded into its
// links changes nothing). Far below the proof's 1e-9.
constexpr double kSameAsWritten = 1e-12;

// Writes X as the text of `owner`'s <pose>, added first when absent; the
// text is kept when it already says X, and so is the absence of a <pose>
// for the identity when `absent_ok`.
void SetPoseText(XmlTree& tree, NodeId owner, const Pose& X,
                 bool absent_ok = true) {
  NodeId pose = tree.FirstChild(owner, "pose");
  const std::optional<Pose> written =
      pose != kNoNode ? ParsePoseText(tree.Text(pose))
      : absent_ok     ? std::optional<Pose>(Pose::Identity())
                      : std::nullopt;
  if (written && PoseDistance(*written, X) <= kSameAsWritten) return;
  if (pose == kNoNode) {
    pose = tree.NewElement("pose", FormatPose(X));
    tree.InsertLine(owner, pose, tree.FirstChild(owner));
    return;
  }
  tree.SetText(pose, FormatPose(X));
}

// Every reference written now as EmitReferences will write it, so that a
// reading of the tree in the middle of a step sees what the sites say.
// Errors are left to the engine's own EmitReferences at the end.
void FlushReferences(StepContext& ctx) {
  Diagnostics later;
  const std::shared_ptr<const TreeIndex> held = ctx.Index();
  const TreeIndex& index = *held;
  EmitReferences(&ctx.tree, index, ctx.refs, ctx.alias, &later);
}

// Removes the attribute of a reference site and forgets its target.
void DropSite(StepContext& ctx, RefSite& site) {
  if (!site.attribute.empty()) {
    ctx.tree.RemoveAttribute(site.holder, site.attribute);
  }
  site.target = Target::None();
}

// The child link of joint `j` (input element), as 1.7 names it: the link
// its child frame is attached to.
ElementId ChildLink(const StepContext& ctx, ElementId j) {
  const FrameGraph& g = InGraph(ctx);
  const ElementId c = g.joint_child[j];
  return c < 0 ? c : g.body[c];
}

// For each node of `owners`, the input element of the frame its <pose>
// is read in by default where it now is (the core's rule, on the tree now
// read as the version the step writes): kNoElement where that cannot be
// told. A joint whose child the reading cannot see (a link of an included
// model) falls back to its child link in the input.
std::vector<ElementId> DefaultFrames(const StepContext& ctx,
                                     const std::vector<NodeId>& owners) {
  const std::shared_ptr<const TreeIndex> held = ctx.Index();
  const TreeIndex& index = *held;
  Diagnostics ignored;  // the output's problems are the proof's to report
  const FrameGraph graph = BuildFrameGraph(index.doc(), &ignored);
  std::vector<ElementId> out;
  out.reserve(owners.size());
  for (NodeId owner : owners) {
    const ElementId o = index.ElementOf(owner);
    ElementId r = o == kNoElement ? kNoElement : graph.relative_to[o];
    ElementId r_in = kNoElement;
    if (r == kWorldFrame ||
        (r >= 0 && index.doc().at(r).kind == ElementKind::kWorld)) {
      r_in = kWorldFrame;
    } else if (r >= 0) {
      r_in = ctx.in.ElementOf(index.NodeOf(r));
    }
    const ElementId j = ctx.in.ElementOf(owner);
    if (r_in == kNoElement && j != kNoElement &&
        ctx.in.doc().at(j).kind == ElementKind::kJoint) {
      r_in = ChildLink(ctx, j);
    }
    out.push_back(r_in);
  }
  return out;
}

// Writes the <pose> of each of `owners` (their @relative_to gone) in its
// default frame: kept as written when the input read it in that frame
// already, computed otherwise. Elements the input does not have (made by a
// rule before) are left as they are.
void WriteInDefaultFrames(StepContext& ctx, const std::vector<NodeId>& owners) {
  const std::vector<ElementId> frames = DefaultFrames(ctx, owners);
  const FrameGraph& g = InGraph(ctx);
  for (size_t i = 0; i < owners.size(); ++i) {
    const ElementId e = ctx.in.ElementOf(owners[i]);
    if (e == kNoElement) continue;
    const ElementId was = g.relative_to[e];
    const bool same = frames[i] == was ||
                      (frames[i] == kWorldFrame && was >= 0 &&
                       ctx.in.doc().at(was).kind == ElementKind::kWorld);
    if (same && frames[i] != kNoElement) continue;
    if (const std::optional<Pose> X = PoseIn(ctx, owners[i], e, frames[i])) {
      SetPoseText(ctx.tree, owners[i], *X);
    }
  }
}

// A target the step's version names without `::`: the world, the scope
// itself, or an element of the scope (not one inside an included model).
bool NameableWithoutScopes(const XmlTree& tree, const TreeIndex& index,
                           const RefSite& site) {
  if (site.target.kind == Target::Kind::kWorld) return true;
  if (site.target.kind != Target::Kind::kNode) return true;
  const NodeId scope = EvaluationScope(tree, index, site);
  const NodeId t = site.target.node;
  if (t == scope) return site.target.suffix.empty();
  return site.target.suffix.empty() && index.ScopeOf(t) == scope &&
         index.DefinesFrameIn(t);
}

// The element of scope `scope` (input elements) that `e` is in, or `e`.
ElementId ChildOfScopeAround(const StepContext& ctx, ElementId scope,
                             ElementId e) {
  const Document& doc = ctx.in.doc();
  for (ElementId a = e; a >= 0; a = doc.at(a).parent) {
    if (doc.at(a).parent == scope) return a;
  }
  return kNoElement;
}

// 1.7: a frame attached to `m::l` is attached to `m` when `l` is the body
// `m` moves with; its pose, when read in its attached_to frame, follows.
void RewriteScopedAttachedTo(StepContext& ctx, RefSite& site) {
  const NodeId frame = site.holder;
  const ElementId f = ctx.in.ElementOf(frame);
  const ElementId a = InputElementOf(ctx, site.target);
  const ElementId scope = f == kNoElement ? kNoElement : ctx.in.doc().at(f).parent;
  const FrameGraph& g = InGraph(ctx);
  const ElementId m = a < 0 ? kNoElement : ChildOfScopeAround(ctx, scope, a);
  if (m == kNoElement || g.body[m] != g.body[a] || g.body[a] == kNoElement) {
    ctx.RefuseConstruct(frame,
                        Describe(ctx.tree, frame) + " attached to '" +
                            SiteText(ctx.tree, site) +
                            "', a frame of a nested model that does not move "
                            "with that model's canonical link",
                        "1.8");
    return;
  }
  site.target = ctx.in.TargetOf(m);
  const NodeId pose = ctx.tree.FirstChild(frame, "pose");
  const RefSite* rel =
      pose == kNoNode ? nullptr : ctx.Site(pose, RefKind::kPoseRelativeTo);
  if (rel != nullptr && rel->target.kind != Target::Kind::kNone) return;
  if (const std::optional<Pose> X = PoseIn(ctx, frame, f, m)) {
    SetPoseText(ctx.tree, frame, *X);
  }
}

// An axis's <xyz> written in its joint's frame (1.5-1.7's default), its
// @expressed_in gone.
void WriteAxisInJointFrame(StepContext& ctx, RefSite& site) {
  const NodeId xyz = site.holder;
  const NodeId axis = ctx.tree.ParentElement(xyz);
  const NodeId joint = ctx.tree.ParentElement(axis);
  const ElementId j = ctx.in.ElementOf(joint);
  const size_t k = ctx.tree.Tag(axis) == "axis2" ? 1 : 0;
  const ElementId x = InputElementOf(ctx, site.target);
  if (x >= 0 && OnStandIn(ctx, x)) {
    ctx.RefuseConstruct(xyz,
                        "the axis of " + Describe(ctx.tree, joint) +
                            " expressed in a frame of an included model",
                        "1.7", "the included model is not at hand");
    return;
  }
  if (j == kNoElement || !ctx.in.reading().resolved ||
      k >= ctx.in.reading().resolution.axes_J[j].size()) {
    ctx.Fail(Code::kJointAxisExpressedInInvalid, xyz,
             "the axis of " + Describe(ctx.tree, joint) +
                 " cannot be computed in the joint frame");
    return;
  }
  ctx.tree.SetText(xyz, FormatVector(ctx.in.reading().resolution.axes_J[j][k]));
  DropSite(ctx, site);
}

// Whether `node` is inside a world's <state> (records, left alone).
bool InState(const XmlTree& tree, NodeId node) {
  for (NodeId a = tree.ParentElement(node); a != kNoNode;
       a = tree.ParentElement(a)) {
    if (tree.Tag(a) == "state") return true;
  }
  return false;
}

// The element nodes whose pose a legacy step writes: every element the
// input reads (an <include> for its model) outside <state>.
std::vector<NodeId> PosedElements(const StepContext& ctx) {
  std::vector<NodeId> out;
  for (NodeId n : ctx.RegionElements()) {
    const ElementId e = ctx.in.ElementOf(n);
    if (e == kNoElement) continue;
    const ElementKind kind = ctx.in.doc().at(e).kind;
    if (kind == ElementKind::kOther || kind == ElementKind::kWorld) continue;
    if (InState(ctx.tree, n)) continue;
    out.push_back(n);
  }
  return out;
}

}  // namespace

void WriteJointEndsAsLinks(StepContext& ctx) {
  const Document& doc = ctx.in.doc();
  const FrameGraph& g = InGraph(ctx);
  std::vector<size_t> ends;
  for (size_t i = 0; i < ctx.refs.size(); ++i) {
    const RefSite& s = ctx.refs[i];
    if (s.kind == RefKind::kJointParent || s.kind == RefKind::kJointChild) {
      ends.push_back(i);
    }
  }
  for (size_t i : ends) {
    RefSite& site = ctx.refs[i];
    const ElementId f = InputElementOf(ctx, site.target);
    if (f < 0 || doc.at(f).kind == ElementKind::kLink) continue;
    const NodeId joint = ctx.tree.ParentElement(site.holder);
    const ElementId j = ctx.in.ElementOf(joint);
    const ElementId link = g.body[f];
    const bool child = site.kind == RefKind::kJointChild;
    if (j == kNoElement || link < 0 || doc.at(link).kind != ElementKind::kLink) {
      ctx.RefuseConstruct(joint,
                          "the <" + std::string(child ? "child" : "parent") +
                              "> of " + Describe(ctx.tree, joint) + ", '" +
                              SiteText(ctx.tree, site) +
                              "', a frame attached to no link",
                          "1.8");
      continue;
    }
    site.target = ctx.in.TargetOf(link);
    if (!child) continue;
    // 1.8 reads the joint's pose in its child frame, 1.7 in its child link.
    const NodeId pose = ctx.tree.FirstChild(joint, "pose");
    if (pose != kNoNode &&
        !ctx.tree.Attribute(pose, "relative_to").value_or("").empty()) {
      continue;  // it names its frame
    }
    if (pose != kNoNode && doc.at(f).parent == doc.at(j).parent &&
        doc.at(f).kind == ElementKind::kFrame) {
      // The frame is a sibling: name it, the numbers stay as written.
      ctx.EnsureSite(pose, RefKind::kPoseRelativeTo, "relative_to").target =
          ctx.in.TargetOf(f);
      continue;
    }
    if (const std::optional<Pose> X = PoseIn(ctx, joint, j, link)) {
      SetPoseText(ctx.tree, joint, *X);
      if (pose != kNoNode) {
        if (RefSite* s = ctx.Site(pose, RefKind::kPoseRelativeTo)) {
          DropSite(ctx, *s);
        }
      }
    }
  }
}

void WritePlacementFramesAsPoses(StepContext& ctx) {
  const FrameGraph& g = InGraph(ctx);
  XmlTree& tree = ctx.tree;
  for (NodeId n : ctx.RegionElements()) {
    const bool include = tree.Tag(n) == "include";
    const NodeId frame_element =
        include ? tree.FirstChild(n, "placement_frame") : kNoNode;
    if (include ? frame_element == kNoNode
                : tree.Tag(n) != "model" || !tree.HasAttribute(n, "placement_frame")) {
      continue;
    }
    const ElementId m = ctx.in.ElementOf(n);
    if (m == kNoElement) continue;
    const Element& model = ctx.in.doc().at(m);
    if (model.include && model.include->stand_in) {
      ctx.RefuseConstruct(n,
                          "the <placement_frame> of " + Describe(tree, n),
                          "1.8",
                          "the included model is not at hand to compute the "
                          "pose it gives (give its path with --model-path)");
      continue;
    }
    if (model.Model().placement_frame.empty() && !include) {
      // An empty placement_frame places the model frame: nothing to compute.
      tree.RemoveAttribute(n, "placement_frame");
      if (RefSite* s = ctx.Site(n, RefKind::kPlacementFrame)) DropSite(ctx, *s);
      continue;
    }
    const std::optional<Pose> X = PoseIn(ctx, n, m, g.relative_to[m]);
    if (!X) continue;
    SetPoseText(tree, n, *X);
    if (include) {
      tree.RemoveLine(frame_element);
    } else if (RefSite* s = ctx.Site(n, RefKind::kPlacementFrame)) {
      DropSite(ctx, *s);
    } else {
      tree.RemoveAttribute(n, "placement_frame");
    }
  }
}

void WriteScopedReferencesAsPoses(StepContext& ctx) {
  FlushReferences(ctx);
  std::vector<size_t> scoped;
  {
    const std::shared_ptr<const TreeIndex> held = ctx.Index();
    const TreeIndex& index = *held;
    for (size_t i = 0; i < ctx.refs.size(); ++i) {
      const RefSite& s = ctx.refs[i];
      if ((s.kind == RefKind::kAttachedTo || s.kind == RefKind::kExpressedIn ||
           s.kind == RefKind::kPoseRelativeTo) &&
          ctx.tree.Attached(s.holder) &&
          !NameableWithoutScopes(ctx.tree, index, s)) {
        scoped.push_back(i);
      }
    }
  }
  // Frames first: a frame's pose is read in its attached_to frame.
  for (size_t i : scoped) {
    if (ctx.refs[i].kind == RefKind::kAttachedTo) {
      RewriteScopedAttachedTo(ctx, ctx.refs[i]);
    } else if (ctx.refs[i].kind == RefKind::kExpressedIn) {
      WriteAxisInJointFrame(ctx, ctx.refs[i]);
    }
  }
  std::vector<NodeId> owners;
  for (size_t i : scoped) {
    RefSite& s = ctx.refs[i];
    if (s.kind != RefKind::kPoseRelativeTo) continue;
    owners.push_back(ctx.tree.ParentElement(s.holder));
    DropSite(ctx, s);
  }
  if (owners.empty()) return;
  FlushReferences(ctx);
  WriteInDefaultFrames(ctx, owners);
}

// ---- Below 1.7 --------------------------------------------------------------

namespace {

// 1.5/1.6 frames are attached to their model (000): an attached_to that
// means the same (the model, or what moves with its canonical link) goes.
void DropAttachedTo(StepContext& ctx, RefSite& site) {
  const ElementId f = ctx.in.ElementOf(site.holder);
  const ElementId a = InputElementOf(ctx, site.target);
  const FrameGraph& g = InGraph(ctx);
  const ElementId scope = f == kNoElement ? kNoElement : ctx.in.doc().at(f).parent;
  if (site.target.kind != Target::Kind::kNone &&
      (a == kNoElement || scope == kNoElement ||
       (a != scope && (a < 0 || g.body[a] != g.body[scope])))) {
    ctx.RefuseConstruct(site.holder,
                        Describe(ctx.tree, site.holder) + " attached to '" +
                            SiteText(ctx.tree, site) + "'",
                        "1.7",
                        "frames are attached to their model there");
    return;
  }
  DropSite(ctx, site);
}

// 1.5/1.6: an axis expressed in its joint's model frame says so with
// <use_parent_model_frame>; in the joint frame, nothing; in another frame,
// it is computed in the joint frame.
void WriteLegacyAxis(StepContext& ctx, RefSite& site) {
  const NodeId xyz = site.holder;
  const NodeId axis = ctx.tree.ParentElement(xyz);
  const ElementId j = ctx.in.ElementOf(ctx.tree.ParentElement(axis));
  const ElementId x = InputElementOf(ctx, site.target);
  if (site.target.kind == Target::Kind::kNone || j == kNoElement || x == j) {
    DropSite(ctx, site);
    return;
  }
  if (x == ctx.in.doc().at(j).parent) {
    DropSite(ctx, site);
    const NodeId flag = ctx.tree.NewElement("use_parent_model_frame", "true");
    ctx.tree.InsertLineAfter(xyz, flag);
    return;
  }
  WriteAxisInJointFrame(ctx, site);
}

}  // namespace

void WritePosesInLegacyFrames(StepContext& ctx) {
  FlushReferences(ctx);
  const std::vector<NodeId> owners = PosedElements(ctx);
  const std::unordered_set<NodeId> posed(owners.begin(), owners.end());
  for (size_t i = 0; i < ctx.refs.size(); ++i) {
    RefSite& s = ctx.refs[i];
    if (!ctx.tree.Attached(s.holder)) continue;
    if (!s.attribute.empty() && !ctx.tree.HasAttribute(s.holder, s.attribute)) {
      s.target = Target::None();  // a rule before took it out
      continue;
    }
    if (s.kind == RefKind::kPoseRelativeTo) {
      if (InState(ctx.tree, s.holder)) continue;
      const NodeId owner = ctx.tree.ParentElement(s.holder);
      if (posed.count(owner) == 0 && s.target.kind != Target::Kind::kNone) {
        // A pose the core does not place (a camera's): its frame is not
        // known here, so it cannot be written in another.
        ctx.RefuseConstruct(s.holder,
                            "the <pose> of " + Describe(ctx.tree, owner) +
                                " relative to '" + SiteText(ctx.tree, s) + "'",
                            "1.7");
        continue;
      }
      DropSite(ctx, s);  // @relative_to, or a @frame: never written
    } else if (s.kind == RefKind::kAttachedTo) {
      if (ctx.tree.Tag(s.holder) == "frame") {
        DropAttachedTo(ctx, s);
      } else {
        DropSite(ctx, s);  // a frame a rule before made a link
      }
    } else if (s.kind == RefKind::kExpressedIn) {
      WriteLegacyAxis(ctx, s);
    }
  }
  WriteInDefaultFrames(ctx, owners);
}

void WriteAxesInModelFrame(StepContext& ctx) {
  XmlTree& tree = ctx.tree;
  const FrameGraph& g = InGraph(ctx);
  const char* const tags[] = {"axis", "axis2"};
  for (NodeId joint : ctx.RegionElements()) {
    const ElementId j = ctx.in.ElementOf(joint);
    if (tree.Tag(joint) != "joint" || j == kNoElement ||
        ctx.in.doc().at(j).kind != ElementKind::kJoint) {
      continue;
    }
    const NodeId model = tree.ParentElement(joint);
    const ElementId m = ctx.in.ElementOf(model);
    const std::optional<Pose> X_WM = WorldOf(ctx, m);
    const std::vector<JointAxis>& axes = ctx.in.doc().at(j).Joint().axes;
    for (size_t k = 0; k < axes.size() && k < 2; ++k) {
      NodeId axis = tree.FirstChild(joint, tags[k]);
      const bool in_model =
          axes[k].written && k < g.axis_expressed_in[j].size() &&
          g.axis_expressed_in[j][k] == m && m != kNoElement;
      if (axis != kNoNode) {
        for (NodeId flag : tree.Children(axis, "use_parent_model_frame")) {
          tree.RemoveLine(flag);
        }
      }
      const NodeId xyz = axis == kNoNode ? kNoNode : tree.FirstChild(axis, "xyz");
      if (in_model && xyz != kNoNode) continue;  // kept as written
      if (!X_WM || k >= ctx.in.reading().resolution.axes_W[j].size()) {
        ctx.Fail(Code::kJointAxisExpressedInInvalid, joint,
                 "the axis of " + Describe(tree, joint) +
                     " cannot be computed in its model frame");
        continue;
      }
      const Eigen::Vector3d v =
          X_WM->linear().transpose() * ctx.in.reading().resolution.axes_W[j][k];
      if (axis == kNoNode) {
        axis = tree.NewElement(tags[k]);
        tree.InsertLine(joint, axis,
                        k == 0 ? tree.FirstChild(joint, "axis2") : kNoNode);
      }
      if (xyz == kNoNode) {
        tree.InsertLine(axis, tree.NewElement("xyz", FormatVector(v)),
                        tree.FirstChild(axis));
      } else {
        tree.SetText(xyz, FormatVector(v));
      }
    }
  }
}

void WriteModelAbsolutePoses(StepContext& ctx) {
  XmlTree& tree = ctx.tree;
  const FrameGraph& g = InGraph(ctx);
  const std::shared_ptr<const TreeIndex> held = ctx.Index();
  const TreeIndex& index = *held;
  for (NodeId n : ctx.RegionElements()) {
    const std::string tag(tree.Tag(n));
    if (tag != "link" && tag != "joint") continue;
    const ElementId e = ctx.in.ElementOf(n);
    const NodeId model = index.ScopeOf(n);
    const ElementId m = ctx.in.ElementOf(model);
    if (e == kNoElement || m == kNoElement || tree.Tag(model) != "model" ||
        !index.DefinesFrameIn(n)) {
      continue;
    }
    if (g.relative_to[e] != m) {
      const std::optional<Pose> X_ME = PoseIn(ctx, n, e, m);
      if (!X_ME) continue;
      SetPoseText(tree, n, *X_ME, /*absent_ok=*/false);
    } else if (tree.FirstChild(n, "pose") == kNoNode) {
      SetPoseText(tree, n, Pose::Identity(), /*absent_ok=*/false);
    }
    ctx.EnsureSite(tree.FirstChild(n, "pose"), RefKind::kPoseRelativeTo,
                   "relative_to")
        .target = Target::Node(model);
  }
}

}  // namespace sdfconv::upgrade
