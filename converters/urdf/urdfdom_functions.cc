#include "converters/urdf/urdfdom_functions.h"

#include "converters/dynamic_library.h"

namespace sdfconv {
namespace {

std::string Load(UrdfdomFunctions* f) {
  DynamicLibrary library("liburdfdom_model.so.3.0");
  f->parse_urdf = library.Find<decltype(urdf::parseURDF)>(
      "_ZN4urdf9parseURDFERKNSt7__cxx1112basic_stringIcSt11char_"
      "traitsIcESaIcEEE");
  f->get_log_level = library.Find<decltype(console_bridge::getLogLevel)>(
      "_ZN14console_bridge11getLogLevelEv");
  f->set_log_level = library.Find<decltype(console_bridge::setLogLevel)>(
      "_ZN14console_bridge11setLogLevelENS_8LogLevelE");
  f->use_output_handler =
      library.Find<decltype(console_bridge::useOutputHandler)>(
          "_ZN14console_bridge16useOutputHandlerEPNS_13OutputHandlerE");
  f->restore_previous_output_handler =
      library.Find<decltype(console_bridge::restorePreviousOutputHandler)>(
          "_ZN14console_bridge28restorePreviousOutputHandlerEv");
  return library.error();
}

}  // namespace

const UrdfdomFunctions* Urdfdom(std::string* error) {
  static LazyTable<UrdfdomFunctions> table(&Load);
  return table.Get(error);
}

}  // namespace sdfconv
