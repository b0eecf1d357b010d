// libsodium from Debian's libsodium-dev: Ed25519 (crypto_sign_*) and nothing hand-written.
#include <sodium.h>
