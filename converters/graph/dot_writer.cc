#include "converters/graph/dot_writer.h"

#include <cmath>
#include <cstdio>
#include <sstream>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "converters/sdf/pose_text.h"

namespace sdfconv {
namespace {

// One edge to draw, from `from` to `to` (kWorldFrame: the world node); a
// `to` of kNoElement goes to a "missing" node named `missing`.
struct Edge {
  ElementId from = kNoElement;
  ElementId to = kNoElement;
  std::string missing;
  std::string label;
  std::string style;  // extra attributes
  bool cycle = false;
};

// A pose for people to read: FormatPose's six numbers with nine
// significant digits, and what rounding leaves of zero (1e-17) as 0. The
// exact values are `convert --to flat`'s.
std::string PoseLabel(const Pose& X) {
  std::istringstream numbers(FormatPose(X));
  std::string label;
  double v = 0;
  while (numbers >> v) {
    if (std::fabs(v) < 1e-12) v = 0;  // also turns -0 into 0
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", v);
    if (!label.empty()) label += ' ';
    label += text;
  }
  return label;
}

// Marks every element on a cycle of the functional graph `next` (one
// outgoing edge per element at most), walking each element once.
std::vector<bool> OnCycle(const std::vector<ElementId>& next) {
  const size_t n = next.size();
  std::vector<bool> on_cycle(n, false);
  std::vector<uint8_t> state(n, 0);  // 0 new, 1 on the current walk, 2 done
  std::vector<ElementId> walk;
  const auto valid = [n](ElementId v) {
    return v >= 0 && static_cast<size_t>(v) < n;
  };
  for (size_t s = 0; s < n; ++s) {
    ElementId v = static_cast<ElementId>(s);
    walk.clear();
    while (valid(v) && state[v] == 0) {
      state[v] = 1;
      walk.push_back(v);
      v = next[v];
    }
    if (valid(v) && state[v] == 1) {
      ElementId u = v;
      do {
        on_cycle[u] = true;
        u = next[u];
      } while (u != v);
    }
    for (ElementId w : walk) state[w] = 2;
  }
  return on_cycle;
}

class DotWriter {
 public:
  DotWriter(const Document& doc, const FrameGraph& graph,
            const Resolution* resolution, GraphKind kind)
      : doc_(doc), graph_(graph), resolution_(resolution), kind_(kind) {}

  std::string Write() {
    MakeIds();
    CollectEdges();
    out_ += "digraph " + DotQuoted(KindLabel()) + " {\n";
    out_ += "  graph [label=" + DotQuoted(doc_.file + ": " + KindLabel()) +
            ", labelloc=t, fontname=\"Helvetica\", rankdir=" +
            (kind_ == GraphKind::kKinematic ? "TB" : "BT") + "];\n";
    out_ += "  node [fontname=\"Helvetica\", fontsize=10];\n";
    out_ += "  edge [fontname=\"Helvetica\", fontsize=9];\n";
    // One world (or a model file's implicit one) as the node "world"; the
    // worlds of a file of several each in its cluster (Nodes).
    if (uses_world_frame_ || (doc_.size() > 0 && !doc_.HasSeveralWorlds() &&
                              doc_.at(0).kind == ElementKind::kWorld)) {
      out_ += "  \"world\" [shape=doublecircle, label=\"world\"];\n";
    }
    Nodes();
    for (size_t i = 0; i < edges_.size(); ++i) WriteEdge(i, edges_[i]);
    out_ += "}\n";
    return std::move(out_);
  }

 private:
  std::string KindLabel() const {
    switch (kind_) {
      case GraphKind::kKinematic: return "kinematic";
      case GraphKind::kAttachedTo: return "attached_to";
      case GraphKind::kRelativeTo: return "relative_to";
    }
    return "";
  }

  bool IsNode(ElementId e) const {
    const ElementKind k = doc_.at(e).kind;
    if (k == ElementKind::kWorld) return true;
    if (kind_ == GraphKind::kKinematic) {
      return k == ElementKind::kLink || k == ElementKind::kFrame;
    }
    return DefinesFrame(k);
  }

  // "link:arm::base"; the world "world" (in a file of several worlds,
  // "world:NAME", and every other name starts with its world's); a
  // repeated one gets "#ID".
  void MakeIds() {
    ids_.resize(doc_.size());
    std::unordered_set<std::string> seen{"world"};
    for (size_t i = 0; i < doc_.size(); ++i) {
      const Element& e = doc_.at(static_cast<ElementId>(i));
      if (e.kind == ElementKind::kWorld && !doc_.HasSeveralWorlds()) {
        ids_[i] = "world";
        continue;
      }
      std::string id = std::string(KindName(e.kind)) + ":" +
                       doc_.ScopedName(static_cast<ElementId>(i));
      if (!seen.insert(id).second) id += "#" + std::to_string(i);
      ids_[i] = std::move(id);
    }
  }

  std::string NodeId(ElementId e) const {
    return e == kWorldFrame ? "world" : ids_[e];
  }

  // Where a kinematic edge ends for the frame `target`: a link, frame or
  // the world as itself; anything else (a model, a joint) as the link it
  // moves with. kNoElement when nothing resolves.
  ElementId KinematicEnd(ElementId target) {
    if (target == kNoElement) return kNoElement;
    if (target == kWorldFrame) {
      uses_world_frame_ = true;
      return kWorldFrame;
    }
    if (IsNode(target)) return target;
    const ElementId body = graph_.body[target];
    if (body == kWorldFrame) uses_world_frame_ = true;
    if (body != kNoElement && body != kWorldFrame && !IsNode(body)) {
      return kNoElement;
    }
    return body;
  }

  void Add(Edge edge) {
    if (edge.to == kWorldFrame || edge.from == kWorldFrame) {
      uses_world_frame_ = true;
    }
    edges_.push_back(std::move(edge));
  }

  void CollectEdges() {
    const std::vector<bool> attached_cycle = OnCycle(graph_.attached_to);
    const std::vector<bool> relative_cycle = OnCycle(graph_.relative_to);
    for (size_t i = 0; i < doc_.size(); ++i) {
      const ElementId id = static_cast<ElementId>(i);
      const Element& e = doc_.at(id);
      switch (kind_) {
        case GraphKind::kKinematic:
          KinematicEdges(id, e, attached_cycle[i]);
          break;
        case GraphKind::kAttachedTo:
          AttachedToEdge(id, e, attached_cycle[i]);
          break;
        case GraphKind::kRelativeTo:
          RelativeToEdge(id, e, relative_cycle[i]);
          break;
      }
    }
  }

  void KinematicEdges(ElementId id, const Element& e, bool cycle) {
    if (e.kind == ElementKind::kJoint) {
      Edge edge;
      edge.from = KinematicEnd(graph_.joint_parent[id]);
      edge.to = KinematicEnd(graph_.joint_child[id]);
      if (edge.from == kNoElement && edge.to == kNoElement) return;
      edge.missing = edge.from == kNoElement ? e.Joint().parent_frame
                                             : e.Joint().child_frame;
      edge.label = e.name + "\n" + e.Joint().type;
      edge.style = "penwidth=1.5";
      Add(std::move(edge));
    } else if (e.kind == ElementKind::kFrame) {
      // Hangs off what it is attached to: drawn from there to the frame.
      Edge edge;
      edge.from = cycle ? graph_.attached_to[id]
                        : KinematicEnd(graph_.attached_to[id]);
      if (edge.from != kNoElement && edge.from != kWorldFrame &&
          !IsNode(edge.from)) {
        edge.from = kNoElement;
      }
      edge.to = id;
      edge.missing = e.attached_to.empty() ? "(attached_to)" : e.attached_to;
      edge.style = "style=dashed, arrowhead=odot";
      edge.cycle = cycle;
      Add(std::move(edge));
    }
  }

  void AttachedToEdge(ElementId id, const Element& e, bool cycle) {
    if (!DefinesFrame(e.kind) || e.kind == ElementKind::kWorld ||
        e.kind == ElementKind::kLink) {
      return;
    }
    const ElementId to = graph_.attached_to[id];
    if (to == kNoElement && e.kind == ElementKind::kModel) return;  // static
    Edge edge;
    edge.from = id;
    edge.to = to;
    edge.missing = e.kind == ElementKind::kJoint ? e.Joint().child_frame
                   : e.attached_to.empty()       ? "(attached_to)"
                                                 : e.attached_to;
    edge.cycle = cycle;
    if (resolution_ != nullptr && to != kNoElement) {
      edge.label = PoseLabel(RelativePose(*resolution_, id, to));
    }
    Add(std::move(edge));
  }

  void RelativeToEdge(ElementId id, const Element& e, bool cycle) {
    if (!DefinesFrame(e.kind) || e.kind == ElementKind::kWorld) return;
    Edge edge;
    edge.from = id;
    edge.to = graph_.relative_to[id];
    edge.missing =
        e.pose.relative_to.empty() ? "(relative_to)" : e.pose.relative_to;
    edge.label = PoseLabel(e.pose.X);
    edge.cycle = cycle;
    Add(std::move(edge));
  }

  std::string NodeLine(ElementId id, const std::string& indent) const {
    const Element& e = doc_.at(id);
    std::string label = e.name;
    std::string attributes;
    switch (e.kind) {
      case ElementKind::kLink:
        attributes = "shape=box, style=rounded";
        if (canonical_.count(id) != 0) {
          attributes = "shape=box, style=\"rounded,bold\"";
          label += "\n(canonical)";
        }
        break;
      case ElementKind::kFrame:
        attributes = "shape=ellipse, style=dashed";
        break;
      case ElementKind::kJoint:
        attributes = "shape=hexagon";
        label += "\n" + e.Joint().type + " joint";
        break;
      case ElementKind::kModel:
        attributes = "shape=folder";
        label = "model " + e.name;
        break;
      case ElementKind::kWorld:
        attributes = "shape=doublecircle";
        label = "world";
        break;
      default:
        attributes = "shape=ellipse";
        break;
    }
    return indent + DotQuoted(NodeId(id)) + " [" + attributes +
           ", label=" + DotQuoted(label) + "];\n";
  }

  // Every node, each model a cluster holding what it holds (each world
  // too, in a file of several); iterative.
  void Nodes() {
    for (size_t i = 0; i < doc_.size(); ++i) {
      const ElementId c = graph_.canonical_link[i];
      if (doc_.at(static_cast<ElementId>(i)).kind == ElementKind::kModel &&
          c != kNoElement) {
        canonical_.insert(c);
      }
    }
    if (doc_.size() == 0) return;
    // Entries >= 0 visit an element; -(id + 1) closes the model's cluster.
    std::vector<ElementId> stack(doc_.roots().rbegin(), doc_.roots().rend());
    std::string indent = "  ";
    while (!stack.empty()) {
      const ElementId top = stack.back();
      stack.pop_back();
      if (top < 0) {
        indent.resize(indent.size() - 2);
        out_ += indent + "}\n";
        continue;
      }
      const Element& e = doc_.at(top);
      const bool cluster = e.kind == ElementKind::kModel ||
                           (e.kind == ElementKind::kWorld &&
                            doc_.HasSeveralWorlds());
      if (cluster) {
        std::string label = KindName(e.kind) + std::string(" ") + e.name;
        if (e.Model().is_static) label += " (static)";
        out_ += indent + "subgraph " + DotQuoted("cluster_" + NodeId(top)) +
                " {\n";
        indent += "  ";
        out_ += indent + "label=" + DotQuoted(label) +
                "; labelloc=t; style=rounded; color=gray50;\n";
        stack.push_back(-(top + 1));
      }
      if ((e.kind != ElementKind::kWorld || cluster) && IsNode(top)) {
        out_ += NodeLine(top, indent);
      }
      for (auto it = e.children.rbegin(); it != e.children.rend(); ++it) {
        stack.push_back(*it);
      }
    }
  }

  // An end of kNoElement is a "missing" node of its own.
  std::string EndId(ElementId end, size_t index, const std::string& missing) {
    if (end != kNoElement) return NodeId(end);
    const std::string id = "missing:" + std::to_string(index);
    out_ += "  " + DotQuoted(id) +
            " [shape=box, style=dashed, color=red, fontcolor=red, label=" +
            DotQuoted("missing: " + missing) + "];\n";
    return id;
  }

  void WriteEdge(size_t index, const Edge& edge) {
    const std::string from = EndId(edge.from, index, edge.missing);
    const std::string to = EndId(edge.to, index, edge.missing);
    std::string attributes = edge.style;
    const auto append = [&attributes](const std::string& more) {
      if (!attributes.empty()) attributes += ", ";
      attributes += more;
    };
    if (!edge.label.empty()) append("label=" + DotQuoted(edge.label));
    if (edge.cycle || edge.from == kNoElement || edge.to == kNoElement) {
      append("color=red, fontcolor=red");
    }
    if (edge.cycle) append("penwidth=2.5");
    out_ += "  " + DotQuoted(from) + " -> " + DotQuoted(to);
    if (!attributes.empty()) out_ += " [" + attributes + "]";
    out_ += ";\n";
  }

  const Document& doc_;
  const FrameGraph& graph_;
  const Resolution* resolution_;
  const GraphKind kind_;
  std::vector<std::string> ids_;
  std::vector<Edge> edges_;
  std::unordered_set<ElementId> canonical_;
  bool uses_world_frame_ = false;
  std::string out_;
};

}  // namespace

std::string DotQuoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      continue;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string WriteDot(const Document& doc, const FrameGraph& graph,
                     const Resolution* resolution, GraphKind kind) {
  return DotWriter(doc, graph, resolution, kind).Write();
}

}  // namespace sdfconv
