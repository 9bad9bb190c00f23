#include "converters/diagnostic_test_util.h"

namespace sdfconv {

Diagnostic DiagnosticTest::Take() {
  if (taken_ >= diags_.size()) {
    ADD_FAILURE() << "expected another diagnostic; there are none left";
    return Diagnostic{};
  }
  return diags_.items()[taken_++];
}

Diagnostic DiagnosticTest::TakeError(Code code) {
  Diagnostic d = Take();
  EXPECT_EQ(CodeName(d.code), CodeName(code)) << FormatDiagnostic(d);
  EXPECT_EQ(d.severity, Severity::kError) << FormatDiagnostic(d);
  return d;
}

Diagnostic DiagnosticTest::TakeWarning(Code code) {
  Diagnostic d = Take();
  EXPECT_EQ(CodeName(d.code), CodeName(code)) << FormatDiagnostic(d);
  EXPECT_EQ(d.severity, Severity::kWarning) << FormatDiagnostic(d);
  return d;
}

size_t DiagnosticTest::Remaining() const { return diags_.size() - taken_; }

std::string DiagnosticTest::DescribeRemaining() const {
  std::string out;
  for (size_t i = taken_; i < diags_.size(); ++i) {
    out += FormatDiagnostic(diags_.items()[i]) + "\n";
  }
  return out;
}

void DiagnosticTest::TearDown() {
  EXPECT_EQ(Remaining(), 0u) << "unchecked diagnostics:\n"
                             << DescribeRemaining();
}

}  // namespace sdfconv
