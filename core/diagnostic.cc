#include "core/diagnostic.h"

#include <algorithm>
#include <array>
#include <utility>

#include "core/visible_text.h"

namespace sdfconv {
namespace {

struct CodeEntry {
  Code code;
  std::string_view name;
};

constexpr std::array kCodes = {
    CodeEntry{Code::kFileRead, "FILE_READ"},
    CodeEntry{Code::kInputLimitExceeded, "INPUT_LIMIT_EXCEEDED"},
    CodeEntry{Code::kOutOfMemory, "OUT_OF_MEMORY"},
    CodeEntry{Code::kOutputLimitExceeded, "OUTPUT_LIMIT_EXCEEDED"},
    CodeEntry{Code::kXmlSyntaxError, "XML_SYNTAX_ERROR"},
    CodeEntry{Code::kXmlCommentDoubleHyphen, "XML_COMMENT_DOUBLE_HYPHEN"},
    CodeEntry{Code::kXmlDeclarationNotFirst, "XML_DECLARATION_NOT_FIRST"},
    CodeEntry{Code::kXmlBareAmpersand, "XML_BARE_AMPERSAND"},
    CodeEntry{Code::kXmlDeclarationVersion, "XML_DECLARATION_VERSION"},
    CodeEntry{Code::kXmlTextBeforeRoot, "XML_TEXT_BEFORE_ROOT"},
    CodeEntry{Code::kXmlNamespaceInvalid, "XML_NAMESPACE_INVALID"},
    CodeEntry{Code::kVersionUnsupported, "VERSION_UNSUPPORTED"},
    CodeEntry{Code::kElementMissing, "ELEMENT_MISSING"},
    CodeEntry{Code::kElementInvalid, "ELEMENT_INVALID"},
    CodeEntry{Code::kElementUnknown, "ELEMENT_UNKNOWN"},
    CodeEntry{Code::kAttributeMissing, "ATTRIBUTE_MISSING"},
    CodeEntry{Code::kAttributeInvalid, "ATTRIBUTE_INVALID"},
    CodeEntry{Code::kValueInvalid, "VALUE_INVALID"},
    CodeEntry{Code::kPoseInvalid, "POSE_INVALID"},
    CodeEntry{Code::kPoseQuaternionNormalized, "POSE_QUATERNION_NORMALIZED"},
    CodeEntry{Code::kPoseNotFinite, "POSE_NOT_FINITE"},
    CodeEntry{Code::kLaterVersionFeature, "LATER_VERSION_FEATURE"},
    CodeEntry{Code::kUrdfInvalid, "URDF_INVALID"},
    CodeEntry{Code::kVersionConstructUnsupported,
              "VERSION_CONSTRUCT_UNSUPPORTED"},
    CodeEntry{Code::kVersionConstructDropped, "VERSION_CONSTRUCT_DROPPED"},
    CodeEntry{Code::kVersionConstructRewritten,
              "VERSION_CONSTRUCT_REWRITTEN"},
    CodeEntry{Code::kIncludeNotConverted, "INCLUDE_NOT_CONVERTED"},
    CodeEntry{Code::kDuplicateName, "DUPLICATE_NAME"},
    CodeEntry{Code::kReservedName, "RESERVED_NAME"},
    CodeEntry{Code::kModelCanonicalLinkInvalid, "MODEL_CANONICAL_LINK_INVALID"},
    CodeEntry{Code::kModelWithoutLink, "MODEL_WITHOUT_LINK"},
    CodeEntry{Code::kLinkInertiaInvalid, "LINK_INERTIA_INVALID"},
    CodeEntry{Code::kAutoInertiaMeshUnsupported,
              "AUTO_INERTIA_MESH_UNSUPPORTED"},
    CodeEntry{Code::kJointChildLinkInvalid, "JOINT_CHILD_LINK_INVALID"},
    CodeEntry{Code::kJointParentLinkInvalid, "JOINT_PARENT_LINK_INVALID"},
    CodeEntry{Code::kJointParentSameAsChild, "JOINT_PARENT_SAME_AS_CHILD"},
    CodeEntry{Code::kJointAxisExpressedInInvalid,
              "JOINT_AXIS_EXPRESSED_IN_INVALID"},
    CodeEntry{Code::kJointAxisInvalid, "JOINT_AXIS_INVALID"},
    CodeEntry{Code::kJointAxisMimicInvalid, "JOINT_AXIS_MIMIC_INVALID"},
    CodeEntry{Code::kJointAxisMimicCycle, "JOINT_AXIS_MIMIC_CYCLE"},
    CodeEntry{Code::kFrameAttachedToInvalid, "FRAME_ATTACHED_TO_INVALID"},
    CodeEntry{Code::kFrameAttachedToCycle, "FRAME_ATTACHED_TO_CYCLE"},
    CodeEntry{Code::kFrameAttachedToGraphError,
              "FRAME_ATTACHED_TO_GRAPH_ERROR"},
    CodeEntry{Code::kPoseRelativeToInvalid, "POSE_RELATIVE_TO_INVALID"},
    CodeEntry{Code::kPoseRelativeToCycle, "POSE_RELATIVE_TO_CYCLE"},
    CodeEntry{Code::kUpgradeNotEquivalent, "UPGRADE_NOT_EQUIVALENT"},
    CodeEntry{Code::kUpgradeInputUnreadable, "UPGRADE_INPUT_UNREADABLE"},
    CodeEntry{Code::kUrdfExportNotTree, "URDF_EXPORT_NOT_TREE"},
    CodeEntry{Code::kUrdfExportUnsupported, "URDF_EXPORT_UNSUPPORTED"},
    CodeEntry{Code::kModelPlacementFrameInvalid,
              "MODEL_PLACEMENT_FRAME_INVALID"},
    CodeEntry{Code::kIncludeUriUnresolved, "INCLUDE_URI_UNRESOLVED"},
    CodeEntry{Code::kIncludeCycle, "INCLUDE_CYCLE"},
    CodeEntry{Code::kIncludePoseMissing, "INCLUDE_POSE_MISSING"},
    CodeEntry{Code::kIncludeNotModel, "INCLUDE_NOT_MODEL"},
    CodeEntry{Code::kMergeIncludeUnsupported, "MERGE_INCLUDE_UNSUPPORTED"},
    CodeEntry{Code::kFileWrite, "FILE_WRITE"},
    CodeEntry{Code::kFileChanged, "FILE_CHANGED"},
    CodeEntry{Code::kFileHardLinked, "FILE_HARD_LINKED"},
    CodeEntry{Code::kFileMetadataUnkept, "FILE_METADATA_UNKEPT"},
    CodeEntry{Code::kBackupConflict, "BACKUP_CONFLICT"},
    CodeEntry{Code::kOutputExists, "OUTPUT_EXISTS"},
};

// Entry i names Code(i): the table follows the enum's declaration order
// (core/diagnostic_test.cc checks that it ends where the enum does).
constexpr bool InDeclarationOrder() {
  for (size_t i = 0; i < kCodes.size(); ++i) {
    if (kCodes[i].code != static_cast<Code>(i)) return false;
  }
  return true;
}
static_assert(InDeclarationOrder(), "kCodes must list Code in enum order");

}  // namespace

const std::vector<Code>& AllCodes() {
  static const std::vector<Code> codes = [] {
    std::vector<Code> v;
    for (const auto& e : kCodes) v.push_back(e.code);
    return v;
  }();
  return codes;
}

std::string_view CodeName(Code code) {
  for (const auto& e : kCodes) {
    if (e.code == code) return e.name;
  }
  return "UNKNOWN";
}

std::optional<Code> CodeFromName(std::string_view name) {
  for (const auto& e : kCodes) {
    if (e.name == name) return e.code;
  }
  return std::nullopt;
}

std::string FormatDiagnostic(const Diagnostic& d) {
  std::string out =
      d.source.file.empty() ? "<input>" : VisibleText(d.source.file);
  if (d.source.line > 0) out += ":" + std::to_string(d.source.line);
  out += d.severity == Severity::kError ? ": error[" : ": warning[";
  out += CodeName(d.code);
  out += "]: ";
  out += VisibleText(d.message);
  return out;
}

void Diagnostics::Error(Code code, const SourceLocation& at,
                        std::string message) {
  items_.push_back({Severity::kError, code, std::move(message), at, {}});
}

void Diagnostics::Warning(Code code, const SourceLocation& at,
                          std::string message) {
  items_.push_back({Severity::kWarning, code, std::move(message), at, {}});
}

void Diagnostics::SortByLine() {
  std::stable_sort(items_.begin(), items_.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     return a.source.line < b.source.line;
                   });
}

bool Diagnostics::HasErrors() const {
  for (const auto& d : items_) {
    if (d.severity == Severity::kError) return true;
  }
  return false;
}

void Diagnostics::Append(const Diagnostics& other) {
  items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}

}  // namespace sdfconv
