import type { Folder } from '../schemas.ts';

/** The folders from the top level down to `id` (the breadcrumb); empty for none or an unknown id. */
export function folderPath(folders: readonly Folder[], id: string | null | undefined): Folder[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const out: Folder[] = [];
  for (let f = id ? byId.get(id) : undefined; f && out.length < 50; f = f.parentId ? byId.get(f.parentId) : undefined)
    out.unshift(f);
  return out;
}
