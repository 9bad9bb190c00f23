// What `sdfconv upgrade` did to each file, and how that is told: the JSON
// report (`--report FILE`), the summary line, and the per-file lines.
//
// A FileRecord is one input's outcome. Records stay in input order (the
// order CollectInputs found the files), so a report does not depend on `-j`
// or on which thread finished first; only `summary.seconds` varies between
// runs.
//
// The JSON report:
//   {"files": [{"path": "models/a/model.sdf", "output": "out/a/model.sdf",
//               "status": "upgraded",
//               "diagnostics": [{"severity": "warning", "code": "...",
//                                "message": "...", "file": "...",
//                                "line": 12, "path": "/sdf/model[...]",
//                                "related": []}],
//               "error": "..."},  // only when the batch itself failed
//              ...],
//    "summary": {"total": 3, "upgraded": 1, "unchanged": 1,
//                "would_change": 0, "variants": 0, "failed": 1,
//                "not_processed": 0, "kept_values": 0,
//                "interrupted": false, "seconds": 0.25}}
// A file's "note", when there is one, says why it is left as it is (a
// model folder's variant, converters/upgrade/model_config.h).
// A diagnostic's "path" is the element path inside the file; "file" and
// "line" say where the file is (cli/diagnostic_json.h, the same object as
// `--diagnostics-format json`).
#ifndef SDFCONV_CLI_UPGRADE_REPORT_H_
#define SDFCONV_CLI_UPGRADE_REPORT_H_

#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"

namespace sdfconv {

enum class FileStatus {
  kUpgraded,      // "upgraded": the output differs from the input, written
  kUnchanged,     // "unchanged": already 1.8 (under -o: copied as it is)
  kWouldChange,   // "would_change": --check only, nothing written
  kVariant,       // "variant": a model folder's file for older parsers,
                  // left as it is (under -o: copied as it is)
  kCopied,        // "copied": -o, a file of the tree that is not upgraded
                  // (a mesh, a texture, a link), copied as it is
  kFailed,        // "failed": not upgraded; its output left as it was
  kNotProcessed,  // "not_processed": the batch was interrupted first
};

// The report's name for `status`, e.g. "would_change".
std::string_view StatusName(FileStatus status);

struct FileRecord {
  std::string path;    // the input, as found
  std::string output;  // where the result goes; empty under --check
  FileStatus status = FileStatus::kNotProcessed;
  Diagnostics diagnostics;  // from reading the input and upgrading it
  // A failure of the batch rather than of the input: an output that cannot
  // be written, a backup that exists already, an upgrade that threw.
  std::string error;
  // Why the file is left as it is (kVariant), for people.
  std::string note;
};

struct BatchSummary {
  int total = 0;
  int upgraded = 0;
  int unchanged = 0;
  int would_change = 0;
  int variants = 0;
  int copied = 0;
  int failed = 0;
  int not_processed = 0;
  // Files upgraded, unchanged or that would change, with value errors kept
  // as written (converters/sdf/value_level.h): `check` calls them invalid.
  int kept_values = 0;
  bool interrupted = false;
  double seconds = 0;
};

// Counts `files` by status, and those not failed with values kept as
// written; `interrupted` and `seconds` as given.
BatchSummary Summarize(const std::vector<FileRecord>& files, bool interrupted,
                       double seconds);

// The JSON report (see the file comment), pretty-printed, ending in '\n'.
std::string ReportJson(const std::vector<FileRecord>& files,
                       const BatchSummary& summary);

// One line for people, e.g. "upgrade: 12 upgraded, 30 unchanged, 1 failed
// (43 files, 2.31 s)"; under --check "would change" replaces "upgraded";
// ", 5 variants left as they are" follows "unchanged", and ", 2 with values
// kept as written" follows "failed", when there are such.
std::string SummaryLine(const BatchSummary& summary, bool check);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_UPGRADE_REPORT_H_
