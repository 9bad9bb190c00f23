// schema_gen: writes converters/sdf/schema_table.cc from SDFormat
// description files: reads them (description_reader.h), relaxes old bounds
// that later versions relaxed (bounds.h), writes the table
// (table_writer.h).
//
//   schema_gen --out schema_table.cc /usr/share/sdformat12/1.8/*.sdf ...
//
// Exit status 0 on success; 1, with every problem on stderr and no output
// file, when a description cannot be read or holds what the table cannot
// express.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "converters/sdf/schema_gen/bounds.h"
#include "converters/sdf/schema_gen/description_reader.h"
#include "converters/sdf/schema_gen/table_writer.h"

int main(int argc, char** argv) {
  using namespace sdfconv::schema_gen;
  std::string out_path;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--out" && i + 1 < argc) {
      out_path = argv[++i];
    } else {
      files.push_back(arg);
    }
  }
  if (out_path.empty() || files.empty()) {
    std::cerr << "usage: schema_gen --out FILE.cc DESCRIPTION.sdf...\n";
    return 2;
  }
  DescriptionSet set = ReadDescriptions(files);
  RelaxBoundsToNewest(&set);
  std::string source;
  std::vector<std::string> errors = set.errors;
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
