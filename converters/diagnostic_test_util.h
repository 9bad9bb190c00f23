// DiagnosticTest: a gtest fixture whose tests must account for every
// diagnostic the code under test reports.
//
// Code under test writes into `diags_`; the test takes each diagnostic in
// order and checks its code, severity and location. A diagnostic left
// unchecked fails the test in TearDown, listing what was left, so a new
// warning or error can never slip through a test unnoticed.
//
//   TEST_F(MyTest, BadPose) {
//     Read("<pose>1 2</pose>");
//     const Diagnostic d = TakeError(Code::kPoseInvalid);
//     EXPECT_EQ(d.source.line, 3);
//   }
#ifndef SDFCONV_CONVERTERS_DIAGNOSTIC_TEST_UTIL_H_
#define SDFCONV_CONVERTERS_DIAGNOSTIC_TEST_UTIL_H_

#include <string>

#include <gtest/gtest.h>

#include "core/diagnostic.h"

namespace sdfconv {

class DiagnosticTest : public ::testing::Test {
 protected:
  // The oldest diagnostic not yet taken; a failure (and a default
  // Diagnostic) if there is none.
  Diagnostic Take();
  // Take(), expecting an error / a warning with `code`.
  Diagnostic TakeError(Code code);
  Diagnostic TakeWarning(Code code);
  // How many diagnostics have not been taken yet.
  [[nodiscard]] size_t Remaining() const;
  // Every diagnostic not yet taken, one FormatDiagnostic line each.
  [[nodiscard]] std::string DescribeRemaining() const;
  // Fails if any diagnostic was not taken.
  void TearDown() override;

  Diagnostics diags_;

 private:
  size_t taken_ = 0;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_DIAGNOSTIC_TEST_UTIL_H_
