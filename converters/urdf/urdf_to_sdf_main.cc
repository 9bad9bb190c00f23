// `bazel run //converters/urdf:urdf_to_sdf_dump -- FILE.urdf [--merge]`
// prints the SDFormat 1.8 text of a URDF and its diagnostics (until the CLI
// has `convert --to sdf`).
#include <cstdio>
#include <cstring>
#include <string>

#include "converters/urdf/urdf_to_sdf.h"
#include "converters/xml/xml_document.h"

int main(int argc, char** argv) {
  using namespace sdfconv;
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE.urdf [--merge] [--model]\n", argv[0]);
    return 2;
  }
  UrdfImportOptions options;
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--merge") == 0) options.merge_fixed_joints = true;
    if (std::strcmp(argv[i], "--model") == 0) {
      options.package_uri = PackageUriMode::kModel;
    }
  }
  Diagnostics diags;
  const auto xml = XmlDocument::LoadFile(argv[1], &diags);
  std::optional<std::string> sdf;
  if (xml) sdf = UrdfToSdf(*xml, options, &diags);
  for (const Diagnostic& d : diags.items()) {
    std::fprintf(stderr, "%s\n", FormatDiagnostic(d).c_str());
  }
  if (sdf) std::fputs(sdf->c_str(), stdout);
  return sdf ? 0 : 1;
}
