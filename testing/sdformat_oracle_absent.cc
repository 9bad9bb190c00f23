// The oracle where libsdformat 12 is not installed (Debian 13; see
// @system//:defs.bzl): the API of sdformat_oracle.h, every function
// reporting kSdformatNotInstalled. A test checks SdformatInstalled() and
// skips the comparison with the reference before calling any of them.
#include <string>
#include <vector>

#include "testing/sdformat_oracle.h"

namespace sdfconv::testing {
namespace {

OracleError NotInstalled() {
  OracleError e;
  e.code = "NOT_INSTALLED";
  e.message = kSdformatNotInstalled;
  return e;
}

OracleResult NotLoaded() {
  OracleResult result;
  result.errors.push_back(NotInstalled());
  result.diagnostics = kSdformatNotInstalled;
  return result;
}

}  // namespace

bool SdformatInstalled() { return false; }

OracleResult LoadWithSdformat(const std::string&) { return NotLoaded(); }

OracleResult LoadWithSdformat(const std::string&,
                              const std::vector<std::string>&) {
  return NotLoaded();
}

OracleResult LoadWithSdformatResolvingLoaded(const std::string&,
                                             const std::vector<std::string>&) {
  return NotLoaded();
}

std::string ModelFilePathWithSdformat(const std::string&) { return ""; }

std::vector<OracleError> UnrecognizedElementsWithSdformat(
    const std::string&, const std::vector<std::string>&) {
  return {NotInstalled()};
}

std::string SdformatErrorCodeName(int code) {
  return "UNKNOWN_ERROR_CODE_" + std::to_string(code);
}

const std::vector<std::string>& AllSdformatErrorCodeNames() {
  static const std::vector<std::string> none;
  return none;
}

std::string OracleResultToJson(const std::string& path, const OracleResult&,
                               int) {
  return "{\"file\": \"" + path + "\", \"error\": \"" +
         kSdformatNotInstalled + "\"}";
}

}  // namespace sdfconv::testing
