// sdfconv: the command line. Parses arguments, sets up logging and hands
// over to one subcommand; everything else lives in the command files and
// below them (cli -> converters -> core, never the other way).
//
//   sdfconv check FILE...            validate; a verdict line per file
//   sdfconv convert FILE --to flat   every frame's world pose, JSON or CSV
//   sdfconv --help | --version
//
// Exit status: see exit_code.h.
//
// Arguments are parsed with CLI11 rather than by hand: it gives subcommands,
// generated --help for each, and validation (required options, choices such
// as --format json|csv) with uniform usage errors, none of which we then
// have to write or test ourselves.
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "cli/check_command.h"
#include "cli/convert_command.h"
#include "cli/exit_code.h"

namespace sdfconv {
namespace {

constexpr char kVersion[] = "sdfconv 0.1.0";

// Logs (progress, not diagnostics) go to stderr, so stdout stays the output.
void SetUpLogging(bool verbose) {
  auto logger = spdlog::stderr_color_mt("sdfconv");
  logger->set_pattern("sdfconv: %l: %v");
  logger->set_level(verbose ? spdlog::level::debug : spdlog::level::warn);
  spdlog::set_default_logger(logger);
}

int Main(int argc, char** argv) {
  CLI::App app{"Checks and converts robot descriptions (SDFormat).",
               "sdfconv"};
  app.set_version_flag("--version", kVersion);
  app.footer(
      "Exit status: 0 all valid / output written; 1 an input is invalid; "
      "2 cannot run (usage error, unreadable file, unwritable output, "
      "conversion not implemented yet).");
  app.require_subcommand(1);
  app.fallthrough();  // -v is accepted after the subcommand too
  bool verbose = false;
  app.add_flag("-v,--verbose", verbose, "Log progress to stderr");

  CheckOptions check;
  CLI::App* check_cmd = app.add_subcommand(
      "check", "Validate files: print diagnostics and a verdict per file");
  check_cmd->add_option("FILE", check.files, "Files to check")->required();
  check_cmd->add_flag("-q,--quiet", check.quiet,
                      "Print only diagnostics, no verdict lines");

  ConvertOptions convert;
  CLI::App* convert_cmd = app.add_subcommand(
      "convert", "Check a file and write it in another format");
  convert_cmd->add_option("FILE", convert.file, "File to convert")
      ->required();
  convert_cmd
      ->add_option("--to", convert.to,
                   "Target format (sdf and urdf: not implemented yet)")
      ->required()
      ->check(CLI::IsMember({"flat", "sdf", "urdf"}));
  convert_cmd
      ->add_option("--format", convert.format,
                   "Encoding of --to flat output")
      ->check(CLI::IsMember({"json", "csv"}))
      ->capture_default_str();
  convert_cmd->add_option("-o,--output", convert.output,
                          "Write here (atomically) instead of stdout");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version end here too, with status 0.
    return app.exit(e) == 0 ? kExitOk : kExitCannotRun;
  }
  SetUpLogging(verbose);
  if (check_cmd->parsed()) return RunCheck(check, std::cout, std::cerr);
  return RunConvert(convert, std::cout, std::cerr);
}

}  // namespace
}  // namespace sdfconv

int main(int argc, char** argv) { return sdfconv::Main(argc, argv); }
