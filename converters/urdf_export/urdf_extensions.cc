// UrdfExtensions (see urdf_extensions.h). Invariant: every element written
// here is an element the URDF front end kept, written through EmitXml.
#include "converters/urdf_export/urdf_extensions.h"

#include <algorithm>
#include <set>
#include <unordered_map>
#include <utility>

#include "converters/urdf_export/gazebo_blocks.h"
#include "converters/urdf_export/urdf_mimic.h"
#include "converters/xml/text_values.h"
#include "converters/xml/xml_escape.h"

namespace sdfconv {
namespace {

bool IsOneOf(const std::string& tag, const std::vector<std::string>& tags) {
  return std::find(tags.begin(), tags.end(), tag) != tags.end();
}

// <urdf:mimic joint="j" .../> (or <mimic> in a kept joint) as <mimic>, its
// attributes as written, its joint renamed through `names`.
std::string Mimic(XmlElement mimic,
                  const std::map<std::string, std::string>& names,
                  int indent) {
  std::vector<std::pair<std::string, std::string>> attributes;
  for (const XmlAttribute& a : Attributes(mimic)) {
    if (a.namespaced) continue;
    std::string value = a.value;
    if (a.name == "joint") {
      const auto it = names.find(value);
      if (it != names.end()) value = it->second;
    }
    attributes.emplace_back(a.name, std::move(value));
  }
  return MimicElement(attributes, indent);
}

}  // namespace

std::optional<std::string> UrdfMaterialName(XmlElement visual) {
  XmlElement material = FirstChildElement(visual, "material");
  if (!material) return std::nullopt;
  auto name = UrdfAttribute(material, "name");
  if (name && name->empty()) return std::nullopt;
  return name;
}

std::optional<std::string> MaterialTexture(XmlElement visual) {
  XmlElement n = FirstChildElement(visual, "material");
  for (const char* tag : {"pbr", "metal", "albedo_map"}) {
    if (!n) return std::nullopt;
    n = FirstChildElement(n, tag);
  }
  if (!n) return std::nullopt;
  return std::string(TrimWhitespace(Text(n)));
}

UrdfExtensions::UrdfExtensions(const Document& doc, const FrameGraph& graph,
                               const XmlSources* sources, ElementId model)
    : doc_(doc), graph_(graph), sources_(sources), model_(model),
      model_xml_(Xml(model)) {}

XmlElement UrdfExtensions::Xml(ElementId id) const {
  if (id < 0 || sources_ == nullptr) return {};
  return sources_->Element(doc_.at(id).node);
}

std::string UrdfExtensions::RobotName() const {
  if (model_xml_) {
    if (auto name = UrdfAttribute(model_xml_, "name"); name && !name->empty()) {
      return *name;
    }
  }
  return doc_.at(model_).name;
}

UrdfFrameRole UrdfExtensions::RoleOf(ElementId frame) const {
  XmlElement xml = Xml(frame);
  const std::optional<std::string> kind =
      xml ? UrdfAttribute(xml, "kind") : std::nullopt;
  if (kind == "link") return UrdfFrameRole::kUrdfLink;
  if (kind == "joint") return UrdfFrameRole::kUrdfJoint;
  return UrdfFrameRole::kFrame;
}

std::vector<KeptUrdfJoint> UrdfExtensions::KeptJoints() const {
  std::vector<KeptUrdfJoint> out;
  if (!model_xml_) return out;
  for (XmlElement c : ChildElements(model_xml_)) {
    if (!InUrdfNamespace(c) || LocalTag(c) != "joint") continue;
    KeptUrdfJoint joint;
    joint.name = Attribute(c, "name").value_or("");
    joint.type = Attribute(c, "type").value_or("");
    if (XmlElement p = FirstChildElement(c, "parent")) {
      joint.parent = Attribute(p, "link").value_or("");
    }
    if (XmlElement p = FirstChildElement(c, "child")) {
      joint.child = Attribute(p, "link").value_or("");
    }
    out.push_back(std::move(joint));
  }
  return out;
}

XmlElement UrdfExtensions::KeptJointXml(const std::string& name) const {
  if (!model_xml_) return {};
  for (XmlElement c : ChildElements(model_xml_)) {
    if (InUrdfNamespace(c) && LocalTag(c) == "joint" &&
        Attribute(c, "name") == name) {
      return c;
    }
  }
  return {};
}

int UrdfExtensions::FindLink(const std::vector<UrdfLink>& links,
                             const std::string& urdf_name) const {
  for (size_t i = 0; i < links.size(); ++i) {
    const ElementId e = links[i].element;
    if (e >= 0 && doc_.at(e).kind == ElementKind::kJoint) continue;
    XmlElement xml = Xml(e);
    const std::optional<std::string> original =
        xml ? UrdfAttribute(xml, "name") : std::nullopt;
    if (original.value_or(links[i].name) == urdf_name) {
      return static_cast<int>(i);
    }
  }
  for (size_t i = 0; i < links.size(); ++i) {
    if (links[i].name == urdf_name) return static_cast<int>(i);
  }
  return -1;
}

void UrdfExtensions::RestoreNames(std::vector<UrdfLink>* links,
                                  std::vector<UrdfJoint>* joints) {
  // An element stands for one URDF link (joint) unless --approximate made
  // several of it: then none keeps the urdf:name.
  const auto restore = [&](auto* items, ElementKind kind) {
    std::multiset<std::string> names;
    std::map<ElementId, int> uses;
    for (const auto& item : *items) {
      names.insert(item.name);
      ++uses[item.element];
    }
    for (auto& item : *items) {
      if (item.element < 0 || uses[item.element] != 1) continue;
      const ElementKind k = doc_.at(item.element).kind;
      if (k != kind && k != ElementKind::kFrame) continue;
      XmlElement xml = Xml(item.element);
      const std::optional<std::string> wanted =
          xml ? UrdfAttribute(xml, "name") : std::nullopt;
      if (!wanted || wanted->empty() || *wanted == item.name ||
          names.count(*wanted) != 0) {
        continue;
      }
      names.erase(names.find(item.name));
      names.insert(*wanted);
      item.name = *wanted;
    }
  };
  restore(links, ElementKind::kLink);
  restore(joints, ElementKind::kJoint);
  for (const UrdfJoint& joint : *joints) {
    XmlElement xml =
        joint.element >= 0 && doc_.at(joint.element).kind != ElementKind::kLink
            ? Xml(joint.element)
            : XmlElement();
    const std::optional<std::string> original =
        xml ? UrdfAttribute(xml, "name") : std::nullopt;
    joint_names_.emplace(original.value_or(joint.name), joint.name);
  }
}

std::vector<std::vector<ElementId>> UrdfExtensions::AssignShapes(
    const std::vector<UrdfLink>& links) const {
  std::vector<std::vector<ElementId>> out(links.size());
  std::unordered_map<ElementId, int> link_of;
  for (size_t i = 0; i < links.size(); ++i) {
    if (links[i].element >= 0) link_of.emplace(links[i].element, i);
  }
  for (size_t i = 0; i < links.size(); ++i) {
    const ElementId e = links[i].element;
    if (e < 0 || doc_.at(e).kind != ElementKind::kLink) continue;
    for (const ElementId c : doc_.at(e).children) {
      const ElementKind kind = doc_.at(c).kind;
      if (kind != ElementKind::kVisual && kind != ElementKind::kCollision) {
        continue;
      }
      size_t target = i;
      const ElementId f = graph_.relative_to[c];
      // Only a frame on this link: one on another link moves with that.
      if (f >= 0 && doc_.at(f).kind == ElementKind::kFrame &&
          RoleOf(f) == UrdfFrameRole::kUrdfLink && graph_.body[f] == e) {
        const auto it = link_of.find(f);
        if (it != link_of.end()) target = it->second;
      }
      out[target].push_back(c);
    }
  }
  return out;
}

std::string UrdfExtensions::UrdfChildren(XmlElement parent,
                                         const std::vector<std::string>& skip,
                                         int indent) {
  std::string out;
  if (!parent) return out;
  for (XmlElement c : ChildElements(parent)) {
    if (!InUrdfNamespace(c) || IsOneOf(LocalTag(c), skip)) continue;
    if (LocalTag(c) == "mimic") {
      out += Mimic(c, joint_names_, indent);
      continue;
    }
    XmlEmitOptions options;
    options.tag = LocalTag(c);
    options.indent = indent;
    out += EmitXml(c, options, &used_);
  }
  return out;
}

std::string UrdfExtensions::LinkContent(const UrdfLink& link) {
  if (link.element >= 0) {
    const ElementKind kind = doc_.at(link.element).kind;
    if (kind != ElementKind::kLink && kind != ElementKind::kFrame) return "";
    return UrdfChildren(Xml(link.element), {}, 4);
  }
  if (!model_xml_ || link.name != "world") return "";
  std::string out;
  for (XmlElement c : ChildElements(model_xml_)) {
    if (!InUrdfNamespace(c) || LocalTag(c) != "link" ||
        Attribute(c, "name") != "world") {
      continue;
    }
    for (XmlElement content : ChildElements(c)) {
      XmlEmitOptions options;
      options.indent = 4;
      out += EmitXml(content, options, &used_);
    }
  }
  return out;
}

std::string UrdfExtensions::JointContent(const UrdfJoint& joint,
                                         bool kept_mimic) {
  if (joint.element >= 0) {
    std::vector<std::string> skip;
    if (joint.type != "fixed") skip = {"axis", "limit", "dynamics"};
    if (!kept_mimic) skip.push_back("mimic");
    return UrdfChildren(Xml(joint.element), skip, 4);
  }
  if (joint.type != "floating" && joint.type != "planar") return "";
  XmlElement kept = KeptJointXml(joint.name);
  std::string out;
  if (!kept) return out;
  for (XmlElement c : ChildElements(kept)) {
    const std::string tag(Tag(c));
    if (tag == "origin" || tag == "parent" || tag == "child") continue;
    if (tag == "mimic") {
      out += Mimic(c, joint_names_, 4);
      continue;
    }
    XmlEmitOptions options;
    options.indent = 4;
    out += EmitXml(c, options, &used_);
  }
  return out;
}

std::optional<std::string> UrdfExtensions::KeptMimic(
    const UrdfJoint& joint) const {
  XmlElement xml = joint.element >= 0 ? Xml(joint.element) : XmlElement();
  if (!xml) return std::nullopt;
  for (XmlElement c : ChildElements(xml)) {
    if (InUrdfNamespace(c) && LocalTag(c) == "mimic") {
      return Mimic(c, joint_names_, 4);
    }
  }
  return std::nullopt;
}

std::optional<std::string> UrdfExtensions::KeptContinuousLimit(
    const UrdfJoint& joint, const std::string& effort,
    const std::string& velocity) {
  XmlElement xml = Xml(joint.element);
  if (!xml) return std::nullopt;
  for (XmlElement c : ChildElements(xml)) {
    if (!InUrdfNamespace(c) || LocalTag(c) != "limit") continue;
    std::string out = "    <limit";
    for (const XmlAttribute& a : Attributes(c)) {
      if (a.namespaced || a.name == "effort" || a.name == "velocity") continue;
      out += " " + a.name + "=\"" + EscapeXmlAttribute(a.value) + "\"";
    }
    return out + " effort=\"" + effort + "\" velocity=\"" + velocity +
           "\"/>\n";
  }
  return std::nullopt;
}

std::optional<std::string> UrdfExtensions::KeptLimit(
    const UrdfJoint& joint, std::string_view attribute) const {
  XmlElement xml = joint.element >= 0 ? Xml(joint.element) : XmlElement();
  if (!xml) return std::nullopt;
  for (XmlElement c : ChildElements(xml)) {
    if (!InUrdfNamespace(c) || LocalTag(c) != "limit") continue;
    const std::optional<std::string> text = Attribute(c, attribute);
    if (!text || !ParseDouble(TrimWhitespace(*text))) return std::nullopt;
    return text;
  }
  return std::nullopt;
}

std::string UrdfExtensions::RobotHead() {
  std::string out;
  if (!model_xml_) return out;
  for (XmlElement c : ChildElements(model_xml_)) {
    if (!InUrdfNamespace(c) || LocalTag(c) != "material") continue;
    XmlEmitOptions options;
    options.tag = "material";
    out += EmitXml(c, options, &used_);
  }
  return out;
}

std::string UrdfExtensions::RobotTail() {
  std::string out;
  if (!model_xml_) return out;
  for (XmlElement c : ChildElements(model_xml_)) {
    XmlEmitOptions options;
    if (InUrdfNamespace(c)) {
      const std::string tag = LocalTag(c);
      if (tag == "material" || tag == "joint" || tag == "link") continue;
      options.tag = tag;
      if (tag == "transmission") options.joint_names = &joint_names_;
    } else if (!IsNamespaced(c) || IsGazeboContent(c)) {
      continue;  // SDF content: the links and joints, or <gazebo> content
    }
    out += EmitXml(c, options, &used_);
  }
  return out;
}

}  // namespace sdfconv
