// libebur128, loudness to ITU-R BS.1770 and EBU R128 (Debian: libebur128-dev).
#include <ebur128.h>
