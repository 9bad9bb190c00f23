// An upgrade function for testing the batch without the engine: it only
// moves version numbers, and does what markers in the text ask.
//
//   every version="1.4".."1.7" becomes version="1.8"; the output's version
//   is the first version="..." (FileUpgrade::version); a text with no
//   version="1.x" fails (VERSION_UNSUPPORTED), and so does a model.config
//   text (root <model>);
//   kFailMarker    the file fails (ELEMENT_INVALID at line 2);
//   kThrowMarker   the function throws std::runtime_error;
//   kRepairMarker  a warning (a repair), the file still upgrades.
//
//   WriteFile(dir + "/a.sdf", FakeSdf("1.6"));
//   RunUpgrade(options, FakeUpgrade, stop, out, err);
#ifndef SDFCONV_CLI_TESTING_FAKE_UPGRADE_H_
#define SDFCONV_CLI_TESTING_FAKE_UPGRADE_H_

#include <chrono>
#include <string>
#include <string_view>

#include "cli/upgrade_file.h"
#include "cli/upgrade_inputs.h"

namespace sdfconv::testing {

inline constexpr char kFailMarker[] = "<!-- fake:fail -->";
inline constexpr char kThrowMarker[] = "<!-- fake:throw -->";
inline constexpr char kRepairMarker[] = "<!-- fake:repair -->";

// A small SDFormat-like text at `version`, with `extra` inside the model.
std::string FakeSdf(const std::string& version, const std::string& extra = "");

// What FakeUpgrade makes of FakeSdf(version, extra) when it upgrades.
std::string FakeSdf18(const std::string& extra = "");

// A model.config naming one SDFormat file per version given.
std::string FakeModelConfig(const std::string& version);

FileUpgrade FakeUpgrade(std::string_view text, const std::string& path);

// FakeUpgrade after sleeping `delay`.
UpgradeFunction SlowFakeUpgrade(std::chrono::milliseconds delay);

}  // namespace sdfconv::testing

#endif  // SDFCONV_CLI_TESTING_FAKE_UPGRADE_H_
