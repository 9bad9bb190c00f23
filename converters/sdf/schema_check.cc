#include "converters/sdf/schema_check.h"

#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "converters/sdf/pose_text.h"
#include "converters/sdf/schema.h"
#include "converters/sdf/schema_values.h"
#include "converters/sdf/sdf_values.h"
#include "converters/xml/text_values.h"
#include "converters/xml/xml_element.h"
#include "core/closest_word.h"

namespace sdfconv {
namespace {

// "'1 2 3'", cut when long.
std::string Quote(std::string_view text) {
  constexpr size_t kMaxShown = 60;
  text = TrimWhitespace(text);
  if (text.size() <= kMaxShown) return "'" + std::string(text) + "'";
  return "'" + std::string(text.substr(0, kMaxShown)) + "...'";
}

// The descriptions' placeholder for "no default value".
constexpr std::string_view kNoDefault = "__default__";

// The required children libsdformat 12 cannot do without, checked with it:
// its parser refuses a joint without <parent> or <child>, its Material and
// Mesh classes a <script> without (or with an empty) <uri> or <name> and a
// <submesh> without <name>. Everywhere else it puts the description's
// default, "__default__" included, in place of a missing required element.
struct Needed {
  std::string_view parent;
  std::string_view child;
};
constexpr Needed kNeeded[] = {{"joint", "parent"}, {"joint", "child"},
                              {"script", "uri"},   {"script", "name"},
                              {"submesh", "name"}};

bool IsNeeded(std::string_view parent, std::string_view child) {
  return std::any_of(std::begin(kNeeded), std::end(kNeeded),
                     [&](const Needed& n) {
                       return n.parent == parent && n.child == child;
                     });
}

// An XML element and the definition it is checked against.
struct Pending {
  XmlElement node;
  uint32_t definition;
  bool needed = false;  // IsNeeded() in its parent: may not be empty
};

class SchemaChecker {
 public:
  SchemaChecker(const XmlTree& xml, const SchemaVersion& schema,
                bool later_elements, Diagnostics* diags)
      : xml_(xml),
        schema_(schema),
        later_elements_(later_elements),
        diags_(*diags) {}

  void Run() {
    std::vector<Pending> stack = {{RootElement(xml_), schema_.root}};
    while (!stack.empty()) {
      const Pending p = stack.back();
      stack.pop_back();
      const SchemaElement& definition = schema_.element(p.definition);
      CheckAttributes(p.node, definition);
      CheckValue(p.node, definition, p.needed);
      if (definition.copy_data) continue;
      const size_t first = stack.size();
      CheckChildren(p.node, definition, &stack);
      std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(first),
                   stack.end());
    }
  }

 private:
  void CheckAttributes(XmlElement node, const SchemaElement& definition) {
    xml_.ForEachAttribute(node.id(), [&](std::string_view name,
                                         std::string_view value,
                                         bool namespaced) {
      if (namespaced) return;  // custom: free
      const SchemaAttribute* known = FindAttribute(schema_, definition, name);
      if (known == nullptr) {
        diags_.Warning(Code::kAttributeInvalid, Locate(node),
                       "@" + std::string(name) + " of " +
                           DescribeElement(node) +
                           " is not an attribute of SDFormat " +
                           schema_.version + "; it is ignored");
        return;
      }
      // An empty name is the names phase's to report (file comment).
      const bool required = known->required && name != "name";
      if (const auto why = ValueProblem(known->type, value, required,
                                        known->min, known->max)) {
        diags_.Error(Code::kAttributeInvalid, Locate(node),
                     "@" + std::string(name) + "=" + Quote(value) + " of " +
                         DescribeElement(node) + " is not a valid " +
                         std::string(ValueTypeName(known->type)) + ": " + *why);
      }
    });
    for (uint32_t i = 0; i < definition.attribute_count; ++i) {
      const SchemaAttribute& a =
          schema_.attributes[definition.first_attribute + i];
      if (a.required && !xml_.HasAttribute(node.id(), a.name.some())) {
        diags_.Error(Code::kAttributeMissing, Locate(node),
                     DescribeElement(node) + " has no " + a.name.some() +
                         " attribute (required in SDFormat " + schema_.version +
                         ")");
      }
    }
  }

  void CheckValue(XmlElement node, const SchemaElement& definition,
                  bool needed) {
    if (definition.type == ValueType::kNone) return;
    std::string scratch;
    const std::string_view text = Text(node, &scratch);
    if (needed && TrimWhitespace(text) == kNoDefault) {
      // libsdformat reads the placeholder as no value at all.
      diags_.Error(Code::kValueInvalid, Locate(node),
                   DescribeWithOwner(node) + " holds the placeholder " +
                       Quote(text) + ", which is no value");
      return;
    }
    if (definition.type == ValueType::kPose &&
        CheckRotationFormat(node, definition, text,
                            definition.value_required || needed)) {
      return;
    }
    const std::optional<std::string> why = ValueProblem(
        definition.type, text, definition.value_required || needed,
        definition.min, definition.max);
    if (!why) return;
    const Code code = definition.type == ValueType::kPose ? Code::kPoseInvalid
                                                          : Code::kValueInvalid;
    diags_.Error(code, Locate(node),
                 DescribeWithOwner(node) + " " + Quote(text) +
                     " is not a valid " +
                     std::string(ValueTypeName(definition.type)) + ": " +
                     *why);
  }

  // A pose's //pose/@rotation_format and @degrees (1.9 on), by the
  // reader's rule (pose_text.h PoseFormOf): a quat_xyzw pose is seven
  // numbers; a format or a combination libsdformat refuses is
  // ATTRIBUTE_INVALID (a @degrees that is no bool is the attribute check's
  // to report). In an older version the attributes are a later feature,
  // which the reader reads as libsdformat does (sdf_dialect.h): a quat_xyzw
  // pose is seven numbers there too, and the rest is the reader's to say.
  // True when it has checked the value (any format but Euler angles).
  bool CheckRotationFormat(XmlElement node, const SchemaElement& definition,
                           std::string_view text, bool required) {
    const std::optional<std::string> format =
        Attribute(node, "rotation_format");
    if (!format) return false;
    bool quaternion = *format == "quat_xyzw";
    if (FindAttribute(schema_, definition, "rotation_format") != nullptr) {
      std::optional<std::string> degrees = Attribute(node, "degrees");
      if (degrees && !ParseBool(*degrees)) degrees.reset();
      const PoseForm read = PoseFormOf(format, degrees);
      if (!read.error.empty()) {
        diags_.Error(Code::kAttributeInvalid, Locate(node),
                     DescribeWithOwner(node) + ": " + read.error);
        return true;
      }
      quaternion = read.form.quaternion;
    }
    if (!quaternion) return false;
    if (const auto why = QuaternionPoseProblem(text, required)) {
      diags_.Error(Code::kPoseInvalid, Locate(node),
                   DescribeWithOwner(node) + " " + Quote(text) +
                       " is not a valid pose: " + *why);
    }
    return true;
  }

  void CheckChildren(XmlElement node, const SchemaElement& definition,
                     std::vector<Pending>* stack) {
    // Runs for every element: the children are walked in place and the
    // counts reuse one buffer, so a visit allocates nothing.
    std::vector<uint32_t>& seen = seen_;
    seen.assign(definition.child_count, 0);
    std::optional<UnknownChildren> unknowns;  // made at the first one
    for (const NodeId id : xml_.ChildNodes(node.id())) {
      if (!xml_.IsElement(id)) continue;
      const XmlElement child(&xml_, id);
      if (IsNamespaced(child)) continue;  // custom: free
      const std::string_view tag = Tag(child);
      const SchemaChild* known = FindChild(schema_, definition, tag);
      if (known == nullptr) {
        if (!unknowns) unknowns = AroundUnknowns(node, definition);
        ReportUnknown(child, *unknowns);
        continue;
      }
      const SchemaChild& c = *known;
      ++seen[known - &schema_.children[definition.first_child]];
      if (c.occurrence == Occurrence::kDeprecated) {
        diags_.Warning(Code::kElementInvalid, Locate(child),
                       DescribeWithOwner(child) + " is deprecated in SDFormat " +
                           schema_.version);
      }
      stack->push_back(
          {child, c.element, IsNeeded(definition.name.some(), tag)});
    }
    for (uint32_t i = 0; i < definition.child_count; ++i) {
      const SchemaChild& c = schema_.children[definition.first_child + i];
      if (seen[i] > 0 || (c.occurrence != Occurrence::kRequired &&
                          c.occurrence != Occurrence::kOneOrMore)) {
        continue;
      }
      const SchemaElement& missing = schema_.element(c.element);
      const std::optional<Severity> severity = Absence(definition, missing);
      if (!severity) continue;
      diags_.Add({*severity,
                  Code::kElementMissing,
                  DescribeElement(node) + " has no <" + missing.name.some() +
                      "> (required in SDFormat " + schema_.version +
                      (*severity == Severity::kWarning
                           ? "; its description gives no default)"
                           : ")"),
                  Locate(node),
                  {}});
    }
  }

  // What the unknown children of one element are compared with: the
  // children its definition allows (for "did you mean"), and its own
  // definition in the other versions that have one (found by the tags of
  // its ancestors): the later ones oldest first, then the earlier ones
  // newest first. Made once per element with unknown children.
  struct UnknownChildren {
    struct Other {
      const SchemaVersion* version;
      uint32_t definition;
      bool later;
    };
    std::vector<std::string> allowed;
    std::vector<Other> others;
  };

  UnknownChildren AroundUnknowns(XmlElement node,
                                 const SchemaElement& definition) const {
    UnknownChildren around;
    for (uint32_t i = 0; i < definition.child_count; ++i) {
      const SchemaChild& c = schema_.children[definition.first_child + i];
      if (c.occurrence == Occurrence::kDeprecated) continue;
      around.allowed.emplace_back(schema_.element(c.element).name.some());
    }
    std::vector<std::string_view> tags;  // `node`'s first, root excluded
    for (XmlElement e = node; ParentElement(e); e = ParentElement(e)) {
      tags.push_back(Tag(e));
    }
    const auto add = [&](const SchemaVersion& v, bool later) {
      uint32_t at = v.root;
      for (auto tag = tags.rbegin(); tag != tags.rend(); ++tag) {
        const SchemaChild* c = FindChild(v, v.element(at), *tag);
        if (c == nullptr) return;
        at = c->element;
      }
      around.others.push_back({&v, at, later});
    };
    for (const SchemaVersion* v = NextSchemaVersion(schema_); v != nullptr;
         v = NextSchemaVersion(*v)) {
      add(*v, true);
    }
    for (const SchemaVersion* v = PreviousSchemaVersion(schema_);
         v != nullptr; v = PreviousSchemaVersion(*v)) {
      add(*v, false);
    }
    return around;
  }

  // An element of the file that the version does not define where it is:
  // a feature of the oldest later version that defines it there (read as
  // libsdformat reads it; unknown when `later_elements_` is false),
  // otherwise unknown, saying the newest earlier version that had it there,
  // or else the closest element allowed there.
  void ReportUnknown(XmlElement child, const UnknownChildren& around) {
    const std::string_view tag = Tag(child);
    const std::string what = DescribeWithOwner(child);
    const std::string here =
        " is not part of SDFormat " + std::string(schema_.version) + " there";
    std::string hint;
    for (const UnknownChildren::Other& o : around.others) {
      if (FindChild(*o.version, o.version->element(o.definition), tag) ==
          nullptr) {
        continue;
      }
      const std::string other(o.version->version);
      if (o.later && later_elements_) {
        diags_.Warning(Code::kLaterVersionFeature, Locate(child),
                       what + " is SDFormat " + other + " (this file says " +
                           schema_.version + "); it is read with its " +
                           other +
                           " meaning, as libsdformat reads it (--strict: "
                           "unknown)");
        return;
      }
      hint = " (SDFormat " + other + (o.later ? " has it)" : " had it)");
      break;
    }
    if (hint.empty()) {
      if (const auto near = ClosestWord(tag, around.allowed)) {
        hint = " (did you mean <" + *near + ">?)";
      }
    }
    diags_.Warning(Code::kElementUnknown, Locate(child),
                   what + here + hint + "; it is ignored");
  }

  // The severity of a required child's absence (nothing when its default
  // stands in for it, as libsdformat fills it in).
  static std::optional<Severity> Absence(const SchemaElement& parent,
                                         const SchemaElement& missing) {
    if (IsNeeded(parent.name.some(), missing.name.some()))
      return Severity::kError;
    if (missing.default_value != nullptr &&
        std::string_view(missing.default_value.c_str()) == kNoDefault) {
      return Severity::kWarning;
    }
    return std::nullopt;
  }

  static std::string DescribeWithOwner(XmlElement node) {
    std::string out = DescribeElement(node);
    if (const XmlElement owner = ParentElement(node)) {
      out += " of " + DescribeElement(owner);
    }
    return out;
  }

  const XmlTree& xml_;
  const SchemaVersion& schema_;
  bool later_elements_;
  Diagnostics& diags_;
  std::vector<uint32_t> seen_;  // CheckChildren's counts, per child kind
};

}  // namespace

void CheckSchema(const XmlTree& xml, std::string_view version,
                 Diagnostics* diags, bool later_elements) {
  const SchemaVersion* schema = FindSchemaVersion(version);
  if (schema == nullptr) {
    diags->Error(Code::kVersionUnsupported, xml.Locate(xml.root()),
                 "no schema for SDFormat version " + std::string(version));
    return;
  }
  SchemaChecker(xml, *schema, later_elements, diags).Run();
}

}  // namespace sdfconv
