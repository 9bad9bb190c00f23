// ExpandIncludesToSdf18: upgrade every file taking part, then splice the
// included models into the including file's tree, include by include, from
// a worklist; finally prove the result (verify.h).
#include "converters/upgrade/expand_includes.h"

#include <algorithm>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "converters/include/include_chain.h"
#include "converters/registry.h"
#include "converters/upgrade/verify.h"
#include "converters/xml/xml_tree.h"
#include "converters/urdf/urdf_import_options.h"
#include "converters/urdf/urdf_to_sdf.h"
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
    const std::string& where = tree.Tag(parent);
    if (where == "model" || where == "world") out.push_back(n);
  }
  return out;
}

// One file taking part, as 1.8 text, parsed.
struct SourceFile {
  std::string path;             // as resolved (relative URIs start here)
  std::optional<XmlTree> tree;  // nothing when it cannot be used
  NodeId model = kNoNode;       // the included <model>
  // The line of each <include> in the 1.8 text -> its line in the file.
  std::map<int, int> input_line;
  // What the upgrade renamed or moved, by scoped names in this file, and
  // the name of its model before and after.
  upgrade::Correspondence became;
  std::string input_model_name;
  std::string model_name;
};

// The scoped name of the model `id` in `tree`: the names of it and of the
// models around it, joined by "::" (the world is no part of it).
std::string ScopedName(const XmlTree& tree, NodeId id) {
  std::vector<std::string> names;
  for (NodeId n = id; n != kNoNode; n = tree.ParentElement(n)) {
    if (tree.Tag(n) == "model") {
      names.push_back(tree.Attribute(n, "name").value_or(""));
    }
  }
  std::string out;
  for (auto it = names.rbegin(); it != names.rend(); ++it) {
    if (!out.empty()) out += "::";
    out += *it;
  }
  return out;
}

// The name of the file's <model>, if it holds one.
std::string ModelName(const XmlTree& tree) {
  const NodeId model = tree.FirstChild(tree.root(), "model");
  return model == kNoNode ? "" : tree.Attribute(model, "name").value_or("");
}

// `scoped` without its leading "`model`::", or nothing.
std::optional<std::string> Inside(const std::string& scoped,
                                  const std::string& model) {
  if (scoped.size() <= model.size() + 2 ||
      scoped.compare(0, model.size(), model) != 0 ||
      scoped.compare(model.size(), 2, "::") != 0) {
    return std::nullopt;
  }
  return scoped.substr(model.size() + 2);
}

// One <include> waiting: in the output, where it is written, and through
// which chain of includes it was reached.
struct Pending {
  NodeId include;  // in the output tree
  int file;        // index of the file it is written in
  NodeId source;   // the same <include> in that file's tree
  int chain;       // index into the chain links
};

// Each file is upgraded without its own proof: that one stands included
// models in by what the file says of them (include_stand_ins.h), which
// cannot name an unnamed include that is referred to. The proof of the
// whole (VerifyExpansion) reads the real included files instead, each with
// its own version's front end, and so covers every file's upgrade.
UpgradeOptions Unverified() {
  UpgradeOptions options;
  options.verify = false;
  return options;
}

class Expander {
 public:
  Expander(const IncludeSearch& search, Diagnostics* diags)
      : search_(search), diags_(diags) {}

  // The expanded text, or nothing with errors in the diagnostics.
  std::optional<std::string> Run(std::string_view input,
                                 const std::string& path);
  // After Run: the renames and moves of every upgrade, by scoped names in
  // the composed input and in the output.
  const upgrade::Correspondence& correspondence() const { return became_; }

 private:
  std::optional<SourceFile> Parse(const std::string& path,
                                  std::string_view input,
                                  const std::string& sdf18);
  void Correspond(const SourceFile& file, NodeId model, NodeId include);
  int Load(const std::string& path, const std::string& identity,
           const SourceLocation& at, const std::string& what);
  std::optional<std::string> As18(const std::string& path,
                                  const std::string& bytes,
                                  upgrade::Correspondence* became);
  void Expand(const Pending& p, std::vector<Pending>* stack);
  void Place(NodeId include, NodeId model, const SourceFile& file);
  void DeclareNamespaces(NodeId model, const SourceFile& file);
  SourceLocation Where(int file, NodeId source) const;
  void Push(NodeId out_top, int file, NodeId source_top, int chain,
            std::vector<Pending>* stack) const;

  const IncludeSearch& search_;
  Diagnostics* diags_;
  std::optional<XmlTree> out_;
  std::vector<SourceFile> files_;
  std::map<std::string, int> by_identity_;  // -1: could not be used
  IncludeChains chains_;
  upgrade::Correspondence became_;
};

std::optional<std::string> Expander::Run(std::string_view input,
                                         const std::string& path) {
  UpgradeResult top = UpgradeSdf(input, path, Unverified(), &became_);
  diags_->Append(top.diagnostics);
  if (!top.ok()) return std::nullopt;
  std::optional<SourceFile> file = Parse(path, input, top.output);
  out_ = XmlTree::Parse(top.output, path, diags_);
  if (!file || !out_) return std::nullopt;
  by_identity_[FileIdentity(path)] = 0;
  files_.push_back(std::move(*file));
  chains_.Add(FileIdentity(path), path, -1);
  std::vector<Pending> stack;
  Push(out_->root(), 0, files_[0].tree->root(), 0, &stack);
  while (!stack.empty()) {
    const Pending p = stack.back();
    stack.pop_back();
    Expand(p, &stack);
  }
  if (diags_->HasErrors()) return std::nullopt;
  return out_->Serialize();
}

// Pushes the includes under `out_top` (a copy of `source_top` of file
// `file`) so that they pop in document order.
void Expander::Push(NodeId out_top, int file, NodeId source_top, int chain,
                    std::vector<Pending>* stack) const {
  const std::vector<NodeId> out = Includes(*out_, out_top);
  const std::vector<NodeId> source = Includes(*files_[file].tree, source_top);
  // The same elements: `out_top` was copied from `source_top`, and what an
  // include adds (<joint>, <frame>, <plugin>) holds no include.
  for (size_t i = std::min(out.size(), source.size()); i-- > 0;) {
    stack->push_back({out[i], file, source[i], chain});
  }
}

std::optional<SourceFile> Expander::Parse(const std::string& path,
                                          std::string_view input,
                                          const std::string& sdf18) {
  SourceFile file;
  file.path = path;
  file.tree = XmlTree::Parse(sdf18, path, diags_);
  if (!file.tree) return std::nullopt;
  // The upgrade keeps includes as includes, in order: the n-th of the 1.8
  // text is the n-th of the file, which diagnostics should point at.
  Diagnostics ignored;
  const std::optional<XmlTree> original =
      sdf18 == input ? std::nullopt : XmlTree::Parse(input, path, &ignored);
  const XmlTree& before = original ? *original : *file.tree;
  file.model_name = ModelName(*file.tree);
  file.input_model_name = ModelName(before);
  const std::vector<NodeId> now = Includes(*file.tree, file.tree->root());
  const std::vector<NodeId> then = Includes(before, before.root());
  if (now.size() == then.size()) {
    for (size_t i = 0; i < now.size(); ++i) {
      file.input_line[file.tree->at(now[i]).line] = before.at(then[i]).line;
    }
  }
  return file;
}

SourceLocation Expander::Where(int file, NodeId source) const {
  const SourceFile& f = files_[file];
  SourceLocation at = f.tree->Locate(source);
  if (const auto it = f.input_line.find(at.line); it != f.input_line.end()) {
    at.line = it->second;
  }
  return at;
}

// The file at `path` as SDFormat 1.8 text: upgraded, or imported from URDF.
std::optional<std::string> Expander::As18(const std::string& path,
                                          const std::string& bytes,
                                          upgrade::Correspondence* became) {
  const std::optional<XmlTree> xml = XmlTree::Parse(bytes, path, diags_);
  if (!xml) return std::nullopt;
  if (FormatOf(*xml) == InputFormat::kUrdf) {
    return UrdfToSdf(*xml, UrdfImportOptions{}, diags_);
  }
  UpgradeResult upgraded = UpgradeSdf(bytes, path, Unverified(), became);
  diags_->Append(upgraded.diagnostics);
  if (!upgraded.ok()) return std::nullopt;
  return std::move(upgraded.output);
}

// The index of the included file `path` in files_, loaded and upgraded
// once; -1, reported at `at`, when it cannot be used.
int Expander::Load(const std::string& path, const std::string& identity,
                   const SourceLocation& at, const std::string& what) {
  if (const auto it = by_identity_.find(identity); it != by_identity_.end()) {
    if (it->second < 0) {
      diags_->Error(Code::kIncludeNotModel, at,
                    what + ": " + path + " cannot be used (see above)");
    }
    return it->second;
  }
  by_identity_[identity] = -1;
  const size_t errors = diags_->size();
  const std::optional<std::string> bytes =
      ReadFileBytes(path, XmlLimits{}.max_bytes, diags_);
  std::optional<std::string> sdf18;
  upgrade::Correspondence became;
  if (bytes) sdf18 = As18(path, *bytes, &became);
  std::optional<SourceFile> file;
  if (sdf18) file = Parse(path, *bytes, *sdf18);
  if (file) file->became = std::move(became);
  if (!file) {
    diags_->Error(Code::kIncludeNotModel, at,
                  what + ": " + path + " cannot be " +
                      (diags_->size() > errors ? "used (see its errors)"
                                               : "read"));
    return -1;
  }
  const XmlTree& tree = *file->tree;
  file->model = tree.FirstChild(tree.root(), "model");
  if (file->model == kNoNode) {
    const NodeId other = tree.FirstChild(tree.root());
    diags_->Error(Code::kIncludeNotModel, at,
                  what + ": " + path + " holds " +
                      (other == kNoNode ? std::string("nothing")
                                        : "a <" + tree.Tag(other) + ">") +
                      "; only models can be included");
    return -1;
  }
  files_.push_back(std::move(*file));
  const int index = static_cast<int>(files_.size()) - 1;
  by_identity_[identity] = index;
  return index;
}

void Expander::Expand(const Pending& p, std::vector<Pending>* stack) {
  const XmlTree& source = *files_[p.file].tree;
  const SourceLocation at = Where(p.file, p.source);
  const NodeId uri_element = source.FirstChild(p.source, "uri");
  const std::string uri =
      uri_element == kNoNode ? "" : TextOf(source, uri_element);
  if (uri.empty()) {
    diags_->Error(Code::kElementMissing, at, "<include> has no <uri>");
    return;
  }
  const std::string what = "<include> of '" + uri + "'";
  const ResolvedUri resolved =
      ResolveIncludeUri(uri, files_[p.file].path, search_, ReadsSdfVersion);
  if (resolved.file.empty()) {
    diags_->Error(Code::kIncludeUriUnresolved, at,
                  what + ": " + resolved.error);
    return;
  }
  const std::string identity = FileIdentity(resolved.file);
  if (const std::string cycle =
          chains_.CycleThrough(p.chain, identity, resolved.file);
      !cycle.empty()) {
    diags_->Error(Code::kIncludeCycle, at,
                  what + " includes a file that includes it: " + cycle);
    return;
  }
  const int f = Load(resolved.file, identity, at, what);
  if (f < 0) return;
  const SourceFile& file = files_[f];
  const NodeId model = out_->Import(*file.tree, file.model);
  Place(p.include, model, file);
  Correspond(file, model, p.include);
  const int link = chains_.Add(identity, file.path, p.chain);
  Push(model, f, file.model, link, stack);
}

// Puts `model` (imported from `file`) where `include` is, with the
// include's overrides and additions.
void Expander::Place(NodeId include, NodeId model, const SourceFile& file) {
  XmlTree& out = *out_;
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
  if (const NodeId frame = out.FirstChild(include, "placement_frame");
      frame != kNoNode) {
    out.SetAttribute(model, "placement_frame", TextOf(out, frame));
  }
  const NodeId is_static = out.FirstChild(include, "static");
  if (is_static != kNoNode &&
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
    const std::string& tag = out.Tag(added);
    if (tag != "joint" && tag != "frame" && tag != "plugin") continue;
    const NodeId copy = out.Clone(added, /*with_comments=*/true);
    out.Reindent(copy, out.Indent(added).value_or(""), out.ChildIndent(model));
    out.InsertLine(model, copy);
  }
}

// Adds the renames and moves of `file`'s upgrade, for its instance `model`
// (placed for `include`), to the correspondence. The instance is called by
// the include's name, else by the model's own name before the upgrade.
void Expander::Correspond(const SourceFile& file, NodeId model,
                          NodeId include) {
  const XmlTree& out = *out_;
  const std::string out_name = ScopedName(out, model);
  const NodeId parent = out.ParentElement(model);
  std::string in_name = ScopedName(out, parent);
  if (!in_name.empty()) in_name += "::";
  const NodeId name = out.FirstChild(include, "name");
  in_name += name != kNoNode ? TextOf(out, name) : file.input_model_name;
  for (const auto& [from, to] : file.became.renamed) {
    const auto in = Inside(from.second, file.input_model_name);
    const auto now = Inside(to.second, file.model_name);
    if (!in || !now) continue;
    became_.renamed[{from.first, in_name + "::" + *in}] = {
        to.first, out_name + "::" + *now};
  }
  for (const std::string& joint : file.became.flipped_joints) {
    if (const auto now = Inside(joint, file.model_name)) {
      became_.flipped_joints.insert(out_name + "::" + *now);
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
    for (const RawAttribute& a : tree.at(n).attributes) {
      if (a.name.rfind("xmlns:", 0) != 0) continue;
      if (out.Attribute(model, a.name)) continue;
      const std::string prefix = a.name.substr(6) + ":";
      bool used = false;
      for (NodeId e : out.Elements(model, [](NodeId) { return false; })) {
        used = out.Tag(e).rfind(prefix, 0) == 0;
        for (const RawAttribute& b : out.at(e).attributes) {
          used = used || b.name.rfind(prefix, 0) == 0;
        }
        if (used) break;
      }
      if (used) out.SetAttribute(model, a.name, DecodeXmlAttribute(a.raw));
    }
  }
}

}  // namespace

UpgradeResult ExpandIncludesToSdf18(std::string_view input,
                                    const std::string& path,
                                    const IncludeSearch& search) {
  UpgradeResult result;
  Expander expander(search, &result.diagnostics);
  std::optional<std::string> text = expander.Run(input, path);
  if (text && !upgrade::VerifyExpansion(input, *text, path, search,
                                        expander.correspondence(),
                                        &result.diagnostics)) {
    text.reset();
  }
  if (!text) return result;
  result.output = std::move(*text);
  result.changed = result.output != input;
  return result;
}

}  // namespace sdfconv
