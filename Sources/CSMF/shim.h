// libsmf, the Standard MIDI File reader (Debian: libsmf-dev).
#include <smf.h>
