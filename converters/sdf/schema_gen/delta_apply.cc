#include "converters/sdf/schema_gen/delta_apply.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "core/document.h"

namespace sdfconv::schema_gen {
namespace {

// Where a path leads: the definition and, unless it is the root, its parent
// and its position among the parent's children.
struct Place {
  size_t element = 0;
  std::optional<size_t> parent;
  size_t slot = 0;
};

std::optional<std::string> Field(const DeltaOp& op, const char* key) {
  const auto it = op.fields.find(key);
  if (it == op.fields.end()) return std::nullopt;
  return it->second;
}

class Applier {
 public:
  explicit Applier(DescVersion* version) : v_(*version) {}

  void Apply(const DeltaOp& op) {
    const bool attribute = op.target.attribute.has_value();
    switch (op.verb) {
      case DeltaVerb::kAdd:
        return attribute ? AddAttribute(op) : AddElement(op);
      case DeltaVerb::kRemove:
        return attribute ? RemoveAttribute(op) : RemoveElement(op);
      case DeltaVerb::kRename:
        return attribute ? RenameAttribute(op) : RenameElement(op);
      case DeltaVerb::kSet:
        return attribute ? SetAttribute(op) : SetElement(op);
    }
  }

  std::vector<std::string> TakeErrors() { return std::move(errors_); }

 private:
  void Error(const DeltaOp& op, const std::string& what) {
    errors_.push_back(op.where + ": " + DescribeTarget(op.target) + ": " +
                      what);
  }

  DescElement& At(size_t index) { return v_.elements[index]; }

  // The child of `parent` named `name`: its position, or nothing.
  std::optional<size_t> ChildSlot(size_t parent, const std::string& name) {
    const std::vector<DescChild>& children = At(parent).children;
    for (size_t i = 0; i < children.size(); ++i) {
      if (At(children[i].element).name == name) return i;
    }
    return std::nullopt;
  }

  std::optional<Place> Find(const std::vector<std::string>& path,
                            const DeltaOp& op) {
    Place place{v_.root, std::nullopt, 0};
    std::string walked = At(v_.root).name;
    for (const std::string& name : path) {
      const std::optional<size_t> slot = ChildSlot(place.element, name);
      if (!slot) {
        Error(op, "no <" + name + "> in " + walked);
        return std::nullopt;
      }
      place = {At(place.element).children[*slot].element, place.element,
               *slot};
      walked += "/" + name;
    }
    return place;
  }

  DescAttribute* FindAttribute(size_t element, const std::string& name) {
    for (DescAttribute& a : At(element).attributes) {
      if (a.name == name) return &a;
    }
    return nullptr;
  }

  void AddElement(const DeltaOp& op) {
    const std::vector<std::string> parent_path(op.target.path.begin(),
                                               op.target.path.end() - 1);
    const std::string& name = op.target.path.back();
    const std::optional<Place> parent = Find(parent_path, op);
    if (!parent) return;
    if (ChildSlot(parent->element, name)) {
      return Error(op, "its parent already has a <" + name + ">");
    }
    const std::string required = op.fields.at("required");
    size_t element = 0;
    if (op.fields.count("is") > 0) {
      const std::optional<Place> target = Find(op.other, op);
      if (!target) return;
      if (At(target->element).name != name) {
        return Error(op, "is= names a <" + At(target->element).name +
                             ">, not a <" + name + ">");
      }
      element = target->element;
    } else {
      DescElement e;
      if (op.fields.count("like") > 0) {
        const std::optional<Place> source = Find(op.other, op);
        if (!source) return;
        e = At(source->element);  // its children stay shared
      }
      e.name = name;
      e.required = required;
      e.source = op.where;
      if (const auto type = Field(op, "type")) e.type = *type;
      if (const auto value = Field(op, "default")) e.default_value = value;
      if (const auto min = Field(op, "min")) e.min = min;
      if (const auto max = Field(op, "max")) e.max = max;
      v_.elements.push_back(std::move(e));
      element = v_.elements.size() - 1;
    }
    At(parent->element).children.push_back({element, required});
  }

  void AddAttribute(const DeltaOp& op) {
    const std::optional<Place> place = Find(op.target.path, op);
    if (!place) return;
    if (FindAttribute(place->element, *op.target.attribute) != nullptr) {
      return Error(op, "the attribute exists already");
    }
    DescAttribute a;
    a.name = *op.target.attribute;
    a.type = op.fields.at("type");
    a.required = op.fields.at("required") == "1";
    a.default_value = op.fields.at("default");
    a.min = Field(op, "min");
    a.max = Field(op, "max");
    At(place->element).attributes.push_back(std::move(a));
  }

  void RemoveElement(const DeltaOp& op) {
    const std::optional<Place> place = Find(op.target.path, op);
    if (!place) return;
    std::vector<DescChild>& siblings = At(*place->parent).children;
    siblings.erase(siblings.begin() + static_cast<std::ptrdiff_t>(place->slot));
  }

  void RemoveAttribute(const DeltaOp& op) {
    const std::optional<Place> place = Find(op.target.path, op);
    if (!place) return;
    std::vector<DescAttribute>& attributes = At(place->element).attributes;
    const auto it = std::find_if(
        attributes.begin(), attributes.end(),
        [&op](const DescAttribute& a) { return a.name == *op.target.attribute; });
    if (it == attributes.end()) return Error(op, "no such attribute");
    attributes.erase(it);
  }

  void RenameElement(const DeltaOp& op) {
    const std::optional<Place> place = Find(op.target.path, op);
    if (!place) return;
    if (ChildSlot(*place->parent, op.new_name)) {
      return Error(op, "its parent already has a <" + op.new_name + ">");
    }
    At(place->element).name = op.new_name;
  }

  void RenameAttribute(const DeltaOp& op) {
    const std::optional<Place> place = Find(op.target.path, op);
    if (!place) return;
    DescAttribute* a = FindAttribute(place->element, *op.target.attribute);
    if (a == nullptr) return Error(op, "no such attribute");
    if (FindAttribute(place->element, op.new_name) != nullptr) {
      return Error(op, "an attribute " + op.new_name + " exists already");
    }
    a->name = op.new_name;
  }

  void SetElement(const DeltaOp& op) {
    const std::optional<Place> place = Find(op.target.path, op);
    if (!place) return;
    DescElement& e = At(place->element);
    if (const auto required = Field(op, "required")) {
      At(*place->parent).children[place->slot].required = *required;
      e.required = *required;
    }
    const auto value = Field(op, "default");
    const auto min = Field(op, "min");
    const auto max = Field(op, "max");
    if ((value || min || max) && e.type.empty()) {
      return Error(op, "the element holds no value");
    }
    if (value) e.default_value = value;
    if (min) e.min = min;
    if (max) e.max = max;
  }

  void SetAttribute(const DeltaOp& op) {
    const std::optional<Place> place = Find(op.target.path, op);
    if (!place) return;
    DescAttribute* a = FindAttribute(place->element, *op.target.attribute);
    if (a == nullptr) return Error(op, "no such attribute");
    if (const auto required = Field(op, "required")) a->required = *required == "1";
    if (const auto value = Field(op, "default")) a->default_value = *value;
    if (const auto min = Field(op, "min")) a->min = min;
    if (const auto max = Field(op, "max")) a->max = max;
  }

  DescVersion& v_;
  std::vector<std::string> errors_;
};

// Drops the definitions the root no longer reaches, keeping the order of
// the others (the invariant of delta_apply.h).
void DropUnreachable(DescVersion* v) {
  std::vector<bool> reached(v->elements.size(), false);
  std::vector<size_t> work = {v->root};
  reached[v->root] = true;
  while (!work.empty()) {
    const size_t e = work.back();
    work.pop_back();
    for (const DescChild& c : v->elements[e].children) {
      if (!reached[c.element]) {
        reached[c.element] = true;
        work.push_back(c.element);
      }
    }
  }
  std::vector<size_t> renumbered(v->elements.size(), 0);
  std::vector<DescElement> kept;
  for (size_t i = 0; i < v->elements.size(); ++i) {
    if (!reached[i]) continue;
    renumbered[i] = kept.size();
    kept.push_back(std::move(v->elements[i]));
  }
  for (DescElement& e : kept) {
    for (DescChild& c : e.children) c.element = renumbered[c.element];
  }
  v->root = renumbered[v->root];
  v->elements = std::move(kept);
}

const DescVersion* FindVersion(const DescriptionSet& set,
                               const std::string& version) {
  for (const DescVersion& v : set.versions) {
    if (v.version == version) return &v;
  }
  return nullptr;
}

}  // namespace

std::vector<std::string> ApplyDelta(const Delta& delta, DescriptionSet* set) {
  const DescVersion* base = FindVersion(*set, delta.base);
  if (base == nullptr) {
    return {delta.file + ": its base version " + delta.base +
            " is not among the versions read"};
  }
  if (FindVersion(*set, delta.version) != nullptr) {
    return {delta.file + ": version " + delta.version + " exists already"};
  }
  DescVersion version = *base;
  version.version = delta.version;
  Applier applier(&version);
  for (const DeltaOp& op : delta.ops) applier.Apply(op);
  DropUnreachable(&version);
  set->versions.push_back(std::move(version));
  std::sort(set->versions.begin(), set->versions.end(),
            [](const DescVersion& a, const DescVersion& b) {
              return VersionNumber(a.version) < VersionNumber(b.version);
            });
  return applier.TakeErrors();
}

}  // namespace sdfconv::schema_gen
