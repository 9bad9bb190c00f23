#include "converters/include/merge_include.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/frame_graph.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

constexpr char kModelFrame[] = "__model__";

// A merge-include whose model was read: not a placeholder kept unread
// (compose.h), nor a stand-in.
bool ToMerge(const Element& e) {
  return e.kind == ElementKind::kModel && e.include && e.include->merge &&
         !e.include->file.empty() && !e.include->stand_in;
}

// What libsdformat merges: links, models, joints, frames, grippers and
// plugins (and namespaced elements, which the Document does not hold).
bool Merged(const Element& e) {
  switch (e.kind) {
    case ElementKind::kLink:
    case ElementKind::kModel:
    case ElementKind::kJoint:
    case ElementKind::kFrame:
      return true;
    case ElementKind::kOther:
      return e.tag == "gripper" || e.tag == "plugin";
    default:
      return false;
  }
}

// Names `__model__` (an empty value too, where `empty_too`) `proxy`.
void Redirect(std::string* ref, const std::string& proxy, bool empty_too) {
  if (*ref == kModelFrame || (empty_too && ref->empty())) *ref = proxy;
}

// Every reference of `e`, merged into the scope around its model, to the
// model's frame now names the proxy frame (libsdformat's rules: an empty
// pose relative_to of a link or model, an empty attached_to of a frame).
void RedirectModelFrame(Element* e, const std::string& proxy) {
  switch (e->kind) {
    case ElementKind::kLink:
    case ElementKind::kModel:
      Redirect(&e->pose.relative_to, proxy, /*empty_too=*/true);
      break;
    case ElementKind::kFrame:
      Redirect(&e->attached_to, proxy, /*empty_too=*/true);
      Redirect(&e->pose.relative_to, proxy, /*empty_too=*/false);
      break;
    case ElementKind::kJoint: {
      Redirect(&e->pose.relative_to, proxy, /*empty_too=*/false);
      JointSpec& spec = e->MutableJoint();
      Redirect(&spec.parent_frame, proxy, /*empty_too=*/false);
      Redirect(&spec.child_frame, proxy, /*empty_too=*/false);
      for (JointAxis& axis : spec.axes) {
        Redirect(&axis.expressed_in, proxy, /*empty_too=*/false);
      }
      break;
    }
    default:
      break;
  }
}

// libsdformat's Model::CanonicalLinkAndRelativeName over the model at the
// root of `alone`: its canonical_link, else its first link, else that of
// its first nested model (prefixed "nested::"), else "".
std::string CanonicalName(const Document& alone) {
  std::vector<std::string_view> prefix;  // innermost first
  ElementId m = alone.root();
  for (;;) {
    const Element& model = alone.at(m);
    std::string_view found;
    ElementId first_model = kNoElement;
    if (!model.Model().canonical_link.empty()) {
      found = model.Model().canonical_link;
    } else {
      for (ElementId c : model.children) {
        const Element& e = alone.at(c);
        if (e.kind == ElementKind::kLink) {
          found = e.name;
          break;
        }
        if (e.kind == ElementKind::kModel && first_model == kNoElement) {
          first_model = c;
        }
      }
    }
    if (!found.empty()) {
      prefix.insert(prefix.begin(), found);
      return JoinScopedName(prefix);
    }
    if (first_model == kNoElement) return "";
    prefix.insert(prefix.begin(), alone.at(first_model).name);
    m = first_model;
  }
}

class Merger {
 public:
  Merger(Document doc, Diagnostics* diags)
      : doc_(std::move(doc)), diags_(diags) {}

  Document Run();

 private:
  void Merge(ElementId m);
  Document Alone(ElementId m) const;
  bool ValidAlone(ElementId m, const Document& alone, FrameGraph* graph);
  bool WorldAllows(ElementId m);
  Element Proxy(const Element& model, const Document& alone,
                const FrameGraph& graph, bool in_world) const;
  std::vector<ElementId> FreeNames(const Element& model, ElementId parent,
                                   const std::vector<ElementId>& candidates);
  void ReplaceChild(ElementId parent, ElementId old,
                    const std::vector<ElementId>& with);
  void ReplaceChildren();
  std::string Describe(const Element& m) const;
  Document Compact() const;

  Document doc_;  // children lists edited in place; Compact() at the end
  Diagnostics* diags_;
  // Of the merges of one depth (which merge into the scopes one level up,
  // and read nothing of those scopes but their names): per scope, the
  // names taken so far, and what each merged model is replaced by, all
  // applied at once (ReplaceChildren), so that N merges into one scope
  // cost N, not N times its size.
  std::unordered_map<ElementId, std::unordered_map<std::string, ElementId>>
      taken_;
  std::unordered_map<ElementId,
                     std::unordered_map<ElementId, std::vector<ElementId>>>
      replaced_;
};

Document Merger::Run() {
  // The deepest first, so that a model is merged after the models merged
  // into it; among models of one depth in document order, so that of two
  // includes whose names collide the second is reported. Merging a model
  // moves only what is deeper than it (and appends its proxy frame).
  std::vector<int> depth(doc_.size(), 0);
  std::vector<std::pair<int, ElementId>> order;
  for (ElementId id = 0; id < static_cast<ElementId>(doc_.size()); ++id) {
    const Element& e = doc_.at(id);
    if (e.parent != kNoElement) depth[id] = depth[e.parent] + 1;
    if (ToMerge(e)) order.push_back({-depth[id], id});
  }
  std::sort(order.begin(), order.end());
  for (size_t i = 0; i < order.size(); ++i) {
    Merge(order[i].second);
    if (i + 1 == order.size() || order[i + 1].first != order[i].first) {
      ReplaceChildren();  // before the models one level up are read
    }
  }
  return Compact();
}

std::string Merger::Describe(const Element& m) const {
  return "<include merge=\"true\"> of '" + m.include->uri + "'";
}

// The subtree of `m` as a model file of its own: placed by its <pose> and
// placement frame only (its relative_to names a frame outside it).
Document Merger::Alone(ElementId m) const {
  Document alone;
  alone.file = doc_.file;
  const std::string& version = doc_.at(m).Model().version;
  alone.version = version.empty() ? doc_.version : version;
  std::vector<std::pair<ElementId, ElementId>> stack = {{m, kNoElement}};
  while (!stack.empty()) {
    const auto [id, parent] = stack.back();
    stack.pop_back();
    Element copy = doc_.at(id);
    copy.children.clear();
    copy.merged_by = kNoElement;
    if (parent == kNoElement) copy.pose.relative_to.clear();
    const ElementId at = alone.Add(parent, std::move(copy));
    const std::vector<ElementId>& kids = doc_.at(id).children;
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) {
      stack.push_back({*it, at});
    }
  }
  return alone;
}

// Whether the model `m` may be merged into a world, if that is where it
// is: without links or grippers of its own. Reports each.
bool Merger::WorldAllows(ElementId m) {
  bool ok = true;
  const Element& model = doc_.at(m);
  if (doc_.at(model.parent).kind != ElementKind::kWorld) return ok;
  for (ElementId c : model.children) {
    const Element& e = doc_.at(c);
    if (e.kind == ElementKind::kLink || e.tag == "gripper") {
      diags_->Error(Code::kMergeIncludeUnsupported, model.include->source,
                    Describe(model) + " into world '" +
                        doc_.at(model.parent).name + "': model '" +
                        model.name + "' holds <" + e.tag + " name=\"" +
                        e.name + "\"> directly, and a world holds no " +
                        e.tag + "s (only its models, frames, joints and "
                        "plugins are merged into a world)");
      ok = false;
    }
  }
  return ok;
}

void Merger::ReplaceChild(ElementId parent, ElementId old,
                          const std::vector<ElementId>& with) {
  replaced_[parent][old] = with;
  for (ElementId c : with) doc_.at(c).parent = parent;
}

// Applies every ReplaceChild since the last call, one pass per scope.
void Merger::ReplaceChildren() {
  for (auto& [parent, by] : replaced_) {
    std::vector<ElementId>& kids = doc_.at(parent).children;
    std::vector<ElementId> now;
    now.reserve(kids.size());
    for (ElementId c : kids) {
      const auto it = by.find(c);
      if (it == by.end()) {
        now.push_back(c);
      } else {
        now.insert(now.end(), it->second.begin(), it->second.end());
      }
    }
    kids = std::move(now);
  }
  replaced_.clear();
  taken_.clear();
}

// Checks the model `m` on its own, as libsdformat validates an included
// model before merging it, and reports what it finds at the <include>
// too. Sets `graph`, complete when it returns true.
bool Merger::ValidAlone(ElementId m, const Document& alone,
                        FrameGraph* graph) {
  Diagnostics found;
  *graph = BuildFrameGraph(alone, &found);
  const SourceLocation& include_at = doc_.at(m).include->source;
  for (Diagnostic d : found.items()) {
    d.message += " (checked on its own before the <include merge=\"true\"> "
                 "at " + include_at.file + ":" +
                 std::to_string(include_at.line) + " merges it)";
    d.related.push_back(include_at);
    diags_->Add(std::move(d));
  }
  return !found.HasErrors();
}

// The proxy frame of `model` (valid on its own as `alone`, with `graph`),
// merged into a world or a model.
Element Merger::Proxy(const Element& model, const Document& alone,
                      const FrameGraph& graph, bool in_world) const {
  Element proxy;
  proxy.kind = ElementKind::kFrame;
  proxy.tag = "frame";
  proxy.name = MergedModelProxyFrameName(model.name);
  proxy.has_name = true;
  proxy.source = model.include->source;
  proxy.node = model.node;
  proxy.include = model.include;
  proxy.attached_to = CanonicalName(alone);
  proxy.pose = model.pose;
  proxy.pose.present = true;
  // X_RM: the model frame in the frame R of the include's pose, through
  // the placement frame if any (X_RM = X_RP * X_MP^-1).
  if (!model.Model().placement_frame.empty()) {
    proxy.pose.X = ResolveAll(alone, graph).X_W[0];
  }
  if (proxy.pose.relative_to.empty()) {
    proxy.pose.relative_to = in_world ? "world" : kModelFrame;
  }
  return proxy;
}

// Of `candidates` (the proxy frame, then what `model` merges), those whose
// names are free in `parent`, the scope `model` is merged into; each other
// one is reported at the <include>.
std::vector<ElementId> Merger::FreeNames(
    const Element& model, ElementId parent,
    const std::vector<ElementId>& candidates) {
  // The names already taken: everything in the scope but the models still
  // to be merged (they go away; their content is checked when they are
  // merged) and plugins (which may share names); then what the merges
  // into it so far have kept (added below).
  const auto [entry, first] = taken_.try_emplace(parent);
  std::unordered_map<std::string, ElementId>& taken = entry->second;
  if (first) {
    for (ElementId c : doc_.at(parent).children) {
      const Element& e = doc_.at(c);
      if (ToMerge(e) || !e.has_name || e.tag == "plugin") continue;
      taken.emplace(e.name, c);
    }
  }
  std::vector<ElementId> free;
  for (ElementId c : candidates) {
    const Element& e = doc_.at(c);
    if (e.has_name && e.tag != "plugin") {
      const auto [it, fresh] = taken.emplace(e.name, c);
      if (!fresh) {
        const Element& other = doc_.at(it->second);
        diags_->Error(
            Code::kDuplicateName, model.include->source,
            Describe(model) + ": " + KindName(e.kind) + " '" + e.name +
                "' has the same name as " +
                (other.kind == ElementKind::kOther
                     ? "<" + other.tag + ">"
                     : std::string(KindName(other.kind))) +
                " '" + other.name + "' (line " +
                std::to_string(PlacementSource(other).line) + ") in " +
                KindName(doc_.at(parent).kind) + " '" +
                doc_.at(parent).name + "'; it is not merged");
        continue;
      }
    }
    free.push_back(c);
  }
  return free;
}

void Merger::Merge(ElementId m) {
  const ElementId parent = doc_.at(m).parent;
  const Document alone = Alone(m);
  FrameGraph graph;
  const bool valid = ValidAlone(m, alone, &graph);
  if (!WorldAllows(m) || !valid) {
    ReplaceChild(parent, m, {});  // left out, as any include that fails
    return;
  }
  const Element model = doc_.at(m);  // a copy: doc_ grows below
  const IncludeSpec& spec = *model.include;
  if (model.Model().is_static) {
    diags_->Warning(Code::kElementInvalid, spec.source,
                    Describe(model) + ": model '" + model.name +
                        "' is static, but what is merged of it is not "
                        "(libsdformat drops <static> of a merged model)");
  }
  const bool in_world = doc_.at(parent).kind == ElementKind::kWorld;
  // Added under `parent` (the Document's roots stay its roots) and taken
  // off the end of its children: ReplaceChild puts it in the model's place.
  const ElementId proxy =
      doc_.Add(parent, Proxy(model, alone, graph, in_world));
  doc_.at(parent).children.pop_back();
  std::vector<ElementId> candidates = {proxy};
  for (ElementId c : model.children) {
    if (Merged(doc_.at(c))) candidates.push_back(c);
  }
  const std::vector<ElementId> kept = FreeNames(model, parent, candidates);
  const std::string proxy_name = doc_.at(proxy).name;
  for (ElementId c : kept) {
    if (c == proxy) continue;
    Element& e = doc_.at(c);
    RedirectModelFrame(&e, proxy_name);
    // What a merge inside it brought keeps that merge's proxy.
    if (e.merged_by == kNoElement) e.merged_by = proxy;
    // What the included file says keeps its version's rules; what the
    // <include> adds is the including file's. (An empty version is not
    // copied: it would only give `e`, a link say, an empty ModelSpec.)
    const std::string& version = model.Model().version;
    if (!version.empty() && e.Model().version.empty() &&
        e.node.tree != spec.node.tree) {
      e.MutableModel().version = version;
    }
  }
  ReplaceChild(parent, m, kept);
}

// The Document of what the roots reach, in pre-order, with new ids.
Document Merger::Compact() const {
  Document out;
  out.file = doc_.file;
  out.version = doc_.version;
  if (doc_.size() == 0) return out;
  std::vector<ElementId> now(doc_.size(), kNoElement);
  std::vector<std::pair<ElementId, ElementId>> stack;
  for (auto it = doc_.roots().rbegin(); it != doc_.roots().rend(); ++it) {
    stack.push_back({*it, kNoElement});
  }
  while (!stack.empty()) {
    const auto [id, parent] = stack.back();
    stack.pop_back();
    Element copy = doc_.at(id);
    copy.children.clear();
    now[id] = out.Add(parent, std::move(copy));
    const std::vector<ElementId>& kids = doc_.at(id).children;
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) {
      stack.push_back({*it, now[id]});
    }
  }
  for (Element& e : out.elements) {
    if (e.merged_by != kNoElement) e.merged_by = now[e.merged_by];
  }
  return out;
}

}  // namespace

std::string MergedModelProxyFrameName(const std::string& model) {
  return "_merged__" + model + "__model__";
}

bool HasModelsToMerge(const Document& doc) {
  for (const Element& e : doc.elements) {
    if (ToMerge(e)) return true;
  }
  return false;
}

Document MergeIncludedModels(Document doc, Diagnostics* diags) {
  return Merger(std::move(doc), diags).Run();
}

}  // namespace sdfconv
