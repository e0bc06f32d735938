// The files of a picked or dropped folder, as `sitemill check <folder>` takes them: the sitemap-like
// files in it and below (names ending in .xml, .txt, .gz, .zip, .rss or .atom, but not robots files
// or hidden ones), in path order with numbers counted as numbers, each named by its path in the folder
// so two sitemap.xml in two subfolders stay apart. A file picked or dropped on its own is always taken.

const byPath = new Intl.Collator('en', { numeric: true }).compare;
const SITEMAP_LIKE = /\.(xml|txt|gz|zip|rss|atom)$/i;

function inFolderScope(path: string): boolean {
  const segments = path.split('/');
  const name = segments[segments.length - 1];
  return !segments.some((s) => s.startsWith('.')) && SITEMAP_LIKE.test(name) && !/^robots/i.test(name);
}

/** The same bytes under another name (a Blob slice of the file: nothing is read or copied). */
function renamed(file: File, name: string): File {
  return name === file.name ? file : new File([file], name, { type: file.type, lastModified: file.lastModified });
}

/** The files of an `<input type=file webkitdirectory>`. */
export function folderInputFiles(files: File[]): File[] {
  return files
    .map((f) => ({ file: f, path: f.webkitRelativePath || f.name }))
    .filter((f) => inFolderScope(f.path))
    .sort((a, b) => byPath(a.path, b.path))
    .map((f) => renamed(f.file, f.path));
}

function readBatch(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function walk(dir: FileSystemDirectoryEntry, out: { path: string; entry: FileSystemFileEntry }[]): Promise<void> {
  const reader = dir.createReader();
  // readEntries gives a batch at a time (100 in Chromium) until it gives none.
  for (let batch = await readBatch(reader); batch.length > 0; batch = await readBatch(reader)) {
    for (const entry of batch) {
      const path = entry.fullPath.replace(/^\//, '');
      if (entry.isDirectory) {
        if (!entry.name.startsWith('.')) await walk(entry as FileSystemDirectoryEntry, out);
      } else if (entry.isFile && inFolderScope(path)) {
        out.push({ path, entry: entry as FileSystemFileEntry });
      }
    }
  }
}

/** What was dropped, taken during the drop event: its items are gone once the event is over. */
export interface Dropped {
  /** The files dropped as files (folders left out). */
  files: File[];
  /** Dropped folders, to read with droppedFiles(). */
  folders: FileSystemDirectoryEntry[];
}

export function takeDrop(data: DataTransfer | null): Dropped {
  const files: File[] = [];
  const folders: FileSystemDirectoryEntry[] = [];
  for (const item of Array.from(data?.items ?? [])) {
    if (item.kind !== 'file') continue;
    const entry = item.webkitGetAsEntry?.() ?? null;
    if (entry?.isDirectory) {
      folders.push(entry as FileSystemDirectoryEntry);
      continue;
    }
    const file = item.getAsFile();
    if (file) files.push(file);
  }
  return { files, folders };
}

/** The dropped files, then the sitemap-like files of each dropped folder, named by their paths. */
export async function droppedFiles(dropped: Dropped): Promise<File[]> {
  const found: { path: string; entry: FileSystemFileEntry }[] = [];
  for (const folder of dropped.folders) await walk(folder, found);
  found.sort((a, b) => byPath(a.path, b.path));
  const inFolders = await Promise.all(found.map(async (f) => renamed(await fileOf(f.entry), f.path)));
  return [...dropped.files, ...inFolders];
}
