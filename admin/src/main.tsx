import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { restoreSession } from './api.ts';
import { hashAddress } from './hashRoute.ts';

// The page's CSP allows only <style> tags carrying this response's nonce (server/src/security-headers.ts):
// emotion (MUI) stamps it on the tags it injects. The attribute reads empty (browsers hide it); the property holds it.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
const styles = createCache({ key: 'css', nonce });

const address = hashAddress(window.location);
if (address) window.history.replaceState(null, '', address);

// The access token lives in memory only: a reload gets a new one from the refresh cookie before the first render.
void restoreSession().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <CacheProvider value={styles}>
        <App />
      </CacheProvider>
    </StrictMode>,
  );
});
