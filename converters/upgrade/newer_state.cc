// //world/state between SDFormat 1.11 and 1.12 (newer_rules.h): 1.12
// renamed the records of a state (state.sdf, model_state.sdf,
// link_state.sdf, light_state.sdf, joint_state.sdf of each version);
// libsdformat has no recipe for it.
//
// Invariant: only the children of a <state> and of the records in it are
// renamed; <insertions> and <deletions> hold models and names, not
// records, and are kept.
#include <string>
#include <utility>
#include <vector>

#include "converters/upgrade/newer_rules.h"

namespace sdfconv::upgrade {
namespace {

enum class Record { kState, kModel, kLink, kOther };

// 1.11 tag -> 1.12 tag of the records under each kind of record.
struct Rename {
  Record in;
  const char* old_tag;
  const char* new_tag;
  Record is;  // what the renamed element is, for its own children
};
constexpr Rename kRenames[] = {
    {Record::kState, "model", "model_state", Record::kModel},
    {Record::kState, "light", "light_state", Record::kOther},
    {Record::kModel, "model", "model_state", Record::kModel},
    {Record::kModel, "link", "link_state", Record::kLink},
    {Record::kModel, "joint", "joint_state", Record::kOther},
    {Record::kLink, "collision", "collision_state", Record::kOther},
};

// What 1.12 records about a link that 1.11 cannot hold.
constexpr const char* kLinkOnly[] = {
    "angular_velocity", "linear_velocity", "angular_acceleration",
    "linear_acceleration", "torque", "force"};

// A 1.12 <joint_state>, going down: 1.11's <joint> holds only <angle>s.
// Returns false when the whole record is dropped.
bool KeepJointState(StepContext& ctx, NodeId joint, bool in_model) {
  XmlTree& tree = ctx.tree;
  const std::string what = "the state record " + Describe(tree, joint);
  if (!in_model) {
    ctx.DropConstruct(joint, what, "1.12",
                      "a world's state records no joints before 1.12");
    tree.RemoveLine(joint);
    return false;
  }
  if (tree.FirstChild(joint, "angle") == kNoNode) {
    ctx.DropConstruct(joint, what, "1.12",
                      "it has no <angle>, which 1.11's joint record needs");
    tree.RemoveLine(joint);
    return false;
  }
  for (const char* tag : {"axis_state", "axis2_state"}) {
    for (NodeId axis : tree.Children(joint, tag)) {
      ctx.DropConstruct(axis, "the <" + std::string(tag) + "> of " + what,
                        "1.12");
      tree.RemoveLine(axis);
    }
  }
  return true;
}

void DropLinkOnly(StepContext& ctx, NodeId link) {
  for (const char* tag : kLinkOnly) {
    for (NodeId value : ctx.tree.Children(link, tag)) {
      ctx.DropConstruct(value,
                        "the <" + std::string(tag) +
                            "> of the state record " + Describe(ctx.tree, link),
                        "1.12");
      ctx.tree.RemoveLine(value);
    }
  }
}

// Renames the records under one <state>; true when something changed.
bool RenameRecords(StepContext& ctx, NodeId state, bool up) {
  XmlTree& tree = ctx.tree;
  bool changed = false;
  std::vector<std::pair<NodeId, Record>> stack = {{state, Record::kState}};
  while (!stack.empty()) {
    const auto [node, kind] = stack.back();
    stack.pop_back();
    for (NodeId child : tree.ChildElements(node)) {
      const std::string tag(tree.Tag(child));
      if (!up && tag == "joint_state" &&
          !KeepJointState(ctx, child, kind == Record::kModel)) {
        changed = true;
        continue;
      }
      for (const Rename& r : kRenames) {
        if (r.in != kind || tag != (up ? r.old_tag : r.new_tag)) continue;
        tree.RenameElement(child, up ? r.new_tag : r.old_tag);
        changed = true;
        if (!up && tag == "link_state") {
          DropLinkOnly(ctx, child);
        }
        stack.emplace_back(child, r.is);
        break;
      }
    }
  }
  return changed;
}

}  // namespace

void RenameStates(StepContext& ctx, bool up) {
  XmlTree& tree = ctx.tree;
  const NodeId top = ctx.Region()->Top();
  if (top != kNoNode && tree.Tag(top) == "world") {
    for (NodeId state : tree.Children(top, "state")) {
      if (RenameRecords(ctx, state, up)) {
        ctx.Warn(Code::kVersionConstructRewritten, state,
                 std::string("the records of this <state> are written with "
                             "SDFormat ") +
                     ctx.TargetName() + "'s names (" +
                     (up ? "`model` -> `model_state`, `link` -> "
                           "`link_state`, ..."
                         : "`model_state` -> `model`, `link_state` -> "
                           "`link`, ...") +
                     ")");
      }
    }
  }
  if (!up) {
    DropChildren(ctx, "model", "model_state", "1.12",
                 "an initial state for the simulator");
    DropChildren(ctx, "include", "model_state", "1.12",
                 "an initial state for the simulator");
  }
}

}  // namespace sdfconv::upgrade
