// The admin routes after '#' (App.tsx). A path opened without it (a bookmark, a typed /administrador) reaches
// index.html too (the server answers it for any page path): it becomes the same place under the hash.

/** The address to show instead of `location`, or undefined when it is already a hash route. */
export function hashAddress({ pathname, search, hash }: Pick<Location, 'pathname' | 'search' | 'hash'>): string | undefined {
  if (pathname === '/' || pathname === '/index.html') return undefined;
  return hash ? `/${hash}` : `/#${pathname}${search}`;
}
