// ImportContext: what the parts of one URDF import share (internal).
//
// The importer (urdf_importer.cc) reads the URDF once (urdfdom's model, the
// XML) and makes a plan (urdf_plan.h); the writers of links
// (urdf_link_content.h) and joints (urdf_joint_content.h) then add nodes to
// the one XmlTree through this context.
#ifndef SDFCONV_CONVERTERS_URDF_URDF_IMPORT_CONTEXT_H_
#define SDFCONV_CONVERTERS_URDF_URDF_IMPORT_CONTEXT_H_

#include <string>
#include <string_view>
#include <vector>

#include "converters/xml/xml_tree.h"
#include "converters/urdf/urdf_import_options.h"
#include "converters/urdf/urdf_plan.h"
#include "converters/urdf/xml_copy.h"
#include "converters/xml/xml_element.h"
#include "core/diagnostic.h"

namespace sdfconv {

// The namespace of the custom elements and attributes that keep what
// SDFormat has no element for (docs/urdf.md, "Custom elements").
inline constexpr char kUrdfPrefix[] = "urdf";
inline constexpr char kUrdfNamespaceUri[] = "urn:sdfconv:urdf";

struct ImportContext {
  const XmlTree* xml = nullptr;
  const UrdfImportOptions* options = nullptr;
  const UrdfPlan* plan = nullptr;
  Diagnostics* diags = nullptr;
  XmlTree* tree = nullptr;
  Namespaces* namespaces = nullptr;
  std::vector<std::string>* unresolved_packages = nullptr;
  // "parent/tag" of the non-URDF elements already reported (once each).
  std::vector<std::string>* reported_unknown = nullptr;

  [[nodiscard]] SourceLocation At(XmlElement element) const {
    return Locate(element);
  }
};

// Copies `element` verbatim as <urdf:TAG> under `parent`.
inline NodeId KeepAsUrdf(const ImportContext& ctx, XmlElement element,
                         NodeId parent) {
  return CopyXml(element, ctx.tree, parent, ctx.namespaces,
                 std::string(kUrdfPrefix) + ":" + std::string(Tag(element)));
}

// An element URDF does not define, under URDF element `parent_tag`: copied
// verbatim as <urdf:TAG> under `parent`, with one warning per parent tag
// and tag in a file.
void KeepUnknown(const ImportContext& ctx, XmlElement element,
                 std::string_view parent_tag, NodeId parent);

// Copies the comments directly inside `element`, in order, under `parent`.
void CopyComments(const ImportContext& ctx, XmlElement element,
                  NodeId parent);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_URDF_IMPORT_CONTEXT_H_
