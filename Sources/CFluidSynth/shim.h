// FluidSynth, the SoundFont synthesizer (Debian: libfluidsynth-dev), and GLib, whose log handler
// catches what FluidSynth's loaders log through it (Debian: libglib2.0-dev).
#include <fluidsynth.h>
#include <glib.h>
