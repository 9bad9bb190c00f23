// Test helpers for the URDF front end: the corpus' URDFs, urdfdom read
// directly, forward kinematics over urdfdom's model, and queries into SDF
// text.
//
// The forward kinematics here is deliberately independent of the importer:
// it walks urdfdom's own data structures (parent joints and their origins,
// as urdfdom parsed them) at zero joint positions, so that comparing it with
// the poses the core resolves from our SDF checks the whole chain.
#ifndef SDFCONV_CONVERTERS_URDF_URDF_TEST_UTIL_H_
#define SDFCONV_CONVERTERS_URDF_URDF_TEST_UTIL_H_

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Geometry>
#include <urdf_model/model.h>
#include <urdf_world/types.h>

#include "converters/xml/xml_element.h"

namespace sdfconv::testing {

// Paths relative to CorpusRoot()/`folder` (testing/corpus.h) of every *.urdf
// (any case) under it, sorted; empty when the corpus is absent.
std::vector<std::string> UrdfFiles(const std::string& folder);

std::string ReadText(const std::string& path);

// urdfdom's verdict on `text`, with what it logged as errors.
struct UrdfdomVerdict {
  urdf::ModelInterfaceSharedPtr model;  // null when rejected
  std::vector<std::string> errors;
};
UrdfdomVerdict ParseWithUrdfdomDirectly(const std::string& text);

Eigen::Isometry3d ToIsometry(const urdf::Pose& pose);

// X_WL of every link at zero joint positions (W: the root link's frame),
// by URDF name. Iterative, memoised along parent joints.
std::map<std::string, Eigen::Isometry3d> ForwardKinematics(
    const urdf::ModelInterface& model);

// What differs between two urdfdom models, one line each ("joint j
// lower 1 -> 2"), empty when nothing does: links (world pose, inertial,
// visuals and collisions with geometry and material), joints (type,
// parent, child, origin, axis, limits, dynamics, mimic, safety controller,
// calibration) and materials, numbers within 1e-9 (relative above 1). An
// unnamed material of `a` may have any name in `b` (an export names it).
std::vector<std::string> UrdfModelDifferences(const urdf::ModelInterface& a,
                                              const urdf::ModelInterface& b);

// ("link", "l") for an element path ".../link[@name="l"]" directly under
// /robot; nothing otherwise.
std::optional<std::pair<std::string, std::string>> UrdfElementOf(
    const std::string& path);

// The element reached from the root of `xml` by `steps`, each "tag" or
// "tag@name" (a child element with that name attribute); null if none.
XmlElement Find(const XmlTree& xml,
                    const std::vector<std::string>& steps);
// Its trimmed text, or "<absent>".
std::string TextAt(const XmlTree& xml,
                   const std::vector<std::string>& steps);

}  // namespace sdfconv::testing

#endif  // SDFCONV_CONVERTERS_URDF_URDF_TEST_UTIL_H_
