// Re-rooting (see reroot.h). Invariant: the path is walked with a loop over
// parent_joint, never by recursion, and nothing changes until it is known
// that the re-rooting can be done.
#include "converters/urdf_export/reroot.h"

#include <utility>

namespace sdfconv {
namespace {

std::string Quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

bool IsSdfLink(const Document& doc, const UrdfLink& link) {
  return link.element >= 0 && doc.at(link.element).kind == ElementKind::kLink;
}

std::string NotALink(std::string_view name, const Document& doc,
                     const std::vector<UrdfLink>& links) {
  constexpr int kListed = 8;
  std::string listed;
  int count = 0;
  for (const UrdfLink& link : links) {
    if (!IsSdfLink(doc, link)) continue;
    if (count++ < kListed) listed += (listed.empty() ? "" : ", ") + Quoted(link.name);
  }
  if (count > kListed) listed += ", ...";
  return "--root-link " + Quoted(name) +
         " is not a link of the exported model (its links: " + listed + ")";
}

std::string FixedToWorld(std::string_view name,
                         const std::vector<UrdfLink>& links,
                         const std::vector<UrdfJoint>& joints, int root) {
  std::string via;
  for (const UrdfJoint& joint : joints) {
    if (joint.parent == root) {
      via = " (joint " + Quoted(joint.name) + " connects " +
            Quoted(links[joint.child].name) + " to it)";
      break;
    }
  }
  return "--root-link " + Quoted(name) +
         " cannot be the root: the model is fixed to the world, so the URDF "
         "root is the " + Quoted(links[root].name) + " link" + via +
         ", and URDF's world can only be a root";
}

}  // namespace

std::string Reroot(std::string_view name, const Document& doc,
                   const Resolution& r, int* root,
                   std::vector<UrdfLink>* links,
                   std::vector<UrdfJoint>* joints) {
  int target = -1;
  for (int n = 0; n < static_cast<int>(links->size()); ++n) {
    if ((*links)[n].name == name && IsSdfLink(doc, (*links)[n])) target = n;
  }
  if (target < 0) return NotALink(name, doc, *links);
  if ((*links)[*root].element == kNoElement) {
    return FixedToWorld(name, *links, *joints, *root);
  }
  std::vector<int> path;  // the joints from `target` up to the root
  for (int n = target; (*links)[n].parent_joint >= 0;
       n = (*joints)[(*links)[n].parent_joint].parent) {
    path.push_back((*links)[n].parent_joint);
  }
  for (int e : path) {
    UrdfJoint& joint = (*joints)[e];
    std::swap(joint.parent, joint.child);
    joint.reversed = !joint.reversed;
    (*links)[joint.child].parent_joint = e;
    (*links)[joint.child].X_WLu = joint.X_WJ;
  }
  UrdfLink& new_root = (*links)[target];
  new_root.parent_joint = -1;
  new_root.X_WLu = r.X_W[new_root.element];
  *root = target;
  return "";
}

}  // namespace sdfconv
