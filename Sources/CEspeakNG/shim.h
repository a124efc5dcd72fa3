// eSpeak NG, the speech synthesizer (Debian: libespeak-ng-dev).
#include <espeak-ng/speak_lib.h>
