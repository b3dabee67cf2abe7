// How a probe's answer is worded for the non-loopback questions of `run` (app/targetoptions.cpp)
// and the GUI (ui/targetconfirmation.cpp). docs/profile-format.md, "Target".
#pragma once

#include "vault/serverinfo.h"

#include <QString>

namespace vw {

/// What a probe that did not find a usable server says: "not reachable: <reason>" when
/// nothing answered, the reason alone when something answered that is not Vault ("not a
/// Vault/OpenBao server: sys/health answered 404: Not Found": reachable, only not a server
/// the run can use).
inline QString unreachableWords(const ServerInfo &info)
{
    if (info.errorClass == ErrorClass::InvalidResponse)
        return info.errorText;
    return QStringLiteral("not reachable: %1").arg(info.errorText);
}

} // namespace vw
