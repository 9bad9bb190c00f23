// URDF back end (see urdf_writer.h). Invariant: every pose written is
// X_WA^-1 X_WB of two Resolution poses; the tree is built and checked with
// flat arrays and explicit worklists, never by recursion.
#include "converters/urdf_export/urdf_writer.h"

#include <algorithm>
#include <array>
#include <unordered_map>
#include <tuple>
#include <utility>
#include <vector>

#include "converters/sdf/joint_limits.h"
#include "converters/sdf/pose_text.h"
#include "converters/urdf_export/joint_approximation.h"
#include "converters/urdf_export/gazebo_blocks.h"
#include "converters/urdf_export/reroot.h"
#include "converters/urdf_export/urdf_extensions.h"
#include "converters/urdf_export/urdf_mimic.h"
#include "converters/urdf_export/urdf_tree.h"
#include "converters/urdf_export/xml_emit.h"
#include "converters/xml/text_values.h"
#include "converters/xml/xml_element.h"
#include "converters/xml/xml_escape.h"
#include "core/pose.h"

namespace sdfconv {
namespace {

// What URDF gets for an unbounded joint limit (SDFormat's sentinel before
// 1.10; joint_limits.h says which limits are unbounded).
constexpr double kInfiniteLimit = 1e16;
constexpr char kWorldLink[] = "world";

std::string Origin(const Pose& X) {
  return "<origin xyz=\"" + FormatVector(X.translation()) + "\" rpy=\"" +
         FormatVector(RpyFromRotation(X.rotation())) + "\"/>";
}

std::string Quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

using Node = UrdfLink;  // urdf_tree.h
using Edge = UrdfJoint;

// The text of the descendant at `tags` (each a child of the previous).
XmlElement Descend(XmlElement node,
                       std::initializer_list<std::string_view> tags) {
  for (std::string_view tag : tags) {
    if (!node) return {};
    node = FirstChildElement(node, tag);
  }
  return node;
}

std::optional<double> DoubleAt(XmlElement node,
                               std::initializer_list<std::string_view> tags) {
  XmlElement n = Descend(node, tags);
  if (!n) return std::nullopt;
  return ParseDouble(Text(n));
}

class Writer {
 public:
  Writer(const Document& doc, const FrameGraph& graph, const Resolution& r,
         const UrdfExportOptions& options, Diagnostics* diags)
      : doc_(doc), graph_(graph), r_(r), options_(options), diags_(*diags),
        sources_(options.sources), versions_(ElementVersions(doc)) {}

  std::optional<std::string> Run() {
    if (!SelectModel()) return std::nullopt;
    ext_.emplace(doc_, graph_, sources_, model_);
    MarkSubtree();
    AddLinks();
    AddJoints();
    AddKeptJoints();  // urdf_extensions.h
    if (failed_) return std::nullopt;
    AddStaticLinks();
    if (options_.frames == UrdfFrames::kLinks) AddFrames();
    ext_->RestoreNames(&nodes_, &edges_);
    if (failed_ || !CheckRoots() || !CheckNames()) return std::nullopt;
    std::string out = Emit();
    if (failed_) return std::nullopt;
    return out;
  }

 private:
  void Refuse(ElementId at, std::string message,
              Code code = Code::kUrdfExportUnsupported) {
    diags_.Error(code, Where(at), std::move(message));
    failed_ = true;
  }
  void RefuseNotTree(ElementId at, std::string message) {
    Refuse(at, std::move(message), Code::kUrdfExportNotTree);
  }
  void Warn(ElementId at, std::string message) {
    diags_.Warning(Code::kUrdfExportUnsupported, Where(at), std::move(message));
  }
  XmlElement Xml(ElementId id) const {
    if (id < 0 || sources_ == nullptr) return {};
    return sources_->Element(doc_.at(id).node);
  }
  SourceLocation Where(ElementId at) const {
    return at >= 0 ? doc_.at(at).source : doc_.at(model_).source;
  }

  bool SelectModel() {
    const Element& root = doc_.at(0);
    if (root.kind == ElementKind::kModel) {
      model_ = 0;
      return true;
    }
    if (root.kind != ElementKind::kWorld) {  // a lone light or actor
      diags_.Error(Code::kUrdfExportUnsupported, root.source,
                   std::string("the file holds ") +
                       (root.kind == ElementKind::kActor ? "an " : "a ") +
                       KindName(root.kind) +
                       " ('" + root.name +
                       "') and no model: URDF describes one robot model, "
                       "and has no " + KindName(root.kind) + "s");
      return false;
    }
    // The top-level models of every world, named as outputs name them
    // (world::model in a file of several worlds); --model may also give
    // the model's own name.
    std::vector<ElementId> models;
    std::vector<std::string> names;
    for (ElementId w : doc_.roots()) {
      for (ElementId c : doc_.at(w).children) {
        if (doc_.at(c).kind != ElementKind::kModel) continue;
        std::string name = doc_.ScopedName(c);
        if (options_.model.empty() || name == options_.model ||
            doc_.at(c).name == options_.model) {
          models.push_back(c);
          names.push_back(std::move(name));
        }
      }
    }
    if (models.size() == 1) {
      model_ = models[0];
      return true;
    }
    const std::string worlds =
        doc_.HasSeveralWorlds()
            ? "the file's " + std::to_string(doc_.roots().size()) + " worlds"
            : "the world";
    std::string message;
    if (models.empty() && !options_.model.empty()) {
      message = worlds + (doc_.HasSeveralWorlds() ? " have" : " has") +
                " no model named " + Quoted(options_.model);
    } else {
      message = "URDF holds one model; " + worlds +
                (doc_.HasSeveralWorlds() ? " have " : " has ") +
                std::to_string(models.size()) + ListNames(names) +
                ": name the one to export" +
                (doc_.HasSeveralWorlds() ? " as WORLD::MODEL" : "");
    }
    diags_.Error(Code::kUrdfExportUnsupported, root.source, message);
    return false;
  }

  // " (a, b, c)", the first few of `names`; "" for none.
  static std::string ListNames(const std::vector<std::string>& names) {
    constexpr size_t kShown = 5;
    if (names.empty()) return "";
    std::string out = " (";
    for (size_t i = 0; i < names.size() && i < kShown; ++i) {
      if (i > 0) out += ", ";
      out += names[i];
    }
    if (names.size() > kShown) out += ", ...";
    return out + ")";
  }

  void MarkSubtree() {
    in_model_.assign(doc_.size(), false);
    in_model_[model_] = true;
    // What the URDF import copied from a <gazebo> block is not URDF
    // (gazebo_blocks.h writes it back there).
    for (ElementId e = model_ + 1; e < static_cast<ElementId>(doc_.size());
         ++e) {
      const ElementId parent = doc_.at(e).parent;  // none: a later world
      in_model_[e] = parent != kNoElement && in_model_[parent] &&
                     !IsGazeboContent(Xml(e));
    }
  }

  // The name below the exported model (a world joint's: below its world),
  // joined with the separator.
  std::string LocalName(ElementId id) const {
    const ElementId below = in_model_[id] ? model_ : doc_.at(model_).parent;
    return doc_.ScopedName(id, below, options_.separator);
  }

  int AddNode(std::string name, ElementId element, const Pose& X_WLu) {
    nodes_.push_back({std::move(name), element, -1, X_WLu});
    return static_cast<int>(nodes_.size()) - 1;
  }

  // URDF's `world` link stands for the exported model's frame: the model
  // pose is the robot-level <gazebo><pose> (GazeboInput::robot_pose), where
  // the URDF import took it from and libsdformat's URDF reader reads it.
  int WorldNode() {
    if (world_node_ < 0) {
      world_node_ = AddNode(kWorldLink, kNoElement, r_.X_W[model_]);
      uf_.push_back(world_node_);
    }
    return world_node_;
  }

  void AddLinks() {
    node_of_.assign(doc_.size(), -1);
    for (ElementId e = model_; e < static_cast<ElementId>(doc_.size()); ++e) {
      if (!in_model_[e] || doc_.at(e).kind != ElementKind::kLink) continue;
      node_of_[e] = AddNode(LocalName(e), e, r_.X_W[e]);
      uf_.push_back(node_of_[e]);
    }
  }

  // The URDF node a frame is attached to: its link's (also in a static
  // model, whose links keep their joints and are fixed to the world by
  // AddStaticLinks), or the world's.
  int BodyNode(ElementId frame) {
    if (frame == kWorldFrame || doc_.at(frame).kind == ElementKind::kWorld) {
      return WorldNode();
    }
    if (const ElementId link = graph_.body[frame];
        link >= 0 && node_of_[link] >= 0) {
      return node_of_[link];
    }
    const ElementId body = MovesWith(doc_, graph_, frame);
    if (body == kWorldFrame) return WorldNode();
    if (body < 0 || node_of_[body] < 0) return -1;  // outside the model
    return node_of_[body];
  }

  bool FixedToWorld(ElementId frame) const {
    return frame == kWorldFrame || doc_.at(frame).kind == ElementKind::kWorld ||
           MovesWith(doc_, graph_, frame) == kWorldFrame;
  }

  int Find(int n) {
    while (uf_[n] != n) n = uf_[n] = uf_[uf_[n]];
    return n;
  }

  // Connects parent -> child with `edge`; refuses a second parent or a loop.
  bool Connect(Edge edge, ElementId at) {
    Node& child = nodes_[edge.child];
    if (child.parent_joint >= 0) {
      RefuseNotTree(at, "joint " + Quoted(edge.name) + " makes link " +
                            Quoted(child.name) +
                            " the child of a second joint (" +
                            Quoted(edges_[child.parent_joint].name) +
                            "); URDF needs a tree");
      return false;
    }
    const int a = Find(edge.parent), b = Find(edge.child);
    if (a == b) {
      RefuseNotTree(at, "joint " + Quoted(edge.name) +
                            " closes a loop between " +
                            Quoted(nodes_[edge.parent].name) + " and " +
                            Quoted(child.name) + "; URDF needs a tree");
      return false;
    }
    uf_[b] = a;
    child.parent_joint = static_cast<int>(edges_.size());
    child.X_WLu = edge.X_WJ;
    edges_.push_back(std::move(edge));
    return true;
  }

  // Whether joint `j` is exported: a joint of the model, or a //world/joint
  // (1.8) from a frame fixed to the world to a link of the model, which
  // URDF holds as a joint from its `world` link. A world joint between the
  // model and another model is left out with a warning.
  bool Exported(ElementId j) {
    if (doc_.at(j).kind != ElementKind::kJoint) return false;
    if (in_model_[j]) return true;
    const ElementId world = doc_.at(model_).parent;  // kNoElement: a model
    if (world == kNoElement || doc_.at(j).parent != world) return false;
    const ElementId p = graph_.joint_parent[j], c = graph_.joint_child[j];
    if (p == kNoElement || c < 0) return false;
    const int parent = BodyNode(p), child = BodyNode(c);
    const bool touches = (parent >= 0 && parent != world_node_) || child >= 0;
    if (!touches) return false;
    if (child >= 0 && parent == world_node_) return true;
    Warn(j, "world joint " + Quoted(doc_.at(j).name) +
                " connects the exported model to something outside it; it "
                "is not written");
    return false;
  }

  void AddJoints() {
    for (ElementId j = 0; j < static_cast<ElementId>(doc_.size()); ++j) {
      if (!Exported(j)) continue;
      const Element& joint = doc_.at(j);
      const std::string name = LocalName(j);
      const std::string& type = joint.Joint().type;
      const bool native = IsUrdfJointType(type);
      if (!native && !options_.approximate) {
        Refuse(j, UnsupportedJointMessage(name, type, WrittenAxisCount(joint)));
        continue;
      }
      const int parent = BodyNode(graph_.joint_parent[j]);
      const int child = BodyNode(graph_.joint_child[j]);
      if (parent < 0 || child < 0) {
        Refuse(j, "joint " + Quoted(name) +
                      " connects to a link outside the exported model");
        continue;
      }
      if (child == world_node_) {
        RefuseNotTree(j, "joint " + Quoted(name) +
                             " has the world as its child; URDF's world is "
                             "a root");
        continue;
      }
      if (FixedToWorld(graph_.joint_child[j]) &&
          !FixedToWorld(graph_.joint_parent[j])) {
        RefuseNotTree(j, "joint " + Quoted(name) + " makes link " +
                             Quoted(nodes_[child].name) +
                             " of a static model the child of " +
                             Quoted(nodes_[parent].name) +
                             ", which is not fixed to the world; URDF's "
                             "world is a root");
        continue;
      }
      if (native) {
        Connect(Edge{name, j, type, parent, child, r_.X_W[j]}, j);
      } else {
        ConnectApproximated(name, j, parent, child);
      }
    }
  }

  // --approximate: the pieces of joint j (joint_approximation.h), joined by
  // massless links whose URDF frames are all the joint frame.
  void ConnectApproximated(const std::string& name, ElementId j, int parent,
                           int child) {
    const Element& joint = doc_.at(j);
    auto approximation =
        ApproximateJoint(joint.Joint().type, WrittenAxisCount(joint));
    if (!approximation) {
      Refuse(j, UnsupportedJointMessage(name, joint.Joint().type,
                                        WrittenAxisCount(joint)));
      return;
    }
    if (joint.Joint().type == "screw" && Xml(j)) {
      approximation->change =
          ScrewTranslationLost(ScrewThreadPitch(Xml(j), versions_[j]));
    }
    const auto& pieces = approximation->pieces;
    int from = parent;
    for (size_t k = 0; k < pieces.size(); ++k) {
      int to = child;
      if (k + 1 < pieces.size()) {
        to = AddNode(PieceLinkName(name, k), j, r_.X_W[j]);
        uf_.push_back(to);
      }
      Edge edge{PieceJointName(name, k), j, pieces[k].type, from, to,
                r_.X_W[j]};
      edge.sdf_axis = pieces[k].sdf_axis;
      edge.axis_J = pieces[k].axis_J;
      if (!Connect(std::move(edge), j)) return;
      from = to;
    }
    Warn(j, ApproximationWarning(name, joint.Joint().type, *approximation));
  }

  // The root links of static models are fixed to the world (their joints
  // are kept).
  void AddStaticLinks() {
    for (ElementId e = model_; e < static_cast<ElementId>(doc_.size()); ++e) {
      if (node_of_[e] < 0 || MovesWith(doc_, graph_, e) != kWorldFrame) continue;
      if (nodes_[node_of_[e]].parent_joint >= 0) continue;
      const int world = WorldNode();
      Connect({nodes_[node_of_[e]].name + "_fixed_to_world", kNoElement,
               "fixed", world, node_of_[e], r_.X_W[e]},
              e);
    }
  }

  // A urdf:kind="link" frame attached to a urdf:kind="joint" frame is the
  // URDF link and fixed joint they came from (urdf_extensions.h).
  void AddFrames() {
    std::unordered_map<ElementId, int> frame_node;
    std::vector<std::pair<int, ElementId>> urdf_links;  // node, joint frame
    for (ElementId f = model_; f < static_cast<ElementId>(doc_.size()); ++f) {
      if (!in_model_[f] || doc_.at(f).kind != ElementKind::kFrame) continue;
      const UrdfFrameRole role = ext_->RoleOf(f);
      if (role == UrdfFrameRole::kUrdfJoint) continue;
      const ElementId joint = graph_.attached_to[f];
      const int body = BodyNode(f);
      if (body < 0) {
        Refuse(f, "frame " + Quoted(LocalName(f)) +
                      " is attached to nothing in the exported model");
        continue;
      }
      const std::string name = LocalName(f);
      const int node = AddNode(name, f, r_.X_W[f]);
      uf_.push_back(node);
      frame_node[f] = node;
      if (role == UrdfFrameRole::kUrdfLink && joint >= 0 &&
          ext_->RoleOf(joint) == UrdfFrameRole::kUrdfJoint) {
        urdf_links.push_back({node, joint});
        continue;
      }
      Connect({name + "_joint", kNoElement, "fixed", body, node, r_.X_W[f]},
              f);
    }
    for (const auto& [node, joint] : urdf_links) {
      const ElementId p = graph_.attached_to[joint];
      const auto it = frame_node.find(p);
      const int parent =
          it != frame_node.end() ? it->second : p == kNoElement ? -1 : BodyNode(p);
      if (parent < 0) {
        Refuse(joint, "frame " + Quoted(LocalName(joint)) +
                          " is attached to nothing in the exported model");
        continue;
      }
      Connect({LocalName(joint), joint, "fixed", parent, node, r_.X_W[joint]},
              joint);
    }
    // A joint whose parent is a URDF link written as a frame hangs from it.
    for (Edge& edge : edges_) {
      if (edge.element < 0 || doc_.at(edge.element).kind != ElementKind::kJoint) {
        continue;
      }
      const ElementId p = graph_.joint_parent[edge.element];
      const auto it = frame_node.find(p);
      if (it != frame_node.end() &&
          ext_->RoleOf(p) == UrdfFrameRole::kUrdfLink) {
        edge.parent = it->second;
      }
    }
  }

  // Floating and planar joints kept in <urdf:joint>: the child is posed by
  // the joint's origin, so X_WJ is the child's frame.
  void AddKeptJoints() {
    for (const KeptUrdfJoint& kept : ext_->KeptJoints()) {
      int parent = ext_->FindLink(nodes_, kept.parent);
      if (parent < 0 && kept.parent == kWorldLink) parent = WorldNode();
      const int child = ext_->FindLink(nodes_, kept.child);
      if (parent < 0 || child < 0) {
        Warn(model_, "<urdf:joint name=" + Quoted(kept.name) +
                         "> names a link that is not exported; left out");
        continue;
      }
      Edge edge{kept.name, kNoElement, kept.type, parent, child,
                nodes_[child].X_WLu};
      edge.sdf_axis = -1;
      Connect(edge, model_);
    }
  }

  bool CheckRoots() {
    std::vector<int> roots;
    for (int n = 0; n < static_cast<int>(nodes_.size()); ++n) {
      if (nodes_[n].parent_joint < 0) roots.push_back(n);
    }
    if (roots.empty()) {
      RefuseNotTree(kNoElement, "the model has no link");
      return false;
    }
    if (roots.size() > 1) {
      std::string names;
      for (int n : roots) names += (names.empty() ? "" : ", ") + Quoted(nodes_[n].name);
      RefuseNotTree(roots[1] == world_node_ ? nodes_[roots[0]].element
                                            : nodes_[roots[1]].element,
             "the links are not one tree: " + names +
                 " are each a root (not the child of any joint); URDF needs "
                 "one root");
      return false;
    }
    root_ = roots[0];
    if (!options_.root_link.empty()) {
      const std::string error = Reroot(options_.root_link, doc_, r_, &root_,
                                       &nodes_, &edges_);
      if (!error.empty()) {
        Refuse(kNoElement, error);
        return false;
      }
    }
    return true;
  }

  // Why two elements get one URDF name when a piece --approximate adds is
  // one of them; "" otherwise.
  std::string ApproximationHint(ElementId a, ElementId b) const {
    for (ElementId e : {a, b}) {
      if (e >= 0 && doc_.at(e).kind == ElementKind::kJoint &&
          !IsUrdfJointType(doc_.at(e).Joint().type)) {
        return " (--approximate names the pieces of joint " +
               Quoted(LocalName(e)) +
               " after it; rename that joint or the other element)";
      }
    }
    return "";
  }

  bool CheckNames() {
    bool ok = true;
    std::unordered_map<std::string, int> links, joints;
    for (int n = 0; n < static_cast<int>(nodes_.size()); ++n) {
      auto [it, fresh] = links.emplace(nodes_[n].name, n);
      if (!fresh) {
        const std::string hint =
            ApproximationHint(nodes_[it->second].element, nodes_[n].element);
        Refuse(nodes_[n].element,
               "two URDF links would be named " + Quoted(nodes_[n].name) +
                   (hint.empty() ? " (choose another separator, or drop frames)"
                                 : hint));
        ok = false;
      }
    }
    for (int j = 0; j < static_cast<int>(edges_.size()); ++j) {
      auto [it, fresh] = joints.emplace(edges_[j].name, j);
      if (!fresh) {
        Refuse(edges_[j].element,
               "two URDF joints would be named " + Quoted(edges_[j].name) +
                   ApproximationHint(edges_[it->second].element,
                                     edges_[j].element));
        ok = false;
      }
    }
    return ok;
  }

  // ---- Output ------------------------------------------------------------

  std::string Emit() {
    std::string out = "<?xml version=\"1.0\"?>\n<robot name=\"" +
                      EscapeXmlAttribute(ext_->RobotName()) + "\">\n" + ext_->RobotHead();
    shapes_ = ext_->AssignShapes(nodes_);
    mimics_.emplace(doc_, graph_, sources_, edges_, &diags_);
    // Parents before children: a worklist from the root.
    std::vector<std::vector<int>> children(nodes_.size());
    for (int j = 0; j < static_cast<int>(edges_.size()); ++j) {
      children[edges_[j].parent].push_back(j);
    }
    std::vector<int> order{root_};
    for (size_t i = 0; i < order.size(); ++i) {
      for (int j : children[order[i]]) order.push_back(edges_[j].child);
    }
    for (int n : order) EmitLink(nodes_[n], &out);
    for (size_t i = 1; i < order.size(); ++i) {
      EmitJoint(edges_[nodes_[order[i]].parent_joint], &out);
    }
    out += ext_->RobotTail();
    out += GazeboBlocks({&doc_, &graph_, &r_, sources_, model_, &nodes_,
                         &edges_, &shapes_, nodes_[root_].X_WLu},
                        ext_->mutable_namespaces(), &diags_);
    std::string xmlns;
    for (const auto& [prefix, uri] : ext_->namespaces()) {
      xmlns += " xmlns:" + prefix + "=\"" + EscapeXmlAttribute(uri) + "\"";
    }
    out.insert(out.find("\">\n", out.find("<robot ")) + 1, xmlns);
    return out + "</robot>\n";
  }

  void EmitLink(const Node& node, std::string* out) {
    *out += "  <link name=\"" + EscapeXmlAttribute(node.name) + "\">\n";
    const Pose X_LuW = node.X_WLu.inverse();
    if (node.element >= 0 && doc_.at(node.element).kind == ElementKind::kLink) {
      const Element& link = doc_.at(node.element);
      if (link.inertial) {
        const Inertial& in = *link.inertial;
        const Pose X_LuI = X_LuW * r_.X_W[node.element] * in.pose.X;
        const Eigen::Matrix3d& I = in.inertia;
        *out += "    <inertial>\n      " + Origin(X_LuI) +
                "\n      <mass value=\"" + FormatNumber(in.mass) +
                "\"/>\n      <inertia ixx=\"" + FormatNumber(I(0, 0)) + "\" ixy=\"" +
                FormatNumber(I(0, 1)) + "\" ixz=\"" + FormatNumber(I(0, 2)) + "\" iyy=\"" +
                FormatNumber(I(1, 1)) + "\" iyz=\"" + FormatNumber(I(1, 2)) + "\" izz=\"" +
                FormatNumber(I(2, 2)) + "\"/>\n    </inertial>\n";
      }
    }
    for (ElementId c : shapes_[&node - nodes_.data()]) {
      EmitShape(c, X_LuW * r_.X_W[c], out);
    }
    *out += ext_->LinkContent(node) + "  </link>\n";
  }

  void EmitShape(ElementId id, const Pose& X_LuS, std::string* out) {
    const Element& e = doc_.at(id);
    const bool visual = e.kind == ElementKind::kVisual;
    XmlElement node = Xml(id);
    if (!node) {
      Warn(id, std::string(visual ? "visual " : "collision ") +
                   Quoted(e.name) +
                   " is left out: its source XML is not available");
      return;
    }
    std::optional<std::string> geometry = Geometry(id, node);
    if (!geometry) return;
    const char* tag = visual ? "visual" : "collision";
    // The URDF name the import renamed (urdf:name), else the SDF name.
    const std::string name = UrdfAttribute(node, "name").value_or(e.name);
    *out += std::string("    <") + tag + " name=\"" + EscapeXmlAttribute(name) +
            "\">\n      " + Origin(X_LuS) + "\n      <geometry>" + *geometry +
            "</geometry>\n";
    if (visual) {
      XmlElement diffuse = Descend(node, {"material", "diffuse"});
      std::optional<std::vector<double>> rgba;
      if (diffuse) {
        rgba = ParseDoubles(Text(diffuse), 4);
        if (!rgba) {
          rgba = ParseDoubles(Text(diffuse), 3);
          if (rgba) rgba->push_back(1.0);
        }
      }
      const std::optional<std::string> texture = MaterialTexture(node);
      if (rgba || texture) {
        *out += "      <material name=\"" +
                EscapeXmlAttribute(UrdfMaterialName(node).value_or(LocalName(id))) + "\">";
        if (rgba) {
          *out += "<color rgba=\"" + FormatNumber((*rgba)[0]) + " " + FormatNumber((*rgba)[1]) +
                  " " + FormatNumber((*rgba)[2]) + " " + FormatNumber((*rgba)[3]) + "\"/>";
        }
        if (texture) {
          *out += "<texture filename=\"" + EscapeXmlAttribute(MeshUri(*texture)) + "\"/>";
        }
        *out += "</material>\n";
      }
    }
    *out += std::string("    </") + tag + ">\n";
  }

  std::optional<std::string> Geometry(ElementId id, XmlElement node) {
    XmlElement geometry = FirstChildElement(node, "geometry");
    XmlElement shape = geometry ? FirstChildElement(geometry) : XmlElement();
    const std::string kind(shape ? Tag(shape) : "");
    const auto bad = [&](const std::string& why) -> std::optional<std::string> {
      const std::string message = Quoted(doc_.at(id).name) + ": " + why;
      if (options_.unsupported_geometry == UrdfUnsupportedGeometry::kRefuse) {
        Refuse(id, message);
      } else {
        Warn(id, message + "; left out");
      }
      return std::nullopt;
    };
    if (kind == "box") {
      XmlElement size = FirstChildElement(shape, "size");
      auto v = size ? ParseDoubles(Text(size), 3) : std::nullopt;
      if (!v) return bad("box without a readable <size>");
      return "<box size=\"" + FormatVector({(*v)[0], (*v)[1], (*v)[2]}) + "\"/>";
    }
    if (kind == "sphere") {
      auto radius = DoubleAt(shape, {"radius"});
      if (!radius) return bad("sphere without a readable <radius>");
      return "<sphere radius=\"" + FormatNumber(*radius) + "\"/>";
    }
    if (kind == "cylinder") {
      auto radius = DoubleAt(shape, {"radius"});
      auto length = DoubleAt(shape, {"length"});
      if (!radius || !length) return bad("cylinder without radius or length");
      return "<cylinder radius=\"" + FormatNumber(*radius) + "\" length=\"" +
             FormatNumber(*length) + "\"/>";
    }
    if (kind == "mesh") {
      XmlElement uri = FirstChildElement(shape, "uri");
      if (!uri) return bad("mesh without <uri>");
      std::string text(TrimWhitespace(Text(uri)));
      std::string mesh = "<mesh filename=\"" + EscapeXmlAttribute(MeshUri(text)) + "\"";
      if (XmlElement scale = FirstChildElement(shape, "scale")) {
        auto v = ParseDoubles(Text(scale), 3);
        if (v) mesh += " scale=\"" + FormatVector({(*v)[0], (*v)[1], (*v)[2]}) + "\"";
      }
      if (FirstChildElement(shape, "submesh")) {
        Warn(id, Quoted(doc_.at(id).name) +
                     ": URDF has no <submesh>; the whole mesh is written");
      }
      return mesh + "/>";
    }
    if (kind.empty()) return bad("no geometry");
    return bad("URDF has no " + kind + " geometry");
  }

  std::string MeshUri(const std::string& uri) const {
    static constexpr std::string_view kModel = "model://";
    if (uri.compare(0, kModel.size(), kModel) != 0) return uri;
    const std::string rest = uri.substr(kModel.size());
    switch (options_.mesh_uri) {
      case UrdfMeshUri::kKeep: return uri;
      case UrdfMeshUri::kPackage: return "package://" + rest;
      case UrdfMeshUri::kFile: return "file://" + options_.mesh_root + "/" + rest;
    }
    return uri;
  }

  // An effort or velocity limit as URDF text: the SDF's when enforced;
  // else, when the SDF came from a URDF that wrote a negative one (kept in
  // <urdf:limit>), that text; else `fallback` (docs/urdf_export.md).
  std::string LimitText(const Edge& edge, std::string_view attribute, double sdf,
                        double fallback) const {
    if (IsEnforced(sdf)) return FormatNumber(sdf);
    const std::optional<std::string> kept = ext_->KeptLimit(edge, attribute);
    if (kept && *ParseDouble(TrimWhitespace(*kept)) < 0) return EscapeXmlAttribute(*kept);
    return FormatNumber(fallback);
  }

  // The lower and upper a URDF revolute joint wrote beyond SDFormat's
  // "unbounded" (kept in <urdf:limit>), when the SDF's are unbounded too:
  // the joint stays revolute with them instead of becoming continuous.
  std::optional<std::pair<std::string, std::string>> KeptUnbounded(const Edge& edge) const {
    const auto lower = ext_->KeptLimit(edge, "lower");
    const auto upper = ext_->KeptLimit(edge, "upper");
    if (!lower || !upper || IsBounded(*ParseDouble(TrimWhitespace(*lower))) ||
        IsBounded(*ParseDouble(TrimWhitespace(*upper)))) {
      return std::nullopt;
    }
    return std::pair(EscapeXmlAttribute(*lower), EscapeXmlAttribute(*upper));
  }

  void EmitJoint(const Edge& edge, std::string* out) {
    std::string type = edge.type;
    XmlElement axis_node;
    std::optional<double> damping, friction;
    int version = VersionNumber(doc_.version);
    if (edge.element >= 0) {
      XmlElement node = Xml(edge.element);
      if (node && edge.sdf_axis >= 0) {
        axis_node = FirstChildElement(node, edge.sdf_axis ? "axis2" : "axis");
      }
      damping = DoubleAt(axis_node, {"dynamics", "damping"});
      friction = DoubleAt(axis_node, {"dynamics", "friction"});
      version = versions_[edge.element];
    }
    // The version's defaults (joint_limits.h); URDF has no infinity, so an
    // unbounded limit is written as SDFormat's old sentinel, 1e16.
    const AxisLimits limits = ReadAxisLimits(axis_node, version);
    const double lo = std::max(limits.lower, -kInfiniteLimit);
    const double hi = std::min(limits.upper, kInfiniteLimit);
    std::string lo_text = FormatNumber(lo), hi_text = FormatNumber(hi);
    if (type == "revolute" && !IsBounded(lo) && !IsBounded(hi)) {
      if (const auto kept = KeptUnbounded(edge)) {
        std::tie(lo_text, hi_text) = *kept;
      } else {
        type = "continuous";
      }
    }
    const Node& parent = nodes_[edge.parent];
    *out += "  <joint name=\"" + EscapeXmlAttribute(edge.name) + "\" type=\"" + type +
            "\">\n    " + Origin(JointOrigin(parent, edge)) +
            "\n    <parent link=\"" + EscapeXmlAttribute(parent.name) +
            "\"/>\n    <child link=\"" + EscapeXmlAttribute(nodes_[edge.child].name) +
            "\"/>\n";
    if (type != "fixed" && type != "floating" && type != "planar") {
      const Eigen::Vector3d axis_J = AxisInJointFrame(edge, r_);
      *out += "    <axis xyz=\"" + FormatVector(axis_J) + "\"/>\n";
      const std::string e = LimitText(edge, "effort", limits.effort, options_.default_effort);
      const std::string v =
          LimitText(edge, "velocity", limits.velocity, options_.default_velocity);
      if (type == "continuous") {
        if (auto kept = ext_->KeptContinuousLimit(edge, e, v)) {
          *out += *kept;
        } else if (limits.effort_written || limits.velocity_written) {
          *out += "    <limit effort=\"" + e + "\" velocity=\"" + v + "\"/>\n";
        }
      } else {
        *out += "    <limit lower=\"" + lo_text + "\" upper=\"" + hi_text +
                "\" effort=\"" + e + "\" velocity=\"" + v + "\"/>\n";
      }
      if (damping || friction) {
        *out += "    <dynamics damping=\"" + FormatNumber(damping.value_or(0)) +
                "\" friction=\"" + FormatNumber(friction.value_or(0)) + "\"/>\n";
      }
    }
    // One <mimic> (urdf_mimic.h): the SDF axis's, else a kept <urdf:mimic>.
    const std::string mimic = mimics_->For(edge);
    const std::optional<std::string> kept = ext_->KeptMimic(edge);
    if (!mimic.empty() && kept && *kept != mimic) {
      Warn(edge.element, "joint " + Quoted(edge.name) + ": its <urdf:mimic> (" +
                             std::string(TrimWhitespace(*kept)) +
                             ") is not written; its SDFormat <mimic> is");
    }
    *out += mimic + ext_->JointContent(edge, mimic.empty()) + "  </joint>\n";
  }

  const Document& doc_;
  const FrameGraph& graph_;
  const Resolution& r_;
  const UrdfExportOptions& options_;
  Diagnostics& diags_;
  const XmlSources* sources_;  // null: no XML to read
  std::optional<UrdfExtensions> ext_;  // set once the model is known
  std::optional<SdfMimics> mimics_;    // set once the joints are named
  std::vector<int> versions_;          // ElementVersions(doc_)
  std::vector<std::vector<ElementId>> shapes_;  // per node (AssignShapes)
  ElementId model_ = kNoElement;
  std::vector<bool> in_model_;
  std::vector<int> node_of_;  // ElementId -> node (links only)
  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  std::vector<int> uf_;  // union-find over nodes
  int world_node_ = -1;
  int root_ = -1;
  bool failed_ = false;
};

}  // namespace

std::optional<std::string> WriteUrdf(const Document& doc,
                                     const FrameGraph& graph,
                                     const Resolution& resolution,
                                     const UrdfExportOptions& options,
                                     Diagnostics* diags) {
  if (doc.size() == 0) {
    // An empty root (docs/errors_policy.md): at the file's root element
    // when the XML is at hand.
    SourceLocation at{doc.file, 0, ""};
    if (options.sources != nullptr && options.sources->size() > 0) {
      at = Locate(RootElement(options.sources->tree(0)));
    }
    diags->Error(Code::kUrdfExportUnsupported, at,
                 "the file holds no <world>, <model>, <light> or <actor>: "
                 "no model to export (URDF describes one robot model)");
    return std::nullopt;
  }
  return Writer(doc, graph, resolution, options, diags).Run();
}

}  // namespace sdfconv
