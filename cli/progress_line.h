// What `sdfconv upgrade` shows on stderr while it runs: the diagnostics of
// each file as it finishes and, on a terminal only, one progress line
// redrawn in place with '\r':
//   upgrade: 120/4000 files, 35.2 files/s, 1 failed
// Worker threads call FileDone concurrently; a mutex keeps their text and
// the line from mixing. Text is printed above the line (the line is erased,
// the text written, the line drawn again), and the line is redrawn at most
// every 100 ms, and for the last file.
//
//   ProgressLine progress(std::cerr, files.size(), isatty(STDERR_FILENO));
//   ... from any thread: progress.FileDone(failed, diagnostics_text);
//   progress.Finish();  // erases the line; print the summary next
#ifndef SDFCONV_CLI_PROGRESS_LINE_H_
#define SDFCONV_CLI_PROGRESS_LINE_H_

#include <chrono>
#include <mutex>
#include <ostream>
#include <string>

namespace sdfconv {

// Erases the line the cursor is on and returns to its start.
inline constexpr char kEraseLine[] = "\r\033[K";

// The line itself, e.g. "upgrade: 120/4000 files, 35.2 files/s, 1 failed"
// (", N failed" only when N > 0).
std::string FormatProgress(int done, int total, double files_per_second,
                           int failed);

class ProgressLine {
 public:
  // Draws "0/total" at once when `draw` (stderr is a terminal).
  ProgressLine(std::ostream& err, int total, bool draw);
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // Counts one finished file and prints `text` (may be empty; ends in '\n'
  // when not) above the line. Thread-safe.
  void FileDone(bool failed, const std::string& text);

  // Erases the line. Thread-safe; FileDone after it prints no line.
  void Finish();

 private:
  using Clock = std::chrono::steady_clock;
  void Erase();
  void Draw(Clock::time_point now);

  std::mutex mutex_;
  std::ostream& err_;
  const int total_;
  bool draw_;
  int done_ = 0;
  int failed_ = 0;
  const Clock::time_point start_ = Clock::now();
  Clock::time_point last_draw_;
};

}  // namespace sdfconv

#endif  // SDFCONV_CLI_PROGRESS_LINE_H_
