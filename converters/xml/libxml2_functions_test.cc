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

// The encodings sdfconv reads from a text's first bytes alone
// (xml_tree_parse.cc, ForeignEncoding): anything else is UTF-8.
bool IsForeign(xmlCharEncoding e) {
  return e == XML_CHAR_ENCODING_UTF16LE || e == XML_CHAR_ENCODING_UTF16BE ||
         e == XML_CHAR_ENCODING_UCS4LE || e == XML_CHAR_ENCODING_UCS4BE ||
         e == XML_CHAR_ENCODING_EBCDIC;
}

// Every first two bytes, followed by every pair of the bytes libxml2's
// patterns hold in their third and fourth places (and a few others):
// whenever libxml2 names a foreign encoding, MayBeForeignEncoding says it
// may. Also for texts of two and three bytes.
TEST(Libxml2FunctionsTest, MayBeForeignEncodingMissesNoEncodingLibxml2Names) {
  const unsigned char tails[] = {0x00, 0x3C, 0x3F, 0x6D, 0x78, 0x94,
                                 0xA7, 0xBB, 0xBF, 0x20, 0x41, 0xFF};
  int foreign = 0;
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; ++b) {
      for (const unsigned char c : tails) {
        for (const unsigned char d : tails) {
          const unsigned char bytes[4] = {static_cast<unsigned char>(a),
                                          static_cast<unsigned char>(b), c, d};
          const std::string_view text(reinterpret_cast<const char*>(bytes), 4);
          for (int n = 2; n <= 4; ++n) {
            if (!IsForeign(xmlDetectCharEncoding(bytes, n))) continue;
            ++foreign;
            EXPECT_TRUE(MayBeForeignEncoding(text.substr(0, n)))
                << a << " " << b << " " << int{c} << " " << int{d};
          }
        }
      }
    }
  }
  EXPECT_GT(foreign, 0);  // the patterns were met
  // Every ordinary start spares libxml2.
  EXPECT_FALSE(MayBeForeignEncoding("<?xml version='1.0'?><sdf/>"));
  EXPECT_FALSE(MayBeForeignEncoding("<sdf version='1.8'/>"));
  EXPECT_FALSE(MayBeForeignEncoding("\xEF\xBB\xBF<sdf/>"));
  EXPECT_FALSE(MayBeForeignEncoding("  <sdf/>"));
  EXPECT_FALSE(MayBeForeignEncoding("<"));
  EXPECT_TRUE(MayBeForeignEncoding(std::string_view("<\0?\0", 4)));
  EXPECT_TRUE(MayBeForeignEncoding("\xFF\xFE<"));
}

}  // namespace
}  // namespace sdfconv
