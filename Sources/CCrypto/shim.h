// OpenSSL's libcrypto, for its message digests (Debian: libssl-dev).
#include <openssl/evp.h>
