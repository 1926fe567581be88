/**
 * Packs text files into a zip archive in memory (archiver v8, imported by
 * the first zip: the service's startup need not load it).
 */

/**
 * A zip of `files` (path inside the archive -> UTF-8 text), in insertion
 * order, every entry dated `date`: the same inputs give the same bytes.
 */
export async function zipFiles(files: Map<string, string>, date: Date): Promise<Buffer> {
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ zlib: { level: 9 } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    archive.on('data', (chunk: Buffer) => chunks.push(chunk));
    archive.on('end', () => resolve(Buffer.concat(chunks)));
    archive.on('error', reject);
    // Warnings are about files on disk (stat failures); every entry here is in memory.
    archive.on('warning', reject);
  });
  for (const [name, text] of files) archive.append(Buffer.from(text, 'utf8'), { name, date });
  await archive.finalize();
  return done;
}
