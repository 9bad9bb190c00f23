// FrontEnd: the one interface every input format's reader implements.
//
// A front end turns a parsed XML file (XmlDocument) into a Document, the
// format-neutral arena the core checks and resolves. It reports what is
// wrong with the input as Diagnostics and carries on; it never checks what
// the core checks (name rules, frame graphs, canonical links).
//
// Front ends never depend on each other. The registry (registry.h) is the
// only code that knows them all: it loads the XML, looks at the root
// element and its version attribute, and asks each front end whether it
// Accepts() them.
//
//   class SdfReader final : public FrontEnd { ... };
//   if (reader.Accepts("sdf", "1.8")) doc = reader.Read(xml, &diags);
#ifndef SDFCONV_CONVERTERS_FRONT_END_H_
#define SDFCONV_CONVERTERS_FRONT_END_H_

#include <optional>
#include <string_view>

#include "converters/xml/xml_document.h"
#include "core/diagnostic.h"
#include "core/document.h"

namespace sdfconv {

class FrontEnd {
 public:
  virtual ~FrontEnd() = default;

  // A short stable name for logs, e.g. "sdf-1.7-1.8".
  virtual std::string_view name() const = 0;

  // Whether this front end reads a file whose root element is `root_tag`
  // ("sdf", "robot") and whose root has version attribute `version` ("" if
  // it has none).
  virtual bool Accepts(std::string_view root_tag,
                       std::string_view version) const = 0;

  // Reads the parsed XML into a Document; problems go to `diags`. Returns
  // nothing only when no Document can be built at all (e.g. no model or
  // world); otherwise returns what could be read, even if `diags` has
  // errors.
  virtual std::optional<Document> Read(const XmlDocument& xml,
                                       Diagnostics* diags) const = 0;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_FRONT_END_H_
