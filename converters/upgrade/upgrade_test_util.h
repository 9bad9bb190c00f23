// Helpers for the upgrade's tests: a fixture that upgrades inline snippets
// and accounts for every diagnostic (DiagnosticTest), and a check for
// whether the front end that verification needs for a version exists.
//
//   TEST_F(UpgradeTest, Something) {
//     EXPECT_EQ(Upgrade(Sdf("1.6", "<model .../>\n")), Sdf("1.8", ...));
//     TakeWarning(Code::kDuplicateName);
//   }
#ifndef SDFCONV_CONVERTERS_UPGRADE_UPGRADE_TEST_UTIL_H_
#define SDFCONV_CONVERTERS_UPGRADE_UPGRADE_TEST_UTIL_H_

#include <string>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "converters/registry.h"
#include "converters/upgrade/upgrade.h"

namespace sdfconv::upgrade_test {

// "<sdf version='V'>\n" + body + "</sdf>\n"
inline std::string Sdf(const std::string& version, const std::string& body) {
  return "<sdf version='" + version + "'>\n" + body + "</sdf>\n";
}

// Whether the registry reads SDFormat `version`: verification reads the
// input with its own front end (1.4-1.6 arrive with the legacy front end).
inline bool CanRead(const std::string& version) {
  return FindFrontEnd("sdf", version) != nullptr;
}

class UpgradeTest : public DiagnosticTest {
 protected:
  // Upgrades `input` (named "t.sdf"); its diagnostics go to diags_, the
  // whole result to last_. Returns the output.
  std::string Upgrade(const std::string& input, bool verify = false) {
    UpgradeOptions options;
    options.verify = verify;
    last_ = UpgradeSdf(input, "t.sdf", options);
    diags_.Append(last_.diagnostics);
    return last_.output;
  }
  UpgradeResult last_;
};

}  // namespace sdfconv::upgrade_test

// Skips the test when `version` cannot be read yet, saying why.
#define SKIP_UNLESS_READABLE(version)                                    \
  if (!::sdfconv::upgrade_test::CanRead(version))                        \
  GTEST_SKIP() << "no front end reads SDFormat " << (version)             \
               << " yet (the legacy 1.4-1.6 front end lands separately), " \
                  "so this input cannot be verified"

#endif  // SDFCONV_CONVERTERS_UPGRADE_UPGRADE_TEST_UTIL_H_
