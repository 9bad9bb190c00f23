// UpgradeModelConfig: a model.config manifest lists the SDFormat files of a
// model, one <sdf version="..."> per file. After an upgrade every listed
// 1.2-1.7 file is SDFormat 1.8, so its entry says version="1.8"; the file
// names, every other entry (1.8 and newer, or versions that cannot be
// upgraded), and everything else in the manifest are kept as written.
// Written as another version (version_write.h), every entry of a version
// sdfconv reads (1.2-1.12) says that version.
#include <optional>
#include <string>

#include "converters/upgrade/upgrade.h"
#include "core/document.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv {

UpgradeResult UpgradeModelConfig(std::string_view input,
                                 const std::string& path,
                                 std::string_view written) {
  using sdfconv::NodeId;
  UpgradeResult result;
  std::optional<XmlTree> tree =
      XmlTree::Parse(input, path, &result.diagnostics);
  if (!tree) return result;
  const NodeId root = tree->root();
  if (tree->Tag(root) != "model") {
    result.diagnostics.Error(Code::kElementInvalid, tree->Locate(root),
                             "the root element of a model.config is <" +
                                 std::string(tree->Tag(root)) +
                                 ">; expected <model>");
    return result;
  }
  for (NodeId sdf : tree->Children(root, "sdf")) {
    const int version =
        VersionNumber(tree->Attribute(sdf, "version").value_or(""));
    if (written.empty()) {
      if (version >= VersionNumber(1, 2) && version < VersionNumber(1, 8)) {
        tree->SetAttribute(sdf, "version", "1.8");
      }
    } else if (version >= VersionNumber(1, 2) &&
               version <= VersionNumber(1, 12)) {
      tree->SetAttribute(sdf, "version", written);
    }
  }
  std::optional<std::string> output = tree->SerializeAsRead();
  if (!output) return result;  // cannot happen: only ASCII was written
  result.output = std::move(*output);
  result.changed = result.output != input;
  return result;
}

}  // namespace sdfconv
