// GNU Nettle from Debian's nettle-dev: AES-256-GCM for keygen.sh's encrypted license and machine
// files (aes-256-gcm+ed25519). Nettle runs on every CPU (AES-NI where there is one); libsodium's
// AES-256-GCM needs AES-NI on x86 and is missing on ARM in Debian's 1.0.18.
#include <nettle/gcm.h>
#include <nettle/memops.h>
