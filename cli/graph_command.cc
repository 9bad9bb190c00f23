#include "cli/graph_command.h"

#include <optional>
#include <utility>

#include "cli/activity_line.h"
#include "cli/check_command.h"
#include "cli/exit_code.h"
#include "cli/graphviz.h"
#include "cli/output_file.h"
#include "converters/convert/convert.h"
#include "converters/graph/dot_writer.h"
#include "core/activity.h"
#include "core/resolver.h"
#include "core/visible_text.h"

namespace sdfconv {
namespace {

GraphKind KindOf(const std::string& graph) {
  if (graph == "attached_to") return GraphKind::kAttachedTo;
  if (graph == "relative_to") return GraphKind::kRelativeTo;
  return GraphKind::kKinematic;
}

// The picture of `file` in the format asked for, or nothing with `*error`.
std::optional<std::string> Draw(const GraphOptions& options,
                                const CheckedFile& file, std::string* error) {
  std::optional<Resolution> resolution;
  if (file.valid()) {
    const ActivityScope activity("resolving poses");
    resolution = ResolveAll(*file.doc, file.graph);
  }
  std::string dot = WriteDot(*file.doc, file.graph,
                             resolution ? &*resolution : nullptr,
                             KindOf(options.graph));
  if (options.format != "svg") return dot;
  const ActivityScope activity("drawing with Graphviz dot");
  return RenderSvg(dot, error);
}

int Write(const GraphOptions& options, const std::string& text,
          std::ostream& out, std::ostream& err) {
  if (options.output.empty() || options.output == "-") {
    out << text;
    out.flush();
    if (out) return kExitOk;
    err << "sdfconv: error: cannot write to standard output\n";
    return kExitCannotRun;
  }
  std::string error;
  if (WriteOutputFile(options.output, text, &error)) return kExitOk;
  err << "sdfconv: error: " << VisibleText(error) << '\n';
  return kExitCannotRun;
}

}  // namespace

int RunGraph(const GraphOptions& options, std::ostream& out,
             std::ostream& err) {
  if (const auto problem = OutputIsInput({options.output}, {options.file})) {
    err << "sdfconv: error: " << VisibleText(*problem) << '\n';
    return kExitCannotRun;
  }
  ActivityLine activity(err, options.file, options.progress);
  const CheckedFile file = CheckFile(
      options.file, options.model_paths, options.strict, options.limits,
      options.keep_unresolved_includes ? IncludeSearch::Unresolved::kNeeded
                                       : IncludeSearch::Unresolved::kError);
  std::optional<std::string> picture;
  std::string error;
  if (file.doc) picture = Draw(options, file, &error);
  activity.Finish();
  const Diagnostics diags = options.policy.Apply(file.diags);
  PrintDiagnostics(diags, err, options.file);
  if (file.cannot_run()) return kExitCannotRun;
  if (!file.doc) {
    err << "sdfconv: error: " << VisibleText(options.file)
        << " holds nothing to draw; nothing written\n";
    return kExitInvalid;
  }
  if (!picture) {
    err << "sdfconv: error: " << VisibleText(error) << "; nothing written\n";
    return kExitCannotRun;
  }
  Diagnostics over;
  picture = WithinOutputLimit(std::move(picture), options.file, options.limits,
                              &over);
  if (!picture) {
    PrintDiagnostics(over, err, options.file);
    return kExitCannotRun;
  }
  const int written = Write(options, *picture, out, err);
  if (written != kExitOk) return written;
  return diags.HasErrors() ? kExitInvalid : kExitOk;
}

}  // namespace sdfconv
