/* A stand-in for Windows' bcryptprimitives.dll, for running the Windows build under Wine 8
 * (tools/wine/check.sh). Rust's standard library imports one function from it, ProcessPrng
 * (the system's random bytes, for hash-map seeds); Wine has the DLL from 8.13 (9.0 stable).
 * This one fills the buffer from RtlGenRandom, which Wine 8 has. Not for real Windows. */
#include <windows.h>
#include <ntsecapi.h>

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG chunk = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!RtlGenRandom(data, chunk))
            return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
