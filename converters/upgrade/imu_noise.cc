// 1.5 -> 1.6: an IMU's noise moves from one <noise> with <rate> and <accel>
// blocks to a <noise> per axis of <angular_velocity> and
// <linear_acceleration> (the libsdformat recipe 1.6/1_5.convert, which
// copies the type and each value to x, y and z).
//
//   <imu><noise><type>gaussian</type>
//     <rate><mean>0</mean>...</rate><accel>...</accel></noise></imu>
// becomes
//   <imu>
//     <angular_velocity>
//       <x><noise type="gaussian"><mean>0</mean>...</noise></x>
//       <y>...</y><z>...</z>
//     </angular_velocity>
//     <linear_acceleration>...</linear_acceleration>
//   </imu>
//
// Values are copied as written. Comments and unknown elements found inside
// the old blocks are kept once: those of <rate>/<accel> first in the new
// block, those of <noise> in <imu>, just before the new blocks.
#include <array>

#include "converters/upgrade/rules.h"
#include "converters/xml/text_values.h"

namespace sdfconv::upgrade {
namespace {

constexpr std::array<const char*, 4> kValues = {"mean", "stddev", "bias_mean",
                                                "bias_stddev"};

bool IsKnownValue(std::string_view tag) {
  for (const char* v : kValues) {
    if (tag == v) return true;
  }
  return false;
}

// The children of `from` that are comments or elements other than
// `known`, detached (each with its line) and re-inserted under `to`.
template <typename Known>
void MoveLeftovers(XmlTree& tree, NodeId from, NodeId to, NodeId before,
                   Known known) {
  if (from == kNoNode) return;
  const std::vector<NodeId> kids = tree.ChildNodes(from).ToVector();
  for (NodeId c : kids) {
    const XmlNode& n = tree.at(c);
    const bool keep = n.type == XmlNodeType::kComment ||
                      n.type == XmlNodeType::kPi ||
                      (n.type == XmlNodeType::kElement && !known(tree.Tag(c)));
    if (!keep) continue;
    const std::string indent = tree.Indent(c).value_or("");
    tree.RemoveLine(c);
    tree.InsertLine(to, c, before);
    tree.Reindent(c, indent, tree.Indent(c).value_or(""));
  }
}

// <angular_velocity> (from <rate>) or <linear_acceleration> (from <accel>).
NodeId AddBlock(XmlTree& tree, NodeId imu, NodeId noise, const char* block_tag,
              NodeId source, const std::optional<std::string>& type) {
  const NodeId block = tree.NewElement(block_tag);
  tree.InsertLine(imu, block, noise);
  for (const char* axis_tag : {"x", "y", "z"}) {
    const NodeId axis = tree.NewElement(axis_tag);
    tree.InsertLine(block, axis);
    const NodeId axis_noise = tree.NewElement("noise");
    if (type) tree.SetAttribute(axis_noise, "type", *type);
    tree.InsertLine(axis, axis_noise);
    if (source == kNoNode) continue;
    const bool first = std::string(axis_tag) == "x";
    for (NodeId value : tree.ChildElements(source)) {
      if (!IsKnownValue(tree.Tag(value))) continue;
      tree.InsertLine(axis_noise, tree.Clone(value, /*with_comments=*/first));
    }
  }
  MoveLeftovers(tree, source, block, tree.FirstChild(block),
                [](std::string_view tag) { return IsKnownValue(tag); });
  return block;
}

void Restructure(XmlTree& tree, NodeId imu, NodeId noise) {
  std::optional<std::string> type;
  if (const NodeId t = tree.FirstChild(noise, "type"); t != kNoNode) {
    type = std::string(TrimWhitespace(tree.Text(t)));
  }
  const NodeId first = AddBlock(tree, imu, noise, "angular_velocity",
                                tree.FirstChild(noise, "rate"), type);
  AddBlock(tree, imu, noise, "linear_acceleration",
           tree.FirstChild(noise, "accel"), type);
  MoveLeftovers(tree, noise, imu, first, [](std::string_view tag) {
    return tag == "type" || tag == "rate" || tag == "accel";
  });
  tree.RemoveLine(noise);
}

}  // namespace

void RestructureImuNoise(Context& ctx) {
  if (ctx.AtLeast(1, 6)) return;
  for (NodeId imu : ctx.RegionElements()) {
    const NodeId sensor = ctx.tree.ParentElement(imu);
    if (ctx.tree.Tag(imu) != "imu" || sensor == kNoNode ||
        ctx.tree.Tag(sensor) != "sensor") {
      continue;
    }
    const NodeId noise = ctx.tree.FirstChild(imu, "noise");
    if (noise == kNoNode) continue;
    if (ctx.tree.FirstChild(imu, "angular_velocity") != kNoNode ||
        ctx.tree.FirstChild(imu, "linear_acceleration") != kNoNode) {
      ctx.Fail(Code::kElementInvalid, imu,
               "<imu> of " + Describe(ctx.tree, sensor) +
                   " has both the SDFormat 1.5 <noise> and the 1.6 "
                   "<angular_velocity>/<linear_acceleration>; cannot merge "
                   "them");
      continue;
    }
    Restructure(ctx.tree, imu, noise);
  }
}

}  // namespace sdfconv::upgrade
