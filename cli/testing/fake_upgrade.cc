#include "cli/testing/fake_upgrade.h"

#include <stdexcept>
#include <thread>

namespace sdfconv::testing {
namespace {

bool Contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

// Replaces `prefix + "1.4".."1.7" + '"'` by `prefix + "1.8\""`; returns
// whether any version="1.x" (old or new) was seen.
bool MoveVersions(const std::string& prefix, std::string* text) {
  bool seen = false;
  for (size_t at = text->find(prefix); at != std::string::npos;
       at = text->find(prefix, at + 1)) {
    const size_t value = at + prefix.size();
    if (text->compare(value, 2, "1.") != 0) continue;
    seen = true;
    const char minor = value + 2 < text->size() ? (*text)[value + 2] : 0;
    if (minor >= '4' && minor <= '7' && text->compare(value + 3, 1, "\"") == 0) {
      (*text)[value + 2] = '8';
    }
  }
  return seen;
}

}  // namespace

std::string FakeSdf(const std::string& version, const std::string& extra) {
  return "<sdf version=\"" + version + "\">\n  <model name=\"m\">" + extra +
         "<link name=\"l\"/></model>\n</sdf>\n";
}

std::string FakeSdf18(const std::string& extra) { return FakeSdf("1.8", extra); }

std::string FakeModelConfig(const std::string& version) {
  return "<?xml version=\"1.0\"?>\n<model>\n  <name>m</name>\n  <sdf version=\"" +
         version + "\">model.sdf</sdf>\n</model>\n";
}

FileUpgrade FakeUpgrade(std::string_view text, const std::string& path) {
  if (Contains(text, kThrowMarker)) throw std::runtime_error("fake crash");
  FileUpgrade result;
  result.output = std::string(text);
  const SourceLocation at{path, 2, "/sdf"};
  if (Contains(text, kFailMarker)) {
    result.diagnostics.Error(Code::kElementInvalid, at, "fake failure");
    return result;
  }
  if (Contains(text, "<model>")) {
    result.diagnostics.Error(Code::kElementInvalid, at, "a model.config");
    return result;
  }
  if (!MoveVersions("version=\"", &result.output)) {
    result.diagnostics.Error(Code::kVersionUnsupported, at, "no version");
    result.output = std::string(text);
    return result;
  }
  const size_t v = result.output.find("version=\"") + 9;
  result.version = result.output.substr(v, result.output.find('"', v) - v);
  if (Contains(text, kRepairMarker)) {
    result.diagnostics.Warning(Code::kDuplicateName, at, "fake repair");
  }
  return result;
}

UpgradeFunction SlowFakeUpgrade(std::chrono::milliseconds delay) {
  return [delay](std::string_view text, const std::string& path) {
    std::this_thread::sleep_for(delay);
    return FakeUpgrade(text, path);
  };
}

}  // namespace sdfconv::testing
