#include "converters/include/include_params.h"

#include <cstdint>
#include <string_view>
#include <utility>

#include "converters/sdf/schema.h"
#include "converters/xml/text_values.h"

namespace sdfconv {
namespace {

bool IsParams(const XmlTree& tree, NodeId n) {
  const std::string tag(tree.Tag(n));
  const size_t colon = tag.find(':');
  return colon != std::string::npos && tag.substr(colon + 1) == "params" &&
         tag.substr(0, colon) == "experimental";
}

std::string Trimmed(const XmlTree& tree, NodeId n) {
  return std::string(TrimWhitespace(tree.Text(n)));
}

// The name an element of the included model is addressed by: its @name;
// for a nested <include>, its //include/name, else its URI's last segment.
std::optional<std::string> NameOf(const XmlTree& tree, NodeId n) {
  if (tree.Tag(n) == "include") {
    if (tree.Attribute(n, "merge").value_or("") == "true") return {};
    if (const NodeId name = tree.FirstChild(n, "name"); name != kNoNode) {
      return Trimmed(tree, name);
    }
    const NodeId uri = tree.FirstChild(n, "uri");
    if (uri == kNoNode) return {};
    const std::string uri_text = tree.Text(uri);  // Text() makes a string
    std::string_view text = TrimWhitespace(uri_text);
    while (!text.empty() && text.back() == '/') text.remove_suffix(1);
    const size_t slash = text.find_last_of('/');
    return std::string(slash == std::string_view::npos ? text
                                                       : text.substr(slash + 1));
  }
  return tree.Attribute(n, "name");
}

// getElementById's prefix test: the index of the last character of `ref`
// when `id` continues with it at `start`, else -1.
int64_t PrefixLastIndex(const std::string& id, int64_t start,
                        const std::string& ref) {
  if (static_cast<size_t>(start) > id.size()) return -1;
  if (id.compare(start, ref.size(), ref) == 0 &&
      id.size() - start >= ref.size()) {
    return start + static_cast<int64_t>(ref.size()) - 1;
  }
  return -1;
}

std::string Rest(const std::string& id, int64_t start) {
  return static_cast<size_t>(start) >= id.size() ? std::string()
                                                 : id.substr(start);
}

// Where an element id leads: an element of the tree, or a nested include
// (with what remains of the id there), or nowhere.
struct Found {
  NodeId node = kNoNode;
  bool into_include = false;
  std::string rest;  // into_include: the id inside the include's model
  bool at_model = false;  // into_include: the include's model itself
};

// libsdformat's getElementById (ParamPassing.cc) over the XML of `model`,
// a loop over levels; a level that is an <include> hands the rest of the id
// on to it.
Found FindById(const XmlTree& tree, NodeId model, std::string_view tag,
               const std::string& id, bool parent) {
  std::vector<NodeId> kids = tree.ChildElements(model);
  int64_t start = 0;
  int64_t longest = 0;
  while (true) {
    NodeId match = kNoNode;
    for (NodeId child : kids) {
      const std::optional<std::string> name = NameOf(tree, child);
      if (!name) continue;
      const bool include = tree.Tag(child) == "include";
      if (parent && id == *name) {
        return include ? Found{child, true, "", false} : Found{child};
      }
      const int64_t stop = PrefixLastIndex(id, start, *name);
      if (stop <= longest) continue;
      match = child;
      const bool last = Rest(id, start) == *name;
      if (last && parent) {
        return include ? Found{child, true, "", false} : Found{child};
      }
      if (last && (tree.Tag(child) == tag || (include && tag == "model"))) {
        return include ? Found{child, true, "", true} : Found{child};
      }
      longest = stop;
    }
    if (match == kNoNode) return {};
    start = longest;
    const size_t colons = id.find("::", start);
    if (colons != std::string::npos && colons - start == 1) start += 3;
    if (tree.Tag(match) == "include") {
      return {match, true, Rest(id, start), false};
    }
    kids = tree.ChildElements(match);
  }
}

// getElementByName: the child of `parent` with `xml`'s tag, and its name
// when it has one (for a modify, the first of that tag when none has it).
NodeId ChildByName(const XmlTree& tree, NodeId parent, const XmlTree& from,
                   NodeId xml, bool modify) {
  const std::vector<NodeId> same = tree.Children(parent, from.Tag(xml));
  if (same.empty()) return kNoNode;
  const std::optional<std::string> name = from.Attribute(xml, "name");
  if (!name) return same.front();
  for (NodeId n : same) {
    if (tree.Attribute(n, "name") == name) return n;
  }
  return modify ? same.front() : kNoNode;
}

// The schema's definition of element `n` of `tree`, found by the tags from
// the root down; null when it has none.
const SchemaElement* DefinitionOf(const XmlTree& tree, NodeId n,
                                  const SchemaVersion* version) {
  if (version == nullptr) return nullptr;
  std::vector<NodeId> path;
  for (NodeId at = n; at != kNoNode && at != tree.root();
       at = tree.ParentElement(at)) {
    path.push_back(at);
  }
  const SchemaElement* def = &version->element(version->root);
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    const SchemaChild* child = FindChild(*version, *def, tree.Tag(*it));
    if (child == nullptr) return nullptr;
    def = &version->element(child->element);
  }
  return def;
}

class Editor {
 public:
  Editor(XmlTree* tree, NodeId model, const std::string& version,
         Diagnostics* diags)
      : tree_(*tree), model_(model), version_(FindSchemaVersion(version)),
        diags_(diags) {}

  void Apply(const ParamEdit& edit);
  ForwardedEdits Take() { return std::move(forwarded_); }

 private:
  void Error(Code code, const ParamEdit& edit, NodeId at,
             const std::string& what) {
    const XmlTree& from = *edit.tree;
    std::string message = "<experimental:params> <" + std::string(from.Tag(at));
    if (edit.element_id && at == edit.node) {
      message += " element_id=\"" + *edit.element_id + "\"";
    }
    if (const auto name = from.Attribute(at, "name")) {
      message += " name=\"" + *name + "\"";
    }
    diags_->Error(code, from.Locate(at),
                  message + ">: " + what + "; the edit is skipped");
  }
  // A copy of `xml` (of `from`) for this tree, without element_id and
  // action, located where it is written.
  NodeId CopyIn(const XmlTree& from, NodeId xml);
  void Modify(const ParamEdit& edit, NodeId xml, NodeId target);
  void Remove(const ParamEdit& edit, NodeId xml, NodeId target);
  void ChildActions(const ParamEdit& edit, NodeId target);

  XmlTree& tree_;
  NodeId model_;
  const SchemaVersion* version_;
  Diagnostics* diags_;
  ForwardedEdits forwarded_;
};

NodeId Editor::CopyIn(const XmlTree& from, NodeId xml) {
  const NodeId copy =
      &from == &tree_ ? tree_.Clone(xml, true) : tree_.Import(from, xml);
  tree_.RemoveAttribute(copy, "element_id");
  tree_.RemoveAttribute(copy, "action");
  // Each element copied stands for itself where it is written.
  std::vector<std::pair<NodeId, NodeId>> stack = {{xml, copy}};
  while (!stack.empty()) {
    const auto [src, dst] = stack.back();
    stack.pop_back();
    tree_.SetOrigin(dst, from.Locate(src));
    const std::vector<NodeId> a = from.ChildElements(src);
    const std::vector<NodeId> b = tree_.ChildElements(dst);
    for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
      stack.push_back({a[i], b[i]});
    }
  }
  return copy;
}

// modify / modifyChildren / modifyAttributes, with a work list.
void Editor::Modify(const ParamEdit& edit, NodeId xml, NodeId target) {
  const XmlTree& from = *edit.tree;
  std::vector<std::pair<NodeId, NodeId>> work = {{xml, target}};
  const auto attributes = [&](NodeId src, NodeId dst) {
    for (const XmlAttribute& a : from.Attributes(src)) {
      if (a.name == "element_id" || a.name == "action") continue;
      tree_.SetAttribute(dst, a.name, a.value);
    }
  };
  while (!work.empty()) {
    const auto [src, dst] = work.back();
    work.pop_back();
    attributes(src, dst);
    if (const std::string text = Trimmed(from, src); !text.empty()) {
      tree_.SetText(dst, text);
      continue;
    }
    const std::vector<NodeId> children = from.ChildElements(src);
    for (NodeId c : children) {
      const NodeId e = ChildByName(tree_, dst, from, c, /*modify=*/true);
      if (e == kNoNode) {
        Error(Code::kElementMissing, edit, c,
              "<" + std::string(tree_.Tag(dst)) + "> has no <" +
                  std::string(from.Tag(c)) + "> to modify");
        continue;
      }
      if (const std::string text = Trimmed(from, c); !text.empty()) {
        tree_.SetText(e, text);
        attributes(c, e);
      } else if (from.ChildElements(c).empty()) {
        // Written empty: the value takes its default.
        const SchemaElement* def = DefinitionOf(tree_, e, version_);
        if (def != nullptr && def->default_value != nullptr &&
            tree_.ChildElements(e).empty()) {
          tree_.SetText(e, def->default_value.c_str());
        }
        attributes(c, e);
      } else {
        work.push_back({c, e});
      }
    }
  }
}

void Editor::Remove(const ParamEdit& edit, NodeId xml, NodeId target) {
  const XmlTree& from = *edit.tree;
  const std::vector<NodeId> children = from.ChildElements(xml);
  if (children.empty()) {
    tree_.RemoveLine(target);
    return;
  }
  for (NodeId c : children) {
    const NodeId e = ChildByName(tree_, target, from, c, /*modify=*/false);
    if (e == kNoNode) {
      Error(Code::kElementMissing, edit, c,
            "<" + std::string(tree_.Tag(target)) +
                "> has no such child to remove");
      continue;
    }
    tree_.RemoveLine(e);
  }
}

// handleIndividualChildActions: an edit without @action.
void Editor::ChildActions(const ParamEdit& edit, NodeId target) {
  const XmlTree& from = *edit.tree;
  for (NodeId c : from.ChildElements(edit.node)) {
    const std::optional<std::string> action = from.Attribute(c, "action");
    if (!action) {
      Error(Code::kAttributeMissing, edit, c, "it has no @action");
      continue;
    }
    if (*action == "remove" || *action == "modify" || *action == "replace") {
      const NodeId e =
          ChildByName(tree_, target, from, c, *action == "modify");
      if (e == kNoNode) {
        Error(Code::kElementMissing, edit, c,
              "the element to " + *action + " is not in <" +
                  std::string(tree_.Tag(target)) + ">");
      } else if (*action == "remove") {
        Remove(edit, c, e);
      } else if (*action == "modify") {
        Modify(edit, c, e);
      } else if (tree_.HasAttribute(e, "name") &&
                 !from.HasAttribute(c, "name")) {
        Error(Code::kAttributeMissing, edit, c,
              "the replacement has no @name");
      } else {
        tree_.Replace(e, CopyIn(from, c));
      }
    } else if (*action == "add") {
      tree_.InsertLine(target, CopyIn(from, c));
    } else {
      Error(Code::kAttributeInvalid, edit, c,
            "action=\"" + *action +
                "\" is none of add, modify, remove, replace");
    }
  }
}

void Editor::Apply(const ParamEdit& edit) {
  const XmlTree& from = *edit.tree;
  const NodeId xml = edit.node;
  if (!edit.element_id) {
    Error(Code::kAttributeMissing, edit, xml, "it has no @element_id");
    return;
  }
  const std::string& id = *edit.element_id;
  if (const size_t colons = id.rfind("::");
      colons != std::string::npos && colons + 2 == id.size()) {
    Error(Code::kAttributeInvalid, edit, xml,
          "its element_id ends in '::' without a name");
    return;
  }
  const std::optional<std::string> action = from.Attribute(xml, "action");
  if (action && *action != "add" && *action != "modify" &&
      *action != "remove" && *action != "replace") {
    Error(Code::kAttributeInvalid, edit, xml,
          "action=\"" + *action +
              "\" is none of add, modify, remove, replace");
    return;
  }
  // libsdformat edits only elements its schema describes, which <include>
  // is not ("Element [include] is not a defined SDF element"): an edit
  // cannot add an include.
  if (from.Tag(xml) == "include") {
    Error(Code::kElementInvalid, edit, xml,
          "an <include> cannot be edited or added by <experimental:params>");
    return;
  }
  const bool add = action == "add";
  Found found;
  if (edit.at_model) {
    found.node = model_;
  } else if (add) {
    const std::optional<std::string> name = from.Attribute(xml, "name");
    if (!name) {
      Error(Code::kAttributeMissing, edit, xml, "an element added needs a @name");
      return;
    }
    if (name->empty()) {
      Error(Code::kAttributeInvalid, edit, xml, "its @name is empty");
      return;
    }
    const Found same = FindById(tree_, model_, from.Tag(xml),
                                id.empty() ? *name : id + "::" + *name,
                                /*parent=*/false);
    if (same.node != kNoNode && !same.into_include &&
        tree_.Tag(same.node) != "plugin") {
      Error(Code::kDuplicateName, edit, xml,
            "the included model already has it");
      return;
    }
    found = id.empty() ? Found{model_}
                       : FindById(tree_, model_, "", id, /*parent=*/true);
  } else {
    found = FindById(tree_, model_, from.Tag(xml), id, /*parent=*/false);
  }
  if (found.into_include) {
    ParamEdit on = edit;
    on.element_id = found.rest;
    on.at_model = found.at_model;
    forwarded_[found.node].push_back(std::move(on));
    return;
  }
  if (found.node == kNoNode) {
    Error(Code::kElementMissing, edit, xml,
          "the included model has no such element");
    return;
  }
  if (!action) {
    ChildActions(edit, found.node);
  } else if (add) {
    tree_.InsertLine(found.node, CopyIn(from, xml));
  } else if (*action == "modify") {
    Modify(edit, xml, found.node);
  } else if (*action == "remove") {
    Remove(edit, xml, found.node);
  } else if (found.node == model_) {
    Error(Code::kElementInvalid, edit, xml,
          "the included model itself cannot be replaced");
  } else {
    tree_.Replace(found.node, CopyIn(from, xml));
  }
}

}  // namespace

std::vector<ParamEdit> IncludeParamEdits(const XmlTree& tree, NodeId include) {
  std::vector<ParamEdit> out;
  for (NodeId params : tree.ChildElements(include)) {
    if (!IsParams(tree, params)) continue;
    for (NodeId n : tree.ChildElements(params)) {
      out.push_back({&tree, n, tree.Attribute(n, "element_id"), false});
    }
    break;  // libsdformat reads the first only
  }
  return out;
}

ForwardedEdits ApplyIncludeParams(XmlTree* tree, NodeId model,
                                  const std::string& version,
                                  const std::vector<ParamEdit>& edits,
                                  Diagnostics* diags) {
  Editor editor(tree, model, version, diags);
  for (const ParamEdit& edit : edits) editor.Apply(edit);
  return editor.Take();
}

}  // namespace sdfconv

namespace sdfconv {

ForwardedEdits EditIncludedTree(XmlTree* tree,
                                const std::vector<ParamEdit>& edits,
                                Diagnostics* diags) {
  const NodeId root = tree->root();
  const NodeId model = tree->Tag(root) == "sdf"
                           ? tree->FirstChild(root, "model")
                           : kNoNode;
  if (model == kNoNode) {
    const ParamEdit& first = edits.front();
    diags->Error(Code::kElementInvalid, first.tree->Locate(first.node),
                 "<experimental:params>: " + tree->file() +
                     " holds no SDFormat <model> to edit; its edits are "
                     "skipped");
    return {};
  }
  return ApplyIncludeParams(tree, model,
                            tree->Attribute(root, "version").value_or(""),
                            edits, diags);
}

}  // namespace sdfconv
