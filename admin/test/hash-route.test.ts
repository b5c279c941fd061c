// Paths without '#' (bookmarks, typed addresses) open the same screen under the hash router.
import { describe, expect, it } from 'vitest';
import { hashAddress } from '../src/hashRoute.ts';

const at = (pathname: string, search = '', hash = '') => hashAddress({ pathname, search, hash });

describe('hashAddress', () => {
  it('moves a path into the hash, with its query', () => {
    expect(at('/administrador')).toBe('/#/administrador');
    expect(at('/administrador/ingresos/1', '?a=1')).toBe('/#/administrador/ingresos/1?a=1');
    expect(at('/login')).toBe('/#/login');
  });

  it('leaves hash routes alone and keeps a hash over a stray path', () => {
    expect(at('/')).toBeUndefined();
    expect(at('/', '', '#/administrador')).toBeUndefined();
    expect(at('/index.html', '', '#/superAdmin')).toBeUndefined();
    expect(at('/x', '', '#/administrador')).toBe('/#/administrador');
  });
});
