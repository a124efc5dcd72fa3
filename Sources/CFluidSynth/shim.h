// FluidSynth, the SoundFont synthesizer (Debian: libfluidsynth-dev).
#include <fluidsynth.h>
