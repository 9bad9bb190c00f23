// The registry: reads a file of any supported format into a Document.
//
// This is the only code that knows every front end. It loads the file as
// XML safely (XmlTree: size and depth limits, no DTDs), looks at the root
// element and its version attribute, and hands the XML to the one front end
// that accepts them:
//   <sdf version="1.7"> ... <sdf version="1.12"> -> SdfReader
//   <sdf version="1.2"> ... <sdf version="1.6">,
//   <gazebo version="1.2">                        -> LegacySdfReader
// Anything else is reported, not guessed at:
//   <sdf> without version            -> ATTRIBUTE_MISSING
//   <sdf version="1.13">             -> VERSION_UNSUPPORTED
//     ("SDFormat version 1.13 is not supported; supported: 1.2, ..., 1.12")
//   <gazebo version="1.0">           -> VERSION_UNSUPPORTED
//   <robot> (URDF)                    -> UrdfFrontEnd (urdfdom decides)
//   any other root element           -> ELEMENT_INVALID
//
//   Diagnostics diags;
//   std::optional<Document> doc = ReadFile("robot.sdf", &diags);
//   for (const Diagnostic& d : diags.items()) puts(FormatDiagnostic(d).c_str());
#ifndef SDFCONV_CONVERTERS_REGISTRY_H_
#define SDFCONV_CONVERTERS_REGISTRY_H_

#include <optional>
#include <string>
#include <string_view>

#include "converters/front_end.h"
#include "converters/include/uri_resolver.h"
#include "converters/urdf/urdf_import_options.h"
#include "converters/xml/xml_sources.h"
#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"
#include "core/document.h"
#include "core/limits.h"

namespace sdfconv {

struct ReadOptions {
  // The bounds of the reading (core/limits.h): each file's size and
  // nesting, the includes expanded and the elements read.
  Limits limits;
  // What becomes of <include>s: kExpand replaces each by the model it names
  // (converters/include/compose.h, docs/composition.md); kPlaceholders
  // keeps each as an include placeholder (a model Element with `include`
  // set and no content of its own); kStandIns replaces each by a stand-in
  // for what the file says about it, reading no other file
  // (converters/include/include_stand_ins.h, for proofs).
  enum class Includes { kExpand, kPlaceholders, kStandIns };
  Includes includes = Includes::kExpand;
  IncludeSearch include_search;  // where model:// and relative URIs are found
  UrdfImportOptions urdf;        // how the file read is imported if a URDF
                                 // (an included URDF: with the defaults)
  // SDFormat read to the letter of each file's version: a feature of a
  // later version (//pose/@relative_to in a 1.6 file) is ignored with a
  // warning instead of read as libsdformat reads it (sdf_dialect.h); and
  // XML to the letter of XML 1.0: what XmlLimits::lenient tolerates is an
  // error (docs/xml.md).
  bool strict = false;
  // What an element an SDFormat file's version does not know is
  // (ELEMENT_UNKNOWN, like libsdformat's UnrecognizedElementsPolicy): unset,
  // an error when `strict` and a warning otherwise. A proof that reads an
  // output to the letter of its version says them as warnings.
  std::optional<Severity> unknown_elements;
};

// The XML bounds and leniency every file of a reading is parsed with:
// `limits`' input_bytes and depth, not lenient when `strict`.
[[nodiscard]] XmlLimits XmlLimitsOf(const ReadOptions& options);


// Reads the file at `path` (named so in every diagnostic). Returns nothing,
// with at least one error in `diags`, when no Document can be built: the
// file is unreadable, over a limit, not XML, of no supported format or
// version, or holds nothing a front end can read. A returned Document may
// still come with errors in `diags`. Every XML tree of the read (the file,
// the files it includes, the trees front ends build) goes to `sources`
// when given: the Document's NodeRefs name them.
[[nodiscard]] std::optional<Document> ReadFile(const std::string& path,
                                               Diagnostics* diags,
                                               const ReadOptions& options = {},
                                               XmlSources* sources = nullptr);

// As ReadFile, for `text` standing in for the file `virtual_path`.
[[nodiscard]] std::optional<Document> ReadString(
    std::string_view text, const std::string& virtual_path,
    Diagnostics* diags, const ReadOptions& options = {},
    XmlSources* sources = nullptr);

// Reads the already parsed tree `sources->tree(tree)` (picks the front end
// as described above). Files it includes are loaded into `sources`.
[[nodiscard]] std::optional<Document> ReadTree(int32_t tree,
                                               XmlSources* sources,
                                               Diagnostics* diags,
                                               const ReadOptions& options = {});

// The formats sdfconv reads.
enum class InputFormat { kSdformat, kUrdf, kUnknown };

// What `tree` is, by its root element: the one place that knows which root
// element means which format.
[[nodiscard]] InputFormat FormatOf(const XmlTree& tree);

// Whether a front end reads <sdf version="`version`"> (for the model.config
// entries of included model folders).
[[nodiscard]] bool ReadsSdfVersion(std::string_view version);

// The front end that reads root element `root_tag` with `version`, or null;
// `strict`: one that reads each SDFormat file to the letter of its version
// (ReadOptions::strict).
[[nodiscard]] const FrontEnd* FindFrontEnd(std::string_view root_tag,
                                           std::string_view version,
                                           bool strict = false);

// The front end that reads `xml` (by its root element and version), or null
// with one error: ELEMENT_INVALID for a root element no format has,
// ATTRIBUTE_MISSING for an SDFormat root without a version,
// VERSION_UNSUPPORTED naming the versions that are read. Every command
// that refuses a file it cannot read says it through this.
[[nodiscard]] const FrontEnd* FrontEndFor(const XmlTree& xml,
                                          Diagnostics* diags,
                                          bool strict = false);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_REGISTRY_H_
