#include "cli/check_command.h"

#include <algorithm>
#include <new>
#include <vector>

#include <spdlog/spdlog.h>

#include "cli/activity_line.h"
#include "cli/diagnostic_order.h"
#include "cli/exit_code.h"
#include "cli/output_file.h"
#include "converters/convert/convert.h"

namespace sdfconv {

bool CheckedFile::cannot_run() const { return CannotRun(diags); }

int CheckedFile::error_count() const {
  const auto& items = diags.items();
  return static_cast<int>(
      std::count_if(items.begin(), items.end(), [](const Diagnostic& d) {
        return d.severity == Severity::kError;
      }));
}

CheckedFile CheckFile(const std::string& path,
                      const std::vector<std::string>& model_paths,
                      bool strict, const Limits& limits,
                      IncludeSearch::Unresolved unresolved) {
  CheckedFile file;
  spdlog::debug("reading {}", path);
  ReadOptions read;
  read.include_search.model_paths = model_paths;
  read.include_search.unresolved = unresolved;
  read.strict = strict;
  read.limits = limits;
  try {
    CheckedRead checked =
        ReadChecked(path, read, &file.diags, KeepSources::kNo);
    file.doc = std::move(checked.doc);
    file.graph = std::move(checked.graph);
  } catch (const std::bad_alloc&) {
    file.doc.reset();
    file.graph = FrameGraph();
    ReportOutOfMemory(path, &file.diags);
  }
  if (file.doc) {
    spdlog::debug("{}: SDFormat {}, {} elements", path, file.doc->version,
                  file.doc->size());
  }
  spdlog::debug("{}: {} diagnostics", path, file.diags.size());
  return file;
}

// In source order (cli/diagnostic_order.h).
void PrintDiagnostics(const Diagnostics& diags, std::ostream& err,
                      const std::string& read_file) {
  for (const Diagnostic* d : InPrintOrder(diags, read_file)) {
    err << FormatDiagnostic(*d) << '\n';
  }
  err.flush();
}

namespace {

std::string Verdict(const std::string& path, const CheckedFile& file) {
  if (file.valid()) return path + ": valid";
  const int n = file.error_count();
  return path + ": invalid (" + std::to_string(n) +
         (n == 1 ? " error)" : " errors)");
}

int ExitCodeOf(const CheckedFile& file) {
  if (file.cannot_run()) return kExitCannotRun;
  return file.valid() ? kExitOk : kExitInvalid;
}

// The verdict's word for machines.
std::string Outcome(const CheckedFile& file) {
  if (file.cannot_run()) return "unreadable";
  return file.valid() ? "valid" : "invalid";
}

}  // namespace

int RunCheck(const CheckOptions& options, std::ostream& out,
             std::ostream& err) {
  if (const auto problem =
          OutputIsInput({options.diagnostics.file}, options.files)) {
    err << "sdfconv: error: " << *problem << '\n';
    return kExitCannotRun;
  }
  DiagnosticOutput diagnostics(options.diagnostics);
  const bool text = diagnostics.format() == DiagnosticFormat::kText;
  // Text diagnostics go to stderr, as always; the machine formats to stdout.
  std::ostream& diagnostics_stream = text ? err : out;
  const bool verdicts = !options.quiet && !diagnostics.OwnsStream();
  DiagnosticRun run;
  run.command = "check";
  int status = kExitOk;
  for (const std::string& path : options.files) {
    ActivityLine activity(err, path, options.progress);
    CheckedFile file = CheckFile(
        path, options.model_paths, options.strict, options.limits,
        options.keep_unresolved_includes ? IncludeSearch::Unresolved::kKeep
                                         : IncludeSearch::Unresolved::kError);
    activity.Finish();
    if (text && options.diagnostics.file.empty()) {
      PrintDiagnostics(file.diags, err, path);
    } else {
      diagnostics_stream << diagnostics.Streamed(file.diags, path);
    }
    if (verdicts) out << Verdict(path, file) << std::endl;
    status = std::max(status, ExitCodeOf(file));
    if (IsDocumentFormat(diagnostics.format())) {
      run.files.push_back({path, Outcome(file), "", std::move(file.diags), ""});
    }
  }
  run.exit_code = status;
  std::string error;
  if (!diagnostics.Finish(run, diagnostics_stream, &error)) {
    err << "sdfconv: error: " << error << '\n';
    return kExitCannotRun;
  }
  return status;
}

}  // namespace sdfconv
