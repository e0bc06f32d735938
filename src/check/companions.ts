// What a bundle of sitemaps carries beside them, Sitemill's own zips included: a robots.txt line, a
// report or manifest (CSV, JSON). Inside an archive these are passed over, by name: read as text
// sitemaps they would be nothing but findings. When nothing else is there, that is said.

export function isCompanion(entryName: string): boolean {
  const base = entryName.slice(entryName.lastIndexOf('/') + 1).toLowerCase();
  return /\.(csv|json)(\.gz)?$/.test(base) || /^robots([-_.].*)?\.txt(\.gz)?$/.test(base);
}

/** The first few names, and how many more. */
export function someNames(names: readonly string[]): string {
  return names.slice(0, 3).join(', ') + (names.length > 3 ? ` and ${names.length - 3} more` : '');
}

/** Why a check found nothing to read, when a zip held only companions. */
export function onlyCompanions(passedOver: readonly string[]): string {
  return `no sitemap was found: ${someNames(passedOver)} ${passedOver.length === 1 ? 'was' : 'were'} passed over, as the CSV, JSON and robots files in a zip are (to check a list of URLs, generate from it)`;
}
