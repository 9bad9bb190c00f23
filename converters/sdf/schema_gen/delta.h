// A schema delta: one SDFormat version described as an older version plus
// a list of changes, for the versions Debian's sdformat-sdf has no
// description files of (1.10 and later). Build-time only; the project's own
// data, in converters/sdf/schema_gen/deltas/<version>.txt.
//
// Invariant: a parsed Delta holds only well-formed operations (a known verb,
// a path, the fields that verb takes with legal values); whether each path
// exists is the applier's to check (delta_apply.h).
//
// The format, one statement a line; `#` starts a comment (a line's first
// non-blank character, or a token of its own), blank lines are ignored:
//
//   version 1.10 from 1.9          first statement, exactly once
//   add    PATH required=R [type=T default=D [min=M] [max=X]]
//   add    PATH required=R is=PATH2      the existing definition at PATH2
//   add    PATH required=R like=PATH2    a copy of PATH2's, named as PATH
//   add    PATH@ATTR type=T required=0|1 default=D [min=M] [max=X]
//   remove PATH | PATH@ATTR
//   rename PATH NEWNAME | PATH@ATTR NEWNAME
//   set    PATH [required=R] [default=D] [min=M] [max=X]
//   set    PATH@ATTR [required=0|1] [default=D] [min=M] [max=X]
//
// PATH names elements from the root's children down, by name, separated by
// `/` (`model/joint/axis/limit`); an empty PATH is the root itself
// (`@version` is the root's attribute). R is a description's `required`:
// 0, 1, *, + or -1. A value holding blanks, or empty, is written in double
// quotes (`default="0 0 0"`, `default=""`); a value cannot hold `"`.
//
//   DeltaParse p = ParseDelta(text, "1.10.txt");
//   if (!p.errors.empty()) { ... }  // "1.10.txt:7: ..."
#ifndef SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_DELTA_H_
#define SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_DELTA_H_

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sdfconv::schema_gen {

enum class DeltaVerb { kAdd, kRemove, kRename, kSet };

// An element (and, with `attribute`, one of its attributes).
struct DeltaTarget {
  std::vector<std::string> path;  // from the root's children; empty: the root
  std::optional<std::string> attribute;
};

struct DeltaOp {
  DeltaVerb verb = DeltaVerb::kAdd;
  DeltaTarget target;
  std::map<std::string, std::string> fields;  // key=value, as written
  std::vector<std::string> other;  // the PATH of is= or like= (kAdd only)
  std::string new_name;            // kRename only
  std::string where;                          // "1.10.txt:12", for messages
};

struct Delta {
  std::string file;     // as given to ParseDelta
  std::string version;  // "1.10"
  std::string base;     // "1.9"
  std::vector<DeltaOp> ops;  // in the file's order
};

struct DeltaParse {
  Delta delta;
  std::vector<std::string> errors;  // "FILE:LINE: what"; empty when read
};

// Parses the text of one delta file; `file` names it in `where` and in
// errors. Every malformed line is reported; a well-formed delta has no
// errors.
[[nodiscard]] DeltaParse ParseDelta(std::string_view text,
                                    const std::string& file);

// "model/joint@name" for messages.
[[nodiscard]] std::string DescribeTarget(const DeltaTarget& target);

}  // namespace sdfconv::schema_gen

#endif  // SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_DELTA_H_
