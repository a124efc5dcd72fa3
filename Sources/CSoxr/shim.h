// libsoxr, the SoX resampler library (Debian: libsoxr-dev).
#include <soxr.h>
