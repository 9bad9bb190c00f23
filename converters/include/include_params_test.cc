#include "converters/include/include_params.h"

#include <gtest/gtest.h>
