#include "cli/progress_line.h"

#include <cstdio>

namespace sdfconv {
namespace {

constexpr auto kRedrawEvery = std::chrono::milliseconds(100);

}  // namespace

std::string FormatProgress(int done, int total, double files_per_second,
                           int failed) {
  char line[128];
  std::snprintf(line, sizeof line, "upgrade: %d/%d files, %.1f files/s", done,
                total, files_per_second);
  std::string text = line;
  if (failed > 0) text += ", " + std::to_string(failed) + " failed";
  return text;
}

ProgressLine::ProgressLine(std::ostream& err, int total, bool draw)
    : err_(err), total_(total), draw_(draw) {
  if (draw_) Draw(Clock::now());
}

void ProgressLine::FileDone(bool failed, const std::string& text) {
  const std::lock_guard<std::mutex> lock(mutex_);
  ++done_;
  if (failed) ++failed_;
  const Clock::time_point now = Clock::now();
  if (!text.empty()) {
    if (draw_) Erase();
    err_ << text;
    if (draw_) Draw(now);
  }
  if (draw_ && (now - last_draw_ >= kRedrawEvery || done_ == total_)) {
    Draw(now);
  }
  err_.flush();
}

void ProgressLine::Finish() {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (draw_) Erase();
  draw_ = false;
  err_.flush();
}

void ProgressLine::Erase() { err_ << kEraseLine; }

void ProgressLine::Draw(Clock::time_point now) {
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0 ? done_ / seconds : 0.0;
  err_ << kEraseLine << FormatProgress(done_, total_, rate, failed_);
  err_.flush();
  last_draw_ = now;
}

}  // namespace sdfconv
