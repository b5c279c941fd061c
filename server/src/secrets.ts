// Plugins' small secrets at rest (a camera's password ...): AES-256-GCM (signatures/crypto.ts) under a key of their
// own, stretched from SIGNATURES_KEY with another label than the signatures' (one secret, separate keys). A sealed
// text is 'v1.<key id>.<base64 of iv | tag | ciphertext>', bound by the additional data to the plugin, the complex
// and the caller's label, so a value copied to another row, column, complex or plugin does not open.
import { ApiError, type HostScope, type HostSecrets } from '@conjunto/core';
import { scopeOf } from './host-scope.ts';
import { derivedKey, type SealingKey, seal, unseal } from './signatures/crypto.ts';

export const SECRETS_CONFIG_MESSAGE =
  'El servidor no tiene configurada la clave de cifrado (SIGNATURES_KEY). Contacte con el soporte.';

export interface SecretsService {
  seal(pluginId: string, complexId: string, plain: string, aad: string): string;
  open(pluginId: string, complexId: string, sealed: string, aad: string): string;
}

export function secretsService(secret: string | undefined): SecretsService {
  let key: SealingKey | undefined;
  const keyOf = (): SealingKey => {
    if (!secret) throw new ApiError(503, 'SECRETS_KEY_MISSING', SECRETS_CONFIG_MESSAGE);
    key ??= derivedKey(secret, 'conjunto-plugin-secrets');
    return key;
  };
  const bound = (pluginId: string, complexId: string, aad: string) => `${pluginId}\u0000${complexId}\u0000${aad}`;
  return {
    seal: (pluginId, complexId, plain, aad) => {
      const k = keyOf();
      return `v1.${k.id}.${seal(k, Buffer.from(plain, 'utf8'), bound(pluginId, complexId, aad)).toString('base64')}`;
    },
    open: (pluginId, complexId, sealed, aad) => {
      const k = keyOf();
      const [version, id, body] = sealed.split('.');
      if (version !== 'v1' || !body) throw new Error('secrets: not a sealed value');
      if (id !== k.id) throw new Error('secrets: sealed under another key');
      return unseal(k, Buffer.from(body, 'base64'), bound(pluginId, complexId, aad)).toString('utf8');
    },
  };
}

/** The service bound to one plugin (its id goes into the binding): what `host.secrets` is in its routes. */
export function hostSecrets(service: SecretsService, pluginId: string): HostSecrets {
  const complexOf = (scope: HostScope) => scopeOf(scope, 'secrets').complexId;
  return {
    seal: (scope, plain, aad) => service.seal(pluginId, complexOf(scope), plain, aad),
    open: (scope, sealed, aad) => service.open(pluginId, complexOf(scope), sealed, aad),
  };
}
