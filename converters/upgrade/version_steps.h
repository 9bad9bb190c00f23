// The steps between adjacent SDFormat versions from 1.8 on (1.8 -> 1.9 ...
// 1.11 -> 1.12 up, 1.12 -> 1.11 ... 1.5 -> 1.4 down), one function each,
// that WriteSdfVersion (version_write.h) runs one after another. Internal
// to //converters/upgrade.
//
// A step is a set of rules (rules.h) on the tree of its input text: the
// context's `version` is the step's input version, `target` the one it
// writes, and `in` the core's reading of that input (poses resolved, with
// included files when they resolve). A step
//  - edits only what the two versions differ in, keeping the raw text of
//    everything else (comments, order, plugins, numbers as written);
//  - writes a computed pose or axis from the core's resolution of its
//    input (InputMeaning::WorldPose), never from arithmetic of its own on
//    the text;
//  - reports what the target cannot express at all as one error
//    VERSION_CONSTRUCT_UNSUPPORTED per construct (RefuseConstruct), and
//    what it leaves out on purpose (an option's choice) as a warning
//    VERSION_CONSTRUCT_DROPPED, with the node in `dropped` so that the proof
//    does not look for it;
//  - keeps every reference's target (Context::refs); EmitReferences writes
//    them for the target version afterwards. A rule that removes a
//    reference's attribute sets its site's target to Target::None().
// The engine sets the root's version attribute.
#ifndef SDFCONV_CONVERTERS_UPGRADE_VERSION_STEPS_H_
#define SDFCONV_CONVERTERS_UPGRADE_VERSION_STEPS_H_

#include <string>
#include <string_view>
#include <unordered_set>

#include "converters/upgrade/rules.h"
#include "converters/upgrade/version_write.h"

namespace sdfconv::upgrade {

// "1.4" ... "1.12" for a VersionNumber.
[[nodiscard]] std::string VersionName(int version);

struct StepContext : Context {
  StepContext(XmlTree* t, int from, int to, const InputMeaning* i,
              Diagnostics* d, const VersionWriteOptions* o)
      : Context(t, from, i, d), target(to), options(*o) {
    writes = VersionName(to);
  }

  int target;  // the version this step writes (VersionNumber)
  const VersionWriteOptions& options;
  // Input nodes left out of the output on purpose (each said in a
  // warning); the proof does not look for their elements.
  std::unordered_set<NodeId> dropped;

  // "1.10"
  [[nodiscard]] std::string TargetName() const;
  // One error VERSION_CONSTRUCT_UNSUPPORTED at `at`: `what` (e.g. "the
  // <mimic> of joint 'j'") was introduced in `since` and SDFormat
  // <target> has no form for it; `why` may add how to avoid it.
  void RefuseConstruct(NodeId at, std::string_view what,
                       std::string_view since, std::string_view why = {});
  // One warning VERSION_CONSTRUCT_DROPPED at `at`, and `at` in `dropped`.
  void DropConstruct(NodeId at, std::string_view what, std::string_view since,
                     std::string_view why = {});
};

// Up (steps_newer.cc).
void StepUpTo1_9(StepContext& ctx);
void StepUpTo1_10(StepContext& ctx);
void StepUpTo1_11(StepContext& ctx);
void StepUpTo1_12(StepContext& ctx);
// Down to 1.8 (steps_newer.cc).
void StepDownTo1_11(StepContext& ctx);
void StepDownTo1_10(StepContext& ctx);
void StepDownTo1_9(StepContext& ctx);
void StepDownTo1_8(StepContext& ctx);
// Down below 1.8 (steps_legacy.cc).
void StepDownTo1_7(StepContext& ctx);
void StepDownTo1_6(StepContext& ctx);
void StepDownTo1_5(StepContext& ctx);
void StepDownTo1_4(StepContext& ctx);
// 1.7 and later: every link and joint pose relative to its model frame
// (VersionWriteOptions::model_absolute); runs after the last step.
void WriteModelAbsolutePoses(StepContext& ctx);

}  // namespace sdfconv::upgrade

#endif  // SDFCONV_CONVERTERS_UPGRADE_VERSION_STEPS_H_
