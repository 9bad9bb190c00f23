// EmitXml (see xml_emit.h): the element is copied into a scratch tree,
// edited there (attributes, tag, pose), and written by the one indented
// writer (converters/xml/xml_write.h).
#include "converters/urdf_export/xml_emit.h"

#include <unordered_map>
#include <utility>
#include <vector>

#include "converters/xml/xml_escape.h"
#include "converters/xml/xml_write.h"

namespace sdfconv {
namespace {

std::string_view PrefixOf(std::string_view name) {
  const size_t colon = name.find(':');
  return colon == std::string_view::npos ? std::string_view()
                                         : name.substr(0, colon);
}

// The URI of the prefix of `name` at `at`, when it has a declared one.
std::optional<std::string> UriOf(XmlElement at, std::string_view name) {
  const std::string_view prefix = PrefixOf(name);
  if (prefix.empty() || prefix == "xmlns") return std::nullopt;
  return at.tree().NamespaceUri(at.id(), prefix);
}

bool InUrdfNs(XmlElement at, std::string_view name) {
  return UriOf(at, name) == std::string(kUrdfNamespace);
}

// The namespace declarations in scope during one walk of a subtree: a
// frame per element that declares some, linked to the frame in scope at
// its parent. A lookup walks the declaring elements only, so a walk is
// linear however deep the subtree (XmlTree::NamespaceUri walks every
// ancestor).
class NamespaceScopes {
 public:
  // Frame 0: what the ancestors of `top` declare, the nearest first.
  explicit NamespaceScopes(XmlElement top) {
    frames_.push_back({{}, -1});
    for (XmlElement e = ParentElement(top); e; e = ParentElement(e)) {
      Declare(e, &frames_[0].declared);
    }
  }
  // The frame in scope inside `e`, whose parent's is `outer`.
  int Enter(XmlElement e, int outer) {
    Frame frame{{}, outer};
    Declare(e, &frame.declared);
    if (frame.declared.empty()) return outer;
    frames_.push_back(std::move(frame));
    return static_cast<int>(frames_.size()) - 1;
  }
  // The URI of the prefix of `name` in frame `at`, when declared.
  std::optional<std::string> UriOf(std::string_view name, int at) const {
    const std::string_view prefix = PrefixOf(name);
    if (prefix.empty() || prefix == "xmlns") return std::nullopt;
    if (prefix == "xml") return kXmlNamespace;
    for (int f = at; f >= 0; f = frames_[f].parent) {
      for (const auto& [p, uri] : frames_[f].declared) {
        if (p == prefix) return uri;
      }
    }
    return std::nullopt;
  }

 private:
  struct Frame {
    std::vector<std::pair<std::string, std::string>> declared;
    int parent;
  };
  // Appends the prefixes `e` declares that `declared` lacks.
  static void Declare(XmlElement e,
                      std::vector<std::pair<std::string, std::string>>* out) {
    for (const RawAttribute& a : e.tree().RawAttributes(e.id())) {
      if (a.name().rfind("xmlns:", 0) != 0) continue;
      const std::string prefix(a.name().substr(6));
      bool known = false;
      for (const auto& [p, uri] : *out) known = known || p == prefix;
      if (!known) out->emplace_back(prefix, DecodeXmlAttribute(a.raw()));
    }
  }
  std::vector<Frame> frames_;
};

// The prefixes `element` and its content use (an element renamed on the way
// out does not count; urdf-namespace attributes are not written), none for
// "xml".
void RecordAll(XmlElement top, const XmlEmitOptions& options,
               XmlNamespaces* used) {
  NamespaceScopes scopes(top);
  auto record = [&](std::string_view name, int at) {
    const std::string prefix(PrefixOf(name));
    if (prefix == "xml") return;
    if (const std::optional<std::string> uri = scopes.UriOf(name, at)) {
      (*used)[prefix] = *uri;
    }
  };
  std::vector<std::pair<XmlElement, int>> stack = {{top, 0}};
  while (!stack.empty()) {
    const auto [e, outer] = stack.back();
    stack.pop_back();
    const int at = scopes.Enter(e, outer);
    if (e != top || options.tag.empty()) record(Tag(e), at);
    for (const XmlAttribute& a : Attributes(e)) {
      if (scopes.UriOf(a.name, at) != std::string(kUrdfNamespace)) {
        record(a.name, at);
      }
    }
    for (XmlElement c : ChildElements(e)) stack.push_back({c, at});
  }
}

// The copy's own <pose>s: each written with `text` and no attributes (one
// added first when there is none); left out when `text` is empty.
void SetPose(XmlTree* copy, NodeId top, const std::string& text) {
  const std::vector<NodeId> poses = copy->Children(top, "pose");
  for (NodeId pose : poses) {
    if (text.empty()) {
      copy->Detach(pose);
    } else {
      copy->Replace(pose, copy->NewElement("pose", text));
    }
  }
  if (poses.empty() && !text.empty()) {
    copy->InsertAt(top, 0, copy->NewElement("pose", text));
  }
}

// The attributes of `copy` (a copy of `original`) as URDF wants them: no
// namespace declarations and nothing of the urdf namespace; `name` from
// urdf:name (restore_names) and mapped (joint_names).
void FixAttributes(XmlElement original, XmlTree* copy, NodeId id,
                   const XmlEmitOptions& options) {
  for (const RawAttribute& a : copy->RawAttributes(id).ToVector()) {
    if (IsNamespaceDeclaration(a.name()) || InUrdfNs(original, a.name())) {
      copy->RemoveAttribute(id, a.name());
    }
  }
  std::optional<std::string> name = copy->Attribute(id, "name");
  if (!name) return;
  if (options.restore_names) {
    if (const auto urdf_name = UrdfAttribute(original, "name")) {
      name = urdf_name;
    }
  }
  if (options.joint_names != nullptr && copy->Tag(id) == "joint") {
    const auto mapped = options.joint_names->find(*name);
    if (mapped != options.joint_names->end()) name = mapped->second;
  }
  copy->SetAttribute(id, "name", *name);
}

}  // namespace

std::string EmitXml(XmlElement element, const XmlEmitOptions& options,
                    XmlNamespaces* used) {
  RecordAll(element, options, used);
  XmlTree copy = XmlTree::Build(element.tree().file(), "copy");
  const NodeId top = copy.Import(element.tree(), element.id());
  copy.Append(copy.root(), top);
  Diagnostics unsaid;
  copy.RepairTolerances(top, options.diags != nullptr ? options.diags : &unsaid);
  // The copy and its original, element by element (the copy has lost the
  // namespace declarations above `element`: the original answers).
  std::vector<std::pair<XmlElement, NodeId>> stack = {{element, top}};
  while (!stack.empty()) {
    const auto [original, id] = stack.back();
    stack.pop_back();
    FixAttributes(original, &copy, id, options);
    const auto& from = original.tree().ChildNodes(original.id());
    const auto& to = copy.ChildNodes(id);
    for (size_t i = 0; i < from.size(); ++i) {
      if (original.tree().IsElement(from[i])) {
        stack.push_back({XmlElement(&original.tree(), from[i]), to[i]});
      }
    }
  }
  if (!options.tag.empty()) copy.RenameElement(top, options.tag);
  if (options.pose) SetPose(&copy, top, *options.pose);
  IndentedXmlOptions write;
  write.indent = options.indent;
  return WriteIndentedXml(copy, top, write);
}

bool InUrdfNamespace(XmlElement element) {
  return InUrdfNs(element, Tag(element));
}

std::string LocalTag(XmlElement element) {
  const std::string tag(Tag(element));
  const size_t colon = tag.find(':');
  return colon == std::string::npos ? tag : tag.substr(colon + 1);
}

std::optional<std::string> UrdfAttribute(XmlElement element,
                                         std::string_view name) {
  for (const XmlAttribute& a : Attributes(element)) {
    const size_t colon = a.name.find(':');
    if (colon != std::string::npos && a.name.substr(colon + 1) == name &&
        InUrdfNs(element, a.name)) {
      return a.value;
    }
  }
  return std::nullopt;
}

}  // namespace sdfconv
