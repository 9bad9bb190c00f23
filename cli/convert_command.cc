#include "cli/convert_command.h"

#include <spdlog/spdlog.h>

#include "cli/atomic_write.h"
#include "cli/check_command.h"
#include "converters/flat/flat_writer.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

std::string FlatText(const std::string& format, const Document& doc,
                     const FrameGraph& graph) {
  const Resolution resolution = ResolveAll(doc, graph);
  return format == "csv" ? WriteFlatCsv(doc, graph, resolution)
                         : WriteFlatJson(doc, graph, resolution);
}

int WriteOutput(const ConvertOptions& options, const std::string& text,
                std::ostream& out, std::ostream& err) {
  if (options.output.empty()) {
    out << text;
    out.flush();
    if (!out) {
      err << "sdfconv: error: cannot write to standard output\n";
      return kExitCannotRun;
    }
    return kExitOk;
  }
  std::string error;
  if (!WriteFileAtomically(options.output, text, &error)) {
    err << "sdfconv: error: " << error << '\n';
    return kExitCannotRun;
  }
  spdlog::info("wrote {} ({} bytes)", options.output, text.size());
  return kExitOk;
}

}  // namespace

int RunConvert(const ConvertOptions& options, std::ostream& out,
               std::ostream& err) {
  if (options.to != "flat") {
    err << "sdfconv: error: convert --to " << options.to
        << " is not implemented yet (available: --to flat)\n";
    return kExitCannotRun;
  }
  const CheckedFile file = CheckFile(options.file);
  PrintDiagnostics(file.diags, err);
  if (file.unreadable()) return kExitCannotRun;
  if (!file.valid()) {
    err << "sdfconv: error: " << options.file << " is invalid ("
        << file.error_count() << " errors); nothing written\n";
    return kExitInvalid;
  }
  const std::string text = FlatText(options.format, *file.doc, file.graph);
  return WriteOutput(options, text, out, err);
}

}  // namespace sdfconv
