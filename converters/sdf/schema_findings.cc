#include "converters/sdf/schema_findings.h"

#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace sdfconv {

// A finding of `schema` is left out when the reading reported the same
// code at the same element (a malformed <pose>, a joint without <parent>,
// a missing name or an <include>: the reader's message says what it
// reads); when it says an attribute is unknown and the reader read it as a
// feature of a later version (LATER_VERSION_FEATURE: "ignored" would not
// be true); and when it says an element is unknown (ELEMENT_UNKNOWN, or
// LATER_VERSION_FEATURE for one a later version has) and the reader read
// that element into `doc` as one of its kinds (a <joint> in a 1.8
// <world>, read as 003 says; docs/architecture.md) or said itself what it
// makes of it (a <frame> in a 1.4 model, an <include> under <sdf>). An
// element kept only for the name checks (ElementKind::kOther: a named
// <lnk> in a model) is not read: its unknown tag is reported.
void AppendUnreported(const Diagnostics& schema,
                      const std::optional<Document>& doc, size_t first,
                      Diagnostics* diags) {
  if (schema.items().empty()) return;
  // Views into `diags`, `doc` and `schema`, none of which changes until the
  // findings to add are known.
  using Place = std::tuple<std::string_view, int, std::string_view>;
  auto place = [](const SourceLocation& at) {
    return Place{at.file, at.line, at.path};
  };
  // "@relative_to", "<frame": what a message is about.
  auto subject = [](const std::string& message) {
    return std::string_view(message).substr(0, message.find(' '));
  };
  auto about_attribute = [&](const Diagnostic& d) {
    return subject(d.message).substr(0, 1) == "@";
  };
  std::set<std::pair<Code, Place>> reported;
  std::set<std::pair<Place, std::string_view>> later;  // attributes
  std::set<Place> element_said;
  for (size_t i = first; i < diags->size(); ++i) {
    const Diagnostic& d = diags->items()[i];
    reported.insert({d.code, place(d.source)});
    if (d.code == Code::kLaterVersionFeature && about_attribute(d)) {
      later.insert({place(d.source), subject(d.message)});
    } else if (d.code == Code::kLaterVersionFeature ||
               d.code == Code::kElementUnknown ||
               d.code == Code::kElementInvalid) {
      element_said.insert(place(d.source));
    }
  }
  std::set<Place> read;
  if (doc) {
    for (const Element& e : doc->elements) {
      if (e.kind != ElementKind::kOther) read.insert(place(e.source));
    }
  }
  // libsdformat applies //include/name, pose and static in every version,
  // and so does ReadInclude, although the 1.4 description has only <uri>.
  auto include_child_read = [](const std::string& path) {
    for (const char* tail : {"/include/name", "/include/pose",
                             "/include/static"}) {
      const std::string_view t(tail);
      if (path.size() >= t.size() &&
          path.compare(path.size() - t.size(), t.size(), t) == 0) {
        return true;
      }
    }
    return false;
  };
  std::vector<const Diagnostic*> unreported;
  for (const Diagnostic& d : schema.items()) {
    const bool unknown_element = d.code == Code::kElementUnknown ||
                                 d.code == Code::kLaterVersionFeature;
    const bool element_read =
        unknown_element && (read.count(place(d.source)) > 0 ||
                            element_said.count(place(d.source)) > 0 ||
                            include_child_read(d.source.path.str()));
    const bool attribute_read_as_later =
        d.severity == Severity::kWarning && d.code == Code::kAttributeInvalid &&
        later.count({place(d.source), subject(d.message)}) > 0;
    if (reported.count({d.code, place(d.source)}) == 0 && !element_read &&
        !attribute_read_as_later) {
      unreported.push_back(&d);
    }
  }
  for (const Diagnostic* d : unreported) diags->Add(*d);
}

}  // namespace sdfconv
