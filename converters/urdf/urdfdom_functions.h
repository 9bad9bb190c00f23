// The urdfdom and console_bridge functions sdfconv calls, from
// liburdfdom_model.so.3.0 (which brings libconsole_bridge.so.1.0 and
// TinyXML) opened the first time a URDF is read
// (converters/dynamic_library.h): an SDFormat run never loads them.
//
// Invariant: once Urdfdom() has given a table, it gives the same one on
// every call, every pointer set; until then it gives nullptr with the
// reason, and each call tries again (LazyTable). The types are those of
// urdfdom's and console_bridge's own declarations; the symbols are their
// C++ names as the compiler mangles them (the Itanium ABI, with the C++11
// std::string), which a test checks against the linked functions.
#ifndef SDFCONV_CONVERTERS_URDF_URDFDOM_FUNCTIONS_H_
#define SDFCONV_CONVERTERS_URDF_URDFDOM_FUNCTIONS_H_

#include <console_bridge/console.h>
#include <urdf_parser/urdf_parser.h>

#include <string>

namespace sdfconv {

struct UrdfdomFunctions {
  decltype(&urdf::parseURDF) parse_urdf = nullptr;
  decltype(&console_bridge::getLogLevel) get_log_level = nullptr;
  decltype(&console_bridge::setLogLevel) set_log_level = nullptr;
  decltype(&console_bridge::useOutputHandler) use_output_handler = nullptr;
  decltype(&console_bridge::restorePreviousOutputHandler)
      restore_previous_output_handler = nullptr;
};

// urdfdom's functions, or nullptr with `*error` (when given) set to the
// reason, for a LIBRARY_MISSING diagnostic.
const UrdfdomFunctions* Urdfdom(std::string* error = nullptr);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_URDFDOM_FUNCTIONS_H_
