// The steps between SDFormat 1.8 and 1.12, up and down (version_steps.h).
// What each step rewrites, from the element descriptions of adjacent
// versions (gazebosim/sdformat sdf/1.X/), is in docs/versions.md ("Writing
// 1.9 to 1.12"). Automatic inertia (1.11 -> 1.10) and world joints
// (1.10 -> 1.9) are in newer_inertia.cc and newer_world_joints.cc.
//
// Invariant: a step changes only the elements its two versions differ in;
// each change is said once, at the element, as VERSION_CONSTRUCT_REWRITTEN
// (the same meaning in another form), VERSION_CONSTRUCT_DROPPED (a record
// or hint left out) or VERSION_CONSTRUCT_UNSUPPORTED (no form: refused).
#include <cmath>
#include <set>
#include <string>
#include <vector>

#include "converters/sdf/joint_limits.h"
#include "converters/upgrade/newer_rules.h"
#include "converters/upgrade/version_steps.h"
#include "converters/xml/text_values.h"
#include "converters/xml/xml_element.h"

namespace sdfconv::upgrade {
namespace {

constexpr double kTwoPi = 2.0 * M_PI;

// The screw joints of models and worlds (an actor's skeleton has none).
std::vector<NodeId> ScrewJoints(const XmlTree& tree) {
  std::vector<NodeId> joints;
  for (NodeId id : ElementsUnder(tree, "joint")) {
    const NodeId parent = tree.ParentElement(id);
    if (tree.Tag(parent) != "model" && tree.Tag(parent) != "world") continue;
    if (tree.Attribute(id, "type").value_or("") == "screw") {
      joints.push_back(id);
    }
  }
  return joints;
}

// ---- 1.8 -> 1.9 -------------------------------------------------------

// //axis/initial_position, //axis2/initial_position: removed in 1.9 (no
// known implementation, deprecated in 1.8).
void DropInitialPositions(StepContext& ctx) {
  for (const char* axis : {"axis", "axis2"}) {
    DropChildren(ctx, axis, "initial_position", "1.8",
                 "removed in SDFormat 1.9 (it had no implementation)");
  }
}

// ---- 1.9 <-> 1.10: the screw pitch -------------------------------------

// Writes the pitch of each screw joint as <screw_thread_pitch> in metres
// per revolution (1.10), from the joint's 1.9 meaning (joint_limits.h):
// a <thread_pitch> is converted in place, an absent one (1.9's default 1
// rad/m) written explicitly.
void WriteScrewThreadPitch(StepContext& ctx) {
  XmlTree& tree = ctx.tree;
  for (NodeId joint : ScrewJoints(tree)) {
    const double pitch = ScrewThreadPitch(XmlElement(&tree, joint),
                                          ctx.version);
    const std::string value = FormatNumber(pitch);
    const NodeId old = tree.FirstChild(joint, "thread_pitch");
    if (old != kNoNode) {
      tree.RenameElement(old, "screw_thread_pitch");
      tree.SetText(old, value);
      ctx.Warn(Code::kVersionConstructRewritten, old,
               "the <thread_pitch> of " + Describe(tree, joint) +
                   " (radians per metre, positive = left-handed) is written "
                   "as SDFormat " + ctx.TargetName() +
                   "'s <screw_thread_pitch> " + value +
                   " (metres per revolution, positive = right-handed)");
    } else {
      const NodeId added = tree.NewElement("screw_thread_pitch", value);
      tree.InsertLine(joint, added);
      ctx.Warn(Code::kVersionConstructRewritten, joint,
               Describe(tree, joint) + " has no <thread_pitch>: its default "
               "(1 radian per metre) is written as SDFormat " +
                   ctx.TargetName() + "'s <screw_thread_pitch> " + value +
                   ", whose own default means another pitch");
    }
  }
}

// The inverse: <thread_pitch> (radians per metre) from the 1.10 meaning; a
// joint that writes only the (deprecated) <thread_pitch> keeps it.
void WriteThreadPitch(StepContext& ctx) {
  XmlTree& tree = ctx.tree;
  for (NodeId joint : ScrewJoints(tree)) {
    const NodeId screw = tree.FirstChild(joint, "screw_thread_pitch");
    const NodeId old = tree.FirstChild(joint, "thread_pitch");
    if (screw == kNoNode && old != kNoNode) continue;  // same in both
    const double pitch = ScrewThreadPitch(XmlElement(&tree, joint),
                                          ctx.version);
    const std::string value = FormatNumber(-kTwoPi / pitch);
    if (old != kNoNode) tree.RemoveLine(old);  // screw_thread_pitch wins
    if (screw != kNoNode) {
      tree.RenameElement(screw, "thread_pitch");
      tree.SetText(screw, value);
      ctx.Warn(Code::kVersionConstructRewritten, screw,
               "the <screw_thread_pitch> of " + Describe(tree, joint) +
                   " (metres per revolution) is written as SDFormat " +
                   ctx.TargetName() + "'s <thread_pitch> " + value +
                   " (radians per metre, positive = left-handed)");
    } else {
      tree.InsertLine(joint, tree.NewElement("thread_pitch", value));
      ctx.Warn(Code::kVersionConstructRewritten, joint,
               Describe(tree, joint) + " has no <screw_thread_pitch>: its "
               "default (1 metre per revolution) is written as SDFormat " +
                   ctx.TargetName() + "'s <thread_pitch> " + value);
    }
  }
}

// ---- 1.10 -> 1.9 -------------------------------------------------------

// A name for a plugin from its filename: no directory, no extension.
std::string PluginStem(const std::string& filename) {
  std::string stem = filename.substr(filename.find_last_of("/\\") + 1);
  if (const size_t dot = stem.find('.'); dot != std::string::npos && dot > 0) {
    stem.resize(dot);
  }
  return stem.empty() ? "plugin" : stem;
}

// //plugin/@name, optional from 1.10, required before: a plugin without one
// is named after its filename, unique among its sibling plugins.
void NamePlugins(StepContext& ctx) {
  XmlTree& tree = ctx.tree;
  std::vector<NodeId> plugins;  // a plugin's content is not the region's
  for (NodeId id : ctx.RegionElements()) {
    for (NodeId plugin : tree.Children(id, "plugin")) plugins.push_back(plugin);
  }
  for (NodeId plugin : plugins) {
    if (tree.HasAttribute(plugin, "name")) continue;
    std::set<std::string> taken;
    for (NodeId sibling :
         tree.Children(tree.ParentElement(plugin), "plugin")) {
      if (auto n = tree.Attribute(sibling, "name")) taken.insert(*n);
    }
    const std::string stem =
        PluginStem(tree.Attribute(plugin, "filename").value_or(""));
    std::string name = stem;
    for (int k = 2; taken.count(name) > 0; ++k) {
      name = stem + "_" + std::to_string(k);
    }
    tree.SetAttribute(plugin, "name", name);
    ctx.Warn(Code::kVersionConstructRewritten, plugin,
             "a <plugin> without a name (SDFormat 1.10) has no form in "
             "SDFormat " + ctx.TargetName() + ", which requires one: named '" +
                 name + "' after its filename");
  }
}

void RefuseNewerDynamics(StepContext& ctx) {
  for (NodeId added : ElementsUnder(ctx.tree, "fluid_added_mass", "inertial")) {
    ctx.RefuseConstruct(added,
                        "the <fluid_added_mass> of " +
                            Describe(ctx.tree, ctx.tree.ParentElement(
                                                   ctx.tree.ParentElement(added))),
                        "1.10", "it changes the link's dynamics");
  }
  for (NodeId sensor : ElementsUnder(ctx.tree, "sensor")) {
    if (ctx.tree.Attribute(sensor, "type").value_or("") == "air_speed") {
      ctx.RefuseConstruct(sensor,
                          "the air speed " + Describe(ctx.tree, sensor),
                          "1.10", "the sensor type does not exist there");
    }
  }
  DropChildren(ctx, "spherical_coordinates", "surface_axis_equatorial",
               "1.10");
  DropChildren(ctx, "spherical_coordinates", "surface_axis_polar", "1.10");
}

// ---- 1.9 -> 1.8 --------------------------------------------------------

// What 1.9 added to sensors and scenes: settings of the simulator's
// rendering, none a frame, a pose or a motion.
void DropNewerSettings(StepContext& ctx) {
  for (const char* tag :
       {"triggered", "trigger_topic", "segmentation_type", "box_type"}) {
    DropChildren(ctx, "camera", tag, "1.9");
  }
  DropChildren(ctx, "lidar", "visibility_mask", "1.9");
  DropChildren(ctx, "ray", "visibility_mask", "1.9");
  DropChildren(ctx, "sky", "cubemap_uri", "1.9");
}

}  // namespace

std::vector<NodeId> ElementsUnder(const XmlTree& tree, std::string_view tag,
                                  std::string_view parent_tag) {
  std::vector<NodeId> found;
  for (NodeId id : SdfRegion(tree).Elements()) {
    if (tree.Tag(id) != tag) continue;
    const NodeId parent = tree.ParentElement(id);
    if (!parent_tag.empty() &&
        (parent == kNoNode || tree.Tag(parent) != parent_tag)) {
      continue;
    }
    found.push_back(id);
  }
  return found;
}

void DropChildren(StepContext& ctx, std::string_view parent_tag,
                  std::string_view tag, std::string_view since,
                  std::string_view why) {
  for (NodeId id : ElementsUnder(ctx.tree, tag, parent_tag)) {
    ctx.DropConstruct(id,
                      "<" + std::string(tag) + "> of " +
                          Describe(ctx.tree, ctx.tree.ParentElement(id)),
                      since, why);
    ctx.tree.RemoveLine(id);
  }
}

void StepUpTo1_9(StepContext& ctx) { DropInitialPositions(ctx); }
void StepUpTo1_10(StepContext& ctx) { WriteScrewThreadPitch(ctx); }
// 1.11 added only new elements and attributes: nothing to rewrite.
void StepUpTo1_11(StepContext&) {}
void StepUpTo1_12(StepContext& ctx) { RenameStates(ctx, /*up=*/true); }

void StepDownTo1_11(StepContext& ctx) {
  RenameStates(ctx, /*up=*/false);
  DropChildren(ctx, "sensor", "frame_id", "1.12",
               "a label for the sensor's data; the sensor keeps its frame");
}

void StepDownTo1_10(StepContext& ctx) {
  WriteAutoInertiaValues(ctx);
  WriteWithoutMimics(ctx);
  DropNewerHints(ctx);
}

void StepDownTo1_9(StepContext& ctx) {
  MoveWorldJointsIntoModels(ctx);
  WriteThreadPitch(ctx);
  NamePlugins(ctx);
  RefuseNewerDynamics(ctx);
}

void StepDownTo1_8(StepContext& ctx) {
  WritePosesInRadians(ctx);
  DropNewerSettings(ctx);
}

}  // namespace sdfconv::upgrade
