// The floor of tools/bench/vs_libsdformat.sh's `urdf` job: urdfdom's
// parseURDF of a file, and nothing else. sdfconv lets urdfdom decide what
// is a URDF (as ROS does), and libsdformat's URDF load calls the same
// parseURDF, so no URDF reading of either tool can cost less than this
// program: its time over libsdformat's is the smallest ratio sdfconv could
// reach. Built by the script against Debian's urdfdom; never part of the
// Bazel build.
//
//   urdfdom_parse FILE    exit 0 when urdfdom accepts FILE, 1 when it does
//                         not, 2 when FILE cannot be read
#include <urdf_parser/urdf_parser.h>

#include <fstream>
#include <iterator>
#include <string>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) return 2;
  const std::string text((std::istreambuf_iterator<char>(in)),
                         std::istreambuf_iterator<char>());
  return urdf::parseURDF(text) != nullptr ? 0 : 1;
}
