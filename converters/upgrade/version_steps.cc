// What every step shares (version_steps.h).
#include "converters/upgrade/version_steps.h"

#include <string>

namespace sdfconv::upgrade {

std::string VersionName(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000);
}

std::string StepContext::TargetName() const { return VersionName(target); }

namespace {

std::string Sentence(std::string_view what, std::string_view since,
                     std::string_view target, std::string_view why) {
  std::string s = std::string(what) + " (SDFormat " + std::string(since) +
                  ") has no form in SDFormat " + std::string(target);
  if (!why.empty()) s += ": " + std::string(why);
  return s;
}

}  // namespace

void StepContext::RefuseConstruct(NodeId at, std::string_view what,
                                  std::string_view since,
                                  std::string_view why) {
  Fail(Code::kVersionConstructUnsupported, at,
       Sentence(what, since, TargetName(), why));
}

void StepContext::DropConstruct(NodeId at, std::string_view what,
                                std::string_view since, std::string_view why) {
  Warn(Code::kVersionConstructDropped, at,
       Sentence(what, since, TargetName(), why.empty() ? "left out" : why));
  dropped.insert(at);
}

}  // namespace sdfconv::upgrade
