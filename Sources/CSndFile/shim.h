// libsndfile, which reads WAV, FLAC and other audio files (Debian: libsndfile1-dev).
#include <sndfile.h>
