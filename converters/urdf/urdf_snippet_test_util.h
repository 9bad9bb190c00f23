// UrdfSnippetTest: a gtest fixture that converts small inline URDFs and
// queries the SDF they become. Every diagnostic must be taken
// (DiagnosticTest).
//
//   TEST_F(UrdfSnippetTest, JointPose) {
//     ASSERT_TRUE(Convert(R"(<link name="a"/> ...)"));
//     EXPECT_EQ(Text({"model", "joint@j", "pose"}), "1 0 0 0 0 0");
//   }
#ifndef SDFCONV_CONVERTERS_URDF_URDF_SNIPPET_TEST_UTIL_H_
#define SDFCONV_CONVERTERS_URDF_URDF_SNIPPET_TEST_UTIL_H_

#include <optional>
#include <string>
#include <vector>

#include "converters/diagnostic_test_util.h"
#include "converters/urdf/urdf_import_options.h"
#include "converters/xml/xml_sources.h"
#include "core/document.h"
#include "core/resolver.h"

namespace sdfconv {

inline constexpr char kSnippetFile[] = "test.urdf";

class UrdfSnippetTest : public DiagnosticTest {
 protected:
  // Converts `<robot name="r">` + `body` + `</robot>` (the body starts on
  // line 2) with UrdfToSdf; true when SDF text came out.
  bool Convert(const std::string& body, const UrdfImportOptions& options = {});
  // Converts a whole document.
  bool ConvertText(const std::string& text,
                   const UrdfImportOptions& options = {});
  // The front end's Document of the same snippet, resolved (with its own
  // diagnostics, which must be taken too).
  std::optional<Document> Read(const std::string& body);

  // Trimmed text of the output element at `steps` ("tag" or "tag@name"
  // from <sdf>), "<absent>" if none.
  [[nodiscard]] std::string Text(const std::vector<std::string>& steps) const;
  [[nodiscard]] std::optional<std::string> Attr(
      const std::vector<std::string>& steps, const std::string& name) const;
  [[nodiscard]] bool Has(const std::vector<std::string>& steps) const;
  // How many child elements named `tag` the element at `steps` has.
  [[nodiscard]] int Count(const std::vector<std::string>& steps,
                          const std::string& tag) const;

  std::string sdf_;             // the last output text
  std::optional<XmlTree> out_;  // ... parsed
  XmlSources sources_;          // the trees Read() read
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_URDF_SNIPPET_TEST_UTIL_H_
