// Fuzz target: the XML layer. Any bytes: XmlTree::Parse refuses them with
// an error, or builds a tree that serialises back to them (lossless), whose
// every element can be located, and whose repaired text (every tolerance
// written out) parses again without any tolerance.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"

namespace {

// A property that does not hold: said, then a crash for the fuzzer.
[[noreturn]] void Broken(const char* what) {
  std::fprintf(stderr, "xml_tree_fuzz: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using sdfconv::XmlTree;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  sdfconv::Diagnostics diags;
  std::optional<XmlTree> tree = XmlTree::Parse(text, "fuzz.xml", &diags);
  if (!tree) {
    if (!diags.HasErrors()) Broken("refused without an error");
    return 0;
  }
  if (tree->transcoded()) return 0;  // UTF-8 now: not the input's bytes
  if (tree->Serialize() != text) Broken("not lossless");
  for (sdfconv::NodeId id = 0; id < static_cast<sdfconv::NodeId>(tree->size());
       ++id) {
    if (tree->IsElement(id)) (void)tree->Locate(id);
  }
  tree->RepairTolerances(0, &diags);
  sdfconv::XmlLimits strict;
  strict.lenient = false;
  sdfconv::Diagnostics again;
  if (!XmlTree::Parse(tree->Serialize(), "fuzz.xml", &again, strict)) {
    Broken("the repaired text does not parse without tolerance");
  }
  return 0;
}
