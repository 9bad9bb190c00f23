#include "converters/urdf/urdf_link_content.h"

#include <map>
#include <memory>

#include "converters/urdf/inertia_merge.h"
#include "converters/urdf/urdf_joint_content.h"
#include "converters/urdf/urdf_values.h"

namespace sdfconv {
namespace {

std::string Quote(const std::string& name) { return "'" + name + "'"; }

// The SDF name of a visual or collision (see the header).
std::string ContentName(const ImportContext& ctx, XmlElement element,
                        const std::string& written, const LinkPlan& link,
                        const char* kind, size_t index, NameScope* names) {
  if (written.empty()) {
    std::string generated = link.sdf_name + "_" + kind;
    if (index > 0) generated += "_" + std::to_string(index);
    return names->Claim(generated, kind);
  }
  const bool clash = names->Taken(written);
  const std::string name = names->Claim(written, kind);
  if (name != written) {
    // urdf:name (set by the caller) keeps the URDF name for the export.
    ctx.diags->Warning(
        clash ? Code::kDuplicateName : Code::kReservedName, ctx.At(element),
        std::string(kind) + " " + Quote(written) + " of link " +
            Quote(link.xml ? Attribute(link.xml, "name").value_or("")
                                      : "") +
            (clash ? " has the name of a sibling in the SDF link"
                   : " is not a legal SDFormat 1.8 name") +
            "; renamed " + Quote(name));
  }
  return name;
}

void WritePose(const ImportContext& ctx, XmlElement owner,
               const urdf::Pose& parsed, NodeId node,
               const std::string& relative_to) {
  XmlElement origin = FirstChildElement(owner, "origin");
  if (!origin && relative_to.empty()) return;
  const NodeId pose =
      ctx.tree->AppendValue(node, "pose", OriginText(origin, parsed),
                         ctx.At(origin ? origin : owner));
  if (!relative_to.empty()) {
    ctx.tree->SetAttribute(pose, "relative_to", relative_to);
  }
}

std::string Uri(const ImportContext& ctx, const std::string& filename,
                const SourceLocation& at) {
  return ResolveUri(filename, *ctx.options, at, ctx.unresolved_packages,
                    ctx.diags);
}

void WriteGeometry(const ImportContext& ctx, XmlElement owner,
                   const urdf::Geometry& geometry, NodeId node) {
  XmlElement source = FirstChildElement(owner, "geometry");
  const SourceLocation at = ctx.At(source ? source : owner);
  XmlTree& tree = *ctx.tree;
  const NodeId g = tree.AppendElement(node, "geometry", at);
  switch (geometry.type) {
    case urdf::Geometry::BOX: {
      const auto& box = static_cast<const urdf::Box&>(geometry);
      tree.AppendValue(tree.AppendElement(g, "box", at), "size",
                    FormatNumbers({box.dim.x, box.dim.y, box.dim.z}), at);
      break;
    }
    case urdf::Geometry::SPHERE: {
      const auto& sphere = static_cast<const urdf::Sphere&>(geometry);
      tree.AppendValue(tree.AppendElement(g, "sphere", at), "radius",
                    FormatNumber(sphere.radius), at);
      break;
    }
    case urdf::Geometry::CYLINDER: {
      const auto& cylinder = static_cast<const urdf::Cylinder&>(geometry);
      const NodeId c = tree.AppendElement(g, "cylinder", at);
      tree.AppendValue(c, "radius", FormatNumber(cylinder.radius), at);
      tree.AppendValue(c, "length", FormatNumber(cylinder.length), at);
      break;
    }
    case urdf::Geometry::MESH: {
      const auto& mesh = static_cast<const urdf::Mesh&>(geometry);
      const NodeId m = tree.AppendElement(g, "mesh", at);
      tree.AppendValue(m, "uri", Uri(ctx, mesh.filename, at), at);
      const urdf::Vector3& s = mesh.scale;
      if (s.x != 1 || s.y != 1 || s.z != 1) {
        tree.AppendValue(m, "scale", FormatNumbers({s.x, s.y, s.z}), at);
      }
      break;
    }
  }
}

void WriteMaterial(const ImportContext& ctx, XmlElement visual,
                   const urdf::Material& material, NodeId node) {
  XmlElement source = FirstChildElement(visual, "material");
  const SourceLocation at = ctx.At(source ? source : visual);
  XmlTree& tree = *ctx.tree;
  const NodeId m = tree.AppendElement(node, "material", at);
  if (!material.name.empty()) {
    tree.SetAttribute(m, std::string(kUrdfPrefix) + ":name", material.name);
  }
  const urdf::Color& c = material.color;
  // urdfdom leaves the color at opaque black when only a texture is given.
  const bool texture_only = !material.texture_filename.empty() && c.r == 0 &&
                            c.g == 0 && c.b == 0 && c.a == 1;
  if (!texture_only) {
    const std::string rgba = FormatNumbers({c.r, c.g, c.b, c.a});
    tree.AppendValue(m, "ambient", rgba, at);
    tree.AppendValue(m, "diffuse", rgba, at);
  }
  if (!material.texture_filename.empty()) {
    const NodeId metal =
        tree.AppendElement(tree.AppendElement(m, "pbr", at), "metal", at);
    tree.AppendValue(metal, "albedo_map",
                  Uri(ctx, material.texture_filename, at), at);
  }
}

// X_BF for every frame F of body B: the product of the fixed joints'
// origins from B down to F, each computed once.
std::map<std::string, Eigen::Isometry3d> PosesInBody(
    const UrdfPlan& plan, const std::string& body,
    const std::vector<std::string>& frames) {
  std::map<std::string, Eigen::Isometry3d> X_B;
  X_B[body] = Eigen::Isometry3d::Identity();
  for (const std::string& frame : frames) {
    std::vector<std::string> chain;  // frame, its parent, ... below a known one
    std::string name = frame;
    while (X_B.count(name) == 0 && chain.size() <= plan.links.size()) {
      chain.push_back(name);
      name = plan.links.at(name).link->parent_joint->parent_link_name;
    }
    Eigen::Isometry3d X = X_B.count(name) ? X_B[name]
                                          : Eigen::Isometry3d::Identity();
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      const urdf::Joint& joint = *plan.links.at(*it).link->parent_joint;
      X = X * IsometryFromUrdf(joint.parent_to_joint_origin_transform);
      X_B[*it] = X;
    }
  }
  return X_B;
}

}  // namespace

LinkContent WriteVisualsAndCollisions(const ImportContext& ctx,
                                      const LinkPlan& link, NodeId into,
                                      NameScope* names,
                                      const std::string& relative_to) {
  LinkContent content;
  const urdf::Link& l = *link.link;
  size_t v = 0;
  size_t c = 0;
  for (XmlElement e : ChildElements(link.xml)) {
    const std::string tag(Tag(e));
    if (tag == "visual" && v < l.visual_array.size()) {
      const urdf::Visual& visual = *l.visual_array[v];
      const NodeId node = ctx.tree->AppendElement(into, "visual", ctx.At(e));
      ctx.tree->SetAttribute(
          node, "name",
          ContentName(ctx, e, visual.name, link, "visual", v, names));
      if (!visual.name.empty()) MarkUrdfName(ctx, node, visual.name);
      WritePose(ctx, e, visual.origin, node, relative_to);
      WriteGeometry(ctx, e, *visual.geometry, node);
      if (visual.material) WriteMaterial(ctx, e, *visual.material, node);
      content.visuals.push_back(node);
      ++v;
    } else if (tag == "collision" && c < l.collision_array.size()) {
      const urdf::Collision& collision = *l.collision_array[c];
      const NodeId node = ctx.tree->AppendElement(into, "collision", ctx.At(e));
      ctx.tree->SetAttribute(
          node, "name",
          ContentName(ctx, e, collision.name, link, "collision", c, names));
      if (!collision.name.empty()) MarkUrdfName(ctx, node, collision.name);
      WritePose(ctx, e, collision.origin, node, relative_to);
      WriteGeometry(ctx, e, *collision.geometry, node);
      content.collisions.push_back(node);
      ++c;
    }
  }
  return content;
}

void WriteInertial(const ImportContext& ctx, const LinkPlan& link,
                   NodeId into) {
  if (link.link->inertial == nullptr) return;
  const urdf::Inertial& inertial = *link.link->inertial;
  XmlElement source = FirstChildElement(link.xml, "inertial");
  const SourceLocation at = ctx.At(source);
  // An inertia libsdformat rejects is written as read: the reading of the
  // SDFormat built here says so (UrdfDialect, LINK_INERTIA_INVALID).
  XmlTree& tree = *ctx.tree;
  const NodeId node = tree.AppendElement(into, "inertial", at);
  WritePose(ctx, source, inertial.origin, node, "");
  tree.AppendValue(node, "mass", FormatNumber(inertial.mass), at);
  const NodeId moments = tree.AppendElement(node, "inertia", at);
  const std::pair<const char*, double> values[] = {
      {"ixx", inertial.ixx}, {"ixy", inertial.ixy}, {"ixz", inertial.ixz},
      {"iyy", inertial.iyy}, {"iyz", inertial.iyz}, {"izz", inertial.izz}};
  for (const auto& [tag, value] : values) {
    tree.AppendValue(moments, tag, FormatNumber(value), at);
  }
}

void KeepUnknownLinkChildren(const ImportContext& ctx, const LinkPlan& link,
                             NodeId keep_in) {
  for (XmlElement e : ChildElements(link.xml)) {
    const std::string tag(Tag(e));
    if (tag == "inertial" || tag == "visual" || tag == "collision") continue;
    KeepUnknown(ctx, e, "link", keep_in);
  }
}

void WriteMergedInertial(const ImportContext& ctx,
                         const std::string& urdf_link, NodeId into) {
  const UrdfPlan& plan = *ctx.plan;
  const LinkPlan& body = plan.links.at(urdf_link);
  std::vector<MassProperties> parts;
  if (const auto frames = plan.frames_of.find(urdf_link);
      frames != plan.frames_of.end()) {
    const auto X_B = PosesInBody(plan, urdf_link, frames->second);
    for (const std::string& name : frames->second) {
      const LinkPlan& link = plan.links.at(name);
      if (link.link->inertial == nullptr) continue;
      parts.push_back(InBodyFrame(*link.link->inertial, X_B.at(name)));
    }
  }
  if (parts.empty()) {
    WriteInertial(ctx, body, into);
    return;
  }
  if (body.link->inertial) {
    parts.push_back(
        InBodyFrame(*body.link->inertial, Eigen::Isometry3d::Identity()));
  }
  const MassProperties sum = Combine(parts);
  XmlTree& tree = *ctx.tree;
  const SourceLocation at = ctx.At(body.xml);
  const NodeId node = tree.AppendElement(into, "inertial", at);
  const Eigen::Vector3d& p = sum.p_BoBcm_B;
  tree.AppendValue(node, "pose", FormatNumbers({p.x(), p.y(), p.z(), 0, 0, 0}),
                at);
  tree.AppendValue(node, "mass", FormatNumber(sum.mass), at);
  const NodeId moments = tree.AppendElement(node, "inertia", at);
  const Eigen::Matrix3d& I = sum.I_Bcm_B;
  const std::pair<const char*, double> values[] = {
      {"ixx", I(0, 0)}, {"ixy", I(0, 1)}, {"ixz", I(0, 2)},
      {"iyy", I(1, 1)}, {"iyz", I(1, 2)}, {"izz", I(2, 2)}};
  for (const auto& [tag, value] : values) {
    tree.AppendValue(moments, tag, FormatNumber(value), at);
  }
}

}  // namespace sdfconv
