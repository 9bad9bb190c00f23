// What a command working on one input shows on stderr while it runs for
// more than a second: on a terminal only, one line redrawn in place from
// what the process says it is busy with (core/activity.h),
//   sdfconv: world.sdf: expanding includes (1204), 3.4 s
// by a thread of its own, four times a second. Finish() (or the
// destructor) stops the thread and erases the line before anything else is
// printed, so the line never mixes with diagnostics or output. Nothing at
// all is drawn when `draw` is false (stderr is not a terminal) or when the
// work ends within `delay`.
//
//   ActivityLine line(std::cerr, path, ::isatty(STDERR_FILENO) != 0);
//   ... the work ...
//   line.Finish();
//   PrintDiagnostics(...);
#ifndef SDFCONV_CLI_ACTIVITY_LINE_H_
#define SDFCONV_CLI_ACTIVITY_LINE_H_

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>

#include "core/activity.h"

namespace sdfconv {

// The line itself: "sdfconv: SUBJECT: STAGE (DONE), S.s s"; "(DONE)" only
// when something was counted, "working" when no stage is named.
std::string FormatActivity(const std::string& subject,
                           const ActivitySnapshot& activity, double seconds);

class ActivityLine {
 public:
  ActivityLine(std::ostream& err, std::string subject, bool draw,
               std::chrono::milliseconds delay = std::chrono::seconds(1));
  ~ActivityLine();
  ActivityLine(const ActivityLine&) = delete;
  ActivityLine& operator=(const ActivityLine&) = delete;

  // Stops drawing and erases the line if one was drawn. Idempotent.
  void Finish();

 private:
  void Run();

  std::ostream& err_;
  const std::string subject_;
  const std::chrono::milliseconds delay_;
  const std::chrono::steady_clock::time_point start_ =
      std::chrono::steady_clock::now();
  std::mutex mutex_;
  std::condition_variable stop_;
  bool stopping_ = false;
  bool drawn_ = false;
  std::thread thread_;
};

}  // namespace sdfconv

#endif  // SDFCONV_CLI_ACTIVITY_LINE_H_
