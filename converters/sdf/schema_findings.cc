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
// reads); when it says an element or attribute is unknown and the reader
// read it as a feature of a later version (LATER_VERSION_FEATURE: "ignored"
// would not be true); and when it says an element is unknown that the
// reader read into `doc` (a <joint> in a 1.8 <world>, read as 003 says;
// docs/architecture.md).
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
  std::set<std::pair<Code, Place>> reported;
  std::set<std::pair<Place, std::string_view>> later;
  for (size_t i = first; i < diags->size(); ++i) {
    const Diagnostic& d = diags->items()[i];
    reported.insert({d.code, place(d.source)});
    if (d.code == Code::kLaterVersionFeature) {
      later.insert({place(d.source), subject(d.message)});
    }
  }
  std::set<Place> read;
  if (doc) {
    for (const Element& e : doc->elements) read.insert(place(e.source));
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
    const bool unknown_but_read = d.severity == Severity::kWarning &&
                                  d.code == Code::kElementInvalid &&
                                  (read.count(place(d.source)) > 0 ||
                                   include_child_read(d.source.path.str()));
    const bool read_as_later =
        d.severity == Severity::kWarning &&
        (d.code == Code::kElementInvalid ||
         d.code == Code::kAttributeInvalid) &&
        later.count({place(d.source), subject(d.message)}) > 0;
    if (reported.count({d.code, place(d.source)}) == 0 && !unknown_but_read &&
        !read_as_later) {
      unreported.push_back(&d);
    }
  }
  for (const Diagnostic* d : unreported) diags->Add(*d);
}

}  // namespace sdfconv
