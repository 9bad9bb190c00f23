#include "converters/urdf/urdf_snippet_test_util.h"

#include <libxml/tree.h>

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
  const auto xml = XmlDocument::LoadString(text, kSnippetFile, &diags_);
  if (!xml) return false;
  const std::optional<std::string> sdf = UrdfToSdf(*xml, options, &diags_);
  if (!sdf) return false;
  sdf_ = *sdf;
  Diagnostics ignored;
  out_ = XmlDocument::LoadString(sdf_, "out.sdf", &ignored);
  EXPECT_TRUE(out_.has_value()) << sdf_;
  return out_.has_value();
}

std::optional<Document> UrdfSnippetTest::Read(const std::string& body) {
  const std::string text = "<robot name=\"r\">\n" + body + "\n</robot>\n";
  const auto xml = XmlDocument::LoadString(text, kSnippetFile, &diags_);
  if (!xml) return std::nullopt;
  return UrdfFrontEnd().Read(*xml, &diags_);
}

std::string UrdfSnippetTest::Text(const std::vector<std::string>& steps) const {
  if (!out_) return "<no output>";
  return testing::TextAt(*out_, steps);
}

std::optional<std::string> UrdfSnippetTest::Attr(
    const std::vector<std::string>& steps, const std::string& name) const {
  if (!out_) return std::nullopt;
  const xmlNode* node = testing::Find(*out_, steps);
  if (node == nullptr) return std::nullopt;
  // Attribute() reads attributes without a prefix; "urdf:name" has one.
  for (const xmlAttr* a = node->properties; a != nullptr; a = a->next) {
    std::string qualified;
    if (a->ns != nullptr && a->ns->prefix != nullptr) {
      qualified = reinterpret_cast<const char*>(a->ns->prefix);
      qualified += ':';
    }
    qualified += reinterpret_cast<const char*>(a->name);
    if (qualified != name) continue;
    std::string value;
    for (const xmlNode* c = a->children; c != nullptr; c = c->next) {
      value += reinterpret_cast<const char*>(c->content);
    }
    return value;
  }
  return std::nullopt;
}

bool UrdfSnippetTest::Has(const std::vector<std::string>& steps) const {
  return out_ && testing::Find(*out_, steps) != nullptr;
}

int UrdfSnippetTest::Count(const std::vector<std::string>& steps,
                           const std::string& tag) const {
  if (!out_) return 0;
  const xmlNode* node = testing::Find(*out_, steps);
  int n = 0;
  for (const xmlNode* c = node ? FirstChildElement(node, tag) : nullptr;
       c != nullptr; c = NextSiblingElement(c, tag)) {
    ++n;
  }
  return n;
}

}  // namespace sdfconv
