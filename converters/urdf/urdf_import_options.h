// UrdfImportOptions: the choices a user can make when importing a URDF.
//
// The defaults give the faithful import described in docs/urdf.md: every
// URDF link a link (or a frame, when it has no inertia and a fixed joint),
// every joint a joint, mesh URIs as written.
//
//   UrdfImportOptions options;
//   options.package_uri = PackageUriMode::kModel;  // package:// -> model://
//   options.package_path = {"/opt/ros/share"};
#ifndef SDFCONV_CONVERTERS_URDF_URDF_IMPORT_OPTIONS_H_
#define SDFCONV_CONVERTERS_URDF_URDF_IMPORT_OPTIONS_H_

#include <string>
#include <vector>

namespace sdfconv {

// What becomes of `package://P/x` URIs that `package_path` does not resolve.
enum class PackageUriMode {
  kKeep,   // written as is (the default)
  kModel,  // `model://P/x`, as libsdformat writes them
};

struct UrdfImportOptions {
  // libsdformat's behaviour: a link attached by a fixed joint (other than to
  // `world`, and unless the joint has <preserveFixedJoint>) is merged into
  // its parent: it becomes a frame, its visuals and collisions move to the
  // parent link (posed relative to that frame) and its inertia is added to
  // the parent's. Off by default: every link stays a link.
  bool merge_fixed_joints = false;
  PackageUriMode package_uri = PackageUriMode::kKeep;
  // Folders searched, in order, for the package P of `package://P/x`: the
  // first folder D with a sub-folder D/P (or whose own name is P) turns the
  // URI into `file://` + the absolute path of D/P/x.
  std::vector<std::string> package_path;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_URDF_IMPORT_OPTIONS_H_
