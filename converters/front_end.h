// FrontEnd: the one interface every input format's reader implements.
//
// A front end turns a parsed XML tree into a Document, the format-neutral
// arena the core checks and resolves. It reports what is wrong with the
// input as Diagnostics and carries on; it never checks what the core checks
// (name rules, frame graphs, canonical links). Every Element it makes holds
// a NodeRef to the XML element it stands for, in one of the read's trees
// (XmlSources): the input's own, or a tree the front end builds and adds
// (the URDF front end builds the SDFormat its URDF stands for, and reads
// that).
//
// Front ends never depend on each other. The registry (registry.h) is the
// only code that knows them all: it parses the XML, looks at the root
// element and its version attribute, and asks each front end whether it
// Accepts() them.
//
//   class SdfReader final : public FrontEnd { ... };
//   if (reader.Accepts("sdf", "1.8")) doc = reader.Read(0, &sources, &diags);
#ifndef SDFCONV_CONVERTERS_FRONT_END_H_
#define SDFCONV_CONVERTERS_FRONT_END_H_

#include <cstdint>
#include <optional>
#include <string_view>

#include "converters/xml/xml_sources.h"
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

  // Reads the tree `sources->tree(tree)` into a Document; problems go to
  // `diags`. Trees the front end builds are added to `sources`. Returns
  // nothing only when no Document can be built at all (e.g. no model or
  // world); otherwise returns what could be read, even if `diags` has
  // errors.
  virtual std::optional<Document> Read(int32_t tree, XmlSources* sources,
                                       Diagnostics* diags) const = 0;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_FRONT_END_H_
