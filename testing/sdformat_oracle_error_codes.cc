// libsdformat oracle, part 1 of 4: the libsdformat 12 sdf::ErrorCode ->
// enumerator name table (SdformatErrorCodeName, AllSdformatErrorCodeNames)
// and the conversion of an sdf::Error into an OracleError. See
// sdformat_oracle_internal.h for how the library is split.
#include <string>
#include <vector>

#include <sdf/sdf.hh>

#include "testing/sdformat_oracle.h"
#include "testing/sdformat_oracle_internal.h"

namespace sdfconv::testing {
namespace {

// sdf::ErrorCode -> enumerator name. A switch without `default` so that
// -Wswitch flags any enumerator missing here (the libsdformat 12 enum in
// /usr/include/sdformat-12.3/sdf/Error.hh has 32 of them, NONE..
// MERGE_INCLUDE_UNSUPPORTED).
const char* CodeName(sdf::ErrorCode code) {
  switch (code) {
    case sdf::ErrorCode::NONE: return "NONE";
    case sdf::ErrorCode::FILE_READ: return "FILE_READ";
    case sdf::ErrorCode::DUPLICATE_NAME: return "DUPLICATE_NAME";
    case sdf::ErrorCode::RESERVED_NAME: return "RESERVED_NAME";
    case sdf::ErrorCode::ATTRIBUTE_MISSING: return "ATTRIBUTE_MISSING";
    case sdf::ErrorCode::ATTRIBUTE_INVALID: return "ATTRIBUTE_INVALID";
    case sdf::ErrorCode::ATTRIBUTE_DEPRECATED: return "ATTRIBUTE_DEPRECATED";
    case sdf::ErrorCode::ATTRIBUTE_INCORRECT_TYPE:
      return "ATTRIBUTE_INCORRECT_TYPE";
    case sdf::ErrorCode::ELEMENT_MISSING: return "ELEMENT_MISSING";
    case sdf::ErrorCode::ELEMENT_INVALID: return "ELEMENT_INVALID";
    case sdf::ErrorCode::ELEMENT_DEPRECATED: return "ELEMENT_DEPRECATED";
    case sdf::ErrorCode::ELEMENT_INCORRECT_TYPE:
      return "ELEMENT_INCORRECT_TYPE";
    case sdf::ErrorCode::URI_INVALID: return "URI_INVALID";
    case sdf::ErrorCode::URI_LOOKUP: return "URI_LOOKUP";
    case sdf::ErrorCode::DIRECTORY_NONEXISTANT: return "DIRECTORY_NONEXISTANT";
    case sdf::ErrorCode::MODEL_CANONICAL_LINK_INVALID:
      return "MODEL_CANONICAL_LINK_INVALID";
    case sdf::ErrorCode::MODEL_WITHOUT_LINK: return "MODEL_WITHOUT_LINK";
    case sdf::ErrorCode::NESTED_MODELS_UNSUPPORTED:
      return "NESTED_MODELS_UNSUPPORTED";
    case sdf::ErrorCode::LINK_INERTIA_INVALID: return "LINK_INERTIA_INVALID";
    case sdf::ErrorCode::JOINT_CHILD_LINK_INVALID:
      return "JOINT_CHILD_LINK_INVALID";
    case sdf::ErrorCode::JOINT_PARENT_LINK_INVALID:
      return "JOINT_PARENT_LINK_INVALID";
    case sdf::ErrorCode::JOINT_PARENT_SAME_AS_CHILD:
      return "JOINT_PARENT_SAME_AS_CHILD";
    case sdf::ErrorCode::FRAME_ATTACHED_TO_INVALID:
      return "FRAME_ATTACHED_TO_INVALID";
    case sdf::ErrorCode::FRAME_ATTACHED_TO_CYCLE:
      return "FRAME_ATTACHED_TO_CYCLE";
    case sdf::ErrorCode::FRAME_ATTACHED_TO_GRAPH_ERROR:
      return "FRAME_ATTACHED_TO_GRAPH_ERROR";
    case sdf::ErrorCode::POSE_RELATIVE_TO_INVALID:
      return "POSE_RELATIVE_TO_INVALID";
    case sdf::ErrorCode::POSE_RELATIVE_TO_CYCLE:
      return "POSE_RELATIVE_TO_CYCLE";
    case sdf::ErrorCode::POSE_RELATIVE_TO_GRAPH_ERROR:
      return "POSE_RELATIVE_TO_GRAPH_ERROR";
    case sdf::ErrorCode::STRING_READ: return "STRING_READ";
    case sdf::ErrorCode::MODEL_PLACEMENT_FRAME_INVALID:
      return "MODEL_PLACEMENT_FRAME_INVALID";
    case sdf::ErrorCode::VERSION_DEPRECATED: return "VERSION_DEPRECATED";
    case sdf::ErrorCode::MERGE_INCLUDE_UNSUPPORTED:
      return "MERGE_INCLUDE_UNSUPPORTED";
  }
  return nullptr;
}

constexpr int kLastErrorCode =
    static_cast<int>(sdf::ErrorCode::MERGE_INCLUDE_UNSUPPORTED);
static_assert(kLastErrorCode == 31,
              "libsdformat's ErrorCode enum changed: update CodeName()");

std::string Name(sdf::ErrorCode code) {
  return SdformatErrorCodeName(static_cast<int>(code));
}

}  // namespace

namespace oracle_internal {

OracleError FromSdf(const sdf::Error& e) {
  OracleError out;
  out.code = Name(e.Code());
  out.message = e.Message();
  if (auto line = e.LineNumber()) out.line = *line;
  if (auto xml_path = e.XmlPath()) out.xml_path = *xml_path;
  return out;
}

}  // namespace oracle_internal

std::string SdformatErrorCodeName(int code) {
  const auto& names = AllSdformatErrorCodeNames();
  if (code >= 0 && code < static_cast<int>(names.size())) return names[code];
  return "UNKNOWN_ERROR_CODE_" + std::to_string(code);
}

const std::vector<std::string>& AllSdformatErrorCodeNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (int i = 0; i <= kLastErrorCode; ++i) {
      const char* n = CodeName(static_cast<sdf::ErrorCode>(i));
      out.push_back(n ? n : "UNKNOWN_ERROR_CODE_" + std::to_string(i));
    }
    return out;
  }();
  return names;
}

}  // namespace sdfconv::testing
