// Bounds of older versions, relaxed where a later description relaxed
// them. Build-time only.
//
// Descriptions bound some numbers (`min="0.0" max="1.0"`). A few bounds of
// older versions were relaxed later: friction <mu> and <mu2> at most 1 in
// 1.2 and 1.3 (no maximum from 1.4 on), a camera's <far> clip at least 10
// before 1.6 (0.1 since), its <horizontal_fov> at most pi/2 before 1.5.
// Real files of those versions break the old bounds (gazebo_models'
// ground_plane has mu 100), and libsdformat 12 accepts them: it checks the
// bounds of its newest descriptions after upgrading a file. So each
// version's bound is replaced by the newest version's where that is looser,
// for the element at the same place (same names from the root). A bound
// the newest version added is not applied to older files.
//
//   DescriptionSet set = ReadDescriptions(files);
//   RelaxBoundsToNewest(&set);
#ifndef SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_BOUNDS_H_
#define SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_BOUNDS_H_

#include "converters/sdf/schema_gen/description_reader.h"

namespace sdfconv::schema_gen {

// Relaxes the bounds of every version but the newest of `set` (see the file
// comment). Walks pairs of definitions with a work list; shared and
// recursive definitions are visited once per pair.
void RelaxBoundsToNewest(DescriptionSet* set);

}  // namespace sdfconv::schema_gen

#endif  // SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_BOUNDS_H_
