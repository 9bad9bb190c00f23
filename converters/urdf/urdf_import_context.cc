#include "converters/urdf/urdf_import_context.h"

#include <algorithm>

namespace sdfconv {

void KeepUnknown(const ImportContext& ctx, XmlElement element,
                 std::string_view parent_tag, NodeId parent) {
  const std::string tag(Tag(element));
  if (IsNamespaced(element)) {
    // Already a custom element (xacro leftovers, drake:..., sensor:...).
    CopyXml(element, ctx.tree, parent, ctx.namespaces);
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

void CopyComments(const ImportContext& ctx, XmlElement element,
                  NodeId parent) {
  const XmlTree& xml = element.tree();
  for (NodeId c : xml.ChildNodes(element.id())) {
    if (xml.at(c).type == XmlNodeType::kComment) {
      ctx.tree->AppendComment(parent, xml.CommentText(c));
    }
  }
}

}  // namespace sdfconv
