#include "converters/urdf/urdf_snippet_test_util.h"

#include "converters/urdf/urdf_front_end.h"
#include "converters/urdf/urdf_test_util.h"
#include "converters/urdf/urdf_to_sdf.h"

namespace sdfconv {

bool UrdfSnippetTest::Convert(const std::string& body,
                              const UrdfImportOptions& options) {
  return ConvertText("<robot name=\"r\">\n" + body + "\n</robot>\n", options);
}

bool UrdfSnippetTest::ConvertText(const std::string& text,
                                  const UrdfImportOptions& options) {
  sdf_.clear();
  out_.reset();
  const auto xml = XmlTree::Parse(text, kSnippetFile, &diags_);
  if (!xml) return false;
  const std::optional<std::string> sdf = UrdfToSdf(*xml, options, &diags_);
  if (!sdf) return false;
  sdf_ = *sdf;
  Diagnostics ignored;
  out_ = XmlTree::Parse(sdf_, "out.sdf", &ignored);
  EXPECT_TRUE(out_.has_value()) << sdf_;
  return out_.has_value();
}

std::optional<Document> UrdfSnippetTest::Read(const std::string& body) {
  const std::string text = "<robot name=\"r\">\n" + body + "\n</robot>\n";
  auto xml = XmlTree::Parse(text, kSnippetFile, &diags_);
  if (!xml) return std::nullopt;
  const int32_t tree = sources_.Add(std::move(*xml));
  return UrdfFrontEnd().Read(tree, &sources_, &diags_);
}

std::string UrdfSnippetTest::Text(const std::vector<std::string>& steps) const {
  if (!out_) return "<no output>";
  return testing::TextAt(*out_, steps);
}

std::optional<std::string> UrdfSnippetTest::Attr(
    const std::vector<std::string>& steps, const std::string& name) const {
  if (!out_) return std::nullopt;
  const XmlElement node = testing::Find(*out_, steps);
  if (!node) return std::nullopt;
  return Attribute(node, name);  // with its prefix, as written
}

bool UrdfSnippetTest::Has(const std::vector<std::string>& steps) const {
  return out_ && testing::Find(*out_, steps);
}

int UrdfSnippetTest::Count(const std::vector<std::string>& steps,
                           const std::string& tag) const {
  if (!out_) return 0;
  const XmlElement node = testing::Find(*out_, steps);
  int n = 0;
  for (XmlElement c = node ? FirstChildElement(node, tag) : XmlElement(); c;
       c = NextSiblingElement(c, tag)) {
    ++n;
  }
  return n;
}

}  // namespace sdfconv
