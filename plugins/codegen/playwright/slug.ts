/** File names of generated tests. */

/** A file-name slug of a flow name, unique among `taken` (which it joins). */
export function uniqueSlug(name: string, taken: Set<string>): string {
  const base = name.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '') || 'flow';
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}
