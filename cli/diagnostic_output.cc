#include "cli/diagnostic_output.h"

#include "cli/output_file.h"

namespace sdfconv {

std::string DiagnosticOutput::Streamed(const Diagnostics& diags,
                                       const std::string& read_file) {
  std::string text = StreamedDiagnostics(options_.format, diags, read_file);
  if (options_.file.empty()) return text;
  std::lock_guard<std::mutex> lock(mutex_);
  kept_ += text;
  return "";
}

bool DiagnosticOutput::Finish(const DiagnosticRun& run, std::ostream& stream,
                              std::string* error) {
  const std::string text = IsDocumentFormat(options_.format)
                               ? RunDocument(options_.format, run)
                               : kept_;
  if (options_.file.empty()) {
    stream << text;
    stream.flush();
    return true;
  }
  return WriteOutputFile(options_.file, text, error);
}

}  // namespace sdfconv
