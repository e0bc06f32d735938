// What a written URL's name says it is when no content type does: the bytes' side of
// src/rules/asset-names.ts (row-not-page by extension and by name). The core only asks the engine
// about such a row; the engine words the finding. The lists are the same, word for word.

import { equalsLower } from './bytes';

function encodeAll(words: string[]): ArrayBuffer[] {
  const out = new Array<ArrayBuffer>(words.length);
  for (let i = 0; i < words.length; i++) out[i] = String.UTF8.encode(words[i]);
  return out;
}

const EXTENSIONS = encodeAll([
  'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg', 'ico', 'bmp', 'tif', 'tiff', 'heic',
  'css', 'js', 'mjs', 'map', 'woff', 'woff2', 'ttf', 'otf', 'eot',
  'mp3', 'wav', 'ogg', 'oga', 'm4a', 'flac', 'aac', 'mp4', 'm4v', 'webm', 'mov', 'avi', 'mkv', 'ogv',
  'zip', 'gz', 'tgz', 'rar', '7z', 'tar', 'bz2', 'xz',
  'rss', 'atom', 'xml', 'json', 'webmanifest',
]);
const CRAWLER_FILES = encodeAll(['robots.txt', 'ads.txt', 'app-ads.txt', 'humans.txt', 'security.txt', 'llms.txt', 'sellers.json']);
const WELL_KNOWN = String.UTF8.encode('/.well-known/');

function isOneOf(p: usize, n: u32, words: ArrayBuffer[]): bool {
  for (let i = 0; i < words.length; i++) if (equalsLower(p, unchecked(words[i]), n)) return true;
  return false;
}

/** Whether the written URL [url, url+len) names a file that is no page (`.webp`, `robots.txt`, `/.well-known/…`). */
export function namesAsset(url: usize, len: u32): bool {
  const end = url + len;
  // The path starts at the first `/` after `//`; it ends at the query.
  let p = url;
  while (p + 1 < end && !(load<u8>(p) == 0x2f && load<u8>(p + 1) == 0x2f)) p++;
  p += 2;
  while (p < end && load<u8>(p) != 0x2f) p++;
  if (p >= end) return false;
  const path = p;
  let pathEnd = path;
  while (pathEnd < end && load<u8>(pathEnd) != 0x3f) pathEnd++;
  const wk = <usize>WELL_KNOWN.byteLength;
  if (pathEnd - path >= wk && equalsLower(path, WELL_KNOWN, <u32>wk)) return true;
  let name = pathEnd;
  while (name > path && load<u8>(name - 1) != 0x2f) name--;
  if (name == pathEnd) return false;
  if (isOneOf(name, <u32>(pathEnd - name), CRAWLER_FILES)) return true;
  let dot = pathEnd;
  while (dot > name && load<u8>(dot - 1) != 0x2e) dot--;
  // No dot, or a name that starts with its only one (`.htaccess`).
  if (dot <= name + 1) return false;
  return isOneOf(dot, <u32>(pathEnd - dot), EXTENSIONS);
}
