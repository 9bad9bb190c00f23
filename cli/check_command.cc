#include "cli/check_command.h"

#include <sys/stat.h>

#include <algorithm>
#include <new>
#include <vector>

#include <spdlog/spdlog.h>

#include "cli/activity_line.h"
#include "cli/diagnostic_order.h"
#include "cli/exit_code.h"
#include "cli/output_file.h"
#include "cli/upgrade_inputs.h"
#include "converters/convert/convert.h"
#include "converters/xml/standard_input.h"
#include "core/visible_text.h"

namespace sdfconv {

bool CheckedFile::cannot_run() const { return CannotRun(diags); }

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

bool IsCheckInputName(const std::string& name) {
  for (const char* suffix : {".sdf", ".world", ".urdf"}) {
    const size_t n = std::char_traits<char>::length(suffix);
    if (name.size() >= n && name.compare(name.size() - n, n, suffix) == 0) {
      return true;
    }
  }
  return false;
}

CheckInputs FindCheckInputs(const std::vector<std::string>& arguments) {
  CheckInputs found;
  for (const std::string& argument : arguments) {
    struct stat st;
    if (IsStandardInput(argument) || ::stat(argument.c_str(), &st) != 0 ||
        !S_ISDIR(st.st_mode)) {
      found.files.push_back({argument, ""});
      continue;
    }
    const CollectedInputs walk =
        CollectInputs({argument}, {}, IsCheckInputName);
    for (const BatchInput& in : walk.files) {
      found.files.push_back({in.path, in.error});
    }
    if (walk.files.empty()) found.empty_folders.push_back(argument);
  }
  return found;
}

namespace {

// The verdict's word, for people and machines alike.
std::string Outcome(const CheckedFile& file) {
  if (file.cannot_run()) return "unreadable";
  return file.valid() ? "valid" : "invalid";
}

std::string Verdict(const std::string& path, const CheckedFile& file) {
  const std::string outcome = Outcome(file);
  const std::string shown = VisibleText(path);
  if (outcome != "invalid") return shown + ": " + outcome;
  return shown + ": invalid (" + ErrorCountText(file.diags) + ")";
}

int ExitCodeOf(const CheckedFile& file) {
  if (file.cannot_run()) return kExitCannotRun;
  return file.valid() ? kExitOk : kExitInvalid;
}

// One input read, checked, and its diagnostics as the policy has them.
CheckedFile CheckInputFile(const CheckInput& input,
                           const CheckOptions& options) {
  CheckedFile file;
  if (!input.error.empty()) {
    file.diags.Error(Code::kFileRead, {input.path, 0, ""}, input.error);
  } else {
    file = CheckFile(
        input.path, options.model_paths, options.strict, options.limits,
        options.keep_unresolved_includes ? IncludeSearch::Unresolved::kKeep
                                         : IncludeSearch::Unresolved::kError);
  }
  file.diags = options.diagnostics.policy.Apply(std::move(file.diags));
  return file;
}

}  // namespace

int RunCheck(const CheckOptions& options, std::ostream& out,
             std::ostream& err) {
  const CheckInputs inputs = FindCheckInputs(options.files);
  std::vector<std::string> paths;
  for (const CheckInput& input : inputs.files) paths.push_back(input.path);
  if (const auto problem = OutputIsInput({options.diagnostics.file}, paths)) {
    err << "sdfconv: error: " << VisibleText(*problem) << '\n';
    return kExitCannotRun;
  }
  DiagnosticOutput diagnostics(options.diagnostics);
  const bool text = diagnostics.format() == DiagnosticFormat::kText;
  // Text diagnostics go to stderr, as always; the machine formats to stdout.
  std::ostream& diagnostics_stream = text ? err : out;
  const bool verdicts = !options.quiet && !diagnostics.OwnsStream();
  DiagnosticRun run;
  run.command = "check";
  for (const std::string& folder : inputs.empty_folders) {
    const std::string line = "sdfconv: warning: '" + folder +
                             "' holds no *.sdf, *.world or *.urdf file";
    err << VisibleText(line) << '\n';
    run.messages.push_back(line);
  }
  int status = kExitOk;
  for (const CheckInput& input : inputs.files) {
    const std::string& path = input.path;
    ActivityLine activity(err, path, options.progress);
    CheckedFile file = CheckInputFile(input, options);
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
    err << "sdfconv: error: " << VisibleText(error) << '\n';
    return kExitCannotRun;
  }
  return status;
}

}  // namespace sdfconv
