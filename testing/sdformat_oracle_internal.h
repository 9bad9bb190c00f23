// Internal to the //testing:sdformat_oracle library: what its source files
// share. Not part of the public API (see sdformat_oracle.h) and not exported
// by the target; it includes libsdformat headers, which the public header
// deliberately avoids.
//
// The library is split as follows:
//   sdformat_oracle.cc              LoadWithSdformat (parser config, locking,
//                                   the load-check-resolve sequence) and
//                                   OracleResultToJson.
//   sdformat_oracle_error_codes.cc  sdf::ErrorCode -> enumerator name table,
//                                   sdf::Error -> OracleError.
//   sdformat_oracle_check.cc        the `ign sdf --check` steps run after
//                                   sdf::Root::Load and the classification of
//                                   the messages they print.
//   sdformat_oracle_frames.cc       the walk over worlds/models/links/joints
//                                   that resolves every frame's world pose.
#ifndef SDFCONV_TESTING_SDFORMAT_ORACLE_INTERNAL_H_
#define SDFCONV_TESTING_SDFORMAT_ORACLE_INTERNAL_H_

#include <iostream>
#include <sstream>
#include <streambuf>
#include <string>

#include <sdf/sdf.hh>

#include "testing/sdformat_oracle.h"

namespace sdfconv::testing::oracle_internal {

// sdf::Error -> OracleError, the code as its enumerator name
// (sdformat_oracle_error_codes.cc).
OracleError FromSdf(const sdf::Error& e);

// std::cerr capture. libsdformat's `--check` helpers (parser.hh) return bool
// and print their reasons with `std::cerr << ...`; sdferr/sdfwarn also write
// to std::cerr. Swapping the rdbuf catches both.
class CerrCapture {
 public:
  CerrCapture() : old_(std::cerr.rdbuf(buffer_.rdbuf())) {}
  ~CerrCapture() { std::cerr.rdbuf(old_); }
  CerrCapture(const CerrCapture&) = delete;
  CerrCapture& operator=(const CerrCapture&) = delete;

  // Text written since the last Take().
  std::string Take() {
    std::string text = buffer_.str();
    buffer_.str("");
    buffer_.clear();
    return text;
  }

 private:
  std::ostringstream buffer_;
  std::streambuf* old_;
};

// Runs what libsdformat 12's cmdCheck (src/ign.cc) runs once sdf::Root::Load
// returned no error on `path`: the bool-returning checks, the sibling
// unique-name check and a final sdf::readFile with `config`. Appends their
// errors to result->errors and everything printed (taken from `capture`) to
// result->diagnostics (sdformat_oracle_check.cc).
void RunCheckSequence(const std::string& path, const sdf::ParserConfig& config,
                      const sdf::Root& root, CerrCapture* capture,
                      OracleResult* result);

// Appends an OracleFrame for every frame-like element of the loaded `root`
// (worlds, or the root model, light or actor) to result->frames, and
// whatever could not be resolved to result->resolve_errors
// (sdformat_oracle_frames.cc).
void CollectFrames(const sdf::Root& root, OracleResult* result);

}  // namespace sdfconv::testing::oracle_internal

#endif  // SDFCONV_TESTING_SDFORMAT_ORACLE_INTERNAL_H_
