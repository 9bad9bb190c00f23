#include "converters/sdf/sdf_values.h"

#include <optional>
#include <vector>

#include "converters/sdf/pose_text.h"
#include "converters/xml/text_values.h"

namespace sdfconv {
namespace {

// "'1 2 3'" with whitespace runs shown as single spaces, cut if very long.
std::string Quote(std::string_view text) {
  constexpr size_t kMaxShown = 80;
  std::string shown;
  bool in_space = false;
  for (char c : TrimWhitespace(text)) {
    if (IsXmlSpace(c)) {
      in_space = true;
      continue;
    }
    if (in_space) shown.push_back(' ');
    in_space = false;
    shown.push_back(c);
    if (shown.size() > kMaxShown) {
      shown += "...";
      break;
    }
  }
  return "'" + shown + "'";
}

// "<pose> of <link name="l">", or just "<pose>" at the root.
std::string DescribeWithOwner(XmlElement element) {
  std::string out = DescribeElement(element);
  if (const XmlElement owner = ParentElement(element)) {
    out += " of " + DescribeElement(owner);
  }
  return out;
}

}  // namespace

std::string DescribeElement(XmlElement element) {
  std::string out = "<" + std::string(Tag(element));
  if (const std::optional<std::string> name = Attribute(element, "name")) {
    out += " name=\"" + *name + "\"";
  }
  return out + ">";
}

PoseSpec ReadPose(XmlElement pose, Diagnostics* diags, const PoseRules& rules,
                  const SourceLocation* owner) {
  PoseSpec spec;
  spec.present = true;
  if (!rules.frame_attribute.empty()) {
    spec.relative_to = Attribute(pose, rules.frame_attribute).value_or("");
  }
  if (!rules.values) return spec;
  if (owner != nullptr && Tag(pose) == "pose" &&
      pose.tree().LocatedBelowParent(pose.id())) {
    spec.set_source_below(*owner, pose.tree().Line(pose.id()));
  } else {
    spec.set_source(Locate(pose));
  }
  // Described only for a message: most poses have none.
  auto where = [pose] { return DescribeWithOwner(pose); };
  PoseTextForm form;
  bool form_ok = true;
  const std::optional<std::string> format = Attribute(pose, "rotation_format");
  const std::optional<std::string> degrees = Attribute(pose, "degrees");
  if (!rules.rotation_attributes) {
    for (const char* attribute : {"degrees", "rotation_format"}) {
      if (HasAttribute(pose, attribute)) {
        diags->Warning(Code::kAttributeInvalid, spec.source(),
                       std::string("@") + attribute + " of " + where() +
                           " is an SDFormat 1.9 attribute; it is ignored");
      }
    }
  } else {
    const PoseForm read = PoseFormOf(format, degrees);
    if (!read.error.empty()) {
      diags->Error(Code::kAttributeInvalid, spec.source(),
                   where() + ": " + read.error);
      form_ok = false;
    }
    form = read.form;
  }
  if (!form_ok) return spec;
  std::string scratch;
  const std::string_view text = Text(pose, &scratch);
  const ParsedPose parsed = ParsePoseText(text, form);  // <pose/>: identity
  if (!parsed.X) {
    diags->Error(Code::kPoseInvalid, spec.source(),
                 where() + " is " + Quote(text) + "; " + parsed.error);
    return spec;
  }
  if (parsed.normalized) {
    diags->Warning(Code::kPoseQuaternionNormalized, spec.source(),
                   where() + " holds a quaternion of length other than 1 (" +
                       Quote(text) + "); it is read normalised");
  }
  spec.X = *parsed.X;
  return spec;
}

bool ReadBool(XmlElement element, bool fallback, Diagnostics* diags) {
  std::string scratch;
  const std::string_view text = Text(element, &scratch);
  if (const std::optional<bool> value = ParseBool(text)) return *value;
  diags->Error(Code::kValueInvalid, Locate(element),
               DescribeWithOwner(element) + " is " + Quote(text) +
                   "; expected true, false, 1 or 0");
  return fallback;
}

double ReadDouble(XmlElement element, double fallback,
                  Diagnostics* diags) {
  std::string scratch;
  const std::string_view text = Text(element, &scratch);
  if (const std::optional<double> value = ParseDouble(text)) return *value;
  diags->Error(Code::kValueInvalid, Locate(element),
               DescribeWithOwner(element) + " is " + Quote(text) +
                   "; expected a finite number");
  return fallback;
}

Eigen::Vector3d ReadVector3(XmlElement element,
                            const Eigen::Vector3d& fallback,
                            Diagnostics* diags) {
  std::string scratch;
  const std::string_view text = Text(element, &scratch);
  if (const std::optional<std::vector<double>> v = ParseDoubles(text, 3)) {
    return Eigen::Vector3d((*v)[0], (*v)[1], (*v)[2]);
  }
  diags->Error(Code::kValueInvalid, Locate(element),
               DescribeWithOwner(element) + " is " + Quote(text) +
                   "; expected three numbers 'x y z'");
  return fallback;
}

}  // namespace sdfconv
