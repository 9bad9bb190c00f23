// ExpandIncludesToSdf18: upgrade every file taking part, then splice the
// included models into the including file's tree, include by include, from
// a worklist; finally prove the result (verify.h).
#include "converters/upgrade/expand_includes.h"

#include <algorithm>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "converters/registry.h"
#include "converters/sdf/pose_text.h"
#include "converters/upgrade/verify.h"
#include "converters/xml/xml_tree.h"
#include "converters/xml/xml_write.h"
#include "converters/xml/text_values.h"
#include "converters/xml/xml_escape.h"

namespace sdfconv {
namespace {

using sdfconv::kNoNode;
using sdfconv::NodeId;
using sdfconv::XmlTree;

std::string TextOf(const XmlTree& tree, NodeId id) {
  return std::string(TrimWhitespace(tree.Text(id)));
}

// The <include>s of models and worlds under `top`, in document order
// (plugins and namespaced elements are opaque).
std::vector<NodeId> Includes(const XmlTree& tree, NodeId top) {
  std::vector<NodeId> out;
  const auto opaque = [&](NodeId n) {
    return tree.Tag(n) == "plugin" || tree.IsNamespaced(n);
  };
  for (NodeId n : tree.Elements(top, opaque)) {
    if (tree.Tag(n) != "include") continue;
    const NodeId parent = tree.ParentElement(n);
    if (parent == kNoNode) continue;
    const std::string where(tree.Tag(parent));
    if (where == "model" || where == "world") out.push_back(n);
  }
  return out;
}

// In an element `id` merged by a merge-include, every reference to the
// merged model's frame names the proxy frame `proxy`: the XML form of
// merge_include.h's rule (a link's or model's <pose> relative_to when
// absent, empty or __model__, a <pose> written for one without; a frame's
// attached_to when absent, empty or __model__, its pose relative_to when
// __model__; a joint's pose relative_to, <parent>, <child> and axis
// expressed_in when __model__).
void RedirectModelFrame(XmlTree* out, NodeId id, const std::string& proxy) {
  constexpr std::string_view kModelFrame = "__model__";
  const auto redirect = [&](NodeId n, std::string_view attribute,
                            bool empty_too) {
    if (n == kNoNode) return;
    const std::optional<std::string> value = out->Attribute(n, attribute);
    if ((value && *value == kModelFrame) ||
        (empty_too && value.value_or("").empty())) {
      out->SetAttribute(n, attribute, proxy);
    }
  };
  const std::string tag(out->Tag(id));
  if (tag == "link" || tag == "model") {
    NodeId pose = out->FirstChild(id, "pose");
    if (pose == kNoNode) {
      pose = out->NewElement("pose", "0 0 0 0 0 0");
      out->InsertLine(id, pose, out->FirstChild(id));
    }
    redirect(pose, "relative_to", /*empty_too=*/true);
  } else if (tag == "frame") {
    redirect(id, "attached_to", /*empty_too=*/true);
    redirect(out->FirstChild(id, "pose"), "relative_to", /*empty_too=*/false);
  } else if (tag == "joint") {
    redirect(out->FirstChild(id, "pose"), "relative_to", /*empty_too=*/false);
    for (const char* end : {"parent", "child"}) {
      const NodeId n = out->FirstChild(id, end);
      if (n != kNoNode && TrimWhitespace(out->Text(n)) == kModelFrame) {
        out->SetText(n, proxy);
      }
    }
    for (const char* axis : {"axis", "axis2"}) {
      const NodeId a = out->FirstChild(id, axis);
      if (a != kNoNode) {
        redirect(out->FirstChild(a, "xyz"), "expressed_in",
                 /*empty_too=*/false);
      }
    }
  }
}

// One file taking part, as 1.8 text, parsed.
struct SourceFile {
  std::string path;             // as read (relative URIs start here)
  std::optional<XmlTree> tree;  // nothing when it cannot be used
  NodeId model = kNoNode;       // its <model> (or lone <light>, <actor>)
  // What the upgrade renamed or moved, by scoped names in this file, and
  // the name of its model before and after.
  upgrade::Correspondence became;
  std::string input_model_name;
  std::string model_name;
};

// The scoped name of the model `id` in `tree`: the names of it and of the
// models around it (JoinScopedName; the world is no part of it).
std::string ScopedName(const XmlTree& tree, NodeId id) {
  std::vector<std::string> names;
  for (NodeId n = id; n != kNoNode; n = tree.ParentElement(n)) {
    if (tree.Tag(n) == "model") {
      names.push_back(tree.Attribute(n, "name").value_or(""));
    }
  }
  return JoinScopedName({names.begin(), names.end()});
}

// What an included file holds: its <model>, or its lone <light> or <actor>
// (compose.h); kNoNode for anything else.
NodeId TopElement(const XmlTree& tree) {
  for (NodeId n : tree.ChildElements(tree.root())) {
    const std::string tag(tree.Tag(n));
    if (tag == "model" || tag == "light" || tag == "actor") return n;
  }
  return kNoNode;
}

// The name of the file's <model> (<light>, <actor>), if it holds one.
std::string ModelName(const XmlTree& tree) {
  const NodeId model = TopElement(tree);
  return model == kNoNode ? "" : tree.Attribute(model, "name").value_or("");
}

// `scoped` without its leading "`model`::", or nothing.
std::optional<std::string> Inside(const std::string& scoped,
                                  const std::string& model) {
  const size_t sep = kScopeSeparator.size();
  if (scoped.size() <= model.size() + sep ||
      scoped.compare(0, model.size(), model) != 0 ||
      scoped.compare(model.size(), sep, kScopeSeparator) != 0) {
    return std::nullopt;
  }
  return scoped.substr(model.size() + sep);
}

// Each file is upgraded without its own proof: the proof of the whole
// (VerifyExpansion) reads the real included files, each with its own
// version's front end, and so covers every file's upgrade.
UpgradeOptions Unverified(const ReadOptions& reading) {
  UpgradeOptions options;
  options.verify = false;
  options.include_search = reading.include_search;
  options.limits = reading.limits;
  return options;
}

// Where the includes of one instance of a file stand in the output: its
// includes as read (in the file's tree) -> their copies in the output.
using IncludeMap = std::map<NodeId, NodeId>;

IncludeMap Pair(const std::vector<NodeId>& read,
                const std::vector<NodeId>& written) {
  IncludeMap map;
  // The same elements in the same order: the upgrade keeps includes as
  // includes, and what an include adds (<joint>, <frame>, <plugin>) holds
  // no include.
  for (size_t i = 0; i < std::min(read.size(), written.size()); ++i) {
    map.emplace(read[i], written[i]);
  }
  return map;
}

// The composition (converters/include, through the registry) decides what
// every include is; this writes it: each file taking part is upgraded to
// 1.8 text once, and each included model is spliced in where its <include>
// is, in the composed Document's order.
class Expander {
 public:
  Expander(const ReadOptions& reading, Diagnostics* diags)
      : reading_(reading), diags_(diags) {}

  // The expanded text of the input read as `reading` (with its includes
  // expanded), or nothing with errors in the diagnostics.
  std::optional<std::string> Run(const upgrade::ProofReading& reading,
                                 std::string_view input,
                                 const std::string& path);
  // After Run: the renames and moves of every upgrade, by scoped names in
  // the composed input and in the output.
  const upgrade::Correspondence& correspondence() const { return became_; }

 private:
  const SourceFile* As18(const XmlSources& sources, int32_t tree);
  void Correspond(const SourceFile& file, NodeId model, NodeId include);
  void Place(NodeId include, NodeId model, const SourceFile& file);
  void PlaceMerged(NodeId include, NodeId model, const SourceFile& file,
                   const Element& proxy);
  void CorrespondMerged(const SourceFile& file, NodeId parent);
  void DeclareNamespaces(NodeId model, const SourceFile& file);

  const ReadOptions& reading_;
  Diagnostics* diags_;
  std::optional<XmlTree> out_;
  std::map<int32_t, std::optional<SourceFile>> files_;  // by tree read
  upgrade::Correspondence became_;
};

std::optional<std::string> Expander::Run(const upgrade::ProofReading& reading,
                                         std::string_view input,
                                         const std::string& path) {
  if (reading.fatal) {  // the reading's own errors (the proof reports them)
    return std::nullopt;
  }
  UpgradeResult top = UpgradeSdf(input, path, Unverified(reading_), &became_);
  diags_->Append(top.diagnostics);
  if (!top.ok()) return std::nullopt;
  Diagnostics again;  // the upgraded text says nothing new about its XML
  out_ = XmlTree::Parse(top.output, path, &again, XmlLimitsOf(reading_));
  if (!out_) {  // a bug of the upgrade: say why, write nothing
    for (const Diagnostic& d : again.items()) {
      if (d.severity == Severity::kError) diags_->Add(d);
    }
    return std::nullopt;
  }
  const XmlSources& sources = reading.sources;
  const Document& doc = *reading.doc;
  // Per element of the composed Document: the includes of the instance of
  // the file it is in, read -> written.
  std::vector<IncludeMap> instances = {
      Pair(Includes(sources.tree(0), sources.tree(0).root()),
           Includes(*out_, out_->root()))};
  std::vector<size_t> instance_of(doc.size(), 0);
  // Per merge-include's proxy frame: the instance of the merged file, which
  // what it merged (Element::merged_by) is in.
  std::vector<size_t> merged_instance(doc.size(), 0);
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    if (e.merged_by != kNoElement) {
      instance_of[id] = merged_instance[e.merged_by];
    } else if (e.parent != kNoElement) {
      instance_of[id] = instance_of[e.parent];
    }
    if (!e.include || e.include->file.empty()) continue;
    const NodeRef& read = e.include->node;  // the <include> as read
    const auto written = instances[instance_of[id]].find(read.node);
    const SourceFile* file = As18(sources, e.node.tree);
    if (written == instances[instance_of[id]].end() || file == nullptr) {
      return std::nullopt;
    }
    const NodeId include = written->second;
    const NodeId model = out_->Import(*file->tree, file->model);
    instances.push_back(Pair(Includes(sources.tree(e.node.tree), e.node.node),
                             Includes(*out_, model)));
    if (e.include->merge) {  // e is the proxy frame (merge_include.h)
      const NodeId parent = out_->ParentElement(include);
      PlaceMerged(include, model, *file, e);
      CorrespondMerged(*file, parent);
      merged_instance[id] = instances.size() - 1;
    } else {
      Place(include, model, *file);
      if (e.merged_by != kNoElement) {  // an <include> a merge brought
        RedirectModelFrame(&*out_, model, doc.at(e.merged_by).name);
      }
      Correspond(*file, model, include);
      instance_of[id] = instances.size() - 1;
    }
  }
  if (diags_->HasErrors()) return std::nullopt;
  // Left: includes of a light or actor file in a model, which the
  // composition drops (with a warning), as libsdformat does.
  for (NodeId dropped : Includes(*out_, out_->root())) {
    out_->RemoveLine(dropped);
  }
  std::optional<std::string> text = out_->SerializeAsRead();
  if (!text) {
    diags_->Error(Code::kXmlSyntaxError, {path, 1, ""},
                  "an included model holds a character that " +
                      out_->encoding() +
                      ", the file's encoding, cannot; nothing was written");
  }
  return text;
}

// The file whose <model> is in `tree` of the reading, as SDFormat 1.8: a
// file upgraded, or the SDFormat a URDF front end built, written as the
// import writes it. Made once per tree; null (reported) when it cannot be.
const SourceFile* Expander::As18(const XmlSources& sources, int32_t tree) {
  auto [it, fresh] = files_.try_emplace(tree);
  if (!fresh) return it->second ? &*it->second : nullptr;
  const XmlTree& read = sources.tree(tree);
  SourceFile file;
  file.path = read.file();
  std::string sdf18;
  if (read.built()) {
    sdf18 = kXmlDeclaration + WriteIndentedXml(read, read.root());
  } else {
    // The file's own bytes again (its encoding, as UpgradeSdf reads it).
    const std::string text = read.SerializeAsRead().value_or("");
    UpgradeResult upgraded =
        UpgradeSdf(text, file.path, Unverified(reading_), &file.became);
    diags_->Append(upgraded.diagnostics);
    if (!upgraded.ok()) return nullptr;
    sdf18 = std::move(upgraded.output);
  }
  Diagnostics again;  // the upgraded text says nothing new about its XML
  file.tree = XmlTree::Parse(sdf18, file.path, &again, XmlLimitsOf(reading_));
  if (!file.tree) return nullptr;
  file.model = TopElement(*file.tree);
  if (file.model == kNoNode) return nullptr;  // composition said so already
  file.input_model_name = ModelName(read);
  file.model_name = ModelName(*file.tree);
  it->second = std::move(file);
  return &*it->second;
}

// Puts `model` (imported from `file`) where `include` is, with the
// include's overrides and additions. A light or actor (compose.h) takes
// the name and pose; an actor the plugins too.
void Expander::Place(NodeId include, NodeId model, const SourceFile& file) {
  XmlTree& out = *out_;
  const std::string kind(out.Tag(model));
  out.Reindent(model, file.tree->Indent(file.model).value_or(""),
               out.Indent(include).value_or(""));
  out.Replace(include, model);
  DeclareNamespaces(model, file);
  if (const NodeId name = out.FirstChild(include, "name"); name != kNoNode) {
    out.SetAttribute(model, "name", TextOf(out, name));
  }
  if (const NodeId pose = out.FirstChild(include, "pose"); pose != kNoNode) {
    // In the place of the model's own <pose>, else first.
    const NodeId copy = out.Clone(pose, /*with_comments=*/true);
    out.Reindent(copy, out.Indent(pose).value_or(""), out.ChildIndent(model));
    const std::vector<NodeId> own = out.Children(model, "pose");
    if (own.empty()) {
      out.InsertLine(model, copy, out.FirstChild(model));
    } else {
      out.Replace(own[0], copy);
      for (size_t i = 1; i < own.size(); ++i) out.RemoveLine(own[i]);
    }
  }
  const NodeId frame = out.FirstChild(include, "placement_frame");
  if (kind == "model" && frame != kNoNode) {
    out.SetAttribute(model, "placement_frame", TextOf(out, frame));
  }
  const NodeId is_static = out.FirstChild(include, "static");
  if (kind == "model" && is_static != kNoNode &&
      ParseBool(out.Text(is_static)).value_or(false)) {
    if (const NodeId own = out.FirstChild(model, "static"); own != kNoNode) {
      out.SetText(own, "true");
    } else if (const NodeId pose = out.FirstChild(model, "pose");
               pose != kNoNode) {
      out.InsertLineAfter(pose, out.NewElement("static", "true"));
    } else {
      out.InsertLine(model, out.NewElement("static", "true"),
                     out.FirstChild(model));
    }
  }
  for (NodeId added : out.ChildElements(include)) {
    const std::string tag(out.Tag(added));
    const bool adds = kind == "model"
                          ? tag == "joint" || tag == "frame" || tag == "plugin"
                          : kind == "actor" && tag == "plugin";
    if (!adds) continue;
    const NodeId copy = out.Clone(added, /*with_comments=*/true);
    out.Reindent(copy, out.Indent(added).value_or(""), out.ChildIndent(model));
    out.InsertLine(model, copy);
  }
}

// Puts what a merge-include merges where `include` is, in the model or
// world around it (merge_include.h says what and how, on the Document):
// its proxy frame, with the attachment and the pose the composition
// computed, then the merged elements of `model` (imported from `file`) in
// order, then what the include adds, each with its references to the
// model frame naming the proxy frame; the include and the rest of the
// model (<static>, <pose>, ...) are dropped. <include>s directly in the
// model are merged too: nested models or merges of their own, expanded
// from the worklist later (a nested one is then redirected as a <model>;
// a merge's proxy frame has its redirected relative_to from the
// composition).
void Expander::PlaceMerged(NodeId include, NodeId model,
                           const SourceFile& file, const Element& proxy) {
  XmlTree& out = *out_;
  const NodeId parent = out.ParentElement(include);
  const std::string indent =
      out.Indent(include).value_or(out.ChildIndent(parent));
  const NodeId frame = out.NewElement("frame");
  out.SetAttribute(frame, "name", proxy.name);
  if (!proxy.attached_to.empty()) {
    out.SetAttribute(frame, "attached_to", proxy.attached_to);
  }
  out.InsertLine(parent, frame, include);
  // The pose as written (the include's, else the model's own) when it
  // places the model frame; computed through a placement frame.
  NodeId written = kNoNode;
  const bool placed =
      out.FirstChild(include, "placement_frame") != kNoNode ||
      !out.Attribute(model, "placement_frame").value_or("").empty();
  if (!placed) {
    written = out.FirstChild(include, "pose");
    if (written == kNoNode) written = out.FirstChild(model, "pose");
  }
  const NodeId pose =
      written != kNoNode ? out.Clone(written, /*with_comments=*/false)
                         : out.NewElement("pose", FormatPose(proxy.pose.X));
  out.SetAttribute(pose, "relative_to", proxy.pose.relative_to);
  out.InsertLine(frame, pose);
  const auto move = [&](NodeId element, bool clone) {
    const std::string from = out.Indent(element).value_or(indent);
    const NodeId moved =
        clone ? out.Clone(element, /*with_comments=*/true) : element;
    if (!clone) out.Detach(element);
    out.Reindent(moved, from, indent);
    out.InsertLine(parent, moved, include);
    RedirectModelFrame(&out, moved, proxy.name);
    return moved;
  };
  for (NodeId element : out.ChildElements(model)) {
    const std::string tag(out.Tag(element));
    if (tag != "link" && tag != "model" && tag != "joint" && tag != "frame" &&
        tag != "gripper" && tag != "plugin" && tag != "include" &&
        !out.IsNamespaced(element)) {
      continue;
    }
    DeclareNamespaces(move(element, /*clone=*/false), file);
  }
  for (NodeId added : out.ChildElements(include)) {
    const std::string tag(out.Tag(added));
    if (tag == "joint" || tag == "frame" || tag == "plugin") {
      move(added, /*clone=*/true);
    }
  }
  out.RemoveLine(include);
}

// As Correspond, for a merged instance: its elements are in `parent`'s
// scope, in the input and in the output.
void Expander::CorrespondMerged(const SourceFile& file, NodeId parent) {
  const std::string scope = ScopedName(*out_, parent);
  for (const auto& [from, to] : file.became.renamed) {
    const auto in = Inside(from.second, file.input_model_name);
    const auto now = Inside(to.second, file.model_name);
    if (!in || !now) continue;
    became_.renamed[{from.first, JoinScopedName({*in, scope})}] = {
        to.first, JoinScopedName({*now, scope})};
  }
  for (const std::string& joint : file.became.flipped_joints) {
    if (const auto now = Inside(joint, file.model_name)) {
      became_.flipped_joints.insert(JoinScopedName({*now, scope}));
    }
  }
}

// Adds the renames and moves of `file`'s upgrade, for its instance `model`
// (placed for `include`), to the correspondence. The instance is called by
// the include's name, else by the model's own name before the upgrade.
void Expander::Correspond(const SourceFile& file, NodeId model,
                          NodeId include) {
  const XmlTree& out = *out_;
  const std::string out_name = ScopedName(out, model);
  const NodeId name = out.FirstChild(include, "name");
  const std::string in_name = JoinScopedName(
      {name != kNoNode ? TextOf(out, name) : file.input_model_name,
       ScopedName(out, out.ParentElement(model))});
  for (const auto& [from, to] : file.became.renamed) {
    const auto in = Inside(from.second, file.input_model_name);
    const auto now = Inside(to.second, file.model_name);
    if (!in || !now) continue;
    became_.renamed[{from.first, JoinScopedName({*in, in_name})}] = {
        to.first, JoinScopedName({*now, out_name})};
  }
  for (const std::string& joint : file.became.flipped_joints) {
    if (const auto now = Inside(joint, file.model_name)) {
      became_.flipped_joints.insert(JoinScopedName({*now, out_name}));
    }
  }
}

// Namespace prefixes the model uses but only its own file declared (on
// <sdf>, say) are declared on the model itself.
void Expander::DeclareNamespaces(NodeId model, const SourceFile& file) {
  XmlTree& out = *out_;
  const XmlTree& tree = *file.tree;
  for (NodeId n = tree.ParentElement(file.model); n != kNoNode;
       n = tree.ParentElement(n)) {
    for (const RawAttribute& a : tree.RawAttributes(n)) {
      if (a.name().rfind("xmlns:", 0) != 0) continue;
      if (out.Attribute(model, a.name())) continue;
      const std::string prefix = std::string(a.name().substr(6)) + ":";
      bool used = false;
      for (NodeId e : out.Elements(model, [](NodeId) { return false; })) {
        used = out.Tag(e).rfind(prefix, 0) == 0;
        for (const RawAttribute& b : out.RawAttributes(e)) {
          used = used || b.name().rfind(prefix, 0) == 0;
        }
        if (used) break;
      }
      if (used) out.SetAttribute(model, a.name(), DecodeXmlAttribute(a.raw()));
    }
  }
}

}  // namespace

UpgradeResult ExpandIncludesToSdf18(std::string_view input,
                                    const std::string& path,
                                    const IncludeSearch& search,
                                    const Limits& limits) {
  UpgradeResult result;
  // Every include is written expanded: none can be kept unread.
  const ReadOptions proof =
      upgrade::ProofOptions(NeedingIncludedModels(search), limits);
  const upgrade::ProofReading reading =
      upgrade::ReadForProof(input, path, ReadOptions::Includes::kExpand, proof);
  // An include the composition drops (a light or actor file included in
  // a model) is not written: its warning says so.
  for (const Diagnostic& d : reading.diags.items()) {
    if (d.code == Code::kIncludeNotModel && d.severity == Severity::kWarning) {
      result.diagnostics.Add(d);
    }
  }
  Expander expander(proof, &result.diagnostics);
  std::optional<std::string> text = expander.Run(reading, input, path);
  if ((reading.fatal || text) &&
      !upgrade::VerifyExpansion(reading, text.value_or(""), path, proof,
                                expander.correspondence(),
                                &result.diagnostics)) {
    text.reset();
  }
  if (!text) {
    // Nothing is written; never without an error that says why.
    if (!result.diagnostics.HasErrors()) {
      result.diagnostics.Error(
          Code::kUpgradeNotEquivalent, {path, 0, ""},
          "the expansion of the includes produced no output; nothing is "
          "written");
    }
    return result;
  }
  result.output = std::move(*text);
  result.changed = result.output != input;
  return result;
}

}  // namespace sdfconv
