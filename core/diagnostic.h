// Diagnostics: findings about an input, carried as values.
//
// A Diagnostic names what is wrong (a stable `Code`), says it in words for
// people (`message`), and points at the input (`SourceLocation`: file, line
// and an element path such as /sdf/model[@name="m"]/link[@name="l"]). Code
// that finds a problem appends one Diagnostic to a `Diagnostics` list and
// carries on with a harmless default, so one pass reports every problem a
// file has. Nothing here throws.
//
// Invariant: every Code has a stable, unique name (`CodeName`) that tests and
// programs compare; messages are free text and may change.
//
//   Diagnostics diags;
//   diags.Error(Code::kDuplicateName, link.source, "link 'a' ...");
//   if (diags.HasErrors()) { ... }
#ifndef SDFCONV_CORE_DIAGNOSTIC_H_
#define SDFCONV_CORE_DIAGNOSTIC_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/shared_text.h"

namespace sdfconv {

// Every code is listed, with its meaning, in docs/diagnostics.md.
// Names follow libsdformat's ErrorCode where the concept is the same.
enum class Code {
  // Reading the input.
  kFileRead,             // FILE_READ: the file cannot be opened or read.
  kInputLimitExceeded,   // INPUT_LIMIT_EXCEEDED: too large or too deeply nested.
  kOutOfMemory,          // OUT_OF_MEMORY: the work needed more memory than there is.
  kOutputLimitExceeded,  // OUTPUT_LIMIT_EXCEEDED: the output is too large.
  kXmlSyntaxError,       // XML_SYNTAX_ERROR: not well-formed XML.
  // Departures from well-formedness that TinyXML2 (libsdformat) accepts and
  // real files contain, read with a warning (converters/xml/xml_leniency.h).
  kXmlCommentDoubleHyphen,   // XML_COMMENT_DOUBLE_HYPHEN: `--` in a comment.
  kXmlDeclarationNotFirst,   // XML_DECLARATION_NOT_FIRST: <?xml?> not first.
  kXmlBareAmpersand,         // XML_BARE_AMPERSAND: `&` starting no reference.
  kXmlDeclarationVersion,    // XML_DECLARATION_VERSION: <?xml version="0.0"?>.
  kXmlTextBeforeRoot,        // XML_TEXT_BEFORE_ROOT: text before the root.
  kXmlNamespaceInvalid,      // XML_NAMESPACE_INVALID: e.g. an undeclared prefix.
  kVersionUnsupported,   // VERSION_UNSUPPORTED: no front end reads this version.
  kElementMissing,       // ELEMENT_MISSING: a required child element is absent.
  kElementInvalid,       // ELEMENT_INVALID: an element is not allowed here.
  kElementUnknown,       // ELEMENT_UNKNOWN: the version defines no such
                         // element here (a typo, another simulator's).
  kAttributeMissing,     // ATTRIBUTE_MISSING: a required attribute is absent.
  kAttributeInvalid,     // ATTRIBUTE_INVALID: an attribute value is not allowed.
  kValueInvalid,         // VALUE_INVALID: a number, bool or vector is malformed.
  kPoseInvalid,          // POSE_INVALID: a <pose> value is malformed.
  kPoseQuaternionNormalized,  // POSE_QUATERNION_NORMALIZED: a quat_xyzw
                              // rotation of length != 1 was normalised.
  kPoseNotFinite,  // POSE_NOT_FINITE: finite poses compose to a world pose
                   // (or axis) past the range of a double.
  kLaterVersionFeature,  // LATER_VERSION_FEATURE: a feature of a later
                         // version, read as libsdformat reads it.
  kUrdfInvalid,          // URDF_INVALID: urdfdom rejects (or warns about) a URDF.
  // Writing another SDFormat version (converters/upgrade/version_write.h).
  kVersionConstructUnsupported,  // VERSION_CONSTRUCT_UNSUPPORTED: the
                                 // target version cannot express it.
  kVersionConstructDropped,      // VERSION_CONSTRUCT_DROPPED: left out of
                                 // the target version, on request.
  kVersionConstructRewritten,    // VERSION_CONSTRUCT_REWRITTEN: written in
                                 // another form the target version has.
  kIncludeNotConverted,          // INCLUDE_NOT_CONVERTED: an included file
                                 // is left in its own version.
  // Names (phase "name attribute checking").
  kDuplicateName,        // DUPLICATE_NAME: siblings share a name.
  kReservedName,         // RESERVED_NAME: `world`, `__*__`, or `::` in 1.8.
  // Models and links.
  kModelCanonicalLinkInvalid,  // MODEL_CANONICAL_LINK_INVALID
  kModelWithoutLink,           // MODEL_WITHOUT_LINK
  kLinkInertiaInvalid,         // LINK_INERTIA_INVALID
  kAutoInertiaMeshUnsupported,  // AUTO_INERTIA_MESH_UNSUPPORTED: a mesh's
                                // inertia is not computed (//inertial/@auto).
  // Joints.
  kJointChildLinkInvalid,        // JOINT_CHILD_LINK_INVALID
  kJointParentLinkInvalid,       // JOINT_PARENT_LINK_INVALID
  kJointParentSameAsChild,       // JOINT_PARENT_SAME_AS_CHILD
  kJointAxisExpressedInInvalid,  // JOINT_AXIS_EXPRESSED_IN_INVALID
  kJointAxisInvalid,             // JOINT_AXIS_INVALID: zero-length axis.
  kJointAxisMimicInvalid,  // JOINT_AXIS_MIMIC_INVALID: a <mimic>'s leader
                           // joint or axis does not exist, or an axis
                           // mimics itself.
  kJointAxisMimicCycle,    // JOINT_AXIS_MIMIC_CYCLE: mimics form a cycle.
  // Frame graphs.
  kFrameAttachedToInvalid,     // FRAME_ATTACHED_TO_INVALID
  kFrameAttachedToCycle,       // FRAME_ATTACHED_TO_CYCLE
  kFrameAttachedToGraphError,  // FRAME_ATTACHED_TO_GRAPH_ERROR
  kPoseRelativeToInvalid,      // POSE_RELATIVE_TO_INVALID
  kPoseRelativeToCycle,        // POSE_RELATIVE_TO_CYCLE
  // Conversions.
  kUpgradeNotEquivalent,  // UPGRADE_NOT_EQUIVALENT: an output would not
                          // mean what its input means; nothing is written.
  kUpgradeInputUnreadable,  // UPGRADE_INPUT_UNREADABLE: the proof cannot
                            // read the input; nothing is written.
  kUrdfExportNotTree,      // URDF_EXPORT_NOT_TREE: the model's kinematics
                           // is not one tree; no URDF is written.
  kUrdfExportUnsupported,  // URDF_EXPORT_UNSUPPORTED: URDF cannot express
                           // something (error), or the export changed or
                           // left something out (warning).
  // Composition (<include>, placement frames).
  kModelPlacementFrameInvalid,  // MODEL_PLACEMENT_FRAME_INVALID
  kIncludeUriUnresolved,  // INCLUDE_URI_UNRESOLVED: no file for //include/uri.
  kIncludeCycle,          // INCLUDE_CYCLE: a file includes itself, at any depth.
  kIncludePoseMissing,    // INCLUDE_POSE_MISSING: placement_frame, no <pose>.
  kIncludeNotModel,       // INCLUDE_NOT_MODEL: the included file holds no model.
  kMergeIncludeUnsupported,  // MERGE_INCLUDE_UNSUPPORTED: a merge-include
                             // into a world of a model holding links or
                             // grippers, or into neither model nor world.
  // Writing files (upgrade's outputs, -o, --in-place).
  kFileWrite,           // FILE_WRITE: an output or backup cannot be written.
  kFileChanged,         // FILE_CHANGED: the input changed while it was
                        // upgraded; it is left as it is.
  kFileHardLinked,      // FILE_HARD_LINKED: --in-place on a file with
                        // several names.
  kFileMetadataUnkept,  // FILE_METADATA_UNKEPT: what the input has (owner,
                        // attributes, ACLs) cannot be given to its
                        // replacement.
  kBackupConflict,      // BACKUP_CONFLICT: FILE.bak exists and is not this
                        // file's backup.
  kOutputExists,        // OUTPUT_EXISTS: -o: another file is at the output.
};

// All codes, in declaration order (for documentation checks and tables).
const std::vector<Code>& AllCodes();

// The stable name of `code`, e.g. "DUPLICATE_NAME".
std::string_view CodeName(Code code);

// The code whose name is `name`, if any.
std::optional<Code> CodeFromName(std::string_view name);

enum class Severity { kError, kWarning };

// Where in the input an element comes from. `line` is 0 when unknown.
struct SourceLocation {
  // Shared by the copies of a location (core/shared_text.h).
  SharedText file;
  int line = 0;
  SharedText path;  // /sdf/model[@name="m"]/link[@name="l"]
};

struct Diagnostic {
  Severity severity = Severity::kError;
  Code code = Code::kElementInvalid;
  std::string message;
  SourceLocation source;
  // Other elements involved (e.g. every member of a cycle), for tools.
  std::vector<SourceLocation> related;
};

// "FILE:LINE: error[CODE]: message", the format `sdfconv check` prints;
// one line: FILE and message as VisibleText (core/visible_text.h) shows them.
std::string FormatDiagnostic(const Diagnostic& d);

// A cycle's members named the one way every cycle message does:
// "A -> B -> C -> A" for `count` members, where describe(i) names member i
// (0 <= i < count) and is called only for those named: a cycle of more
// than kNamedCycleMembers + 1 names its first kNamedCycleMembers and says
// how many more (the diagnostic's `related` locations give every one).
inline constexpr size_t kNamedCycleMembers = 8;
template <typename Describe>
std::string CycleMembers(size_t count, Describe describe) {
  const size_t named =
      count > kNamedCycleMembers + 1 ? kNamedCycleMembers : count;
  std::string out;
  for (size_t i = 0; i < named; ++i) out += describe(i) + " -> ";
  if (named < count) {
    out += "... (" + std::to_string(count - named) +
           " more; every member is among the related locations) -> ";
  }
  return out + describe(0);
}

// A list of diagnostics, appended to: the sink every phase writes into.
class Diagnostics {
 public:
  void Add(Diagnostic d) { items_.push_back(std::move(d)); }
  void Error(Code code, const SourceLocation& at, std::string message);
  void Warning(Code code, const SourceLocation& at, std::string message);

  [[nodiscard]] bool HasErrors() const;
  [[nodiscard]] const std::vector<Diagnostic>& items() const { return items_; }
  [[nodiscard]] size_t size() const { return items_.size(); }
  void Append(const Diagnostics& other);
  // In source order (by line, as `sdfconv check` prints them); items of
  // one line keep the order they were added in.
  void SortByLine();

 private:
  std::vector<Diagnostic> items_;
};

}  // namespace sdfconv

#endif  // SDFCONV_CORE_DIAGNOSTIC_H_
