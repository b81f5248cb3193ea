import { RouterProvider } from '@tanstack/react-router';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureHttp, preloadHttpClient } from './api/http';
import { isSignedIn, onSignedOutElsewhere } from './auth/session';
import { handleLostSession } from './auth/sign-out';
import { styleNonce } from './config/style-nonce';
import { createAppRouter } from './router';
import './styles.css';

// The radix primitives' scroll lock adds a <style> element while a dialog or menu is open; the page's CSP admits it
// with this nonce only.
const nonce = styleNonce();
if (nonce) setNonce(nonce);

// The query cache is created by the dashboard's routes (src/api/query-client.ts): the login route goes without it.
const router = createAppRouter();

// A 401 from any call, or a logout in another tab, ends the session here too.
configureHttp({ onUnauthorized: () => handleLostSession(router) });
onSignedOutElsewhere(() => handleLostSession(router));

// A signed-in page calls the API at once: the HTTP client (ky, kept off the login route) loads beside the route's code.
if (isSignedIn()) preloadHttpClient();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
