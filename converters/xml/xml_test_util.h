// Test helpers of the XML layer: MustParse, a tree from text that must
// parse without a word; Said, diagnostics as text to compare;
// CorpusXmlFiles, every XML file of the corpus.
//
//   const XmlTree tree = MustParse("<sdf><model name='m'/></sdf>");
//   for (const auto& [path, bytes] : CorpusXmlFiles()) ...
#ifndef SDFCONV_CONVERTERS_XML_XML_TEST_UTIL_H_
#define SDFCONV_CONVERTERS_XML_XML_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"
#include "testing/corpus.h"

namespace sdfconv {

// `text` parsed as "t.sdf"; a test failure when it does not parse or
// parses with a diagnostic.
inline XmlTree MustParse(const std::string& text) {
  Diagnostics diags;
  std::optional<XmlTree> tree = XmlTree::Parse(text, "t.sdf", &diags);
  EXPECT_TRUE(tree.has_value()) << text;
  EXPECT_EQ(diags.size(), 0u) << text;
  return tree ? std::move(*tree) : XmlTree::Build("t.sdf", "empty");
}

// The diagnostics, one FormatDiagnostic line each.
inline std::string Said(const Diagnostics& diags) {
  std::string out;
  for (const Diagnostic& d : diags.items()) out += FormatDiagnostic(d) + "\n";
  return out;
}

// Every *.sdf, *.urdf, *.world, *.xml and model.config file of the corpus
// (testing/corpus.h), with its bytes; none when the corpus is absent (the
// running test is then skipped, or failed if the corpus is incomplete).
inline std::vector<std::pair<std::string, std::string>> CorpusXmlFiles() {
  std::vector<std::pair<std::string, std::string>> files;
  const std::string root = testing::RequireCorpusFolder("");
  if (root.empty()) return files;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(root)) {
    const std::string ext = entry.path().extension().string();
    if (!entry.is_regular_file() ||
        (ext != ".sdf" && ext != ".urdf" && ext != ".world" && ext != ".xml" &&
         ext != ".config")) {
      continue;
    }
    std::ifstream in(entry.path(), std::ios::binary);
    files.emplace_back(entry.path().string(),
                       std::string(std::istreambuf_iterator<char>(in), {}));
  }
  return files;
}

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_TEST_UTIL_H_
