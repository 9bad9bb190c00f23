// The version of sdfconv, as `--version` prints it and machine-readable
// diagnostics (JSON, SARIF) name the tool. One place.
#ifndef SDFCONV_CLI_VERSION_H_
#define SDFCONV_CLI_VERSION_H_

namespace sdfconv {

inline constexpr char kToolName[] = "sdfconv";
inline constexpr char kToolVersion[] = "0.1.0";

}  // namespace sdfconv

#endif  // SDFCONV_CLI_VERSION_H_
