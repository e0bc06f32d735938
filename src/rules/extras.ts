// News and video columns (SPEC section 5), checked and written by the engine: few rows carry them,
// so they stay off the core's hot path. Children are written in the order of Google's documentation.

import { Code } from '../core/code.ts';
import { NEWS_FIELDS, VIDEO_FIELDS } from '../input/detect.ts';
import { LocFix, Namespace } from '../core/status.ts';
import { isLanguage, isRegion } from './hreflang.ts';
import { resolveAnyUrl, urlFixes } from './slow-url.ts';
import { cleanText, escapeXml } from './xml-text.ts';
import type { NewsField, Role, VideoField } from '../types.ts';

export interface ExtraColumns {
  news: Map<NewsField, number>;
  video: Map<VideoField, number>;
}

export function extraColumns(roles: Role[]): ExtraColumns {
  const news = new Map<NewsField, number>();
  const video = new Map<VideoField, number>();
  roles.forEach((role, col) => {
    if (role.startsWith('news:')) news.set(role.slice(5) as NewsField, col);
    else if (role.startsWith('video:')) video.set(role.slice(6) as VideoField, col);
  });
  return { news, video };
}

export interface DateResult {
  written: string;
  epoch: number;
}

/** What the checks need from the row and the engine. */
export interface RowContext {
  cell(col: number): string;
  /** The row's written URL. */
  loc: string;
  nowMs: number;
  /** A date by the lastmod rules: its written form, or null when invalid or imprecise. */
  date(text: string): DateResult | null;
  finding(code: Code, col: number, value: string, fixed?: string): void;
}

export interface Extras {
  xml: string;
  namespaces: number;
  news: number;
}

const NEWS_STALE_MS = 2 * 86400000;
/** A publication date more than this after `now` is told as lastmod-future (news and video dates are read as lastmod). */
const FUTURE_MS = 86400000;
const VIDEO_TAGS = 32;

/**
 * Text of a cell with forbidden code points removed (said with `text-invalid-char`), escaped. Line
 * ends are written as LF: what any XML parser reads them as.
 */
function text(ctx: RowContext, col: number, value: string): string {
  const { text: cleaned, changed } = cleanText(value);
  if (changed) ctx.finding(Code.TextInvalidChar, col, value, cleaned);
  return escapeXml(lineEnds(cleaned));
}

/** Line ends as LF: what any XML parser reads them as. */
function lineEnds(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

function news(cols: Map<NewsField, number>, ctx: RowContext): string {
  const values = NEWS_FIELDS.map((f) => (cols.has(f) ? ctx.cell(cols.get(f)!).trim() : ''));
  if (values.every((v) => v === '')) return '';
  const [name, language, date, title] = values;
  /** Each problem with the field it is about: the finding goes in the first one's column. */
  const problems: [NewsField, string][] = [];
  // A name or title of nothing but characters XML forbids is none once they are removed.
  NEWS_FIELDS.forEach((f, i) => (f === 'publication_name' || f === 'title' ? cleanText(values[i]).text.trim() : values[i]) === '' && problems.push([f, `no ${f}`]));
  const lang = language.toLowerCase();
  // Two letters are checked against ISO 639-1; three are taken as ISO 639-2/3, too many to list.
  if (language && !(/^(zh-cn|zh-tw|[a-z]{3})$/.test(lang) || isLanguage(lang))) problems.push(['publication_language', `publication_language ${language} is not an ISO 639 code`]);
  const parsed = date ? ctx.date(date) : null;
  if (date && !parsed) problems.push(['publication_date', `publication_date ${date} is not a date`]);
  if (problems.length) {
    problems.sort((a, b) => NEWS_FIELDS.indexOf(a[0]) - NEWS_FIELDS.indexOf(b[0]));
    ctx.finding(Code.NewsIncomplete, cols.get(problems[0][0]) ?? [...cols.values()][0], problems.map((p) => p[1]).join('; '));
    return '';
  }
  if (lang !== language) ctx.finding(Code.HreflangNormalized, cols.get('publication_language')!, language, lang);
  const dateCol = cols.get('publication_date')!;
  if (parsed!.written !== date) ctx.finding(Code.LastmodNormalized, dateCol, date, parsed!.written);
  if (parsed!.epoch < ctx.nowMs - NEWS_STALE_MS) ctx.finding(Code.NewsStale, dateCol, date);
  if (parsed!.epoch > ctx.nowMs + FUTURE_MS) ctx.finding(Code.LastmodFuture, dateCol, date);
  // Genres and keywords are optional: written where the schema places them when the row has them.
  const optional = (f: NewsField) => {
    const value = cols.has(f) ? ctx.cell(cols.get(f)!).trim() : '';
    const cleaned = value && text(ctx, cols.get(f)!, value);
    return cleaned.trim() ? `<news:${f}>${cleaned}</news:${f}>` : '';
  };
  return (
    `<news:news><news:publication><news:name>${text(ctx, cols.get('publication_name')!, name)}</news:name>` +
    `<news:language>${lang}</news:language></news:publication>` +
    optional('genres') +
    `<news:publication_date>${parsed!.written}</news:publication_date>` +
    `<news:title>${text(ctx, cols.get('title')!, title)}</news:title>` +
    optional('keywords') +
    '</news:news>'
  );
}

/** A yes/no field: exactly `yes` or `no`. */
const YES_NO = /^(yes|no)$/;

/** A row's video cells: a field's trimmed value, its column, and the finding that refuses it. */
interface VideoCells {
  ctx: RowContext;
  get(f: VideoField): string;
  col(f: VideoField): number;
  invalid(f: VideoField, why: string): void;
}

/** The video's URLs, written; null when a required field is bad (each said), which drops the video. */
interface VideoUrls {
  thumbnail: string;
  content: string | null;
  player: string | null;
}

function video(cols: Map<VideoField, number>, ctx: RowContext): string {
  const get = (f: VideoField) => (cols.has(f) ? ctx.cell(cols.get(f)!).trim() : '');
  if (VIDEO_FIELDS.every((f) => get(f) === '')) return '';
  const col = (f: VideoField) => cols.get(f) ?? [...cols.values()][0];
  const invalid = (f: VideoField, why: string) => ctx.finding(Code.VideoInvalid, col(f), `${f}: ${why}`);
  const cells: VideoCells = { ctx, get, col, invalid };
  const urls = videoRequired(cells);
  if (!urls) return '';
  return videoElement(cells, cols, urls);
}

function videoRequired({ ctx, get, col, invalid }: VideoCells): VideoUrls | null {
  // Required: a bad one drops the video.
  const thumbnail = resolveAnyUrl(get('thumbnail_loc'));
  const title = get('title');
  const description = get('description');
  // content_loc and/or player_loc: a bad one is dropped while the other holds; with neither, the video goes.
  const badLocations: [VideoField, string][] = [];
  const location = (f: VideoField) => {
    if (!get(f)) return null;
    const url = resolveAnyUrl(get(f));
    if (!url) badLocations.push([f, 'not an absolute http(s) URL']);
    else if (url === ctx.loc) badLocations.push([f, 'equals the page URL']);
    else return url;
    return null;
  };
  const content = location('content_loc');
  const player = location('player_loc');
  const required: [VideoField, string][] = [];
  if (!thumbnail) required.push(['thumbnail_loc', get('thumbnail_loc') ? 'not an absolute http(s) URL' : 'missing']);
  // Counted as written: the code points XML forbids removed, line ends as LF. A title or description
  // of nothing but forbidden characters is none.
  const written = (v: string) => lineEnds(cleanText(v).text);
  if (!written(title).trim()) required.push(['title', 'missing']);
  const writtenDescription = written(description);
  if (!writtenDescription.trim()) required.push(['description', 'missing']);
  else if ([...writtenDescription].length > 2048) required.push(['description', 'longer than 2,048 characters']);
  if (!content && !player) required.push(...(badLocations.length ? badLocations : [['content_loc', 'neither content_loc nor player_loc'] as [VideoField, string]]));
  if (required.length) {
    for (const [f, why] of required) invalid(f, why);
    return null;
  }
  for (const [f, why] of badLocations) invalid(f, why);
  // The URLs written, told where they differ from the value given.
  const urls: [VideoField, string | null][] = [['thumbnail_loc', thumbnail], ['content_loc', content], ['player_loc', player]];
  for (const [f, url] of urls) {
    if (!url) continue;
    const fixes = urlFixes(get(f), url);
    if (fixes & LocFix.Fragment) ctx.finding(Code.LocFragment, col(f), get(f), url);
    if (fixes & LocFix.Normalized) ctx.finding(Code.LocNormalized, col(f), get(f), url);
  }
  return { thumbnail: thumbnail!, content, player };
}

/** The video element: the required fields, then each optional one that holds (a bad one drops itself). */
function videoElement({ ctx, get, col, invalid }: VideoCells, cols: Map<VideoField, number>, { thumbnail, content, player }: VideoUrls): string {
  let xml = `<video:video><video:thumbnail_loc>${escapeXml(thumbnail)}</video:thumbnail_loc>`;
  xml += `<video:title>${text(ctx, col('title'), get('title'))}</video:title>`;
  xml += `<video:description>${text(ctx, col('description'), get('description'))}</video:description>`;
  if (content) xml += `<video:content_loc>${escapeXml(content)}</video:content_loc>`;
  if (player) xml += `<video:player_loc>${escapeXml(player)}</video:player_loc>`;
  const duration = get('duration');
  if (duration) {
    if (/^\d+$/.test(duration) && +duration >= 1 && +duration <= 28800) xml += `<video:duration>${duration}</video:duration>`;
    else invalid('duration', `${duration} is not 1 to 28,800 seconds`);
  }
  const date = (f: VideoField) => {
    const v = get(f);
    if (!v) return '';
    const d = ctx.date(v);
    if (d && d.written !== v) ctx.finding(Code.LastmodNormalized, col(f), v, d.written);
    // A video may expire in the future; it is not published there.
    if (d && f === 'publication_date' && d.epoch > ctx.nowMs + FUTURE_MS) ctx.finding(Code.LastmodFuture, col(f), v);
    if (d) return `<video:${f}>${d.written}</video:${f}>`;
    invalid(f, `${v} is not a date`);
    return '';
  };
  xml += date('expiration_date');
  const rating = get('rating');
  if (rating) {
    // xsd:float's forms (an exponent too), written as given.
    if (/^\+?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(rating) && +rating >= 0 && +rating <= 5) xml += `<video:rating>${rating}</video:rating>`;
    else invalid('rating', `${rating} is not from 0.0 to 5.0`);
  }
  const views = get('view_count');
  if (views) {
    if (/^\d+$/.test(views)) xml += `<video:view_count>${views}</video:view_count>`;
    else invalid('view_count', `${views} is not a whole number`);
  }
  xml += date('publication_date');
  const yesNo = (f: VideoField) => {
    const v = get(f);
    if (!v) return '';
    if (YES_NO.test(v)) return `<video:${f}>${v}</video:${f}>`;
    invalid(f, `${v} is not yes or no`);
    return '';
  };
  xml += yesNo('family_friendly');
  const restriction = get('restriction');
  if (restriction) {
    const codes = restriction.split(/\s+/);
    const relationship = get('restriction_relationship');
    if (!codes.every(isRegion)) invalid('restriction', `${restriction} is not ISO 3166 country codes`);
    else if (relationship !== 'allow' && relationship !== 'deny') invalid('restriction_relationship', `${relationship || 'missing'}: must be allow or deny`);
    else xml += `<video:restriction relationship="${relationship}">${codes.join(' ')}</video:restriction>`;
  }
  const platform = get('platform');
  if (platform) {
    const names = platform.split(/\s+/);
    // Without a relationship, the platforms listed are the ones allowed.
    const relationship = get('platform_relationship') || 'allow';
    if (!names.every((p) => p === 'web' || p === 'mobile' || p === 'tv')) invalid('platform', `${platform} is not among web, mobile, tv`);
    else if (relationship !== 'allow' && relationship !== 'deny') invalid('platform_relationship', `${relationship}: must be allow or deny`);
    else xml += `<video:platform relationship="${relationship}">${names.join(' ')}</video:platform>`;
  }
  xml += yesNo('requires_subscription');
  const uploader = get('uploader');
  if (uploader) {
    if ([...uploader].length <= 255) xml += `<video:uploader>${text(ctx, col('uploader'), uploader)}</video:uploader>`;
    else invalid('uploader', 'longer than 255 characters');
  }
  xml += yesNo('live');
  // Split before trimming, as the core splits image and hreflang cells: a `|` with a space on each
  // side, or on its inner side at the cell's edge, parts values; one inside a word is the value's own.
  const tags = (cols.has('tag') ? ctx.cell(cols.get('tag')!) : '')
    .split(/(?<=^|\s)\|(?=\s|$)/)
    .map((t) => t.trim())
    .filter(Boolean);
  if (tags.length > VIDEO_TAGS) invalid('tag', `${tags.length} tags; the first ${VIDEO_TAGS} are kept`);
  for (const tag of tags.slice(0, VIDEO_TAGS)) xml += `<video:tag>${text(ctx, col('tag'), tag)}</video:tag>`;
  return xml + '</video:video>';
}

export function rowExtras(cols: ExtraColumns, ctx: RowContext): Extras {
  const n = cols.news.size ? news(cols.news, ctx) : '';
  const v = cols.video.size ? video(cols.video, ctx) : '';
  return { xml: n + v, namespaces: (n ? Namespace.News : 0) | (v ? Namespace.Video : 0), news: n ? 1 : 0 };
}
