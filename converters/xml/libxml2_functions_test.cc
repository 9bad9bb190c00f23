#include "converters/xml/libxml2_functions.h"

#include <gtest/gtest.h>

#include <string>

namespace sdfconv {
namespace {

// This test links libxml2, so the library the table opens is the one
// already loaded: each pointer must be the function itself.
TEST(Libxml2FunctionsTest, EveryPointerIsLibxml2sOwnFunction) {
  std::string error;
  const Libxml2Functions* f = Libxml2(&error);
  ASSERT_NE(f, nullptr) << error;
  EXPECT_EQ(error, "");
  EXPECT_EQ(f->new_parser_ctxt, &xmlNewParserCtxt);
  EXPECT_EQ(f->free_parser_ctxt, &xmlFreeParserCtxt);
  EXPECT_EQ(f->ctxt_read_memory, &xmlCtxtReadMemory);
  EXPECT_EQ(f->free_doc, &xmlFreeDoc);
  EXPECT_EQ(f->stop_parser, &xmlStopParser);
  EXPECT_EQ(f->detect_char_encoding, &xmlDetectCharEncoding);
  EXPECT_EQ(Libxml2(), f);  // one table
}

}  // namespace
}  // namespace sdfconv
