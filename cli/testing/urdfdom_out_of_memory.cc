// Preloaded (LD_PRELOAD) by library_cli_test: its urdf::parseURDF binds
// ahead of urdfdom's and runs out of memory, as urdfdom's can under
// `ulimit -v` on a large URDF.
#include <urdf_parser/urdf_parser.h>

#include <new>
#include <string>

namespace urdf {

ModelInterfaceSharedPtr parseURDF(const std::string& /*xml_string*/) {
  throw std::bad_alloc();
}

}  // namespace urdf
