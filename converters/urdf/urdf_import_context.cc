#include "converters/urdf/urdf_import_context.h"

#include <libxml/tree.h>

#include <algorithm>

namespace sdfconv {

void KeepUnknown(const ImportContext& ctx, const xmlNode* element,
                 std::string_view parent_tag, NodeId parent) {
  const std::string tag = Tag(element);
  if (IsNamespaced(element)) {
    // Already a custom element (xacro leftovers, drake:..., sensor:...).
    CopyXml(*ctx.xml, element, ctx.tree, parent, ctx.namespaces);
    return;
  }
  KeepAsUrdf(ctx, element, parent);
  const std::string key = std::string(parent_tag) + "/" + tag;
  auto& reported = *ctx.reported_unknown;
  if (std::find(reported.begin(), reported.end(), key) != reported.end()) {
    return;
  }
  reported.push_back(key);
  ctx.diags->Warning(Code::kElementInvalid, ctx.At(element),
                     "<" + tag + "> is not a URDF element of <" +
                         std::string(parent_tag) + ">; it is kept as <" +
                         kUrdfPrefix + ":" + tag +
                         "> (reported once per file)");
}

void CopyComments(const ImportContext& ctx, const xmlNode* element,
                  NodeId parent) {
  for (const xmlNode* c = element->children; c != nullptr; c = c->next) {
    if (c->type == XML_COMMENT_NODE) {
      ctx.tree->AddComment(
          parent, std::string(reinterpret_cast<const char*>(c->content)));
    }
  }
}

}  // namespace sdfconv
