#include "converters/include/compose.h"

#include <map>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "converters/include/fuel_cache.h"
#include "converters/include/include_chain.h"
#include "converters/include/merge_include.h"

namespace sdfconv {
namespace {

bool IsPlaceholder(const Element& e) {
  return e.include.has_value() && e.include->file.empty() &&
         !e.include->stand_in;
}

// One element waiting to be copied: from `doc`, under `out_parent` in the
// result, read through the chain of includes `chain`.
struct Pending {
  const Document* doc;
  ElementId id;
  ElementId out_parent;
  int chain;
};

class Composer {
 public:
  Composer(const IncludeLoader& load, const ComposeOptions& options,
           Diagnostics* diags)
      : load_(load), options_(options), diags_(diags) {}

  Document Run(const Document& doc);

 private:
  void Copy(const Pending& p, std::vector<Pending>* stack);
  void Unresolved(const Pending& p, const std::string& why,
                  std::vector<Pending>* stack);
  void Expand(const Pending& p, std::vector<Pending>* stack);
  void ExpandLightOrActor(const Pending& p, const Document& sub,
                          const std::string& file,
                          std::vector<Pending>* stack);
  const Document* Load(const std::string& identity, const std::string& file);
  const Document* LoadEdited(const std::string& file,
                             const std::vector<ParamEdit>& edits);
  static void PushChildren(const Document* doc, const Element& e,
                           ElementId out_parent, int chain,
                           std::vector<Pending>* stack);

  const IncludeLoader& load_;
  const ComposeOptions& options_;
  Diagnostics* diags_;
  // Whether the expansion may go on to `p`; false (reported) once it would
  // pass a limit.
  bool WithinLimits(const Pending& p);

  Document out_;
  uint64_t instances_ = 0;  // includes expanded
  IncludeChains chains_;
  // Loaded files by FileIdentity; null when the file could not be read.
  std::unordered_map<std::string, std::unique_ptr<Document>> loaded_;
  // Files read anew for an include with edits.
  std::vector<std::unique_ptr<Document>> edited_;
  // Edits handed on to the placeholders of an edited file.
  std::map<std::pair<const Document*, ElementId>, std::vector<ParamEdit>>
      handed_on_;
};

Document Composer::Run(const Document& doc) {
  out_.file = doc.file;
  out_.version = doc.version;
  if (doc.size() == 0) return std::move(out_);
  chains_.Add(FileIdentity(doc.file), doc.file, -1);
  std::vector<Pending> stack;
  for (auto it = doc.roots().rbegin(); it != doc.roots().rend(); ++it) {
    stack.push_back({&doc, *it, kNoElement, 0});  // every world, in order
  }
  while (!stack.empty()) {
    const Pending p = stack.back();
    stack.pop_back();
    if (!WithinLimits(p)) break;
    if (IsPlaceholder(p.doc->at(p.id))) {
      Expand(p, &stack);
    } else {
      Copy(p, &stack);
    }
  }
  return std::move(out_);
}

bool Composer::WithinLimits(const Pending& p) {
  const Element& e = p.doc->at(p.id);
  const Limits& limits = options_.limits;
  const bool instance = IsPlaceholder(e);
  if (instance) ++instances_;
  std::string passed;
  uint64_t bound = 0;
  if (instance && instances_ > limits.include_instances) {
    passed = "include_instances";
    bound = limits.include_instances;
  } else if (out_.size() >= limits.elements) {
    passed = "elements";
    bound = limits.elements;
  } else {
    return true;
  }
  diags_->Error(Code::kInputLimitExceeded, e.source,
                "expanding the includes of " + out_.file + " passes the limit "
                "of " + std::to_string(bound) +
                    (passed == "elements" ? " elements" : " included models") +
                    " (" + passed + "; `--limit " + passed +
                    "=N` sets it, docs/limits.md); nothing is read past it");
  return false;
}

// Pushes the children of `e` (of `doc`) so that they pop in order.
void Composer::PushChildren(const Document* doc, const Element& e,
                            ElementId out_parent, int chain,
                            std::vector<Pending>* stack) {
  for (auto it = e.children.rbegin(); it != e.children.rend(); ++it) {
    stack->push_back({doc, *it, out_parent, chain});
  }
}

// An include whose URI names no file: an error (the include is left out),
// or, kept, a warning and the placeholder itself in the result.
void Composer::Unresolved(const Pending& p, const std::string& why,
                          std::vector<Pending>* stack) {
  const SourceLocation& at = p.doc->at(p.id).source;
  switch (options_.search.unresolved) {
    case IncludeSearch::Unresolved::kError:
      diags_->Error(Code::kIncludeUriUnresolved, at, why);
      return;
    case IncludeSearch::Unresolved::kNeeded:
      diags_->Error(Code::kIncludeUriUnresolved, at,
                    why + "; this command needs the included model, which "
                          "--unresolved-includes=keep cannot stand in for "
                          "(it keeps includes for check, upgrade and "
                          "convert --to sdf)");
      return;
    case IncludeSearch::Unresolved::kKeep:
      diags_->Warning(Code::kIncludeUriUnresolved, at,
                      why + "; kept as written (--unresolved-includes=keep): "
                            "what the file says of it is checked against a "
                            "stand-in");
      Copy(p, stack);
      return;
  }
}

void Composer::Copy(const Pending& p, std::vector<Pending>* stack) {
  const Element& e = p.doc->at(p.id);
  Element copy = e;
  copy.children.clear();
  const ElementId id = out_.Add(p.out_parent, std::move(copy));
  PushChildren(p.doc, e, id, p.chain, stack);
}

// The Document of `file`, loaded once per `identity` (FileIdentity).
const Document* Composer::Load(const std::string& identity,
                               const std::string& file) {
  auto [it, inserted] = loaded_.try_emplace(identity);
  if (inserted) {
    ForwardedEdits none;
    if (std::optional<Document> doc = load_(file, {}, &none, diags_)) {
      it->second = std::make_unique<Document>(std::move(*doc));
    }
  }
  return it->second.get();
}

// The Document of `file` edited by `edits`, read for one include; the
// edits it hands on wait for its placeholders.
const Document* Composer::LoadEdited(const std::string& file,
                                     const std::vector<ParamEdit>& edits) {
  ForwardedEdits handed_on;
  std::optional<Document> doc = load_(file, edits, &handed_on, diags_);
  if (!doc) return nullptr;
  edited_.push_back(std::make_unique<Document>(std::move(*doc)));
  const Document* sub = edited_.back().get();
  for (ElementId id = 0; id < static_cast<ElementId>(sub->size()); ++id) {
    const Element& e = sub->at(id);
    if (!IsPlaceholder(e)) continue;
    if (auto it = handed_on.find(e.include->node.node); it != handed_on.end()) {
      handed_on_[{sub, id}] = std::move(it->second);
    }
  }
  return sub;
}

void Composer::Expand(const Pending& p, std::vector<Pending>* stack) {
  const Element& inc = p.doc->at(p.id);
  const IncludeSpec& spec = *inc.include;
  if (spec.uri.empty()) return;  // the front end reported the missing <uri>
  const std::string what = "<include> of '" + spec.uri + "'";
  const ResolvedUri resolved = ResolveIncludeUri(
      spec.uri, inc.source.file.str(), options_.search, options_.supported);
  if (resolved.file.empty()) {
    Unresolved(p, what + ": " + resolved.error, stack);
    return;
  }
  const std::string file = FileIdentity(resolved.file);
  if (const std::string cycle =
          chains_.CycleThrough(p.chain, file, resolved.file);
      !cycle.empty()) {
    diags_->Error(Code::kIncludeCycle, inc.source,
                  what + " includes a file that includes it: " + cycle);
    return;
  }
  std::vector<ParamEdit> edits;
  if (options_.params_of) edits = options_.params_of(spec.node);
  if (auto it = handed_on_.find({p.doc, p.id}); it != handed_on_.end()) {
    edits.insert(edits.end(), it->second.begin(), it->second.end());
  }
  const Document* sub =
      edits.empty() ? Load(file, resolved.file) : LoadEdited(resolved.file, edits);
  if (sub == nullptr) {
    diags_->Error(Code::kIncludeNotModel, inc.source,
                  what + ": " + resolved.file +
                      " cannot be read (see the errors reported for it)");
    return;
  }
  if (sub->size() == 0) {  // an empty root, as libsdformat refuses it
    diags_->Error(Code::kIncludeNotModel, inc.source,
                  what + ": " + resolved.file +
                      " holds no <world>, <model>, <light> or <actor>; only "
                      "models, lights and actors can be included");
    return;
  }
  const Element& root = sub->at(sub->root());
  if (root.kind == ElementKind::kLight || root.kind == ElementKind::kActor) {
    ExpandLightOrActor(p, *sub, resolved.file, stack);
    return;
  }
  if (root.kind != ElementKind::kModel) {
    diags_->Error(Code::kIncludeNotModel, inc.source,
                  what + ": " + resolved.file + " holds a " +
                      KindName(root.kind) +
                      "; only models can be included");
    return;
  }
  Element model = root;  // its source: the <model> in the included file
  model.children.clear();
  model.MutableModel().version = sub->version;
  model.include = spec;
  model.include->file = resolved.file;
  model.include->source = inc.source;
  if (inc.has_name) {
    model.name = inc.name;
    model.has_name = true;
  }
  if (inc.pose.present) model.pose = inc.pose;
  const std::string& placement_frame = inc.Model().placement_frame;
  if (!placement_frame.empty()) {
    model.MutableModel().placement_frame = placement_frame;
    if (!inc.pose.present) {
      diags_->Error(Code::kIncludePoseMissing, inc.source,
                    what + " has <placement_frame>" + placement_frame +
                        "</placement_frame> but no <pose>, which it requires");
    }
  }
  if (spec.is_static == true) {
    model.MutableModel().is_static = true;
  } else if (spec.is_static == false && root.Model().is_static && !spec.merge) {
    diags_->Error(Code::kElementInvalid, inc.source,
                  what + ": <static>false</static> cannot make the static "
                         "model '" + root.name +
                      "' dynamic (//include/static may only turn a model "
                      "static)");
  }
  const ElementId id = out_.Add(p.out_parent, std::move(model));
  // What the include adds comes after the included model's own content.
  PushChildren(p.doc, inc, id, p.chain, stack);
  const int link = chains_.Add(file, resolved.file, p.chain);
  PushChildren(sub, root, id, link, stack);
}

// An include of a file holding a lone light or actor (`model://sun`), as
// libsdformat 12 reads it (src/parser.cc, readXml): in a world, the light
// or actor itself, named by //include/name and posed by //include/pose
// (which replaces its own <pose>, @relative_to included) when written; an
// actor keeps the include's <plugin>s. What libsdformat ignores there
// (<placement_frame>, <static>, a light's plugins, the include's joints and
// frames) gets a warning. In a model, which holds no light or actor,
// libsdformat drops it without a word: a warning here.
void Composer::ExpandLightOrActor(const Pending& p, const Document& sub,
                                  const std::string& file,
                                  std::vector<Pending>* stack) {
  const Element& inc = p.doc->at(p.id);
  const IncludeSpec& spec = *inc.include;
  const Element& root = sub.at(sub.root());
  const std::string what = "<include> of '" + spec.uri + "'";
  const std::string kind = KindName(root.kind);
  const std::string a_kind =
      (root.kind == ElementKind::kActor ? "an " : "a ") + kind;
  if (spec.merge) {
    diags_->Error(Code::kMergeIncludeUnsupported, inc.source,
                  what + ": " + file + " holds " + a_kind +
                      "; only a model can be merge-included");
    return;
  }
  if (p.out_parent == kNoElement ||
      out_.at(p.out_parent).kind != ElementKind::kWorld) {
    diags_->Warning(Code::kIncludeNotModel, inc.source,
                    what + ": " + file + " holds " + a_kind + " ('" +
                        root.name + "'), which only a world can hold; it is "
                        "not part of the model (libsdformat drops it too)");
    return;
  }
  const auto ignored = [&](const std::string& element) {
    diags_->Warning(Code::kElementInvalid, inc.source,
                    element + " of " + what + " has no meaning for " +
                        a_kind + "; it is ignored, as libsdformat ignores it");
  };
  if (!inc.Model().placement_frame.empty()) ignored("<placement_frame>");
  if (spec.is_static) ignored("<static>");
  Element included = root;  // its source: the <light> or <actor> there
  included.children.clear();
  included.MutableModel().version = sub.version;
  included.include = spec;
  included.include->file = file;
  included.include->source = inc.source;
  if (inc.has_name) {
    included.name = inc.name;
    included.has_name = true;
  }
  if (inc.pose.present) included.pose = inc.pose;
  const ElementId id = out_.Add(p.out_parent, std::move(included));
  for (auto it = inc.children.rbegin(); it != inc.children.rend(); ++it) {
    const Element& added = p.doc->at(*it);
    if (root.kind == ElementKind::kActor && added.tag == "plugin") {
      stack->push_back({p.doc, *it, id, p.chain});
    } else {
      ignored("<" + added.tag + " name=\"" + added.name + "\">");
    }
  }
  PushChildren(&sub, root, id, chains_.Add(FileIdentity(file), file, p.chain),
               stack);
}

}  // namespace

std::string PlaceholderName(const Element& placeholder) {
  if (placeholder.has_name) return placeholder.name;
  // A Fuel URL ends in a version or a file: its model's name is NAME.
  if (const auto fuel = ParseFuelModelUrl(placeholder.include->uri)) {
    return fuel->name;
  }
  std::string_view uri = placeholder.include->uri;
  while (!uri.empty() && uri.back() == '/') uri.remove_suffix(1);
  const size_t slash = uri.find_last_of('/');
  return std::string(slash == std::string_view::npos ? uri
                                                     : uri.substr(slash + 1));
}

bool HasIncludePlaceholders(const Document& doc) {
  for (const Element& e : doc.elements) {
    if (IsPlaceholder(e)) return true;
  }
  return false;
}

Document ExpandIncludes(const Document& doc, const IncludeLoader& load,
                        const ComposeOptions& options, Diagnostics* diags) {
  Document composed = Composer(load, options, diags).Run(doc);
  if (!HasModelsToMerge(composed)) return composed;
  return MergeIncludedModels(std::move(composed), diags);
}

}  // namespace sdfconv
