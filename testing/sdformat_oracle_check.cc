// libsdformat oracle, part 2 of 4: the `ign sdf --check` sequence that
// libsdformat 12's cmdCheck (src/ign.cc) runs after sdf::Root::Load, the
// splitting of what its bool-returning steps print on std::cerr into
// messages, and the classification of those messages into ErrorCode names
// (including the walks that name duplicated siblings and guard against the
// libsdformat 12.3 infinite loop on repeated children). See
// sdformat_oracle_internal.h for how the library is split.
#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <sdf/sdf.hh>

#include "testing/sdformat_oracle.h"
#include "testing/sdformat_oracle_internal.h"

namespace sdfconv::testing::oracle_internal {
namespace {

std::string StripAnsi(const std::string& text) {
  static const std::regex kAnsi("\x1b\\[[0-9;]*m");
  return std::regex_replace(text, kAnsi, "");
}

bool StartsWith(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

bool Contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return s;
}

// Splits what a check printed into messages: a line starting with "Error"
// opens a message, the lines that follow (continuations, e.g. the reasons
// printed after "Error when attempting to resolve child link name:") are
// appended. Console warnings and everything else are dropped.
std::vector<std::string> SplitCheckMessages(const std::string& printed) {
  std::vector<std::string> messages;
  std::istringstream in(StripAnsi(printed));
  std::string line;
  bool in_error = false;
  while (std::getline(in, line)) {
    if (StartsWith(line, "Error")) {
      messages.push_back(line);
      in_error = true;
    } else if (StartsWith(line, "Warning") || StartsWith(line, "[Wrn]") ||
               StartsWith(line, "[Msg]") || StartsWith(line, "Msg")) {
      in_error = false;
    } else if (in_error && !line.empty()) {
      std::string& m = messages.back();
      // Keep messages short: checks may dump whole XML elements.
      if (m.size() < 400) m += " " + line;
    }
  }
  return messages;
}

// ---------------------------------------------------------------------------
// How each bool-returning `ign sdf --check` step maps to an ErrorCode name.
// libsdformat 12's cmdCheck (src/ign.cc) runs, after Root::Load returned no
// error:
//   1. checkCanonicalLinkNames        -> MODEL_CANONICAL_LINK_INVALID
//   2. checkJointParentChildLinkNames -> by message:
//        "parent frame with name[...] ... not found",
//        "... as the parent frame", "resolve parent link"
//                                      -> JOINT_PARENT_LINK_INVALID
//        "invalid child name[world]", "child frame with name[...] not found",
//        "... as the child frame", "resolve child link"
//                                      -> JOINT_CHILD_LINK_INVALID
//        "... both resolve to [...]"   -> JOINT_PARENT_SAME_AS_CHILD
//   3. checkFrameAttachedToGraph      -> FRAME_ATTACHED_TO_CYCLE if the
//        message mentions a cycle, FRAME_ATTACHED_TO_INVALID if it names an
//        attached_to that does not exist, else FRAME_ATTACHED_TO_GRAPH_ERROR
//   4. checkPoseRelativeToGraph       -> POSE_RELATIVE_TO_CYCLE /
//        POSE_RELATIVE_TO_INVALID / POSE_RELATIVE_TO_GRAPH_ERROR, likewise
//   5. recursiveSiblingUniqueNames    -> DUPLICATE_NAME (one error per element
//        whose children share a name, found by walking the tree the same
//        way, with the duplicated names, line and XML path). Not run when an
//        element appears twice in a child list, where libsdformat 12.3 would
//        loop forever: ELEMENT_INVALID "[oracle] ..." instead (see
//        SafeChildren).
//   6. sdf::readFile again            -> its own Errors, or FILE_READ
// A step that fails but prints nothing recognisable still yields one error
// with the step's default code, so `valid` always equals the --check verdict.
std::string ClassifyJointMessage(const std::string& m) {
  if (Contains(m, "both resolve to")) return "JOINT_PARENT_SAME_AS_CHILD";
  if (Contains(m, "parent frame with name") ||
      Contains(m, "as the parent frame") ||
      Contains(m, "resolve parent link")) {
    return "JOINT_PARENT_LINK_INVALID";
  }
  return "JOINT_CHILD_LINK_INVALID";
}

std::string ClassifyGraphMessage(const std::string& m,
                                 const std::string& prefix) {
  const std::string lower = Lower(m);
  if (Contains(lower, "cycle")) return prefix + "_CYCLE";
  if (Contains(lower, "does not match") || Contains(lower, "not found") ||
      Contains(lower, "invalid")) {
    return prefix + "_INVALID";
  }
  return prefix + "_GRAPH_ERROR";
}

void AddCheckErrors(const std::string& printed, const std::string& step,
                    const std::function<std::string(const std::string&)>&
                        classify,
                    std::vector<OracleError>* errors) {
  std::vector<std::string> messages = SplitCheckMessages(printed);
  if (messages.empty()) {
    messages.push_back("Error: " + step + " failed");
  }
  for (const std::string& m : messages) {
    OracleError e;
    e.code = classify(m);
    e.message = "[" + step + "] " + m;
    errors->push_back(std::move(e));
  }
}

// The children of `elem` in order, walking GetFirstElement/GetNextElement
// like libsdformat does, but stopping at the first child met twice. In
// libsdformat 12.3 the same ElementPtr can end up twice in a child list
// (e.g. a <plugin> added twice by //include/experimental:params, as in the
// upstream test integration/include_custom_model.sdf); GetNextElement()
// finds the first copy again and any sibling walk (Element::
// CountNamedElements, hence recursiveSiblingUniqueNames and
// `ign sdf --check`) loops forever. `repeated` receives that child.
std::vector<sdf::ElementPtr> SafeChildren(const sdf::ElementPtr& elem,
                                          sdf::ElementPtr* repeated) {
  std::vector<sdf::ElementPtr> children;
  std::set<const sdf::Element*> seen;
  for (sdf::ElementPtr child = elem->GetFirstElement(); child;
       child = child->GetNextElement()) {
    if (!seen.insert(child.get()).second) {
      if (repeated) *repeated = child;
      break;
    }
    children.push_back(child);
  }
  return children;
}

std::string Describe(const sdf::ElementPtr& elem) {
  std::string name =
      elem->HasAttribute("name") ? elem->GetAttribute("name")->GetAsString()
                                 : "";
  return "<" + elem->GetName() + (name.empty() ? "" : " name='" + name + "'") +
         ">";
}

// Finds the child lists on which libsdformat 12.3 would loop forever.
void FindRepeatedChildren(const sdf::ElementPtr& elem,
                          std::vector<OracleError>* errors) {
  if (!elem) return;
  sdf::ElementPtr repeated;
  const std::vector<sdf::ElementPtr> children = SafeChildren(elem, &repeated);
  if (repeated) {
    OracleError e;
    e.code = "ELEMENT_INVALID";
    e.message =
        "[oracle] " + Describe(repeated) + " appears twice among the "
        "children of " + Describe(elem) + "; libsdformat 12.3's "
        "recursiveSiblingUniqueNames (and so `ign sdf --check`) would loop "
        "forever on this file, so the check was not run";
    if (auto line = elem->LineNumber()) e.line = *line;
    e.xml_path = elem->XmlPath();
    errors->push_back(std::move(e));
  }
  for (const sdf::ElementPtr& child : children) {
    FindRepeatedChildren(child, errors);
  }
}

// Mirrors sdf::recursiveSiblingUniqueNames (shouldValidateElement, then
// HasUniqueChildNames ignoring Element::NameUniquenessExceptions()) to report
// *which* names collide.
void FindDuplicateNames(const sdf::ElementPtr& elem,
                        std::vector<OracleError>* errors) {
  if (!elem) return;
  if (!sdf::shouldValidateElement(elem)) return;
  const std::vector<sdf::ElementPtr> children = SafeChildren(elem, nullptr);
  const std::vector<std::string> exceptions =
      sdf::Element::NameUniquenessExceptions();
  std::map<std::string, int> counts;
  for (const sdf::ElementPtr& child : children) {
    if (!child->HasAttribute("name")) continue;
    if (std::find(exceptions.begin(), exceptions.end(), child->GetName()) !=
        exceptions.end()) {
      continue;
    }
    counts[child->GetAttribute("name")->GetAsString()]++;
  }
  std::string names;
  for (const auto& [name, count] : counts) {
    if (count > 1) {
      names += (names.empty() ? "" : ", ") + std::string("'") + name +
               "' x" + std::to_string(count);
    }
  }
  if (!names.empty()) {
    OracleError e;
    e.code = "DUPLICATE_NAME";
    e.message = "[recursiveSiblingUniqueNames] Non-unique names among the "
                "children of " + Describe(elem) + ": " + names;
    if (auto line = elem->LineNumber()) e.line = *line;
    e.xml_path = elem->XmlPath();
    errors->push_back(std::move(e));
  }
  for (const sdf::ElementPtr& child : children) {
    FindDuplicateNames(child, errors);
  }
}

}  // namespace

void RunCheckSequence(const std::string& path, const sdf::ParserConfig& config,
                      const sdf::Root& root, CerrCapture* capture,
                      OracleResult* result) {
  // Like cmdCheck: every check runs even when an earlier one failed.
  using Classifier = std::function<std::string(const std::string&)>;
  auto after_check = [&](bool ok, const std::string& step,
                         const Classifier& classify) {
    const std::string printed = capture->Take();
    result->diagnostics += printed;
    if (!ok) AddCheckErrors(printed, step, classify, &result->errors);
  };
  auto fixed = [](const char* code) -> Classifier {
    return [code](const std::string&) { return std::string(code); };
  };

  after_check(sdf::checkCanonicalLinkNames(&root), "checkCanonicalLinkNames",
              fixed("MODEL_CANONICAL_LINK_INVALID"));
  after_check(sdf::checkJointParentChildLinkNames(&root),
              "checkJointParentChildLinkNames", ClassifyJointMessage);
  after_check(sdf::checkFrameAttachedToGraph(&root),
              "checkFrameAttachedToGraph", [](const std::string& m) {
                return ClassifyGraphMessage(m, "FRAME_ATTACHED_TO");
              });
  after_check(sdf::checkPoseRelativeToGraph(&root),
              "checkPoseRelativeToGraph", [](const std::string& m) {
                return ClassifyGraphMessage(m, "POSE_RELATIVE_TO");
              });

  std::vector<OracleError> repeated;
  FindRepeatedChildren(root.Element(), &repeated);
  const bool unique =
      repeated.empty() && sdf::recursiveSiblingUniqueNames(root.Element());
  const std::string printed = capture->Take();
  result->diagnostics += printed;
  if (!repeated.empty()) {
    result->errors.insert(result->errors.end(), repeated.begin(),
                          repeated.end());
  } else if (!unique) {
    const size_t before = result->errors.size();
    FindDuplicateNames(root.Element(), &result->errors);
    if (result->errors.size() == before) {
      AddCheckErrors(printed, "recursiveSiblingUniqueNames",
                     fixed("DUPLICATE_NAME"), &result->errors);
    }
  }

  // cmdCheck finally re-reads the file into a fresh SDF object.
  sdf::SDFPtr sdf_ptr(new sdf::SDF());
  if (!sdf::init(sdf_ptr)) {
    OracleError e;
    e.code = "FILE_READ";
    e.message = "SDF schema initialization failed";
    result->errors.push_back(std::move(e));
  } else {
    sdf::Errors read_errors;
    if (!sdf::readFile(path, config, sdf_ptr, read_errors)) {
      for (const sdf::Error& e : read_errors) {
        result->errors.push_back(FromSdf(e));
      }
      if (read_errors.empty()) {
        OracleError e;
        e.code = "FILE_READ";
        e.message = "[readFile] SDF parsing the xml failed";
        result->errors.push_back(std::move(e));
      }
    }
  }
  result->diagnostics += capture->Take();
}

}  // namespace sdfconv::testing::oracle_internal
