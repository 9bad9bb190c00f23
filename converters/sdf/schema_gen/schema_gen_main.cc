// schema_gen: writes converters/sdf/schema_table.cc from SDFormat
// description files and the project's deltas: reads the descriptions
// (description_reader.h), relaxes old bounds that later versions relaxed
// (bounds.h), adds the versions the deltas describe (delta.h,
// delta_apply.h), writes the table (table_writer.h).
//
//   schema_gen --out schema_table.cc [--delta deltas/1.10.txt ...]
//              /usr/share/sdformat12/1.8/*.sdf ...
//
// Bounds are relaxed to the newest version read from files, before the
// deltas apply: a bound a delta relaxes is not applied to older versions
// (docs/schema_deltas.md). Deltas apply in the order of their versions, so
// one may build on another. Exit status 0 on success; 1, with every problem
// on stderr and no output file, when a description or a delta cannot be
// read or holds what the table cannot express.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "converters/sdf/schema_gen/bounds.h"
#include "converters/sdf/schema_gen/delta.h"
#include "converters/sdf/schema_gen/delta_apply.h"
#include "converters/sdf/schema_gen/description_reader.h"
#include "converters/sdf/schema_gen/table_writer.h"
#include "core/document.h"

namespace {

using sdfconv::schema_gen::Delta;
using sdfconv::schema_gen::DeltaParse;

std::string BaseName(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The deltas in `paths`, oldest version first; problems into `errors`.
std::vector<Delta> ReadDeltas(const std::vector<std::string>& paths,
                              std::vector<std::string>* errors) {
  std::vector<Delta> deltas;
  for (const std::string& path : paths) {
    std::ifstream in(path, std::ios::binary);
    if (!in.is_open()) {
      errors->push_back(path + ": cannot be read");
      continue;
    }
    std::stringstream text;
    text << in.rdbuf();
    DeltaParse parsed =
        sdfconv::schema_gen::ParseDelta(text.str(), BaseName(path));
    errors->insert(errors->end(), parsed.errors.begin(), parsed.errors.end());
    deltas.push_back(std::move(parsed.delta));
  }
  std::sort(deltas.begin(), deltas.end(), [](const Delta& a, const Delta& b) {
    return sdfconv::VersionNumber(a.version) < sdfconv::VersionNumber(b.version);
  });
  return deltas;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace sdfconv::schema_gen;
  std::string out_path;
  std::vector<std::string> files, delta_files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--out" && i + 1 < argc) {
      out_path = argv[++i];
    } else if (arg == "--delta" && i + 1 < argc) {
      delta_files.push_back(argv[++i]);
    } else {
      files.push_back(arg);
    }
  }
  if (out_path.empty() || files.empty()) {
    std::cerr << "usage: schema_gen --out FILE.cc [--delta DELTA.txt]... "
                 "DESCRIPTION.sdf...\n";
    return 2;
  }
  DescriptionSet set = ReadDescriptions(files);
  RelaxBoundsToNewest(&set);
  std::vector<std::string> errors = set.errors;
  const std::vector<Delta> deltas = ReadDeltas(delta_files, &errors);
  if (errors.empty()) {
    for (const Delta& delta : deltas) {
      const std::vector<std::string> found = ApplyDelta(delta, &set);
      errors.insert(errors.end(), found.begin(), found.end());
    }
  }
  std::string source;
  if (errors.empty()) errors = WriteSchemaTable(set, &source);
  for (const std::string& e : errors) std::cerr << "schema_gen: " << e << "\n";
  for (const std::string& m : set.missing_includes) {
    std::cerr << "schema_gen: note: not installed, left out: " << m << "\n";
  }
  if (!errors.empty()) return 1;
  std::ofstream out(out_path, std::ios::binary);
  out << source;
  return out.good() ? 0 : 1;
}
