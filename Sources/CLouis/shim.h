// liblouis, the braille translator (Debian: liblouis-dev; its tables: liblouis-data).
#include <liblouis.h>
