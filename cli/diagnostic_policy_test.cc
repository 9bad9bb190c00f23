#include "cli/diagnostic_policy.h"

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

// An error, a warning of each of two codes, and a warning of a code that is
// also the error's: the shapes every command's diagnostics take.
Diagnostics Sample() {
  Diagnostics diags;
  diags.Warning(Code::kLaterVersionFeature, {"a.sdf", 3, "/sdf"}, "later");
  diags.Error(Code::kElementInvalid, {"a.sdf", 4, "/sdf/model"}, "error");
  diags.Warning(Code::kElementInvalid, {"a.sdf", 5, "/sdf/model"}, "warn");
  diags.Warning(Code::kXmlBareAmpersand, {"b.sdf", 1, ""}, "amp");
  return diags;
}

std::vector<std::pair<Severity, Code>> Shape(const Diagnostics& diags) {
  std::vector<std::pair<Severity, Code>> shape;
  for (const Diagnostic& d : diags.items()) shape.push_back({d.severity, d.code});
  return shape;
}

using P = std::pair<Severity, Code>;
constexpr Severity kE = Severity::kError;
constexpr Severity kW = Severity::kWarning;

TEST(DiagnosticPolicyTest, ByDefaultChangesNothing) {
  EXPECT_EQ(Shape(DiagnosticPolicy().Apply(Sample())), Shape(Sample()));
}

TEST(DiagnosticPolicyTest, IgnoresWarningsOfTheCodesNeverErrors) {
  DiagnosticPolicy policy;
  ASSERT_EQ(policy.Ignore("ELEMENT_INVALID,XML_BARE_AMPERSAND"), std::nullopt);
  EXPECT_EQ(Shape(policy.Apply(Sample())),
            (std::vector<P>{{kW, Code::kLaterVersionFeature},
                            {kE, Code::kElementInvalid}}));
}

TEST(DiagnosticPolicyTest, PromotesEveryWarningNotIgnored) {
  DiagnosticPolicy policy;
  policy.warnings_as_errors = true;
  ASSERT_EQ(policy.Ignore("LATER_VERSION_FEATURE"), std::nullopt);
  const Diagnostics out = policy.Apply(Sample());
  EXPECT_EQ(Shape(out), (std::vector<P>{{kE, Code::kElementInvalid},
                                        {kE, Code::kElementInvalid},
                                        {kE, Code::kXmlBareAmpersand}}));
  EXPECT_EQ(out.items()[1].source.line, 5);  // the warning's own place
  EXPECT_EQ(out.items()[1].message, "warn");
}

TEST(DiagnosticPolicyTest, RepeatedIgnoresAddUp) {
  DiagnosticPolicy policy;
  ASSERT_EQ(policy.Ignore("XML_BARE_AMPERSAND"), std::nullopt);
  ASSERT_EQ(policy.Ignore("LATER_VERSION_FEATURE"), std::nullopt);
  EXPECT_EQ(policy.ignored, (std::set<Code>{Code::kXmlBareAmpersand,
                                            Code::kLaterVersionFeature}));
}

TEST(DiagnosticPolicyTest, AnUnknownCodeIsRefusedAndAddsNothing) {
  DiagnosticPolicy policy;
  const auto error = policy.Ignore("XML_BARE_AMPERSAND,ELEMNT_INVALID");
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->find("'ELEMNT_INVALID'"), std::string::npos);
  EXPECT_NE(error->find("ELEMENT_INVALID?"), std::string::npos);
  EXPECT_TRUE(policy.ignored.empty());
  EXPECT_TRUE(policy.Ignore("").has_value());
  EXPECT_TRUE(policy.Ignore("XML_BARE_AMPERSAND,").has_value());
  const auto far = policy.Ignore("gz_frame_id");
  ASSERT_TRUE(far.has_value());
  EXPECT_EQ(far->find("did you mean"), std::string::npos);
}

}  // namespace
}  // namespace sdfconv
