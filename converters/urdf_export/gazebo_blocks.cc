// GazeboBlocks (see gazebo_blocks.h). Invariant: a setting is written in
// the Gazebo form only when importing it gives back exactly the SDF it came
// from; otherwise the SDF element is copied whole, or left out with a
// warning when no block can say it.
#include "converters/urdf_export/gazebo_blocks.h"

#include <map>
#include <optional>
#include <unordered_map>
#include <utility>

#include "converters/sdf/pose_text.h"
#include "converters/urdf/gazebo_settings.h"
#include "converters/xml/text_values.h"
#include "converters/xml/xml_escape.h"
#include "core/pose.h"

namespace sdfconv {
namespace {


std::string Trimmed(XmlElement n) {
  return std::string(TrimWhitespace(Text(n)));
}

std::string Setting(const std::string& tag, const std::string& value) {
  return "    <" + tag + ">" + EscapeXmlText(value) + "</" + tag + ">\n";
}

// "a/b/c" -> text of every leaf element below `top` (not `top` itself), or
// nothing when an element below has attributes or is namespaced.
std::optional<std::map<std::string, std::string>> Leaves(XmlElement top) {
  std::map<std::string, std::string> out;
  std::vector<std::pair<XmlElement, std::string>> todo;
  for (XmlElement c : ChildElements(top)) {
    todo.push_back({c, std::string(Tag(c))});
  }
  while (!todo.empty()) {
    auto [node, path] = todo.back();
    todo.pop_back();
    if (!Attributes(node).empty() || IsNamespaced(node)) return std::nullopt;
    const std::vector<XmlElement> children = ChildElements(node);
    if (children.empty()) {
      if (!out.emplace(path, Trimmed(node)).second) return std::nullopt;
    }
    for (XmlElement c : children) {
      todo.push_back({c, path + "/" + std::string(Tag(c))});
    }
  }
  return out;
}

// The settings of `table` (gazebo_settings.h) whose places `leaves` (path
// below the element -> text) hold, in table order; each taken leaf is
// erased. A two-place setting needs both places, with the same value; a
// boolean must read as one.
template <size_t N>
std::string TakeSettings(const std::array<GazeboSetting, N>& table,
                         std::map<std::string, std::string>* leaves) {
  std::string out;
  for (const GazeboSetting& s : table) {
    const auto first = leaves->find(std::string(s.paths[0]));
    if (first == leaves->end()) continue;
    const std::string value = first->second;
    if (s.kind == GazeboValueKind::kBool && !ParseBool(value)) continue;
    if (!s.paths[1].empty()) {
      const auto second = leaves->find(std::string(s.paths[1]));
      if (second == leaves->end() ||
          (s.kind == GazeboValueKind::kBool
               ? ParseBool(second->second) != ParseBool(value)
               : second->second != value)) {
        continue;
      }
      leaves->erase(second);
    }
    leaves->erase(std::string(s.paths[0]));
    out += Setting(std::string(s.tag), value);
  }
  return out;
}

// `leaves` with `prefix` in front of every path.
std::map<std::string, std::string> Prefixed(
    const std::map<std::string, std::string>& leaves,
    const std::string& prefix) {
  std::map<std::string, std::string> out;
  for (const auto& [path, value] : leaves) out.emplace(prefix + path, value);
  return out;
}

class Blocks {
 public:
  Blocks(const GazeboInput& in, XmlNamespaces* used, Diagnostics* diags)
      : in_(in), doc_(*in.doc), r_(*in.resolution), used_(*used),
        diags_(*diags) {
    for (size_t i = 0; i < in.links->size(); ++i) {
      const ElementId e = (*in.links)[i].element;
      if (e >= 0) link_of_.emplace(e, static_cast<int>(i));
    }
    link_settings_.resize(in.links->size());
  }

  std::string Run() {
    for (size_t i = 0; i < in_.links->size(); ++i) LinkSettings(i);
    std::string out;
    for (size_t i = 0; i < in_.links->size(); ++i) {
      out += Block((*in_.links)[i].name, link_settings_[i]);
    }
    std::unordered_map<ElementId, bool> seen;  // --approximate's pieces
    for (const UrdfJoint& joint : *in_.joints) {
      if (joint.element >= 0 && seen[joint.element]) continue;
      seen[joint.element] = true;
      out += Block(joint.name, JointSettings(joint));
    }
    return out + Block("", ModelSettings());
  }

 private:
  XmlElement Xml(ElementId id) const {
    if (id < 0 || in_.sources == nullptr) return {};
    return in_.sources->Element(doc_.at(id).node);
  }
  void Warn(ElementId at, std::string message) {
    diags_.Warning(Code::kElementInvalid, doc_.at(at).source,
                   std::move(message));
  }

  static std::string Block(const std::string& reference,
                           const std::string& settings) {
    if (settings.empty()) return "";
    return "  <gazebo" +
           (reference.empty() ? std::string()
                              : " reference=\"" + EscapeXmlAttribute(reference) + "\"") +
           ">\n" + settings + "  </gazebo>\n";
  }

  std::string Copy(XmlElement node, std::optional<std::string> pose = {}) {
    XmlEmitOptions options;
    options.diags = &diags_;
    options.indent = 4;
    options.restore_names = true;
    options.pose = std::move(pose);
    return EmitXml(node, options, &used_);
  }

  // The SDF link `id` is attached to, as the URDF tree has it: a link of a
  // static model keeps its joints there, so it is its own body; else the
  // link it moves with (MovesWith), or kWorldFrame.
  ElementId Body(ElementId id) const {
    const ElementId b = in_.graph->body[id];
    if (b >= 0 && doc_.at(b).kind == ElementKind::kLink) return b;
    return MovesWith(doc_, *in_.graph, id);
  }

  // A sensor or light `id` of SDF link or joint `owner`, whose URDF frame
  // is X_WO; goes into the block of `*target`: the owner's, or the URDF
  // link of the SDF link or frame its pose is relative to when that frame
  // moves with the sensor (on another link it would move with that link
  // after import); null: the owner's.
  std::string Placed(ElementId id, const Pose& X_WO, int* target) {
    const Element& e = doc_.at(id);
    const ElementId f = in_.graph->relative_to[id];
    Pose X_WU = X_WO;
    if (target && f >= 0 && e.pose.present &&
        !e.pose.relative_to.empty() &&
        (doc_.at(f).kind == ElementKind::kLink ||
         doc_.at(f).kind == ElementKind::kFrame) &&
        Body(f) == Body(id)) {
      const auto it = link_of_.find(f);
      if (it != link_of_.end()) {
        *target = it->second;
        X_WU = (*in_.links)[it->second].X_WLu;
      }
    }
    const Pose X_WF = f >= 0 ? r_.X_W[f] : X_WU;
    XmlElement xml = Xml(id);
    XmlElement pose = FirstChildElement(xml, "pose");
    if (X_WF.matrix() == X_WU.matrix()) {
      if (!pose) return Copy(xml);
      return Copy(xml, Trimmed(pose));  // as written; "" drops it
    }
    return Copy(xml, FormatPose(X_WU.inverse() * r_.X_W[id]));
  }

  void LinkSettings(size_t i) {
    const UrdfLink& link = (*in_.links)[i];
    std::string& out = link_settings_[i];
    out += ShapeSettings(i);
    if (link.element < 0 || doc_.at(link.element).kind != ElementKind::kLink) {
      return;
    }
    XmlElement xml = Xml(link.element);
    if (!xml) return;
    std::unordered_map<XmlElement, ElementId, XmlElementHash> placed;
    for (const ElementId c : doc_.at(link.element).children) {
      const ElementKind kind = doc_.at(c).kind;
      if (kind != ElementKind::kSensor && kind != ElementKind::kLight) continue;
      if (XmlElement x = Xml(c)) placed.emplace(x, c);
    }
    for (XmlElement c : ChildElements(xml)) {
      const std::string tag(Tag(c));
      if (tag == "pose" || tag == "inertial" || tag == "visual" ||
          tag == "collision" || tag == "frame" || InUrdfNamespace(c)) {
        continue;
      }
      if (const auto it = placed.find(c); it != placed.end()) {
        int target = static_cast<int>(i);
        const std::string text = Placed(it->second, link.X_WLu, &target);
        link_settings_[target] += text;
      } else if (auto setting = LinkSetting(c)) {
        out += *setting;
      } else {
        out += Copy(c);
      }
    }
  }

  // `c`, a child of a link, as the <gazebo> setting it stands for
  // (self_collide, gravity, velocity_decay with equal linear and angular).
  static std::optional<std::string> LinkSetting(XmlElement c) {
    std::optional<std::map<std::string, std::string>> leaves;
    if (ChildElements(c).empty()) {
      if (!Attributes(c).empty() || IsNamespaced(c)) return std::nullopt;
      leaves.emplace();
      leaves->emplace(Tag(c), Trimmed(c));
    } else if (const auto below = Leaves(c)) {
      leaves = Prefixed(*below, std::string(Tag(c)) + "/");
    }
    if (!leaves) return std::nullopt;
    std::string out = TakeSettings(kGazeboLinkSettings, &*leaves);
    if (out.empty() || !leaves->empty()) return std::nullopt;
    return out;
  }

  std::string ShapeSettings(size_t i) {
    std::vector<XmlElement> visuals, collisions;
    ElementId any = kNoElement;
    for (const ElementId s : (*in_.shapes)[i]) {
      XmlElement x = Xml(s);
      if (!x) continue;
      any = s;
      (doc_.at(s).kind == ElementKind::kVisual ? visuals : collisions)
          .push_back(x);
    }
    if (any == kNoElement) return "";
    return SurfaceText(collisions, any, (*in_.links)[i].name) +
           MaterialText(visuals, any, (*in_.links)[i].name) +
           VisualText(visuals, any, (*in_.links)[i].name);
  }

  // The children of each of `elements` that `keep` selects, written at
  // the indent of a <gazebo> block's element: the text when every element
  // holds the same (written once, its namespaces and repairs counted),
  // nothing when they differ.
  template <typename Keep>
  std::optional<std::string> SameContent(
      const std::vector<XmlElement>& elements, Keep keep) {
    const auto emit = [&](XmlElement e, Diagnostics* diags,
                          XmlNamespaces* used) {
      std::string text;
      for (XmlElement child : ChildElements(e)) {
        if (!keep(child)) continue;
        XmlEmitOptions options;
        options.diags = diags;
        options.indent = 6;
        options.restore_names = true;
        text += EmitXml(child, options, used);
      }
      return text;
    };
    XmlNamespaces scratch;
    std::string first;
    for (size_t k = 0; k < elements.size(); ++k) {
      std::string text = emit(elements[k], nullptr, &scratch);
      if (k == 0) {
        first = std::move(text);
      } else if (text != first) {
        return std::nullopt;
      }
    }
    if (elements.empty() || first.empty()) return std::string();
    return emit(elements.front(), &diags_, &used_);
  }

  // What the visuals hold beyond what URDF says (pose, geometry, material):
  // a <gazebo><visual> block's content (plugin, transparency, ...), written
  // as one such block when every visual of the URDF link holds the same.
  std::string VisualText(const std::vector<XmlElement>& visuals,
                         ElementId at, const std::string& link) {
    const std::optional<std::string> content =
        SameContent(visuals, [](XmlElement child) {
          const std::string tag(Tag(child));
          return tag != "pose" && tag != "geometry" && tag != "material" &&
                 tag != "frame" && !InUrdfNamespace(child);
        });
    if (!content) {
      Warn(at, "the visuals of URDF link '" + link +
                   "' hold different simulator content; a <gazebo> "
                   "<visual> block applies to every visual of a link, so "
                   "none is written");
      return "";
    }
    return content->empty() ? ""
                            : "    <visual>\n" + *content + "    </visual>\n";
  }

  std::string SurfaceText(const std::vector<XmlElement>& collisions,
                          ElementId at, const std::string& link) {
    std::vector<std::optional<std::map<std::string, std::string>>> maps;
    bool any = false, all_same = true, all_mappable = true;
    for (XmlElement c : collisions) {
      std::map<std::string, std::string> m;
      bool ok = true;
      for (XmlElement child : ChildElements(c)) {
        const std::string tag(Tag(child));
        if (tag == "surface") {
          const auto leaves = Leaves(child);
          if (!leaves) ok = false;
          if (leaves) {
            for (const auto& [path, v] : *leaves) m["surface/" + path] = v;
          }
        } else if (tag == "laser_retro" || tag == "max_contacts") {
          m[tag] = Trimmed(child);
        }
      }
      for (const auto& [path, v] : m) {
        bool known = false;
        for (const GazeboSetting& s : kGazeboCollisionSettings) {
          known |= s.paths[0] == path;
        }
        ok &= known;
      }
      any |= !m.empty() || !ok;
      all_mappable &= ok;
      if (!maps.empty() && maps.front() != (ok ? std::optional(m) : std::nullopt)) {
        all_same = false;
      }
      maps.push_back(ok ? std::optional(m) : std::nullopt);
    }
    if (!any) return "";
    if (all_mappable && all_same) {
      std::map<std::string, std::string> m = *maps.front();
      return TakeSettings(kGazeboCollisionSettings, &m);
    }
    // Not expressible as settings: the whole <surface> etc. when every
    // collision has the same.
    const std::optional<std::string> content =
        SameContent(collisions, [](XmlElement child) {
          const std::string tag(Tag(child));
          return tag == "surface" || tag == "laser_retro" ||
                 tag == "max_contacts";
        });
    if (!content) {
      Warn(at, "the collisions of URDF link '" + link +
                   "' have different surface parameters; a <gazebo> block "
                   "applies to every collision of a link, so they are not "
                   "written");
      return "";
    }
    return "    <collision>\n" + *content + "    </collision>\n";
  }

  std::string MaterialText(const std::vector<XmlElement>& visuals,
                           ElementId at, const std::string& link) {
    std::optional<std::string> name;
    bool any = false, same = true;
    for (size_t k = 0; k < visuals.size(); ++k) {
      XmlElement material = FirstChildElement(visuals[k], "material");
      XmlElement script =
          material ? FirstChildElement(material, "script") : XmlElement();
      std::optional<std::string> this_name;
      if (script) {
        any = true;
        XmlElement uri = FirstChildElement(script, "uri");
        XmlElement n = FirstChildElement(script, "name");
        if (uri && n &&
            Trimmed(uri) == kGazeboMaterialUri) {
          this_name = Trimmed(n);
        }
      }
      if (k == 0) name = this_name;
      same &= this_name.has_value() && this_name == name;
    }
    if (!any) return "";
    if (!same) {
      Warn(at, "the material scripts of the visuals of URDF link '" + link +
                   "' are not one gazebo.material name for all of them; a "
                   "<gazebo> <material> applies to every visual of a link, "
                   "so none is written");
      return "";
    }
    return Setting("material", *name);
  }

  std::string JointSettings(const UrdfJoint& joint) {
    if (joint.element < 0 ||
        doc_.at(joint.element).kind != ElementKind::kJoint) {
      return "";
    }
    XmlElement xml = Xml(joint.element);
    if (!xml) return "";
    std::unordered_map<XmlElement, ElementId, XmlElementHash> sensors;
    for (const ElementId c : doc_.at(joint.element).children) {
      if (doc_.at(c).kind != ElementKind::kSensor) continue;
      if (XmlElement x = Xml(c)) sensors.emplace(x, c);
    }
    std::string out;
    if (KeepsMasslessChild(joint)) out += Setting(kGazeboPreserveFixedJoint, "true");
    for (XmlElement c : ChildElements(xml)) {
      const std::string tag(Tag(c));
      if (tag == "pose" || tag == "parent" || tag == "child" ||
          tag == "axis2" || tag == "frame" || InUrdfNamespace(c)) {
        continue;
      }
      if (const auto it = sensors.find(c); it != sensors.end()) {
        out += Placed(it->second, joint.X_WJ, {});
      } else if (tag == "axis") {
        out += SpringSettings(c, joint.element);
      } else if (tag == "physics") {
        out += PhysicsSettings(c);
      } else {
        out += Copy(c);
      }
    }
    return out;
  }

  // A fixed joint whose child is an SDF link without inertial: a URDF
  // importer would make that link a frame (ours) or lump it (libsdformat).
  bool KeepsMasslessChild(const UrdfJoint& joint) const {
    if (joint.type != "fixed" || joint.child < 0) return false;
    const UrdfLink& parent = (*in_.links)[joint.parent];
    const ElementId child = (*in_.links)[joint.child].element;
    return parent.element >= 0 && child >= 0 &&
           doc_.at(child).kind == ElementKind::kLink &&
           !doc_.at(child).inertial.has_value();
  }

  std::string SpringSettings(XmlElement axis, ElementId at) {
    std::string out;
    XmlElement dynamics = FirstChildElement(axis, "dynamics");
    for (XmlElement c : ChildElements(dynamics ? dynamics : axis)) {
      if (!dynamics) break;
      std::map<std::string, std::string> leaf = {
          {"axis/dynamics/" + std::string(Tag(c)), Trimmed(c)}};
      out += TakeSettings(kGazeboJointSettings, &leaf);
    }
    for (const char* lost : {"stiffness", "dissipation"}) {
      XmlElement limit = FirstChildElement(axis, "limit");
      if (limit && FirstChildElement(limit, lost)) {
        Warn(at, std::string("URDF and its <gazebo> extensions have no joint "
                             "limit <") + lost + ">; it is not written");
      }
    }
    return out;
  }

  std::string PhysicsSettings(XmlElement physics) {
    const auto leaves = Leaves(physics);
    if (!Attributes(physics).empty() || !leaves) return Copy(physics);
    std::map<std::string, std::string> m = Prefixed(*leaves, "physics/");
    // //physics/ode/provide_feedback (before 1.7) saying what
    // //physics/provide_feedback says adds nothing.
    const auto old = m.find("physics/ode/provide_feedback");
    const auto now = m.find("physics/provide_feedback");
    if (old != m.end() && now != m.end() &&
        ParseBool(old->second) == ParseBool(now->second)) {
      m.erase(old);
    }
    const std::string out = TakeSettings(kGazeboJointSettings, &m);
    return m.empty() ? out : Copy(physics);
  }

  // The robot-level <pose>: the model's <pose> text as written when it
  // reads as exactly the pose to write (a model file's pose without
  // attributes, its root link at the model frame), else computed.
  std::string RobotPose(XmlElement model) const {
    if (in_.robot_pose.isApprox(Pose::Identity(), 0)) return "";
    XmlElement pose = model ? FirstChildElement(model, "pose") : XmlElement();
    std::string text = pose ? Trimmed(pose) : std::string();
    const std::optional<Pose> written =
        pose && Attributes(pose).empty() ? ParsePoseText(text) : std::nullopt;
    if (!written || written->matrix() != in_.robot_pose.matrix()) {
      text = FormatPose(in_.robot_pose);
    }
    return "    <pose>" + EscapeXmlText(text) + "</pose>\n";
  }

  std::string ModelSettings() {
    XmlElement xml = Xml(in_.model);
    std::string out = RobotPose(xml);
    if (!xml) return out;
    for (XmlElement c : ChildElements(xml)) {
      const std::string tag(Tag(c));
      if (tag == "pose" || tag == "include" ||
          ((tag == "link" || tag == "joint" || tag == "frame" ||
            tag == "model" || IsNamespaced(c)) &&
           !IsGazeboContent(c))) {
        continue;
      }
      out += Copy(c);
    }
    for (ElementId e = in_.model + 1; e < static_cast<ElementId>(doc_.size());
         ++e) {
      if (doc_.at(e).kind != ElementKind::kModel) continue;
      bool inside = false;
      for (ElementId a = doc_.at(e).parent; a != kNoElement && !inside;
           a = doc_.at(a).parent) {
        inside = a == in_.model;
      }
      XmlElement nested = inside ? Xml(e) : XmlElement();
      if (!nested) continue;
      for (XmlElement c : ChildElements(nested)) {
        const std::string tag(Tag(c));
        if (tag == "plugin" || tag == "self_collide" || tag == "enable_wind") {
          Warn(e, "<" + tag + "> of nested model '" + doc_.at(e).name +
                      "' is not written: a URDF has one robot-level <gazebo>");
        }
      }
    }
    return out;
  }

  const GazeboInput& in_;
  const Document& doc_;
  const Resolution& r_;
  XmlNamespaces& used_;
  Diagnostics& diags_;
  std::unordered_map<ElementId, int> link_of_;
  std::vector<std::string> link_settings_;
};

}  // namespace

std::string GazeboBlocks(const GazeboInput& input, XmlNamespaces* used,
                         Diagnostics* diags) {
  return Blocks(input, used, diags).Run();
}

bool IsGazeboContent(XmlElement element) {
  return element && UrdfAttribute(element, "kind") == kGazeboContentKind;
}

}  // namespace sdfconv
