// Builds Documents by hand for core tests, without any XML.
//
//   TestDocument t("1.8");
//   ElementId m = t.Root(ElementKind::kModel, "m");
//   ElementId l = t.Add(m, ElementKind::kLink, "l", P(1, 0, 0, 0, 0, 0));
//   t[l].pose.relative_to = "f";
#ifndef SDFCONV_CORE_TESTING_TEST_DOCUMENT_H_
#define SDFCONV_CORE_TESTING_TEST_DOCUMENT_H_

#include <algorithm>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/document.h"
#include "core/pose.h"

namespace sdfconv::testing {

inline Pose P(double x, double y, double z, double roll, double pitch,
              double yaw) {
  return PoseFromXyzRpy({x, y, z}, {roll, pitch, yaw});
}

class TestDocument {
 public:
  explicit TestDocument(std::string version = "1.8") {
    doc_.file = "test.sdf";
    doc_.version = std::move(version);
  }

  ElementId Root(ElementKind kind, std::string name) {
    return Add(kNoElement, kind, std::move(name));
  }

  ElementId Add(ElementId parent, ElementKind kind, std::string name,
                const Pose& X = Pose::Identity(),
                std::string relative_to = "") {
    Element e;
    e.kind = kind;
    e.tag = KindName(kind);
    e.name = std::move(name);
    e.has_name = true;
    e.pose.X = X;
    e.pose.relative_to = std::move(relative_to);
    e.pose.present = true;
    e.source.file = doc_.file;
    e.source.line = static_cast<int>(doc_.size()) + 1;
    e.source.path = "/sdf/" + e.tag + "[@name=\"" + e.name + "\"]";
    e.pose.set_source(e.source);
    if (kind == ElementKind::kJoint) {
      JointSpec& spec = e.MutableJoint();
      spec.parent_source = e.source;
      spec.child_source = e.source;
    }
    return doc_.Add(parent, std::move(e));
  }

  ElementId Joint(ElementId model, std::string name, std::string parent,
                  std::string child, const Pose& X = Pose::Identity(),
                  std::string relative_to = "") {
    const ElementId j = Add(model, ElementKind::kJoint, std::move(name), X,
                            std::move(relative_to));
    JointSpec& spec = doc_.at(j).MutableJoint();
    spec.type = "revolute";
    spec.parent_frame = std::move(parent);
    spec.child_frame = std::move(child);
    return j;
  }

  ElementId Frame(ElementId scope, std::string name, std::string attached_to,
                  const Pose& X = Pose::Identity(),
                  std::string relative_to = "") {
    const ElementId f = Add(scope, ElementKind::kFrame, std::move(name), X,
                            std::move(relative_to));
    doc_.at(f).attached_to = std::move(attached_to);
    return f;
  }

  Element& operator[](ElementId id) { return doc_.at(id); }
  const Document& doc() const { return doc_; }

 private:
  Document doc_;
};

// The distinct codes of the errors in `diags`, sorted by name.
inline std::vector<std::string> ErrorCodes(const Diagnostics& diags) {
  std::vector<std::string> codes;
  for (const auto& d : diags.items()) {
    if (d.severity != Severity::kError) continue;
    std::string name(CodeName(d.code));
    bool seen = false;
    for (const auto& c : codes) seen = seen || c == name;
    if (!seen) codes.push_back(name);
  }
  std::sort(codes.begin(), codes.end());
  return codes;
}

}  // namespace sdfconv::testing

#endif  // SDFCONV_CORE_TESTING_TEST_DOCUMENT_H_
