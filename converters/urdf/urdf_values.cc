#include "converters/urdf/urdf_values.h"

#include <urdf_model/utils.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include "converters/xml/text_values.h"

namespace sdfconv {
namespace {

// `text` split on whitespace.
std::vector<std::string_view> Tokens(std::string_view text) {
  std::vector<std::string_view> tokens;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && IsXmlSpace(text[i])) ++i;
    const size_t start = i;
    while (i < text.size() && !IsXmlSpace(text[i])) ++i;
    if (i > start) tokens.push_back(text.substr(start, i - start));
  }
  return tokens;
}

// A token as SDFormat can read it: as written when it is a plain number,
// urdfdom's reading of it otherwise.
std::string NumberToken(std::string_view token) {
  if (ParseDouble(token)) return std::string(token);
  try {
    return FormatNumber(urdf::strToDouble(std::string(token).c_str()));
  } catch (const std::runtime_error&) {
    return std::string(token);  // urdfdom rejected it already
  }
}

}  // namespace

std::string VectorText(XmlElement element, std::string_view name,
                       std::string_view fallback) {
  const std::optional<std::string> value =
      !element ? std::nullopt : Attribute(element, name);
  if (!value) return std::string(fallback);
  std::string out;
  for (const std::string_view token : Tokens(*value)) {
    if (!out.empty()) out += ' ';
    out += NumberToken(token);
  }
  return out;
}

std::string OriginText(XmlElement origin) {
  if (!origin) return "";
  return VectorText(origin, "xyz", "0 0 0") + " " +
         VectorText(origin, "rpy", "0 0 0");
}

std::string OriginText(XmlElement origin, const urdf::Pose& parsed) {
  std::string text = OriginText(origin);
  if (text.empty() || AreDoubles(text, 6)) return text;
  double roll, pitch, yaw;
  parsed.rotation.getRPY(roll, pitch, yaw);
  const urdf::Vector3& p = parsed.position;
  return FormatNumbers({p.x, p.y, p.z, roll, pitch, yaw});
}

std::string ResolveUri(std::string_view filename,
                       const UrdfImportOptions& options,
                       const SourceLocation& at,
                       std::vector<std::string>* unresolved,
                       Diagnostics* diags) {
  constexpr std::string_view kPackage = "package://";
  if (filename.substr(0, kPackage.size()) != kPackage) {
    return std::string(filename);
  }
  const std::string_view rest = filename.substr(kPackage.size());
  const size_t slash = rest.find('/');
  const std::string package(rest.substr(0, slash));
  const std::string_view path =
      slash == std::string_view::npos ? "" : rest.substr(slash);
  namespace fs = std::filesystem;
  for (const std::string& dir : options.package_path) {
    std::error_code ec;
    fs::path root = fs::path(dir) / package;
    if (!fs::is_directory(root, ec)) {
      root = fs::path(dir);
      if (root.filename() != package || !fs::is_directory(root, ec)) continue;
    }
    return "file://" + fs::absolute(root, ec).lexically_normal().string() +
           std::string(path);
  }
  if (!options.package_path.empty() &&
      std::find(unresolved->begin(), unresolved->end(), package) ==
          unresolved->end()) {
    unresolved->push_back(package);
    diags->Warning(Code::kValueInvalid, at,
                   "package '" + package +
                       "' is in none of the package_path folders; its "
                       "package:// URIs are kept");
  }
  if (options.package_uri == PackageUriMode::kModel) {
    return "model://" + std::string(rest);
  }
  return std::string(filename);
}

}  // namespace sdfconv
