#include "converters/sdf/schema_gen/description_reader.h"

#include <algorithm>
#include <deque>
#include <map>
#include <unordered_map>
#include <utility>

#include "converters/xml/text_values.h"
#include "converters/xml/xml_element.h"
#include "converters/xml/xml_tree.h"
#include "core/document.h"

namespace sdfconv::schema_gen {
namespace {

std::string Trim(const std::optional<std::string>& s) {
  return std::string(TrimWhitespace(s.value_or("")));
}

bool Is(XmlElement node, const char* name) { return Tag(node) == name; }

std::string FolderOf(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

std::string BaseName(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Reads one version's folder, starting from its root file.
class VersionReader {
 public:
  VersionReader(std::map<std::string, std::string> files,
                DescriptionSet* set)
      : files_(std::move(files)), set_(*set) {}

  DescVersion Read(const std::string& version, const std::string& root_file) {
    out_.version = version;
    const std::optional<size_t> root = FileRoot(root_file, root_file);
    if (root) out_.root = *root;
    for (size_t next = 0; next < work_.size(); ++next) {
      Define(work_[next].first, work_[next].second);
    }
    return std::move(out_);
  }

 private:
  void Error(const std::string& where, const std::string& what) {
    set_.errors.push_back(out_.version + "/" + where + ": " + what);
  }

  std::string Where(const std::string& file, XmlElement node) const {
    return file + ":" + std::to_string(Locate(node).line);
  }

  // A new definition for `node` of `file`: its name and required now (a
  // ref or include may ask for them), the rest when its turn comes.
  size_t Enqueue(XmlElement node, const std::string& file) {
    DescElement& e = out_.elements.emplace_back();
    e.source = Where(file, node);
    e.name = Attribute(node, "name").value_or("");
    e.required = Trim(Attribute(node, "required"));
    work_.push_back({node, out_.elements.size() - 1});
    node_files_[node] = file;
    return out_.elements.size() - 1;
  }

  // The definition of `file`'s root element (read once, shared).
  std::optional<size_t> FileRoot(const std::string& file,
                                 const std::string& where) {
    if (const auto it = file_roots_.find(file); it != file_roots_.end()) {
      return it->second;
    }
    const auto path = files_.find(file);
    if (path == files_.end()) {
      Error(where, "names " + file + ", which is not among the inputs");
      return std::nullopt;
    }
    Diagnostics ignored;  // any failure reads as "not a description file"
    std::optional<XmlTree> tree = XmlTree::Load(path->second, &ignored);
    if (!tree || !Is(RootElement(*tree), "element")) {
      Error(file, "not a description file (no root <element>)");
      return std::nullopt;
    }
    trees_.push_back(std::move(*tree));  // a deque: elements stay valid
    const size_t index = Enqueue(RootElement(trees_.back()), file);
    file_roots_[file] = index;
    return index;
  }

  void Define(XmlElement node, size_t index) {
    const std::string file = node_files_.at(node);
    const std::string where = Where(file, node);
    DescElement e;
    e.source = where;
    e.name = out_.elements[index].name;
    e.required = out_.elements[index].required;
    e.type = Trim(Attribute(node, "type"));
    if (e.name.empty()) Error(where, "an <element> without a name");
    if (e.required.empty()) Error(where, "<element> " + e.name + " has no required");
    if (!e.type.empty()) e.default_value = Attribute(node, "default");
    e.min = Attribute(node, "min");
    e.max = Attribute(node, "max");
    for (XmlElement c : ChildElements(node)) {
      if (Is(c, "attribute")) ReadAttribute(c, where, &e);
    }
    for (XmlElement c : ChildElements(node)) {
      if (!Is(c, "element")) continue;
      const std::string copy = Attribute(c, "copy_data").value_or("");
      if (copy == "true" || copy == "1") {
        e.copy_data = true;
      } else if (const auto ref = Attribute(c, "ref")) {
        AddRef(c, *ref, Where(file, c), &e);
      } else {
        e.children.push_back({Enqueue(c, file), Trim(Attribute(c, "required"))});
      }
    }
    for (XmlElement c : ChildElements(node)) {
      if (Is(c, "include")) AddInclude(c, Where(file, c), &e);
    }
    out_.elements[index] = std::move(e);
  }

  void ReadAttribute(XmlElement node, const std::string& where,
                     DescElement* e) {
    DescAttribute a;
    a.name = Attribute(node, "name").value_or("");
    a.type = Trim(Attribute(node, "type"));
    const std::optional<std::string> default_value = Attribute(node, "default");
    const std::optional<std::string> required = Attribute(node, "required");
    if (a.name.empty() || a.type.empty() || !default_value || !required) {
      Error(where, "attribute '" + a.name + "' of <element> " + e->name +
                       " lacks a name, type, default or required");
      return;
    }
    a.default_value = *default_value;
    a.required = Trim(required) == "1";
    a.min = Attribute(node, "min");
    a.max = Attribute(node, "max");
    e->attributes.push_back(std::move(a));
  }

  // <element name="model" ref="model" required="*">: model.sdf's root.
  void AddRef(XmlElement node, const std::string& ref,
              const std::string& where, DescElement* e) {
    const std::optional<size_t> target = FileRoot(ref + ".sdf", where);
    if (!target) return;
    const std::string name = Attribute(node, "name").value_or("");
    if (name != out_.elements[*target].name) {
      Error(where, "ref '" + ref + "' under the name '" + name +
                       "', but its file defines <" +
                       out_.elements[*target].name + ">");
    }
    e->children.push_back({*target, Trim(Attribute(node, "required"))});
  }

  void AddInclude(XmlElement node, const std::string& where,
                  DescElement* e) {
    const std::optional<std::string> file = Attribute(node, "filename");
    if (!file) {
      Error(where, "an <include> without filename");
      return;
    }
    if (files_.count(*file) == 0) {
      set_.missing_includes.push_back(out_.version + "/" + where + ": " +
                                      *file);
      return;
    }
    const std::optional<size_t> target = FileRoot(*file, where);
    if (!target) return;
    std::string required = Trim(Attribute(node, "required"));
    if (required.empty()) required = out_.elements[*target].required;
    e->children.push_back({*target, required});
  }

  std::map<std::string, std::string> files_;  // file name -> path
  DescriptionSet& set_;
  DescVersion out_;
  std::deque<XmlTree> trees_;  // every file read, kept for its elements
  std::map<std::string, size_t> file_roots_;
  std::unordered_map<XmlElement, std::string, XmlElementHash> node_files_;
  std::vector<std::pair<XmlElement, size_t>> work_;  // in order
};

// "1.10" after "1.9": compares the numbers, not the text.
bool VersionLess(const std::string& a, const std::string& b) {
  return VersionNumber(a) < VersionNumber(b);
}

}  // namespace

DescriptionSet ReadDescriptions(const std::vector<std::string>& files) {
  // folder -> (file name -> path)
  std::map<std::string, std::map<std::string, std::string>> folders;
  for (const std::string& path : files) {
    folders[FolderOf(path)][BaseName(path)] = path;
  }
  DescriptionSet set;
  for (auto& [folder, by_name] : folders) {
    const std::string version = BaseName(folder);
    const std::string root =
        by_name.count("root.sdf") > 0 ? "root.sdf" : "gazebo.sdf";
    set.versions.push_back(
        VersionReader(std::move(by_name), &set).Read(version, root));
  }
  std::sort(set.versions.begin(), set.versions.end(),
            [](const DescVersion& a, const DescVersion& b) {
              return VersionLess(a.version, b.version);
            });
  return set;
}

}  // namespace sdfconv::schema_gen
