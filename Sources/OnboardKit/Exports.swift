// JSON, RFC 3339 dates, safe text, subscription periods and the license format are part of the
// core's interface, as they were before they moved out for the vendor's license tool, which
// must not link the core (its prices bring Foundation's calendars and ICU).
@_exported import OnboardBase
@_exported import OnboardLicense
