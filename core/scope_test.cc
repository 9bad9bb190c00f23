#include "core/scope.h"

#include <gtest/gtest.h>

#include "core/testing/test_document.h"

namespace sdfconv {
namespace {

using testing::TestDocument;
using K = ElementKind;

// world w { model a { link l; model b { link m } }; model inc (an include
// placeholder: no content) }
struct Scopes {
  TestDocument t{"1.8"};
  ElementId w = t.Root(K::kWorld, "w");
  ElementId a = t.Add(w, K::kModel, "a");
  ElementId l = t.Add(a, K::kLink, "l");
  ElementId b = t.Add(a, K::kModel, "b");
  ElementId m = t.Add(b, K::kLink, "m");
  ElementId inc = t.Add(w, K::kModel, "inc");
};

TEST(ScopeIndex, LookupGoesDownOnly) {
  Scopes s;
  const ScopeIndex index(s.t.doc());
  EXPECT_EQ(index.Lookup(s.w, "a::b::m"), s.m);
  EXPECT_EQ(index.Lookup(s.a, "b::__model__"), s.b);
  EXPECT_EQ(index.Lookup(s.b, "l"), kNoElement);  // no upward lookup
  EXPECT_EQ(index.ScopeOf(s.m), s.b);
}

TEST(ScopeIndex, DescendStopsWhereNamesEnd) {
  Scopes s;
  const ScopeIndex index(s.t.doc());
  // Into the placeholder: the path inside it is what is left.
  ScopeIndex::Descent d = index.Descend(s.w, "inc::link::deeper");
  EXPECT_EQ(d.model, s.inc);
  EXPECT_EQ(d.rest, "link::deeper");
  d = index.Descend(s.w, "a::b::m");
  EXPECT_EQ(d.model, s.b);
  EXPECT_EQ(d.rest, "m");
  d = index.Descend(s.w, "a::b");
  EXPECT_EQ(d.model, s.b);
  EXPECT_EQ(d.rest, "");
  d = index.Descend(s.w, "nothing::x");
  EXPECT_EQ(d.model, s.w);
  EXPECT_EQ(d.rest, "nothing::x");
  d = index.Descend(s.a, "l");
  EXPECT_EQ(d.model, s.a);
  EXPECT_EQ(d.rest, "l");
}

}  // namespace
}  // namespace sdfconv
