// schema_gen: writes converters/sdf/schema_table.cc from the project's
// version tables (version_table.h: 1.2-1.9) and deltas (delta.h: 1.10 on):
// reads the tables, relaxes old bounds that later versions relaxed
// (bounds.h), adds the versions the deltas describe (delta_apply.h), writes
// the table (table_writer.h). With --write-tables it writes the version
// tables themselves from SDFormat description files (description_reader.h;
// tools/schema_tables.sh).
//
//   schema_gen --out schema_table.cc --table tables/1.2.txt ...
//              [--delta deltas/1.10.txt ...]
//   schema_gen --write-tables DIR /usr/share/sdformat12/1.8/*.sdf ...
//
// Bounds are relaxed to the newest version read from tables, before the
// deltas apply: a bound a delta relaxes is not applied to older versions
// (docs/schema_deltas.md). Deltas apply in the order of their versions, so
// one may build on another. Exit status 0 on success; 1, with every problem
// on stderr and no output file, when a table, a description or a delta
// cannot be read or holds what the output cannot express.
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
#include "converters/sdf/schema_gen/version_table.h"
#include "core/document.h"

namespace {

using sdfconv::schema_gen::Delta;
using sdfconv::schema_gen::DeltaParse;

std::string BaseName(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The text of the file at `path`; false (reported) when it cannot be read.
bool ReadText(const std::string& path, std::string* text,
              std::vector<std::string>* errors) {
  std::ifstream in(path, std::ios::binary);
  if (!in.is_open()) {
    errors->push_back(path + ": cannot be read");
    return false;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  *text = buffer.str();
  return true;
}

// The version tables in `paths`; problems into the set's errors.
sdfconv::schema_gen::DescriptionSet ReadTables(
    const std::vector<std::string>& paths) {
  std::vector<std::string> texts, names, errors;
  for (const std::string& path : paths) {
    std::string text;
    if (!ReadText(path, &text, &errors)) continue;
    texts.push_back(std::move(text));
    names.push_back(BaseName(path));
  }
  sdfconv::schema_gen::DescriptionSet set =
      sdfconv::schema_gen::ParseVersionTables(texts, names);
  set.errors.insert(set.errors.begin(), errors.begin(), errors.end());
  return set;
}

// Writes DIR/<version>.txt for each version of `set`; problems returned.
std::vector<std::string> WriteTables(
    const sdfconv::schema_gen::DescriptionSet& set, const std::string& dir) {
  std::vector<std::string> errors;
  for (size_t i = 0; i < set.versions.size(); ++i) {
    std::string text;
    const std::vector<std::string> found =
        sdfconv::schema_gen::WriteVersionTable(set, i, &text);
    errors.insert(errors.end(), found.begin(), found.end());
    if (!found.empty()) continue;
    const std::string path = dir + "/" + set.versions[i].version + ".txt";
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out.good()) errors.push_back(path + ": cannot be written");
  }
  return errors;
}

// The deltas in `paths`, oldest version first; problems into `errors`.
std::vector<Delta> ReadDeltas(const std::vector<std::string>& paths,
                              std::vector<std::string>* errors) {
  std::vector<Delta> deltas;
  for (const std::string& path : paths) {
    std::string text;
    if (!ReadText(path, &text, errors)) continue;
    DeltaParse parsed = sdfconv::schema_gen::ParseDelta(text, BaseName(path));
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
  std::string out_path, tables_dir;
  std::vector<std::string> files, table_files, delta_files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--out" && i + 1 < argc) {
      out_path = argv[++i];
    } else if (arg == "--write-tables" && i + 1 < argc) {
      tables_dir = argv[++i];
    } else if (arg == "--table" && i + 1 < argc) {
      table_files.push_back(argv[++i]);
    } else if (arg == "--delta" && i + 1 < argc) {
      delta_files.push_back(argv[++i]);
    } else {
      files.push_back(arg);
    }
  }
  const bool write_tables = !tables_dir.empty();
  if (write_tables ? (!out_path.empty() || files.empty() ||
                      !table_files.empty() || !delta_files.empty())
                   : (out_path.empty() || table_files.empty() ||
                      !files.empty())) {
    std::cerr << "usage: schema_gen --out FILE.cc --table TABLE.txt... "
                 "[--delta DELTA.txt]...\n"
                 "       schema_gen --write-tables DIR DESCRIPTION.sdf...\n";
    return 2;
  }
  DescriptionSet set =
      write_tables ? ReadDescriptions(files) : ReadTables(table_files);
  std::vector<std::string> errors = set.errors;
  if (write_tables) {
    if (errors.empty()) errors = WriteTables(set, tables_dir);
  } else {
    RelaxBoundsToNewest(&set);
    const std::vector<Delta> deltas = ReadDeltas(delta_files, &errors);
    if (errors.empty()) {
      for (const Delta& delta : deltas) {
        const std::vector<std::string> found = ApplyDelta(delta, &set);
        errors.insert(errors.end(), found.begin(), found.end());
      }
    }
  }
  std::string source;
  if (errors.empty() && !write_tables) errors = WriteSchemaTable(set, &source);
  for (const std::string& e : errors) std::cerr << "schema_gen: " << e << "\n";
  for (const std::string& m : set.missing_includes) {
    std::cerr << "schema_gen: note: not installed, left out: " << m << "\n";
  }
  if (!errors.empty()) return 1;
  if (write_tables) return 0;
  std::ofstream out(out_path, std::ios::binary);
  out << source;
  return out.good() ? 0 : 1;
}
