#pragma once
// What every headless command (cli/, and the app's `report`) exits with.

namespace arenascope {

inline constexpr int kExitOk = 0; // success, or the model fits
inline constexpr int kExitDoesNotFit = 1; // an arena was given and the model does not fit it (or CI found growth)
inline constexpr int kExitBadInput = 2; // bad usage, an unreadable file, an unknown option

} // namespace arenascope
