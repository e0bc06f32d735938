// Excel dates: a date cell holds a serial number (days since the workbook's epoch, the time of day as
// the fraction), and only its number format says it is a date. Sitemaps want ISO 8601, so such a
// cell is written as `2026-11-01`, or `2026-11-01T10:30:00` when it has a time of day.

/**
 * Built-in number formats that show dates or times (ECMA-376 Part 1, 18.8.30): 14–22 and 45–47, and
 * 27–36 and 50–58, which every East Asian locale gives to its own date and time formats.
 */
const BUILT_IN = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

export function isBuiltInDateFormat(id: number): boolean {
  return BUILT_IN.has(id);
}

/**
 * A format code that shows a date or a time: a d, m, y, h or s outside quoted text, brackets
 * (`[Red]`, `[$-409]`, `[h]`), escaped characters and the spacing and fill directives (`_x`, `*x`).
 */
export function isDateFormatCode(code: string): boolean {
  return /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\.|[_*]./g, ''));
}

/** The last day Excel can show, 9999-12-31, in the 1900 system. */
const LAST_SERIAL = 2958466;
const DAY_MS = 86400000;

/**
 * A serial number as an ISO date or date-time; null when it is no date Excel can show (negative,
 * past 9999). A serial below 1 is a time of day alone (`10:30:00`), as Excel keeps times. The 1900 system counts a
 * 29 February 1900 that never was (serial 60, kept as Excel shows it); the 1904 system starts at
 * 1904-01-01. Seconds are whole: the fraction is rounded to the millisecond, then cut.
 */
export function serialToIso(serial: number, date1904: boolean): string | null {
  if (!(serial >= 0) || serial >= LAST_SERIAL) return null;
  let days = Math.floor(serial);
  let ms = Math.round((serial - days) * DAY_MS);
  if (ms >= DAY_MS) {
    days++;
    ms -= DAY_MS;
  }
  const seconds = Math.floor(ms / 1000);
  const time = `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
  if (days === 0) return time;
  let date: string;
  if (!date1904 && days === 60) date = '1900-02-29';
  else {
    const epoch = date1904 ? Date.UTC(1904, 0, 1) : days > 60 ? Date.UTC(1899, 11, 30) : Date.UTC(1899, 11, 31);
    date = new Date(epoch + days * DAY_MS).toISOString().slice(0, 10);
  }
  return seconds === 0 ? date : `${date}T${time}`;
}

function pad(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}
