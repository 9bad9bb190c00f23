// Facts of the generated table (schema_table.cc), checked against what the
// sdformat-sdf descriptions (1.2-1.9) and the upstream descriptions the
// deltas follow (1.10-1.12) say.
#include "converters/sdf/schema.h"

#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

// The definition reached from `version`'s root through `path` ("model/link").
const SchemaElement* At(const SchemaVersion& version, const std::string& path) {
  const SchemaElement* e = &version.element(version.root);
  size_t start = 0;
  while (start < path.size()) {
    size_t slash = path.find('/', start);
    if (slash == std::string::npos) slash = path.size();
    const SchemaChild* c =
        FindChild(version, *e, std::string_view(path).substr(start, slash - start));
    if (c == nullptr) return nullptr;
    e = &version.element(c->element);
    start = slash + 1;
  }
  return e;
}

const SchemaChild* ChildAt(const SchemaVersion& version,
                           const std::string& parent, std::string_view name) {
  const SchemaElement* p = At(version, parent);
  return p == nullptr ? nullptr : FindChild(version, *p, name);
}

TEST(Schema, EveryVersionSdfconvReads) {
  for (const char* v : {"1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8", "1.9",
                        "1.10", "1.11", "1.12"}) {
    const SchemaVersion* schema = FindSchemaVersion(v);
    ASSERT_NE(schema, nullptr) << v;
    EXPECT_STREQ(schema->version, v);
    EXPECT_GT(schema->element_count, 200u) << v;
  }
  EXPECT_EQ(FindSchemaVersion("1.0"), nullptr);
  EXPECT_EQ(FindSchemaVersion("1.13"), nullptr);
  EXPECT_EQ(FindSchemaVersion("1.1"), nullptr);
  EXPECT_EQ(FindSchemaVersion(""), nullptr);
}

TEST(Schema, RootAndItsVersionAttribute) {
  const SchemaVersion& v18 = *FindSchemaVersion("1.8");
  const SchemaElement& sdf = v18.element(v18.root);
  EXPECT_STREQ(sdf.name, "sdf");
  const SchemaAttribute* version = FindAttribute(v18, sdf, "version");
  ASSERT_NE(version, nullptr);
  EXPECT_TRUE(version->required);
  EXPECT_EQ(version->type, ValueType::kString);
  // 1.2's root is <gazebo> (gazebo.sdf).
  const SchemaVersion& v12 = *FindSchemaVersion("1.2");
  EXPECT_STREQ(v12.element(v12.root).name, "gazebo");
}

TEST(Schema, RecursiveDefinitionsShareOneIndex) {
  const SchemaVersion& v = *FindSchemaVersion("1.8");
  const SchemaChild* model = ChildAt(v, "", "model");
  ASSERT_NE(model, nullptr);
  const SchemaChild* nested = ChildAt(v, "model", "model");
  ASSERT_NE(nested, nullptr);
  EXPECT_EQ(nested->element, model->element);
  EXPECT_EQ(nested->occurrence, Occurrence::kAny);
  // Deep paths stay inside the table.
  EXPECT_NE(At(v, "model/model/model/link/visual/material/ambient"), nullptr);
  // 1.4 has no nested models (docs/legacy.md).
  EXPECT_EQ(ChildAt(*FindSchemaVersion("1.4"), "model", "model"), nullptr);
}

TEST(Schema, ValueTypesDefaultsAndBounds) {
  const SchemaVersion& v = *FindSchemaVersion("1.8");
  const SchemaElement* ambient = At(v, "model/link/visual/material/ambient");
  ASSERT_NE(ambient, nullptr);
  EXPECT_EQ(ambient->type, ValueType::kColor);
  EXPECT_STREQ(ambient->default_value, "0 0 0 1");
  EXPECT_EQ(At(v, "model/link/pose")->type, ValueType::kPose);
  EXPECT_EQ(At(v, "model/static")->type, ValueType::kBool);
  EXPECT_EQ(At(v, "world/gravity")->type, ValueType::kVector3);
  EXPECT_EQ(At(v, "model/link/sensor/camera/image/width")->type,
            ValueType::kInt);
  EXPECT_EQ(At(v, "model/link/collision/surface/contact/collide_bitmask")->type,
            ValueType::kUnsignedInt);
  EXPECT_EQ(At(v, "model/link/collision/geometry/plane/size")->type,
            ValueType::kVector2d);
  EXPECT_EQ(At(v, "world/state/sim_time")->type, ValueType::kTime);
  EXPECT_EQ(At(v, "model/link/visual/material/render_order")->type,
            ValueType::kFloat);
  const SchemaElement* fov = At(v, "model/link/sensor/camera/horizontal_fov");
  ASSERT_NE(fov, nullptr);
  EXPECT_STREQ(fov->min, "0.1");
  EXPECT_STREQ(fov->max, "6.283186");
  EXPECT_EQ(At(v, "model/link")->type, ValueType::kNone);
  EXPECT_EQ(At(v, "model/link")->default_value, nullptr);
}

TEST(Schema, OccurrencesAndPlaceholders) {
  const SchemaVersion& v = *FindSchemaVersion("1.8");
  const SchemaChild* parent = ChildAt(v, "model/joint", "parent");
  ASSERT_NE(parent, nullptr);
  EXPECT_EQ(parent->occurrence, Occurrence::kRequired);
  EXPECT_STREQ(v.element(parent->element).default_value, "__default__");
  EXPECT_EQ(ChildAt(v, "model/link/visual/material/script", "uri")->occurrence,
            Occurrence::kOneOrMore);
  EXPECT_EQ(ChildAt(v, "model", "link")->occurrence, Occurrence::kAny);
  EXPECT_EQ(ChildAt(*FindSchemaVersion("1.4"), "model", "link")->occurrence,
            Occurrence::kOneOrMore);
  EXPECT_EQ(ChildAt(v, "model/joint/axis", "initial_position")->occurrence,
            Occurrence::kDeprecated);
  // noise.sdf says required="1"; imu.sdf includes it with required="0".
  EXPECT_EQ(ChildAt(v, "model/link/sensor/imu/angular_velocity/x", "noise")
                ->occurrence,
            Occurrence::kOptional);
  const SchemaElement* link = At(v, "model/link");
  const SchemaAttribute* name = FindAttribute(v, *link, "name");
  ASSERT_NE(name, nullptr);
  EXPECT_TRUE(name->required);
  EXPECT_EQ(FindAttribute(v, *link, "nope"), nullptr);
}

TEST(Schema, CopyDataLeavesChildrenFree) {
  const SchemaVersion& v = *FindSchemaVersion("1.8");
  const SchemaElement* plugin = At(v, "model/plugin");
  ASSERT_NE(plugin, nullptr);
  EXPECT_TRUE(plugin->copy_data);
  EXPECT_FALSE(At(v, "model")->copy_data);
}

TEST(Schema, BoundsOfOldVersionsRelaxedAsLaterVersionsDid) {
  // 1.2's description bounds friction mu to [0, 1]; 1.8 only to >= 0.
  const SchemaElement* mu =
      At(*FindSchemaVersion("1.2"), "model/link/collision/surface/friction/ode/mu");
  ASSERT_NE(mu, nullptr);
  EXPECT_STREQ(mu->min, "0.0");
  EXPECT_EQ(mu->max, nullptr);
  // 1.4's camera clip <far> at least 10; 1.8's at least 0.1.
  const SchemaElement* far =
      At(*FindSchemaVersion("1.4"), "model/link/sensor/camera/clip/far");
  ASSERT_NE(far, nullptr);
  EXPECT_STREQ(far->min, "0.1");
}

TEST(Schema, NavsatIsNotInstalledForOneSevenToOneNine) {
  // Debian's sdformat-sdf 12.3 lacks 1.7/navsat.sdf to 1.9/navsat.sdf,
  // which sensor.sdf includes (schema_gen leaves the include out; 1.9's is
  // checked with the other 1.9 facts below, 1.10's has it).
  EXPECT_EQ(ChildAt(*FindSchemaVersion("1.8"), "model/link/sensor", "navsat"),
            nullptr);
  EXPECT_NE(ChildAt(*FindSchemaVersion("1.8"), "model/link/sensor", "gps"),
            nullptr);
}

// 1.9 comes from Debian's descriptions; 1.10-1.12 from the deltas
// (schema_gen/deltas, docs/schema_deltas.md).
const SchemaVersion& V(const char* version) {
  const SchemaVersion* v = FindSchemaVersion(version);
  EXPECT_NE(v, nullptr) << version;
  return *v;
}

TEST(Schema, OneNineFromDebian) {
  const SchemaVersion& v = V("1.9");
  EXPECT_STREQ(FindAttribute(v, v.element(v.root), "version")->default_value,
               "1.9");
  // Merge-include of a model into a model is 1.9's; into a world 1.10's.
  ASSERT_NE(At(v, "model/include"), nullptr);
  EXPECT_NE(FindAttribute(v, *At(v, "model/include"), "merge"), nullptr);
  EXPECT_EQ(FindAttribute(v, *At(v, "world/include"), "merge"), nullptr);
  EXPECT_EQ(FindAttribute(V("1.8"), *At(V("1.8"), "model/include"), "merge"),
            nullptr);
  const SchemaAttribute* format =
      FindAttribute(v, *At(v, "model/pose"), "rotation_format");
  ASSERT_NE(format, nullptr);
  EXPECT_STREQ(format->default_value, "euler_rpy");
  EXPECT_EQ(ChildAt(v, "world", "joint"), nullptr);
  EXPECT_STREQ(At(v, "model/joint/axis/limit/lower")->default_value, "-1e16");
  // Debian's sdformat-sdf 12.3 lacks 1.9's navsat.sdf too.
  EXPECT_EQ(ChildAt(v, "model/link/sensor", "navsat"), nullptr);
}

TEST(Schema, OneTenWorldJointsMergeAndLimits) {
  const SchemaVersion& v = V("1.10");
  EXPECT_STREQ(FindAttribute(v, v.element(v.root), "version")->default_value,
               "1.10");
  const SchemaChild* world_joint = ChildAt(v, "world", "joint");
  ASSERT_NE(world_joint, nullptr);
  EXPECT_EQ(world_joint->element, ChildAt(v, "model", "joint")->element);
  EXPECT_EQ(world_joint->occurrence, Occurrence::kAny);
  EXPECT_NE(FindAttribute(v, *At(v, "world/include"), "merge"), nullptr);
  for (const char* axis : {"model/joint/axis/limit/", "world/joint/axis2/limit/"}) {
    const std::string limit = axis;
    EXPECT_STREQ(At(v, limit + "lower")->default_value, "-inf");
    EXPECT_STREQ(At(v, limit + "upper")->default_value, "inf");
    EXPECT_STREQ(At(v, limit + "effort")->default_value, "inf");
    EXPECT_STREQ(At(v, limit + "velocity")->default_value, "inf");
  }
  EXPECT_EQ(ChildAt(v, "model/joint", "thread_pitch")->occurrence,
            Occurrence::kDeprecated);
  EXPECT_EQ(At(v, "model/joint/screw_thread_pitch")->type, ValueType::kDouble);
  EXPECT_FALSE(FindAttribute(v, *At(v, "model/plugin"), "name")->required);
  EXPECT_TRUE(FindAttribute(V("1.9"), *At(V("1.9"), "model/plugin"), "name")
                  ->required);
  EXPECT_EQ(At(v, "model/link/inertial/fluid_added_mass/xx")->type,
            ValueType::kDouble);
  EXPECT_NE(At(v, "model/link/sensor/air_speed/pressure/noise/stddev"), nullptr);
  EXPECT_NE(At(v, "world/spherical_coordinates/surface_axis_polar"), nullptr);
}

TEST(Schema, OneTenHasWhatLibsdformat12AddedToOneNineAfterDebians) {
  const SchemaVersion& v = V("1.10");
  // navsat.sdf: gps.sdf's content under its own name.
  EXPECT_NE(At(v, "model/link/sensor/navsat/position_sensing/horizontal/noise"),
            nullptr);
  EXPECT_NE(At(v, "model/link/sensor/camera/triggered"), nullptr);
  EXPECT_NE(At(v, "model/link/sensor/camera/lens/projection/p_fx"), nullptr);
  EXPECT_NE(At(v, "world/light/visualize"), nullptr);
  EXPECT_NE(At(v, "model/link/light/light_on"), nullptr);
  EXPECT_NE(At(v, "model/link/visual/material/shininess"), nullptr);
  EXPECT_EQ(At(V("1.9"), "world/light/visualize"), nullptr);
  // The camera's lower HFOV bound is 1.10's only: older versions keep
  // libsdformat 12's (docs/schema_deltas.md).
  EXPECT_STREQ(At(v, "model/link/sensor/camera/horizontal_fov")->min, "0.001");
  EXPECT_STREQ(At(V("1.9"), "model/link/sensor/camera/horizontal_fov")->min,
               "0.1");
}

TEST(Schema, OneElevenMimicAndAutomaticInertia) {
  const SchemaVersion& v = V("1.11");
  const SchemaElement* mimic = At(v, "model/joint/axis/mimic");
  ASSERT_NE(mimic, nullptr);
  const SchemaAttribute* joint = FindAttribute(v, *mimic, "joint");
  ASSERT_NE(joint, nullptr);
  EXPECT_TRUE(joint->required);
  EXPECT_STREQ(FindAttribute(v, *mimic, "axis")->default_value, "axis");
  for (const char* child : {"multiplier", "offset", "reference"}) {
    const SchemaChild* c = FindChild(v, *mimic, child);
    ASSERT_NE(c, nullptr) << child;
    EXPECT_EQ(c->occurrence, Occurrence::kRequired);
    EXPECT_EQ(v.element(c->element).type, ValueType::kDouble);
  }
  EXPECT_EQ(At(v, "world/joint/axis2/mimic"), mimic);
  EXPECT_EQ(At(V("1.10"), "model/joint/axis/mimic"), nullptr);

  EXPECT_NE(FindAttribute(v, *At(v, "model/link/inertial"), "auto"), nullptr);
  EXPECT_STREQ(At(v, "model/link/collision/density")->default_value, "1000.0");
  EXPECT_NE(At(v, "model/link/inertial/auto_inertia_params"), nullptr);
  EXPECT_NE(At(v, "model/link/collision/auto_inertia_params"), nullptr);
  // The cone is in every geometry (geometry.sdf is one definition).
  EXPECT_NE(At(v, "model/link/visual/geometry/cone/radius"), nullptr);
  EXPECT_NE(At(v, "model/link/collision/geometry/cone/length"), nullptr);
  EXPECT_NE(FindAttribute(v, *At(v, "model/link/visual/geometry/mesh"),
                          "optimization"),
            nullptr);
  EXPECT_EQ(At(v, "model/link/collision/geometry/mesh/convex_decomposition/"
                  "max_convex_hulls")
                ->type,
            ValueType::kUnsignedInt);
  EXPECT_NE(FindAttribute(v, *At(v, "model"), "namespace"), nullptr);
  EXPECT_NE(At(v, "model/include/namespace"), nullptr);
  EXPECT_NE(At(v, "world/include/namespace"), nullptr);
}

TEST(Schema, OneTwelveStateNames) {
  const SchemaVersion& v = V("1.12");
  EXPECT_EQ(ChildAt(v, "world/state", "model"), nullptr);
  EXPECT_EQ(ChildAt(v, "world/state", "light"), nullptr);
  ASSERT_NE(ChildAt(v, "world/state", "model_state"), nullptr);
  EXPECT_NE(ChildAt(v, "world/state", "light_state"), nullptr);
  EXPECT_NE(ChildAt(V("1.11"), "world/state", "model"), nullptr);
  // Nested model states are model_state itself.
  EXPECT_EQ(At(v, "world/state/model_state/model_state"),
            At(v, "world/state/model_state"));
  EXPECT_NE(At(v, "world/state/model_state/link_state/collision_state"),
            nullptr);
  EXPECT_EQ(At(v, "world/state/model_state/link_state/force")->type,
            ValueType::kVector3);
  EXPECT_EQ(ChildAt(v, "world/state/model_state/link_state", "velocity")
                ->occurrence,
            Occurrence::kDeprecated);
  // joint_state: in model_state and in state, one definition.
  const SchemaElement* joint_state = At(v, "world/state/joint_state");
  ASSERT_NE(joint_state, nullptr);
  EXPECT_EQ(At(v, "world/state/model_state/joint_state"), joint_state);
  EXPECT_EQ(FindChild(v, *joint_state, "angle")->occurrence,
            Occurrence::kDeprecated);
  EXPECT_NE(FindAttribute(v, *At(v, "world/state/joint_state/axis2_state/position"),
                          "degrees"),
            nullptr);
  EXPECT_NE(At(v, "world/state/insertions/joint/axis/mimic"), nullptr);
  EXPECT_EQ(At(v, "model/model_state"), At(v, "world/state/model_state"));
  EXPECT_NE(At(v, "world/include/model_state"), nullptr);
  EXPECT_EQ(At(v, "model/link/sensor/frame_id")->type, ValueType::kString);
  EXPECT_EQ(ChildAt(v, "model/link/sensor/camera", "optical_frame_id")
                ->occurrence,
            Occurrence::kDeprecated);
}

TEST(Schema, ValueTypeNamesAreTheDescriptionsSpelling) {
  EXPECT_EQ(ValueTypeName(ValueType::kUnsignedInt), "unsigned int");
  EXPECT_EQ(ValueTypeName(ValueType::kVector2d), "vector2d");
  EXPECT_EQ(ValueTypeName(ValueType::kNone), "");
}

}  // namespace
}  // namespace sdfconv
