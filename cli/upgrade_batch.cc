#include "cli/upgrade_batch.h"

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <system_error>
#include <thread>
#include <utility>

#include "cli/output_file.h"
#include "cli/progress_line.h"
#include "cli/upgrade_inputs.h"

namespace sdfconv {
namespace {

using Clock = std::chrono::steady_clock;

std::string UsageError(const std::string& message) {
  return "sdfconv: error: upgrade: " + message + "\n";
}

// Under -o: no two inputs may share an output, and no output may be an
// input (writing it would modify an input). One message per problem.
std::vector<std::string> CheckOutputs(const std::vector<BatchInput>& inputs,
                                      const OutputPolicy& policy) {
  std::vector<std::string> problems;
  std::map<std::pair<dev_t, ino_t>, const BatchInput*> by_id;
  for (const BatchInput& input : inputs) {
    struct stat st;
    if (input.error.empty() && ::stat(input.path.c_str(), &st) == 0) {
      by_id.emplace(std::make_pair(st.st_dev, st.st_ino), &input);
    }
  }
  std::map<std::string, const BatchInput*> by_output;
  for (const BatchInput& input : inputs) {
    if (!input.error.empty()) continue;
    const std::string output = OutputPathFor(input, policy);
    const auto [it, inserted] = by_output.emplace(output, &input);
    if (!inserted) {
      problems.push_back("'" + it->second->path + "' and '" + input.path +
                         "' would both be written to '" + output + "'");
    }
    struct stat st;
    if (::stat(output.c_str(), &st) != 0) continue;
    const auto same = by_id.find({st.st_dev, st.st_ino});
    if (same != by_id.end()) {
      problems.push_back("output '" + output + "' of '" + input.path +
                         "' is the input '" + same->second->path +
                         "' (use --in-place to replace inputs)");
    }
  }
  return problems;
}

// What `err` gets when a file finishes: its diagnostics in source order,
// then the batch's own failure, if any.
std::string FinishedText(const FileRecord& record) {
  std::vector<const Diagnostic*> sorted;
  for (const Diagnostic& d : record.diagnostics.items()) sorted.push_back(&d);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const Diagnostic* a, const Diagnostic* b) {
                     return a->source.line < b->source.line;
                   });
  std::string text;
  for (const Diagnostic* d : sorted) text += FormatDiagnostic(*d) + "\n";
  if (!record.error.empty()) {
    text += record.path + ": error: " + record.error + "\n";
  }
  return text;
}

// `jobs`, or one per core; never more than there are files, never none.
size_t WorkerCount(int jobs, size_t files) {
  const size_t n = jobs > 0 ? static_cast<size_t>(jobs)
                            : std::thread::hardware_concurrency();
  return std::max<size_t>(1, std::min(n, files));
}

// The thread pool: `workers` threads take the next index until the queue
// is empty or `stop` is set. Records are written by index, so their order
// is the input order whoever finishes first.
void UpgradeAll(const std::vector<BatchInput>& inputs,
                const BatchOptions& options, const UpgradeFunction& upgrade,
                const std::atomic<bool>& stop, ProgressLine* progress,
                std::vector<FileRecord>* records) {
  std::atomic<size_t> next{0};
  auto work = [&] {
    while (!stop.load()) {
      const size_t i = next.fetch_add(1);
      if (i >= inputs.size()) return;
      FileRecord record =
          UpgradeOneFile(inputs[i], options.output, upgrade, stop);
      progress->FileDone(record.status == FileStatus::kFailed,
                         FinishedText(record));
      (*records)[i] = std::move(record);
    }
  };
  std::vector<std::thread> threads;
  const size_t workers = WorkerCount(options.jobs, inputs.size());
  for (size_t t = 0; t < workers; ++t) {
    try {
      threads.emplace_back(work);
    } catch (const std::system_error&) {
      break;  // fewer threads than asked for: the others take the work
    }
  }
  if (threads.empty()) work();
  for (std::thread& thread : threads) thread.join();
}

// Per-file lines on `out`, in input order.
void ListFiles(const std::vector<FileRecord>& records, bool verbose,
               std::ostream& out) {
  for (const FileRecord& record : records) {
    const bool listed = record.status == FileStatus::kFailed ||
                        record.status == FileStatus::kWouldChange;
    if (!listed && !verbose) continue;
    std::string status(StatusName(record.status));
    std::replace(status.begin(), status.end(), '_', ' ');
    out << record.path << ": " << status << '\n';
  }
  out.flush();
}

int ExitCodeOf(const BatchSummary& summary, bool report_written) {
  if (summary.interrupted) return kExitInterrupted;
  if (!report_written) return kExitCannotRun;
  if (summary.failed > 0 || summary.would_change > 0) return kExitInvalid;
  return kExitOk;
}

}  // namespace

BatchResult RunUpgrade(const BatchOptions& options,
                       const UpgradeFunction& upgrade,
                       const std::atomic<bool>& stop, std::ostream& out,
                       std::ostream& err) {
  const Clock::time_point start = Clock::now();
  BatchResult result;
  result.exit_code = kExitCannotRun;
  const OutputPolicy& policy = options.output;
  if (policy.mode == BatchMode::kOutputDir && policy.output_dir.empty()) {
    err << UsageError("-o needs a directory");
    return result;
  }
  std::vector<std::string> skip;
  if (policy.mode == BatchMode::kOutputDir) skip.push_back(policy.output_dir);
  CollectedInputs found = CollectInputs(options.paths, skip);
  std::vector<std::string> problems = std::move(found.usage_errors);
  if (problems.empty() && policy.mode == BatchMode::kOutputDir) {
    problems = CheckOutputs(found.files, policy);
  }
  if (!problems.empty()) {
    for (const std::string& problem : problems) err << UsageError(problem);
    err << UsageError("nothing done");
    return result;
  }
  if (found.files.empty()) {
    err << "upgrade: no *.sdf, *.world or model.config file found\n";
  }

  const std::vector<BatchInput>& inputs = found.files;
  result.files.resize(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    result.files[i].path = inputs[i].path;
    result.files[i].output = OutputPathFor(inputs[i], policy);
  }
  ProgressLine progress(err, static_cast<int>(inputs.size()),
                        options.progress && !inputs.empty());
  UpgradeAll(inputs, options, upgrade, stop, &progress, &result.files);
  progress.Finish();

  const double seconds =
      std::chrono::duration<double>(Clock::now() - start).count();
  result.summary = Summarize(result.files, stop.load(), seconds);
  ListFiles(result.files, options.verbose, out);
  err << SummaryLine(result.summary, policy.mode == BatchMode::kCheck)
      << std::endl;

  bool report_written = true;
  if (!options.report.empty()) {
    std::string error;
    report_written = WriteOutputFile(
        options.report, ReportJson(result.files, result.summary), &error);
    if (!report_written) err << "sdfconv: error: report: " << error << '\n';
  }
  result.exit_code = ExitCodeOf(result.summary, report_written);
  return result;
}

}  // namespace sdfconv
