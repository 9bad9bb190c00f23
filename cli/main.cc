// sdfconv: the command line. Parses arguments, sets up logging and hands
// over to one subcommand; everything else lives in the command files and
// below them (cli -> converters -> core, never the other way).
//
//   sdfconv check FILE|DIR...        validate; a verdict line per file
//   sdfconv convert FILE --to flat   every frame's world pose, JSON or CSV
//   sdfconv upgrade PATH... (-o OUTDIR | --in-place | --check)
//                                    SDFormat 1.8, a file or a tree at once
//   sdfconv graph FILE               the kinematic tree or a frame graph
//   sdfconv --help | --version
//
// Exit status: see exit_code.h. Under `bazel run`, relative paths are the
// user's (cli/bazel_run.h).
//
// Arguments are parsed with CLI11 rather than by hand: it gives subcommands,
// generated --help for each, and validation (required options, choices such
// as --format json|csv) with uniform usage errors, none of which we then
// have to write or test ourselves.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/pattern_formatter.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <functional>
#include <iostream>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/bazel_run.h"
#include "cli/check_command.h"
#include "core/closest_word.h"
#include "cli/convert_command.h"
#include "cli/diagnostic_output.h"
#include "cli/exit_code.h"
#include "cli/graph_command.h"
#include "cli/upgrade_command.h"
#include "cli/version.h"
#include "converters/xml/standard_input.h"
#include "core/limits.h"
#include "core/visible_text.h"

namespace sdfconv {
namespace {

const std::string kVersion = std::string(kToolName) + " " + kToolVersion;
// What --sdf-version accepts (converters/upgrade/version_write.h).
const std::vector<std::string> kSdfVersions = {
    "1.4", "1.5", "1.6", "1.7", "1.8", "1.9", "1.10", "1.11", "1.12"};
constexpr char kModelPathHelp[] =
    "Where <include> URIs (model://NAME, relative paths) are searched "
    "first, before SDF_PATH, GZ_SIM_RESOURCE_PATH, IGN_GAZEBO_RESOURCE_PATH "
    "and GAZEBO_MODEL_PATH (repeatable, in order)";
constexpr char kStrictHelp[] =
    "Read each SDFormat file to the letter of its version: a feature of a "
    "later version (relative_to in a 1.6 file) is ignored, not read as "
    "libsdformat reads it, and an element the version does not have "
    "(ELEMENT_UNKNOWN) is an error (docs/versions.md)";

// A FILE argument: `-` is standard input, read as the file `<stdin>`
// (converters/xml/standard_input.h).
std::string InputFile(const std::string& argument) {
  return argument == "-" ? kStandardInputName : argument;
}

// `%*`: a log message as VisibleText shows it (the names it holds are
// input).
class VisibleMessage : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg& msg, const std::tm&,
              spdlog::memory_buf_t& dest) override {
    const std::string text =
        VisibleText(std::string_view(msg.payload.data(), msg.payload.size()));
    dest.append(text.data(), text.data() + text.size());
  }
  std::unique_ptr<custom_flag_formatter> clone() const override {
    return std::make_unique<VisibleMessage>();
  }
};

// Logs (progress, not diagnostics) go to stderr, so stdout stays the output.
void SetUpLogging(bool verbose) {
  auto logger = spdlog::stderr_color_mt("sdfconv");
  auto formatter = std::make_unique<spdlog::pattern_formatter>();
  formatter->add_flag<VisibleMessage>('*').set_pattern("sdfconv: %l: %*");
  logger->set_formatter(std::move(formatter));
  logger->set_level(verbose ? spdlog::level::debug : spdlog::level::warn);
  spdlog::set_default_logger(logger);
}

// What --diagnostics-format (and check's --format) accept, in help order.
using FormatWords = std::vector<std::pair<std::string, DiagnosticFormat>>;
const FormatWords& Formats() {
  static const FormatWords formats = {{"text", DiagnosticFormat::kText},
                                      {"json", DiagnosticFormat::kJson},
                                      {"sarif", DiagnosticFormat::kSarif},
                                      {"github", DiagnosticFormat::kGithub}};
  return formats;
}

// A format option: its words only, in help and in what it accepts (CLI11's
// transformers of a map would also list, and take, the enum's numbers).
CLI::Option* AddFormatOption(CLI::App* cmd, const std::string& name,
                             DiagnosticFormat& format,
                             const std::string& help) {
  std::vector<std::string> words;
  for (const auto& known : Formats()) words.push_back(known.first);
  return cmd
      ->add_option_function<std::string>(
          name,
          [&format](const std::string& word) {
            for (const auto& known : Formats()) {
              if (known.first == word) format = known.second;
            }
          },
          help)
      ->check(CLI::IsMember(words));
}

// --ignore CODE[,CODE] and --warnings-as-errors, on every command
// (cli/diagnostic_policy.h).
void AddPolicyOptions(CLI::App* cmd, DiagnosticPolicy& policy) {
  cmd->add_option_function<std::vector<std::string>>(
         "--ignore",
         [&policy](const std::vector<std::string>& lists) {
           for (const std::string& list : lists) {
             if (auto error = policy.Ignore(list)) {
               throw CLI::ValidationError("--ignore", *error);
             }
           }
         },
         "Report no warning of these codes (docs/diagnostics.md); errors "
         "are always reported; repeatable")
      ->type_name("CODE[,CODE]")
      ->allow_extra_args(false);
  cmd->add_flag("--warnings-as-errors", policy.warnings_as_errors,
                "Make every warning not ignored an error: the file is "
                "invalid (check, graph) or fails (convert, upgrade: nothing "
                "written)");
}

// --diagnostics-format and --diagnostics-output (docs/cli.md, "Diagnostics
// for machines"); `check` also takes --format for the first, and refuses
// both at once. And the policy options.
void AddDiagnosticOptions(CLI::App* cmd, DiagnosticOptions& options,
                          bool format_alias) {
  CLI::Option* long_form = AddFormatOption(
      cmd, "--diagnostics-format", options.format,
      "Diagnostics as text (default), json, sarif (SARIF 2.1.0) or github "
      "(workflow commands)");
  if (format_alias) {
    AddFormatOption(cmd, "--format", options.format,
                    "The same as --diagnostics-format")
        ->excludes(long_form);
  }
  cmd->add_option("--diagnostics-output", options.file,
                  "Write the diagnostics here (atomically) instead of to "
                  "stdout or stderr")
      ->type_name("FILE");
  AddPolicyOptions(cmd, options.policy);
}

// --limit's help: every limit's name, from the one table.
std::string LimitHelp() {
  std::string names;
  for (const LimitInfo& info : LimitTable()) {
    names += (names.empty() ? "" : ", ") + std::string(info.name);
  }
  return "Set a bound of the reading or its output (docs/limits.md): " + names +
         "; repeatable";
}

// --limit NAME=VALUE, repeatable, into `limits`.
void AddLimitOption(CLI::App* cmd, Limits& limits) {
  cmd->add_option_function<std::vector<std::string>>(
         "--limit",
         [&limits](const std::vector<std::string>& assignments) {
           for (const std::string& a : assignments) {
             if (auto error = SetLimit(&limits, a)) {
               throw CLI::ValidationError("--limit", *error);
             }
           }
         },
         LimitHelp())
      ->type_name("NAME=VALUE")
      ->allow_extra_args(false);
}

// How a command that reads one file reads it: --model-path, --strict and
// --limit.
void AddReadingOptions(CLI::App* cmd, std::vector<std::string>& model_paths,
                       bool& strict, Limits& limits) {
  cmd->add_option("--model-path", model_paths, kModelPathHelp)
      ->type_name("DIR")
      ->allow_extra_args(false);  // one DIR per --model-path
  cmd->add_flag("--strict", strict, kStrictHelp);
  AddLimitOption(cmd, limits);
}

// --unresolved-includes error|keep (docs/composition.md, "Includes that
// cannot be read").
void AddUnresolvedIncludesOption(CLI::App* cmd, bool& keep) {
  cmd->add_option_function<std::string>(
         "--unresolved-includes",
         [&keep](const std::string& value) { keep = value == "keep"; },
         "An <include> whose URI names no file: an error (default), or "
         "kept as written with a warning, the rest checked and converted "
         "(check, upgrade, convert --to sdf; the others need its model)")
      ->check(CLI::IsMember({"error", "keep"}))
      ->type_name("error|keep");
}

// A subcommand whose options `add_options` adds when the command line
// names it: CLI11 calls a subcommand's pre-parse callback as it meets the
// name, before any of its arguments, so its parsing and its --help see
// every option. A run then builds one command's options instead of every
// command's: 5 % of `check`'s instructions on a 100 kB file
// (docs/benchmarks.md, "The start of a run").
CLI::App* AddSubcommand(CLI::App& app, const std::string& name,
                        const std::string& description,
                        std::function<void(CLI::App*)> add_options) {
  CLI::App* cmd = app.add_subcommand(name, description);
  cmd->preparse_callback([cmd, add_options = std::move(add_options)](
                             std::size_t) { add_options(cmd); });
  return cmd;
}

// `upgrade`: exactly one of -o, --in-place and --check (an option group
// that CLI11 checks, so a missing or second mode is an ordinary usage
// error); --no-backup only with --in-place.
void AddUpgradeOptions(CLI::App* cmd, BatchOptions& options) {
  cmd->add_option("PATH", options.paths, "Files and directories (recursive)")
      ->type_name("")
      ->required();
  CLI::Option_group* mode = cmd->add_option_group(
      "mode", "Exactly one of -o OUTDIR, --in-place and --check");
  // An option group is a subcommand of its own to CLI11, and inherits the
  // app's fallthrough: an option neither knows (-v, the app's) would pass
  // between the two for ever.
  mode->fallthrough(false);
  CLI::Option* out_dir =
      mode->add_option("-o,--output-dir", options.output.output_dir,
                       "Write the upgraded tree under OUTDIR (relative paths "
                       "kept); inputs "
                       "are never modified")
          ->type_name("OUTDIR");
  CLI::Option* in_place = mode->add_flag_callback(
      "--in-place", [&options] { options.output.mode = BatchMode::kInPlace; },
      "Replace each changed input, keeping FILE.bak");
  mode->add_flag_callback(
      "--check", [&options] { options.output.mode = BatchMode::kCheck; },
      "Change nothing; exit 1 if any file would change");
  mode->require_option(1);
  out_dir->each([&options](const std::string&) {
    options.output.mode = BatchMode::kOutputDir;
  });
  cmd->add_flag_callback(
         "--no-backup", [&options] { options.output.backup = false; },
         "With --in-place: keep no FILE.bak")
      ->needs(in_place);
  cmd->add_flag_callback(
         "--force", [&options] { options.output.force = true; },
         "With -o: replace what is in OUTDIR already (never written "
         "through a link)")
      ->needs(out_dir);
  cmd->add_option("-j,--jobs", options.jobs,
                  "Files upgraded at once (default: one per core)")
      ->type_name("N")
      ->check(CLI::Range(1, 1024));
  cmd->add_option("--report", options.report,
                  "Write a JSON report of every file here (atomically)")
      ->type_name("FILE");
  cmd->add_option("--sdf-version", options.sdf_version,
                  "The SDFormat version to write, 1.4 to 1.12, up or down "
                  "(default: 1.8; files of 1.8 or later kept at their "
                  "version)")
      ->type_name("V")
      ->check(CLI::IsMember(kSdfVersions));
  cmd->add_flag("--drop-mimic", options.drop_mimic,
                "--sdf-version below 1.11: leave joint mimics out (with a "
                "warning) instead of refusing the file");
  cmd->add_option("--frames", options.frames,
                  "--sdf-version below 1.7: explicit frames the version "
                  "cannot hold dropped with a warning, or written as "
                  "massless links on fixed joints")
      ->check(CLI::IsMember({"drop", "links"}))
      ->capture_default_str();
  cmd->add_option("--poses", options.poses,
                  "poses as written, or every link and joint pose relative "
                  "to its model frame (SDFormat 1.7 on)")
      ->check(CLI::IsMember({"as-written", "model-absolute"}))
      ->capture_default_str();
  cmd->add_option("--model-path", options.model_paths,
                  "Where the proof finds included models (model://NAME, "
                  "relative paths) first, before SDF_PATH, "
                  "GZ_SIM_RESOURCE_PATH, IGN_GAZEBO_RESOURCE_PATH and "
                  "GAZEBO_MODEL_PATH (repeatable, in order)")
      ->type_name("DIR")
      ->allow_extra_args(false);  // one DIR per --model-path
  AddUnresolvedIncludesOption(cmd, options.keep_unresolved_includes);
  AddLimitOption(cmd, options.limits);
  AddDiagnosticOptions(cmd, options.diagnostics, false);
}

// `check`: files to validate, each with a verdict line.
void AddCheckOptions(CLI::App* cmd, CheckOptions& options) {
  cmd->add_option("FILE", options.files,
                  "Files to check, and folders whose *.sdf, *.world and "
                  "*.urdf files are checked (`-`: standard input)")
      ->type_name("FILE|DIR")
      ->required();
  cmd->add_flag("-q,--quiet", options.quiet,
                "Print only diagnostics, no verdict lines");
  AddReadingOptions(cmd, options.model_paths, options.strict, options.limits);
  AddUnresolvedIncludesOption(cmd, options.keep_unresolved_includes);
  AddDiagnosticOptions(cmd, options.diagnostics, true);
}

// `convert`: one file to flat, sdf or urdf, with each target's options.
void AddConvertOptions(CLI::App* cmd, ConvertOptions& options) {
  cmd->add_option("FILE", options.file,
                  "File to convert (`-`: standard input)")
      ->required();
  cmd->add_option("--to", options.to, "Target format: flat, sdf or urdf")
      ->required()
      ->check(CLI::IsMember({"flat", "sdf", "urdf"}));
  cmd->add_option("--format", options.format, "Encoding of --to flat output")
      ->check(CLI::IsMember({"json", "csv"}))
      ->capture_default_str();
  cmd->add_option("-o,--output", options.output,
                  "Write here (atomically) instead of stdout (`-`: stdout)");
  AddReadingOptions(cmd, options.model_paths, options.strict, options.limits);
  AddUnresolvedIncludesOption(cmd, options.keep_unresolved_includes);
  cmd->add_option("--sdf-version", options.sdf_version,
                  "--to sdf: the SDFormat version to write, 1.4 to 1.12, "
                  "up or down (default: 1.8; a file of 1.8 or later kept "
                  "at its version)")
      ->type_name("V")
      ->check(CLI::IsMember(kSdfVersions));
  cmd->add_flag("--drop-mimic", options.drop_mimic,
                "--to sdf --sdf-version below 1.11: leave joint mimics out "
                "(with a warning) instead of refusing");
  cmd->add_option("--poses", options.poses,
                  "--to sdf: poses as written, or every link and joint pose "
                  "relative to its model frame (SDFormat 1.7 on)")
      ->check(CLI::IsMember({"as-written", "model-absolute"}))
      ->capture_default_str();
  cmd->add_flag("--expand-includes", options.expand_includes,
                "--to sdf: replace every <include> by the model it "
                "names (one self-contained SDFormat 1.8 file)");
  cmd->add_flag("--merge-fixed-joints", options.merge_fixed_joints,
                "a URDF input: merge links attached by fixed "
                "joints into their parents (libsdformat's behaviour)");
  cmd->add_option("--package-uri", options.package_uri,
                  "a URDF input: keep package:// mesh URIs, or "
                  "rewrite them to model://")
      ->check(CLI::IsMember({"keep", "model"}))
      ->capture_default_str();
  cmd->add_option("--package-path", options.package_path,
                  "a URDF input: folders holding ROS packages; "
                  "package://P/x found there become file:// URIs "
                  "(repeatable, searched in order)")
      ->type_name("DIR")
      ->allow_extra_args(false);  // one DIR per --package-path
  cmd->add_option("--model", options.model,
                  "--to urdf from a world: the top-level model");
  cmd->add_option("--separator", options.separator,
                  "--to urdf: joins the names of nested models")
      ->capture_default_str();
  cmd->add_option("--frames", options.frames,
                  "explicit frames as massless links on fixed joints, or "
                  "dropped with a warning: --to urdf (default links), --to "
                  "sdf --sdf-version below 1.7 (default drop)")
      ->check(CLI::IsMember({"links", "drop"}));
  cmd->add_option("--mesh-uri", options.mesh_uri,
                  "--to urdf: model:// mesh URIs as package://, kept, or "
                  "file:// under --mesh-root")
      ->check(CLI::IsMember({"package", "keep", "file"}))
      ->capture_default_str();
  cmd->add_option("--mesh-root", options.mesh_root,
                  "--to urdf: the folder model:// URIs resolve in "
                  "for --mesh-uri file");
  cmd->add_option("--unsupported-geometry", options.unsupported_geometry,
                  "--to urdf: skip (with a warning) or refuse shapes URDF "
                  "lacks")
      ->check(CLI::IsMember({"skip", "refuse"}))
      ->capture_default_str();
  cmd->add_flag("--approximate", options.approximate,
                "--to urdf: write joint types URDF lacks (ball, "
                "universal, revolute2, screw, gearbox) as the "
                "closest URDF joints, warning what changed");
  cmd->add_option("--root-link", options.root_link,
                  "--to urdf: the URDF link to make the root "
                  "(re-rooting the tree; not for a model fixed to "
                  "the world)")
      ->type_name("NAME");
  AddDiagnosticOptions(cmd, options.diagnostics, false);
}

// `graph`: one file as a picture of its kinematic tree or frame graphs.
void AddGraphOptions(CLI::App* cmd, GraphOptions& options) {
  cmd->add_option("FILE", options.file,
                  "File to draw (`-`: standard input)")
      ->required();
  cmd->add_option("--graph", options.graph,
                  "kinematic: links and joints, frames hanging off them; "
                  "attached_to, relative_to: the specification's frame "
                  "graphs, edges labelled with poses")
      ->check(CLI::IsMember({"kinematic", "attached_to", "relative_to"}))
      ->capture_default_str();
  cmd->add_option("--format", options.format,
                  "dot (written by sdfconv) or svg (drawn by Graphviz's "
                  "`dot`, which must be installed)")
      ->check(CLI::IsMember({"dot", "svg"}))
      ->capture_default_str();
  cmd->add_option("-o,--output", options.output,
                  "Write here (atomically) instead of stdout (`-`: stdout)");
  AddReadingOptions(cmd, options.model_paths, options.strict, options.limits);
  AddPolicyOptions(cmd, options.policy);
  AddUnresolvedIncludesOption(cmd, options.keep_unresolved_includes);
}

// Said instead of CLI11's "A subcommand is required" when the first word
// that is no option of sdfconv's own is no command: the closest command,
// or the list. Nothing when there is no such word or it is a command.
std::optional<std::string> UnknownCommand(
    int argc, char** argv, const std::vector<std::string>& commands) {
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (!word.empty() && word[0] == '-') continue;  // -v, --help, ...
    if (std::find(commands.begin(), commands.end(), word) != commands.end()) {
      return std::nullopt;
    }
    std::string message = "unknown command '" + word + "'";
    if (const auto near = ClosestWord(word, commands)) {
      return message + "; did you mean '" + *near + "'?";
    }
    message += "; the commands are:";
    for (const std::string& command : commands) message += " " + command;
    return message;
  }
  return std::nullopt;
}

int Main(int argc, char** argv) {
  if (const auto error = EnterBuildWorkingDirectory()) {
    std::cerr << "sdfconv: error: " << VisibleText(*error) << '\n';
    return kExitCannotRun;
  }
  CLI::App app{"Checks and converts robot descriptions (SDFormat).", "sdfconv"};
  app.set_version_flag("--version", kVersion);
  app.footer(
      "Exit status: 0 all valid / output written; 1 an input is invalid "
      "(upgrade: a file failed, or would change under --check); 2 cannot run "
      "(usage error, unreadable file, unwritable output, conversion not "
      "implemented yet); 130 upgrade interrupted. See docs/cli.md.");
  app.require_subcommand(1);
  app.fallthrough();  // -v is accepted after the subcommand too
  bool verbose = false;
  app.add_flag("-v,--verbose", verbose, "Log progress to stderr");

  CheckOptions check;
  CLI::App* check_cmd = AddSubcommand(
      app, "check",
      "Validate files and folders: print diagnostics and a verdict per file",
      [&check](CLI::App* cmd) { AddCheckOptions(cmd, check); });
  ConvertOptions convert;
  CLI::App* convert_cmd = AddSubcommand(
      app, "convert", "Check a file and write it in another format",
                [&convert](CLI::App* cmd) { AddConvertOptions(cmd, convert); });
  BatchOptions upgrade;
  CLI::App* upgrade_cmd = AddSubcommand(
      app, "upgrade",
      "Upgrade SDFormat files and trees to 1.8 (*.sdf, *.world, "
      "model.config), in parallel, never leaving a file half-written",
      [&upgrade](CLI::App* cmd) { AddUpgradeOptions(cmd, upgrade); });
  GraphOptions graph;
  CLI::App* graph_cmd = AddSubcommand(
      app, "graph",
      "Draw a file's kinematic tree or frame graphs (Graphviz DOT or SVG)",
      [&graph](CLI::App* cmd) { AddGraphOptions(cmd, graph); });

  std::vector<std::string> commands;
  for (const CLI::App* command :
       {check_cmd, convert_cmd, upgrade_cmd, graph_cmd}) {
    commands.push_back(command->get_name());
  }
  if (const auto unknown = UnknownCommand(argc, argv, commands)) {
    std::cerr << "sdfconv: error: " << VisibleText(*unknown)
              << "\nRun with --help for more information.\n";
    return kExitCannotRun;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version end here too, with status 0.
    return app.exit(e) == 0 ? kExitOk : kExitCannotRun;
  }
  SetUpLogging(verbose);
  for (std::string& file : check.files) file = InputFile(file);
  convert.file = InputFile(convert.file);
  graph.file = InputFile(graph.file);
  check.progress = convert.progress = graph.progress =
      ::isatty(STDERR_FILENO) != 0;
  if (check_cmd->parsed()) return RunCheck(check, std::cout, std::cerr);
  if (graph_cmd->parsed()) return RunGraph(graph, std::cout, std::cerr);
  if (upgrade_cmd->parsed()) {
    for (const std::string& path : upgrade.paths) {
      if (path != "-") continue;
      std::cerr << "sdfconv: error: upgrade writes files and trees, not "
                   "standard input; for a stream use `sdfconv convert - --to "
                   "sdf`\n";
      return kExitCannotRun;
    }
    upgrade.verbose = verbose;
    upgrade.progress = ::isatty(STDERR_FILENO) != 0;
    return RunUpgradeCommand(upgrade, std::cout, std::cerr);
  }
  return RunConvert(convert, std::cout, std::cerr);
}

}  // namespace
}  // namespace sdfconv

// Memory that runs out outside any one file's work (each command reports a
// file's own as OUT_OF_MEMORY) still ends in a status and a line, not an
// abort; the line is written without allocating.
int main(int argc, char** argv) {
  try {
    return sdfconv::Main(argc, argv);
  } catch (const std::bad_alloc&) {
    static constexpr char kLine[] =
        "sdfconv: error[OUT_OF_MEMORY]: ran out of memory (docs/limits.md)\n";
    (void)!::write(STDERR_FILENO, kLine, sizeof kLine - 1);
    return sdfconv::kExitCannotRun;
  }
}
