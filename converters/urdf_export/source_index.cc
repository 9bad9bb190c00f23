#include "converters/urdf_export/source_index.h"

#include <vector>

namespace sdfconv {
namespace {

std::string Key(const std::string& file, int line, const std::string& path) {
  return file + ":" + std::to_string(line) + ":" + path;
}

}  // namespace

SourceIndex::SourceIndex(const XmlDocument* xml, const XmlSources* more) {
  if (xml != nullptr) Add(*xml);
  if (more == nullptr) return;
  for (const XmlDocument& file : more->files()) {
    if (&file != xml) Add(file);
  }
}

void SourceIndex::Add(const XmlDocument& xml) {
  std::vector<const xmlNode*> todo{xml.root()};
  while (!todo.empty()) {
    const xmlNode* node = todo.back();
    todo.pop_back();
    by_key_.emplace(Key(xml.file(), xml.Line(node), xml.ElementPath(node)),
                    node);
    for (const xmlNode* child : ChildElements(node)) todo.push_back(child);
  }
}

const xmlNode* SourceIndex::Find(const SourceLocation& at) const {
  const auto it = by_key_.find(Key(at.file, at.line, at.path));
  return it == by_key_.end() ? nullptr : it->second;
}

}  // namespace sdfconv
