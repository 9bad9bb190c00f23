#include "cli/activity_line.h"

#include <cstdio>
#include <utility>

#include "cli/progress_line.h"
#include "core/visible_text.h"

namespace sdfconv {
namespace {

constexpr auto kRedrawEvery = std::chrono::milliseconds(250);

}  // namespace

std::string FormatActivity(const std::string& subject,
                           const ActivitySnapshot& activity, double seconds) {
  std::string line = "sdfconv: " + VisibleText(subject) + ": ";
  line += activity.stage != nullptr ? activity.stage : "working";
  if (activity.done > 0) line += " (" + std::to_string(activity.done) + ")";
  char time[32];
  std::snprintf(time, sizeof time, ", %.1f s", seconds);
  return line + time;
}

ActivityLine::ActivityLine(std::ostream& err, std::string subject, bool draw,
                           std::chrono::milliseconds delay)
    : err_(err), subject_(std::move(subject)), delay_(delay) {
  if (draw) thread_ = std::thread([this] { Run(); });
}

ActivityLine::~ActivityLine() { Finish(); }

void ActivityLine::Finish() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  stop_.notify_all();
  if (thread_.joinable()) thread_.join();
  if (drawn_) {
    err_ << kEraseLine;
    err_.flush();
    drawn_ = false;
  }
}

void ActivityLine::Run() {
  std::unique_lock<std::mutex> lock(mutex_);
  if (stop_.wait_for(lock, delay_, [this] { return stopping_; })) return;
  do {
    const double seconds = std::chrono::duration<double>(
                               std::chrono::steady_clock::now() - start_)
                               .count();
    err_ << kEraseLine << FormatActivity(subject_, CurrentActivity(), seconds);
    err_.flush();
    drawn_ = true;
  } while (!stop_.wait_for(lock, kRedrawEvery, [this] { return stopping_; }));
}

}  // namespace sdfconv
