#include "converters/dynamic_library.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

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

struct Table {
  int value = 0;
};

int loads = 0;

// Fails twice (a library short of memory, say), then fills the table.
std::string FailTwice(Table* table) {
  ++loads;
  if (loads <= 2) {
    return "cannot load libexample.so.1: try " + std::to_string(loads);
  }
  table->value = 42;
  return "";
}

TEST(LazyTableTest, AFailedLoadIsTriedAgainAndASuccessKept) {
  LazyTable<Table> lazy(&FailTwice);
  std::string error;
  EXPECT_EQ(lazy.Get(&error), nullptr);
  EXPECT_EQ(error, "cannot load libexample.so.1: try 1");
  EXPECT_EQ(lazy.Get(nullptr), nullptr);  // no reason asked for
  const Table* table = lazy.Get(&error);
  ASSERT_NE(table, nullptr);
  EXPECT_EQ(table->value, 42);
  EXPECT_EQ(lazy.Get(&error), table);  // kept: not loaded again
  EXPECT_EQ(loads, 3);
}

}  // namespace
}  // namespace sdfconv
