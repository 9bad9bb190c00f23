#include "cli/check_command.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

#include <spdlog/spdlog.h>

#include "cli/activity_line.h"
#include "converters/convert/convert.h"

namespace sdfconv {

bool CheckedFile::unreadable() const {
  const auto& items = diags.items();
  return std::any_of(items.begin(), items.end(), [](const Diagnostic& d) {
    return d.code == Code::kFileRead;
  });
}

int CheckedFile::error_count() const {
  const auto& items = diags.items();
  return static_cast<int>(
      std::count_if(items.begin(), items.end(), [](const Diagnostic& d) {
        return d.severity == Severity::kError;
      }));
}

CheckedFile CheckFile(const std::string& path,
                      const std::vector<std::string>& model_paths,
                      bool strict) {
  CheckedFile file;
  spdlog::debug("reading {}", path);
  ReadOptions read;
  read.include_search.model_paths = model_paths;
  read.strict = strict;
  CheckedRead checked = ReadChecked(path, read, &file.diags);
  file.doc = std::move(checked.doc);
  file.graph = std::move(checked.graph);
  if (file.doc) {
    spdlog::debug("{}: SDFormat {}, {} elements", path, file.doc->version,
                  file.doc->size());
  }
  spdlog::debug("{}: {} diagnostics", path, file.diags.size());
  return file;
}

// In source order, like a compiler; phase order breaks ties.
void PrintDiagnostics(const Diagnostics& diags, std::ostream& err,
                      const std::string& read_file) {
  std::vector<const Diagnostic*> sorted;
  std::unordered_map<std::string, size_t> file_order;
  if (!read_file.empty()) file_order.emplace(read_file, 0);
  for (const Diagnostic& d : diags.items()) {
    sorted.push_back(&d);
    file_order.emplace(d.source.file, file_order.size());
  }
  std::stable_sort(sorted.begin(), sorted.end(),
                   [&](const Diagnostic* a, const Diagnostic* b) {
                     const size_t fa = file_order.at(a->source.file);
                     const size_t fb = file_order.at(b->source.file);
                     if (fa != fb) return fa < fb;
                     return a->source.line < b->source.line;
                   });
  for (const Diagnostic* d : sorted) err << FormatDiagnostic(*d) << '\n';
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
  if (file.unreadable()) return kExitCannotRun;
  return file.valid() ? kExitOk : kExitInvalid;
}

}  // namespace

int RunCheck(const CheckOptions& options, std::ostream& out,
             std::ostream& err) {
  int status = kExitOk;
  for (const std::string& path : options.files) {
    ActivityLine activity(err, path, options.progress);
    const CheckedFile file = CheckFile(path, options.model_paths, options.strict);
    activity.Finish();
    PrintDiagnostics(file.diags, err, path);
    if (!options.quiet) out << Verdict(path, file) << std::endl;
    status = std::max(status, ExitCodeOf(file));
  }
  return status;
}

}  // namespace sdfconv
