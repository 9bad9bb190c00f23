#include "converters/dynamic_library.h"

#include <gtest/gtest.h>

#include <cmath>

namespace sdfconv {
namespace {

TEST(DynamicLibraryTest, FindsAFunctionOfAnOpenedLibrary) {
  DynamicLibrary libm("libm.so.6");
  auto* cosine = libm.Find<double(double)>("cos");
  ASSERT_NE(cosine, nullptr);
  EXPECT_EQ(cosine(0.5), std::cos(0.5));
  EXPECT_EQ(libm.error(), "");
}

TEST(DynamicLibraryTest, AMissingLibraryIsAnErrorAndFindsNothing) {
  DynamicLibrary missing("libsdfconv-no-such-library.so.0");
  EXPECT_EQ(
      missing.error().rfind("cannot load libsdfconv-no-such-library.so.0: ", 0),
      0u)
      << missing.error();
  EXPECT_EQ(missing.Find<void()>("anything"), nullptr);
}

TEST(DynamicLibraryTest, AMissingSymbolIsAnErrorNamingIt) {
  DynamicLibrary libm("libm.so.6");
  EXPECT_EQ(libm.Find<void()>("sdfconv_no_such_symbol"), nullptr);
  EXPECT_NE(libm.error().find("no symbol sdfconv_no_such_symbol"),
            std::string::npos)
      << libm.error();
  // The first miss stays the reason; later finds still work.
  EXPECT_NE(libm.Find<double(double)>("sin"), nullptr);
  EXPECT_NE(libm.error().find("sdfconv_no_such_symbol"), std::string::npos);
}

}  // namespace
}  // namespace sdfconv
