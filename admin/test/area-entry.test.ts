// A role area renders nothing of the complex (no menu, no screen, no data call) until the terms are accepted.
import { describe, expect, it } from 'vitest';
import { areaEntry } from '../src/areas/entry.ts';

describe('areaEntry', () => {
  it('shows only the terms dialog to a user who has not accepted them', () => {
    expect(areaEntry({ roles: ['administrador'], legalAccepted: false }, 'administrador')).toBe('terms');
    expect(areaEntry({ roles: ['administrador'], legalAccepted: true }, 'administrador')).toBe('shell');
  });

  it('sends the signed-out to the sign-in and those without the role to /error, terms or not', () => {
    expect(areaEntry(undefined, 'administrador')).toBe('signIn');
    expect(areaEntry({ roles: ['supervisor'], legalAccepted: false }, 'administrador')).toBe('forbidden');
  });
});
