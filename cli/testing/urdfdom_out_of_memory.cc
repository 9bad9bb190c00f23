// Opened in place of liburdfdom_model.so.3.0 by library_cli_test (through
// refuse_dlopen.c's SDFCONV_TEST_DLOPEN_INSTEAD): urdfdom's parse runs out
// of memory, as it can under `ulimit -v` on a large URDF. The console
// functions sdfconv looks up are there and do nothing.
#include <console_bridge/console.h>
#include <urdf_parser/urdf_parser.h>

#include <new>
#include <string>

namespace urdf {

ModelInterfaceSharedPtr parseURDF(const std::string& /*xml_string*/) {
  throw std::bad_alloc();
}

}  // namespace urdf

namespace console_bridge {

LogLevel getLogLevel() { return CONSOLE_BRIDGE_LOG_WARN; }
void setLogLevel(LogLevel /*level*/) {}
void useOutputHandler(OutputHandler* /*oh*/) {}
void restorePreviousOutputHandler() {}

}  // namespace console_bridge
