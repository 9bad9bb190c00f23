#!/bin/sh
# Writes the synthetic SDFormat 1.8 model files, and the URDF chain, the
# benchmark runs on (POSIX sh + awk only, so it runs on a fresh Debian).
#
#   tools/bench/generate.sh OUTDIR [SIZES...]
#
# Families (N in 100 1000 10000 for arm and nested, 1000 10000 100000 for
# frames, unless families are chosen with e.g. `arm:500 frames:20`):
#   arm_N.sdf     a serial chain of N links and N-1 revolute joints. Each joint
#                 is posed relative_to its parent link with a small offset and
#                 rotation, each child link relative_to its joint; every link
#                 has an inertial, one visual, one collision and one <frame>
#                 attached to it.
#   frames_N.sdf  one link and N frames, each posed relative_to the previous
#                 one (a relative_to chain N deep).
#   nested_N.sdf  N models nested in one another, each with a pose; the
#                 innermost holds the only link.
#   includes_N.sdf  a world with N <include>s (absolute file:// URIs) of one
#                 20-link arm (include_part.sdf, written beside it), each
#                 renamed and posed: composition, where every instance
#                 shares one file.
#   urdfchain_N.urdf  a URDF robot of N links l0..l(N-1), each with an
#                 inertial, and N-1 revolute joints j1..j(N-1), each
#                 placing l(i) on l(i-1) with an origin, an axis and limits
#                 (the chain of issue 15's 10^5-link goal).
# The files are deterministic: the same N always gives the same bytes.
set -eu

if [ $# -lt 1 ]; then
  echo "usage: $0 OUTDIR [arm:N|frames:N|nested:N|includes:N|urdfchain:N]..." >&2
  exit 2
fi
out=$1
shift
mkdir -p "$out"

if [ $# -eq 0 ]; then
  set -- arm:100 arm:1000 arm:10000 \
         frames:1000 frames:10000 frames:100000 \
         nested:100 nested:1000 nested:10000 \
         includes:100 includes:1000
fi

gen_arm() {
  awk -v n="$1" 'BEGIN {
    printf "<?xml version=\"1.0\"?>\n<sdf version=\"1.8\">\n"
    printf "  <model name=\"arm_%d\">\n", n
    for (i = 0; i < n; i++) {
      if (i > 0) {
        # Joint i: between link_(i-1) and link_i, posed in the parent link.
        printf "    <joint name=\"joint_%d\" type=\"revolute\">\n", i
        printf "      <pose relative_to=\"link_%d\">%.4f %.4f %.4f %.4f %.4f %.4f</pose>\n", \
          i - 1, 0.01 * sin(i), 0.005 * cos(i), 0.1, \
          0.05 * sin(0.7 * i), 0.04 * cos(1.3 * i), 0.2 * sin(0.3 * i)
        printf "      <parent>link_%d</parent>\n      <child>link_%d</child>\n", i - 1, i
        axis = (i % 3 == 0) ? "0 0 1" : ((i % 3 == 1) ? "0 1 0" : "1 0 0")
        printf "      <axis>\n        <xyz>%s</xyz>\n", axis
        printf "        <limit><lower>-2.5</lower><upper>2.5</upper><effort>50</effort><velocity>2</velocity></limit>\n"
        printf "        <dynamics><damping>0.1</damping><friction>0.01</friction></dynamics>\n"
        printf "      </axis>\n    </joint>\n"
      }
      printf "    <link name=\"link_%d\">\n", i
      if (i > 0)
        printf "      <pose relative_to=\"joint_%d\">0 0 0.02 0 0 %.4f</pose>\n", i, 0.01 * cos(i)
      printf "      <inertial>\n        <pose>0 0 0.05 0 0 0</pose>\n        <mass>1.2</mass>\n"
      printf "        <inertia><ixx>0.01</ixx><ixy>0</ixy><ixz>0</ixz><iyy>0.01</iyy><iyz>0</iyz><izz>0.005</izz></inertia>\n"
      printf "      </inertial>\n"
      printf "      <visual name=\"visual\">\n        <pose>0 0 0.05 0 0 0</pose>\n"
      printf "        <geometry><cylinder><radius>0.04</radius><length>0.1</length></cylinder></geometry>\n"
      printf "      </visual>\n"
      printf "      <collision name=\"collision\">\n        <pose>0 0 0.05 0 0 0</pose>\n"
      printf "        <geometry><box><size>0.08 0.08 0.1</size></box></geometry>\n"
      printf "      </collision>\n    </link>\n"
      printf "    <frame name=\"link_%d_tip\" attached_to=\"link_%d\">\n", i, i
      printf "      <pose>0.02 0 0.1 0 0.1 0</pose>\n    </frame>\n"
    }
    printf "  </model>\n</sdf>\n"
  }'
}

gen_frames() {
  awk -v n="$1" 'BEGIN {
    printf "<?xml version=\"1.0\"?>\n<sdf version=\"1.8\">\n"
    printf "  <model name=\"frames_%d\">\n", n
    printf "    <link name=\"base\"/>\n"
    for (i = 1; i <= n; i++) {
      rel = (i == 1) ? "base" : sprintf("f_%d", i - 1)
      printf "    <frame name=\"f_%d\">\n", i
      printf "      <pose relative_to=\"%s\">0.001 0.0005 0 0 0 0.001</pose>\n", rel
      printf "    </frame>\n"
    }
    printf "  </model>\n</sdf>\n"
  }'
}

gen_nested() {
  awk -v n="$1" 'BEGIN {
    printf "<?xml version=\"1.0\"?>\n<sdf version=\"1.8\">\n"
    for (i = 1; i <= n; i++) {
      printf "<model name=\"m_%d\">\n", i
      printf "<pose>0.01 0 0.001 0 0 0.001</pose>\n"
    }
    printf "<link name=\"link\"/>\n"
    for (i = 1; i <= n; i++) printf "</model>\n"
    printf "</sdf>\n"
  }'
}

gen_includes() {
  part="$(cd "$out" && pwd)/include_part.sdf"
  gen_arm 20 > "$part"
  awk -v n="$1" -v part="$part" 'BEGIN {
    printf "<?xml version=\"1.0\"?>\n<sdf version=\"1.8\">\n"
    printf "<world name=\"includes_%d\">\n", n
    for (i = 0; i < n; i++) {
      printf "<include><uri>file://%s</uri><name>r_%d</name>", part, i
      printf "<pose>%d %d 0 0 0 %.4f</pose></include>\n", i % 100, int(i / 100), 0.01 * i
    }
    printf "</world>\n</sdf>\n"
  }'
}

gen_urdfchain() {
  awk -v n="$1" 'BEGIN {
    printf "<?xml version=\"1.0\"?>\n<robot name=\"chain\">\n"
    for (i = 0; i < n; i++) {
      printf "  <link name=\"l%d\">\n    <inertial>\n", i
      printf "      <origin xyz=\"0 0 0.05\" rpy=\"0 0 0\"/>\n"
      printf "      <mass value=\"1\"/>\n"
      printf "      <inertia ixx=\"0.01\" ixy=\"0\" ixz=\"0\" iyy=\"0.01\" iyz=\"0\" izz=\"0.01\"/>\n"
      printf "    </inertial>\n  </link>\n"
      if (i > 0) {
        printf "  <joint name=\"j%d\" type=\"revolute\">\n", i
        printf "    <parent link=\"l%d\"/>\n    <child link=\"l%d\"/>\n", i - 1, i
        printf "    <origin xyz=\"0 0 0.1\" rpy=\"0 0 0.01\"/>\n"
        printf "    <axis xyz=\"0 0 1\"/>\n"
        printf "    <limit lower=\"-1\" upper=\"1\" effort=\"10\" velocity=\"1\"/>\n"
        printf "  </joint>\n"
      }
    }
    printf "</robot>\n"
  }'
}

for spec in "$@"; do
  family=${spec%%:*}
  n=${spec#*:}
  case "$family" in
    arm|frames|nested|includes) ext=sdf ;;
    urdfchain) ext=urdf ;;
    *) echo "$0: unknown family '$family' (arm, frames, nested, includes, urdfchain)" >&2; exit 2 ;;
  esac
  case "$n" in
    ''|*[!0-9]*) echo "$0: bad size in '$spec'" >&2; exit 2 ;;
  esac
  "gen_$family" "$n" > "$out/${family}_$n.$ext"
  echo "$out/${family}_$n.$ext"
done
