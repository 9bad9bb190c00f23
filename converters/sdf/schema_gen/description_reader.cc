#include "converters/sdf/schema_gen/description_reader.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <utility>

#include <libxml/parser.h>
#include <libxml/tree.h>

namespace sdfconv::schema_gen {
namespace {

struct DocDeleter {
  void operator()(xmlDoc* doc) const { xmlFreeDoc(doc); }
};
using DocPtr = std::unique_ptr<xmlDoc, DocDeleter>;

std::string Trim(std::string s) {
  const char* space = " \t\r\n";
  s.erase(0, s.find_first_not_of(space));
  s.erase(s.find_last_not_of(space) + 1);
  return s;
}

std::optional<std::string> Attr(const xmlNode* node, const char* name) {
  xmlChar* value = xmlGetNoNsProp(node, reinterpret_cast<const xmlChar*>(name));
  if (value == nullptr) return std::nullopt;
  std::string out(reinterpret_cast<const char*>(value));
  xmlFree(value);
  return out;
}

bool Is(const xmlNode* node, const char* name) {
  return node->type == XML_ELEMENT_NODE &&
         xmlStrcmp(node->name, reinterpret_cast<const xmlChar*>(name)) == 0;
}

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

  std::string Where(const std::string& file, const xmlNode* node) const {
    return file + ":" + std::to_string(xmlGetLineNo(node));
  }

  // A new definition for `node` of `file`: its name and required now (a
  // ref or include may ask for them), the rest when its turn comes.
  size_t Enqueue(const xmlNode* node, const std::string& file) {
    DescElement& e = out_.elements.emplace_back();
    e.source = Where(file, node);
    e.name = Attr(node, "name").value_or("");
    e.required = Trim(Attr(node, "required").value_or(""));
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
    DocPtr doc(xmlReadFile(path->second.c_str(), nullptr,
                           XML_PARSE_NONET | XML_PARSE_NOERROR |
                               XML_PARSE_NOWARNING));
    const xmlNode* root = doc ? xmlDocGetRootElement(doc.get()) : nullptr;
    if (root == nullptr || !Is(root, "element")) {
      Error(file, "not a description file (no root <element>)");
      return std::nullopt;
    }
    const size_t index = Enqueue(root, file);
    file_roots_[file] = index;
    docs_.push_back(std::move(doc));
    return index;
  }

  void Define(const xmlNode* node, size_t index) {
    const std::string file = node_files_.at(node);
    const std::string where = Where(file, node);
    DescElement e;
    e.source = where;
    e.name = out_.elements[index].name;
    e.required = out_.elements[index].required;
    e.type = Trim(Attr(node, "type").value_or(""));
    if (e.name.empty()) Error(where, "an <element> without a name");
    if (e.required.empty()) Error(where, "<element> " + e.name + " has no required");
    if (!e.type.empty()) e.default_value = Attr(node, "default");
    e.min = Attr(node, "min");
    e.max = Attr(node, "max");
    for (const xmlNode* c = node->children; c != nullptr; c = c->next) {
      if (Is(c, "attribute")) ReadAttribute(c, where, &e);
    }
    for (const xmlNode* c = node->children; c != nullptr; c = c->next) {
      if (!Is(c, "element")) continue;
      const std::string copy = Attr(c, "copy_data").value_or("");
      if (copy == "true" || copy == "1") {
        e.copy_data = true;
      } else if (const auto ref = Attr(c, "ref")) {
        AddRef(c, *ref, Where(file, c), &e);
      } else {
        e.children.push_back({Enqueue(c, file),
                              Trim(Attr(c, "required").value_or(""))});
      }
    }
    for (const xmlNode* c = node->children; c != nullptr; c = c->next) {
      if (Is(c, "include")) AddInclude(c, Where(file, c), &e);
    }
    out_.elements[index] = std::move(e);
  }

  void ReadAttribute(const xmlNode* node, const std::string& where,
                     DescElement* e) {
    DescAttribute a;
    a.name = Attr(node, "name").value_or("");
    a.type = Trim(Attr(node, "type").value_or(""));
    const std::optional<std::string> default_value = Attr(node, "default");
    const std::optional<std::string> required = Attr(node, "required");
    if (a.name.empty() || a.type.empty() || !default_value || !required) {
      Error(where, "attribute '" + a.name + "' of <element> " + e->name +
                       " lacks a name, type, default or required");
      return;
    }
    a.default_value = *default_value;
    a.required = Trim(*required) == "1";
    a.min = Attr(node, "min");
    a.max = Attr(node, "max");
    e->attributes.push_back(std::move(a));
  }

  // <element name="model" ref="model" required="*">: model.sdf's root.
  void AddRef(const xmlNode* node, const std::string& ref,
              const std::string& where, DescElement* e) {
    const std::optional<size_t> target = FileRoot(ref + ".sdf", where);
    if (!target) return;
    const std::string name = Attr(node, "name").value_or("");
    if (name != out_.elements[*target].name) {
      Error(where, "ref '" + ref + "' under the name '" + name +
                       "', but its file defines <" +
                       out_.elements[*target].name + ">");
    }
    e->children.push_back({*target, Trim(Attr(node, "required").value_or(""))});
  }

  void AddInclude(const xmlNode* node, const std::string& where,
                  DescElement* e) {
    const std::optional<std::string> file = Attr(node, "filename");
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
    std::string required = Trim(Attr(node, "required").value_or(""));
    if (required.empty()) required = out_.elements[*target].required;
    e->children.push_back({*target, required});
  }

  std::map<std::string, std::string> files_;  // file name -> path
  DescriptionSet& set_;
  DescVersion out_;
  std::vector<DocPtr> docs_;
  std::map<std::string, size_t> file_roots_;
  std::map<const xmlNode*, std::string> node_files_;
  std::vector<std::pair<const xmlNode*, size_t>> work_;  // in order
};

// "1.10" after "1.9": compares the numbers, not the text.
bool VersionLess(const std::string& a, const std::string& b) {
  auto key = [](const std::string& v) {
    const size_t dot = v.find('.');
    return std::make_pair(std::atoi(v.substr(0, dot).c_str()),
                          dot == std::string::npos
                              ? 0
                              : std::atoi(v.substr(dot + 1).c_str()));
  };
  return key(a) < key(b);
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
