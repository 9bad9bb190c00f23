#include "cli/upgrade_batch.h"

#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>

#include "cli/diagnostic_output.h"
#include "cli/output_file.h"
#include "cli/output_tree.h"
#include "cli/progress_line.h"
#include "cli/upgrade_folders.h"
#include "cli/upgrade_inputs.h"
#include "core/visible_text.h"

namespace sdfconv {
namespace {

using Clock = std::chrono::steady_clock;

std::string UsageError(const std::string& message) {
  return "sdfconv: error: upgrade: " + message;
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

// What `err` gets when a file finishes: its diagnostics in the format asked
// for (in print order, cli/diagnostic_order.h), then the batch's own
// failure, if any, unless the diagnostics own `err` (it is in the document).
std::string FinishedText(const FileRecord& record,
                         DiagnosticOutput& diagnostics) {
  std::string text = diagnostics.Streamed(record.diagnostics, record.path);
  if (!record.error.empty() && !diagnostics.OwnsStream()) {
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

bool OutOfMemory(const FileRecord& record) {
  if (record.status != FileStatus::kFailed) return false;
  for (const Diagnostic& d : record.diagnostics.items()) {
    if (d.code == Code::kOutOfMemory) return true;
  }
  return false;
}

// The thread pool: `workers` threads take the next unit of `plan` until
// there is none or `stop` is set. Records are written by index, so their
// order is the input order whoever finishes first. A unit that ran out of
// memory beside others is tried again alone once they are done, and only
// then said.
void UpgradeAll(const std::vector<BatchInput>& inputs, const BatchPlan& plan,
                const BatchOptions& options, const OutputPolicy& policy,
                const UpgradeFunction& upgrade,
                const std::atomic<bool>& stop, ProgressLine* progress,
                DiagnosticOutput* diagnostics,
                std::vector<FileRecord>* records) {
  const size_t workers = WorkerCount(options.jobs, plan.units.size());
  auto report = [&](const std::vector<size_t>& unit) {
    for (const size_t i : unit) {
      const FileRecord& record = (*records)[i];
      progress->FileDone(record.status == FileStatus::kFailed,
                         FinishedText(record, *diagnostics));
    }
  };
  std::mutex retry_mutex;
  std::vector<size_t> retry;  // units, by index into plan.units
  std::atomic<size_t> next{0};
  auto work = [&] {
    while (!stop.load()) {
      const size_t u = next.fetch_add(1);
      if (u >= plan.units.size()) return;
      const std::vector<size_t>& unit = plan.units[u];
      RunUnit(unit, plan, inputs, policy, upgrade, stop,
              options.limits.input_bytes, records);
      if (workers > 1 && std::any_of(unit.begin(), unit.end(), [&](size_t i) {
            return OutOfMemory((*records)[i]);
          })) {
        const std::lock_guard<std::mutex> lock(retry_mutex);
        retry.push_back(u);
        continue;
      }
      report(unit);
    }
  };
  std::vector<std::thread> threads;
  for (size_t t = 0; t < workers; ++t) {
    try {
      threads.emplace_back(work);
    } catch (const std::system_error&) {
      break;  // fewer threads than asked for: the others take the work
    }
  }
  if (threads.empty()) work();
  for (std::thread& thread : threads) thread.join();
  std::sort(retry.begin(), retry.end());
  for (const size_t u : retry) {
    if (!stop.load()) {
      RunUnit(plan.units[u], plan, inputs, policy, upgrade, stop,
              options.limits.input_bytes, records);
    }
    report(plan.units[u]);
  }
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
    out << VisibleText(record.path) << ": " << status;
    if (verbose && !record.note.empty()) {
      out << " (" << VisibleText(record.note) << ")";
    }
    out << '\n';
  }
  out.flush();
}

int ExitCodeOf(const BatchSummary& summary, bool report_written) {
  if (summary.interrupted) return kExitInterrupted;
  if (!report_written) return kExitCannotRun;
  if (summary.failed > 0 || summary.would_change > 0) return kExitInvalid;
  return kExitOk;
}

// What the json and sarif documents say of each file, in input order.
DiagnosticRun RunOf(const std::vector<FileRecord>& records) {
  DiagnosticRun run;
  run.command = "upgrade";
  for (const FileRecord& record : records) {
    run.files.push_back({record.path, std::string(StatusName(record.status)),
                         record.output, record.diagnostics,
                         record.error.empty()
                             ? ""
                             : record.path + ": error: " + record.error});
  }
  return run;
}

}  // namespace

BatchResult RunUpgrade(const BatchOptions& options,
                       const UpgradeFunction& upgrade,
                       const std::atomic<bool>& stop, std::ostream& out,
                       std::ostream& err) {
  const Clock::time_point start = Clock::now();
  const OutputPolicy& policy = options.output;
  std::vector<std::string> skip;
  if (policy.mode == BatchMode::kOutputDir) skip.push_back(policy.output_dir);
  CollectedInputs found = CollectInputs(
      options.paths, skip, IsUpgradeInputName,
      /*whole_tree=*/policy.mode == BatchMode::kOutputDir);
  std::vector<std::string> problems = std::move(found.usage_errors);
  // --report and --diagnostics-output are never written over an input (a
  // diagnostics FILE that is one goes to the stream instead, with the error).
  DiagnosticOptions diagnostic_options = options.diagnostics;
  {
    std::vector<std::string> paths;
    paths.reserve(found.files.size());
    for (const BatchInput& input : found.files) paths.push_back(input.path);
    if (const auto problem = OutputIsInput({options.report}, paths)) {
      problems.push_back(*problem);
    }
    if (const auto problem = OutputIsInput({diagnostic_options.file}, paths)) {
      problems.push_back(*problem);
      diagnostic_options.file.clear();
    }
  }
  DiagnosticOutput diagnostics(diagnostic_options);
  // Lines about the batch: on `err`, or in the document when it owns `err`.
  std::vector<std::string> messages;
  auto tell = [&](const std::string& line) {
    if (diagnostics.OwnsStream()) {
      messages.push_back(line);
    } else {
      err << VisibleText(line) << '\n';
    }
  };
  BatchResult result;
  // Writes the diagnostics' document (or FILE) and returns `result`.
  auto finish = [&](int exit_code) {
    DiagnosticRun run = IsDocumentFormat(diagnostics.format())
                            ? RunOf(result.files)
                            : DiagnosticRun{};
    run.messages = messages;
    run.exit_code = exit_code;
    result.exit_code = exit_code;
    std::string error;
    if (!diagnostics.Finish(run, err, &error)) {
      err << "sdfconv: error: " << VisibleText(error) << '\n';
      if (result.exit_code != kExitInterrupted) result.exit_code = kExitCannotRun;
    }
    return result;
  };
  if (policy.mode == BatchMode::kOutputDir && policy.output_dir.empty()) {
    tell(UsageError("-o needs a directory"));
    return finish(kExitCannotRun);
  }
  if (problems.empty() && policy.mode == BatchMode::kOutputDir) {
    problems = CheckOutputs(found.files, policy);
  }
  if (!problems.empty()) {
    for (const std::string& problem : problems) tell(UsageError(problem));
    tell(UsageError("nothing done"));
    return finish(kExitCannotRun);
  }
  if (found.files.empty()) {
    tell("upgrade: no *.sdf, *.world or model.config file found");
  }

  const std::vector<BatchInput>& inputs = found.files;
  result.files.resize(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    result.files[i].path = inputs[i].path;
    result.files[i].output = OutputPathFor(inputs[i], policy);
  }
  // No progress line where the document is to be the only thing.
  ProgressLine progress(err, static_cast<int>(inputs.size()),
                        options.progress && !inputs.empty() &&
                            diagnostics.format() == DiagnosticFormat::kText);
  // What a killed run left: its temporaries beside what this one writes.
  std::vector<std::string> targets;
  if (policy.mode == BatchMode::kInPlace) {
    for (const BatchInput& input : inputs) {
      std::string error;
      if (const auto target = OutputTarget(input.path, &error)) {
        targets.push_back(*target);
        targets.push_back(*target + ".bak");
      }
    }
  } else if (policy.mode == BatchMode::kOutputDir) {
    for (const FileRecord& record : result.files) {
      targets.push_back(record.output);
    }
  }
  if (!options.report.empty()) targets.push_back(options.report);
  if (const std::vector<std::string> stale = RemoveStaleTemporaries(targets);
      !stale.empty()) {
    tell("upgrade: removed " + std::to_string(stale.size()) +
         " temporary file(s) an interrupted run left (" + stale.front() +
         (stale.size() > 1 ? ", ..." : "") + ")");
  }
  // -o OUTDIR: each output directory made once and synced once, below.
  OutputTree tree(policy.output_dir, policy.force);
  for (const auto& [relative, mode] : found.folder_modes) {
    tree.NoteFolderMode(relative, mode);
  }
  OutputPolicy writing = policy;
  if (policy.mode == BatchMode::kOutputDir) writing.tree = &tree;
  const BatchPlan plan = PlanBatch(
      inputs, options.sdf_version.empty() ? "1.8" : options.sdf_version);
  UpgradeAll(inputs, plan, options, writing, upgrade, stop, &progress,
             &diagnostics, &result.files);
  tree.SyncAll();  // every rename durable before the summary
  progress.Finish();

  const double seconds =
      std::chrono::duration<double>(Clock::now() - start).count();
  result.summary = Summarize(result.files, stop.load(), seconds);
  ListFiles(result.files, options.verbose, out);
  tell(SummaryLine(result.summary, policy.mode == BatchMode::kCheck));
  err.flush();

  bool report_written = true;
  if (!options.report.empty()) {
    std::string error;
    report_written = WriteOutputFile(
        options.report, ReportJson(result.files, result.summary), &error);
    if (!report_written) tell("sdfconv: error: report: " + error);
  }
  return finish(ExitCodeOf(result.summary, report_written));
}

}  // namespace sdfconv
