// Header-only module; SwiftPM needs one source file per C target.
#include "malloc_control.h"
