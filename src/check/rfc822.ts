// RSS dates (RFC 822, as RSS 2.0 requires: `Tue, 15 Nov 1994 08:12:31 GMT`, `… +0200`, `… EST`) in the
// form lastmod takes. Only the notation changes: whether the time exists is the row rules' to judge. A
// day the month does not have is left as written, so the finding on it shows what the feed says.

const MONTHS: Record<string, string> = {
  jan: '01', feb: '02', mar: '03', apr: '04', may: '05', jun: '06',
  jul: '07', aug: '08', sep: '09', oct: '10', nov: '11', dec: '12',
};
const ZONES: Record<string, string> = {
  GMT: 'Z', UT: 'Z', UTC: 'Z', Z: 'Z',
  EST: '-05:00', EDT: '-04:00', CST: '-06:00', CDT: '-05:00',
  MST: '-07:00', MDT: '-06:00', PST: '-08:00', PDT: '-07:00',
};
const RFC822 = /^(?:[A-Za-z]{3},?\s*)?(\d{1,2})\s+([A-Za-z]{3})\s+(\d{2}|\d{4})\s+(\d{2}):(\d{2})(?::(\d{2}))?\s*([+-]\d{4}|[A-Za-z]{1,3})?$/;

/** `YYYY-MM-DDThh:mm:ss±hh:mm` for an RFC 822 date-time; undefined when it is not one. */
export function rfc822ToIso(text: string): string | undefined {
  const m = RFC822.exec(text.trim());
  if (!m) return undefined;
  const month = MONTHS[m[2].toLowerCase()];
  if (!month) return undefined;
  // RFC 822's two-digit years; RFC 1123 (what feeds use in practice) has four.
  const year = m[3].length === 2 ? (Number(m[3]) < 50 ? '20' : '19') + m[3] : m[3];
  const zoneText = m[7] ?? 'GMT';
  let zone: string | undefined;
  if (/^[+-]\d{4}$/.test(zoneText)) zone = zoneText === '+0000' || zoneText === '-0000' ? 'Z' : `${zoneText.slice(0, 3)}:${zoneText.slice(3)}`;
  else zone = ZONES[zoneText.toUpperCase()];
  if (!zone) return undefined;
  const day = Number(m[1]);
  if (day < 1 || day > new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate()) return undefined;
  return `${year}-${month}-${m[1].padStart(2, '0')}T${m[4]}:${m[5]}:${m[6] ?? '00'}${zone}`;
}
