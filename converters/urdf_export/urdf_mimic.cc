// SdfMimics and MimicElement (see urdf_mimic.h). Invariant: every number
// written is the file's text or FormatNumber of a value.
#include "converters/urdf_export/urdf_mimic.h"

#include <cmath>
#include <optional>

#include "converters/xml/text_values.h"
#include "converters/xml/xml_escape.h"

namespace sdfconv {
namespace {

const char* AxisTag(int axis) { return axis == 0 ? "<axis>" : "<axis2>"; }

bool CanMimic(const std::string& urdf_type) {
  return urdf_type == "revolute" || urdf_type == "continuous" ||
         urdf_type == "prismatic";
}

// The <mimic> under axis `axis` of the joint element `joint`.
XmlElement MimicXml(XmlElement joint, int axis) {
  if (!joint) return {};
  XmlElement a = FirstChildElement(joint, axis == 0 ? "axis" : "axis2");
  return a ? FirstChildElement(a, "mimic") : XmlElement();
}

}  // namespace

std::string MimicElement(
    const std::vector<std::pair<std::string, std::string>>& attributes,
    int indent) {
  std::string out(static_cast<size_t>(indent), ' ');
  out += "<mimic";
  for (const auto& [name, value] : attributes) {
    out += " " + name + "=\"" + EscapeXmlAttribute(value) + "\"";
  }
  return out + "/>\n";
}

SdfMimics::SdfMimics(const Document& doc, const FrameGraph& graph,
                     const XmlSources* sources,
                     const std::vector<UrdfJoint>& joints, Diagnostics* diags)
    : doc_(doc), graph_(graph), sources_(sources), joints_(joints),
      diags_(*diags) {
  for (size_t i = 0; i < joints_.size(); ++i) {
    const UrdfJoint& j = joints_[i];
    if (j.element >= 0 && doc_.at(j.element).kind == ElementKind::kJoint) {
      index_.emplace(std::make_pair(j.element, j.sdf_axis), i);
    }
  }
  // Follower axes with no URDF joint of their own, on joints that are
  // written (a joint left out entirely has had its own warning).
  ElementId previous = kNoElement;
  for (const auto& [key, i] : index_) {
    const ElementId e = key.first;
    if (e == previous) continue;
    previous = e;
    const std::vector<JointAxis>& axes = doc_.at(e).Joint().axes;
    for (int k = 0; k < static_cast<int>(axes.size()) && k < 2; ++k) {
      if (!axes[static_cast<size_t>(k)].mimic) continue;
      const UrdfJoint* follower = Find(e, k);
      if (follower == nullptr) {
        Warn(e, k,
             "that axis is no joint of the URDF (the " +
                 doc_.at(e).Joint().type + " joint is written without it)");
      } else if (!CanMimic(follower->type)) {
        Warn(e, k, "a URDF " + follower->type + " joint has no <mimic>");
      }
    }
  }
}

const UrdfJoint* SdfMimics::Find(ElementId element, int axis) const {
  const auto it = index_.find({element, axis});
  return it == index_.end() ? nullptr : &joints_[it->second];
}

std::optional<std::string> SdfMimics::WrittenText(ElementId joint, int axis,
                                                  const char* tag) const {
  if (sources_ == nullptr) return std::nullopt;
  XmlElement mimic = MimicXml(sources_->Element(doc_.at(joint).node), axis);
  XmlElement value = mimic ? FirstChildElement(mimic, tag) : XmlElement();
  if (!value) return std::nullopt;
  return std::string(TrimWhitespace(Text(value)));
}

void SdfMimics::Warn(ElementId joint, int axis, const std::string& why) {
  const JointAxis& a = doc_.at(joint).Joint().axes[static_cast<size_t>(axis)];
  diags_.Warning(Code::kUrdfExportUnsupported, a.mimic->source,
                 "the <mimic> of joint '" + doc_.at(joint).name + "' " +
                     AxisTag(axis) + " is left out: " + why);
}

std::string SdfMimics::For(const UrdfJoint& joint) {
  const ElementId f = joint.element;
  const int k = joint.sdf_axis;
  if (f < 0 || k < 0 || k > 1 || doc_.at(f).kind != ElementKind::kJoint ||
      static_cast<size_t>(k) >= doc_.at(f).Joint().axes.size() ||
      !doc_.at(f).Joint().axes[static_cast<size_t>(k)].mimic ||
      !CanMimic(joint.type)) {
    return "";
  }
  const JointMimic& m = *doc_.at(f).Joint().axes[static_cast<size_t>(k)].mimic;
  const MimicLeader& leader = graph_.mimic[f][static_cast<size_t>(k)];
  if (!leader.valid()) return "";  // the graph has errors: not exported
  const UrdfJoint* target = Find(leader.joint, leader.axis);
  if (target == nullptr) {
    Warn(f, k, "its leader, joint '" + doc_.ScopedName(leader.joint) + "' " +
                   AxisTag(leader.axis) + ", is no joint of the URDF");
    return "";
  }
  const double offset = m.reference == 0.0
                            ? m.offset
                            : std::fma(-m.multiplier, m.reference, m.offset);
  if (!std::isfinite(offset)) {
    Warn(f, k, "offset - multiplier * reference is not a finite number");
    return "";
  }
  const std::optional<std::string> multiplier_text =
      WrittenText(f, k, "multiplier");
  const std::optional<std::string> offset_text =
      m.reference == 0.0 ? WrittenText(f, k, "offset") : std::nullopt;
  return MimicElement(
      {{"joint", target->name},
       {"multiplier", multiplier_text.value_or(FormatNumber(m.multiplier))},
       {"offset", offset_text.value_or(FormatNumber(offset))}},
      4);
}

}  // namespace sdfconv
