// MustParse: a tree for a test, from text that must parse without a word.
//
//   const XmlTree tree = MustParse("<sdf><model name='m'/></sdf>");
#ifndef SDFCONV_CONVERTERS_XML_XML_TEST_UTIL_H_
#define SDFCONV_CONVERTERS_XML_XML_TEST_UTIL_H_

#include <optional>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "converters/xml/xml_tree.h"

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

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_TEST_UTIL_H_
