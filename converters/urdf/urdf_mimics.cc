#include "converters/urdf/urdf_mimics.h"

#include <algorithm>
#include <string>
#include <unordered_map>
#include <vector>

namespace sdfconv {
namespace {

constexpr const char* kKept =
    "; kept as written (urdfdom reads it; libsdformat 14 and later refuse "
    "it)";

std::string Quoted(const std::string& joint) { return "joint '" + joint + "'"; }

}  // namespace

void CheckUrdfMimics(const UrdfPlan& plan, Diagnostics* diags) {
  // The joints with a <mimic>, in document order.
  struct Follower {
    const std::string* name;
    const std::string* leader;
    SourceLocation at;  // the <mimic>
    int next = -1;      // index of the leader's entry, when it follows too
  };
  std::vector<Follower> followers;
  for (const auto& [name, joint] : plan.joints) {
    if (!joint.joint || !joint.joint->mimic) continue;
    const XmlElement mimic = FirstChildElement(joint.xml, "mimic");
    followers.push_back({&name, &joint.joint->mimic->joint_name,
                         mimic ? Locate(mimic) : Locate(joint.xml)});
  }
  std::stable_sort(followers.begin(), followers.end(),
                   [](const Follower& a, const Follower& b) {
                     return a.at.line < b.at.line;
                   });
  std::unordered_map<std::string, int> index;
  for (size_t i = 0; i < followers.size(); ++i) {
    index.emplace(*followers[i].name, static_cast<int>(i));
  }
  for (Follower& f : followers) {
    const std::string& leader = *f.leader;
    if (leader == *f.name) {
      diags->Warning(Code::kJointAxisMimicInvalid, f.at,
                     Quoted(*f.name) + " mimics itself" + kKept);
    } else if (plan.joints.count(leader) == 0) {
      diags->Warning(Code::kJointAxisMimicInvalid, f.at,
                     Quoted(*f.name) + " mimics " + Quoted(leader) +
                         ", which the robot does not have" + kKept);
    } else if (auto it = index.find(leader); it != index.end()) {
      f.next = it->second;
    }
  }
  // Each follower has at most one leader: one walk from each, marking what
  // it passed, finds every cycle once.
  enum : char { kUnseen, kOnPath, kDone };
  std::vector<char> state(followers.size(), kUnseen);
  std::vector<int> path;
  for (int start = 0; start < static_cast<int>(followers.size()); ++start) {
    path.clear();
    int u = start;
    while (u >= 0 && state[u] == kUnseen) {
      state[u] = kOnPath;
      path.push_back(u);
      u = followers[u].next;
    }
    if (u >= 0 && state[u] == kOnPath) {
      const size_t first = static_cast<size_t>(
          std::find(path.begin(), path.end(), u) - path.begin());
      Diagnostic d;
      d.severity = Severity::kWarning;
      d.code = Code::kJointAxisMimicCycle;
      d.source = followers[u].at;
      for (size_t i = first + 1; i < path.size(); ++i) {
        d.related.push_back(followers[path[i]].at);
      }
      d.message =
          "mimic cycle: " +
          CycleMembers(path.size() - first,
                       [&](size_t i) {
                         return Quoted(*followers[path[first + i]].name);
                       }) +
          kKept;
      diags->Add(std::move(d));
    }
    for (int p : path) state[p] = kDone;
  }
}

}  // namespace sdfconv
