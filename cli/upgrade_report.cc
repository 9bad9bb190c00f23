#include "cli/upgrade_report.h"

#include <cstdio>

#include <nlohmann/json.hpp>

#include "cli/diagnostic_json.h"
#include "converters/sdf/value_level.h"

namespace sdfconv {
namespace {

// Keys in the order written: "path" first, "summary" last.
using json = nlohmann::ordered_json;

json FileJson(const FileRecord& file) {
  json diagnostics = json::array();
  for (const Diagnostic& d : file.diagnostics.items()) {
    diagnostics.push_back(DiagnosticJson(d));
  }
  json entry = {
      {"path", file.path},
      {"output", file.output},
      {"status", std::string(StatusName(file.status))},
      {"diagnostics", std::move(diagnostics)},
  };
  AddPathBytes(file.path, &entry);
  if (!file.error.empty()) entry["error"] = file.error;
  if (!file.note.empty()) entry["note"] = file.note;
  return entry;
}

json SummaryJson(const BatchSummary& s) {
  return json{
      {"total", s.total},
      {"upgraded", s.upgraded},
      {"unchanged", s.unchanged},
      {"would_change", s.would_change},
      {"variants", s.variants},
      {"copied", s.copied},
      {"failed", s.failed},
      {"not_processed", s.not_processed},
      {"kept_values", s.kept_values},
      {"interrupted", s.interrupted},
      {"seconds", s.seconds},
  };
}

}  // namespace

std::string_view StatusName(FileStatus status) {
  switch (status) {
    case FileStatus::kUpgraded:
      return "upgraded";
    case FileStatus::kUnchanged:
      return "unchanged";
    case FileStatus::kWouldChange:
      return "would_change";
    case FileStatus::kVariant:
      return "variant";
    case FileStatus::kCopied:
      return "copied";
    case FileStatus::kFailed:
      return "failed";
    case FileStatus::kNotProcessed:
      return "not_processed";
  }
  return "not_processed";
}

BatchSummary Summarize(const std::vector<FileRecord>& files, bool interrupted,
                       double seconds) {
  BatchSummary s;
  s.total = static_cast<int>(files.size());
  s.interrupted = interrupted;
  s.seconds = seconds;
  for (const FileRecord& file : files) {
    if (file.status != FileStatus::kFailed &&
        file.status != FileStatus::kNotProcessed &&
        CountKeptAsWritten(file.diagnostics) > 0) {
      ++s.kept_values;
    }
    switch (file.status) {
      case FileStatus::kUpgraded:
        ++s.upgraded;
        break;
      case FileStatus::kUnchanged:
        ++s.unchanged;
        break;
      case FileStatus::kWouldChange:
        ++s.would_change;
        break;
      case FileStatus::kVariant:
        ++s.variants;
        break;
      case FileStatus::kCopied:
        ++s.copied;
        break;
      case FileStatus::kFailed:
        ++s.failed;
        break;
      case FileStatus::kNotProcessed:
        ++s.not_processed;
        break;
    }
  }
  return s;
}

std::string ReportJson(const std::vector<FileRecord>& files,
                       const BatchSummary& summary) {
  json entries = json::array();
  for (const FileRecord& file : files) entries.push_back(FileJson(file));
  const json report = {{"files", std::move(entries)},
                       {"summary", SummaryJson(summary)}};
  return JsonText(report);
}

std::string SummaryLine(const BatchSummary& s, bool check) {
  std::string line = "upgrade: ";
  if (s.interrupted) line += "interrupted: ";
  line += check ? std::to_string(s.would_change) + " would change, "
                : std::to_string(s.upgraded) + " upgraded, ";
  line += std::to_string(s.unchanged) + " unchanged, ";
  if (s.variants > 0) {
    line += std::to_string(s.variants) +
            (s.variants == 1 ? " variant left as it is, "
                             : " variants left as they are, ");
  }
  if (s.copied > 0) {
    line += std::to_string(s.copied) + " other file" +
            (s.copied == 1 ? "" : "s") + " copied, ";
  }
  line += std::to_string(s.failed) + " failed";
  if (s.kept_values > 0) {
    line += ", " + std::to_string(s.kept_values) +
            " with values kept as written";
  }
  if (s.not_processed > 0) {
    line += ", " + std::to_string(s.not_processed) + " not processed";
  }
  char tail[64];
  std::snprintf(tail, sizeof tail, " (%d file%s, %.2f s)", s.total,
                s.total == 1 ? "" : "s", s.seconds);
  return line + tail;
}

}  // namespace sdfconv
