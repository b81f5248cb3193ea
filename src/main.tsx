import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureHttp } from './api/http';
import { createQueryClient } from './api/query-client';
import { rememberSelection, restoreRememberedSelection } from './auth/remembered-selection';
import { onSignedOutElsewhere } from './auth/session';
import { handleLostSession } from './auth/sign-out';
import { styleNonce } from './config/meta';
import { createAppRouter } from './router';
import './styles.css';

// The radix primitives' scroll lock adds a <style> element while a dialog or menu is open; the page's CSP admits it
// with this nonce only.
const nonce = styleNonce();
if (nonce) setNonce(nonce);

// The signed-in operator's last category and subcategory (a reload, or a new tab) before the first screen renders.
restoreRememberedSelection();
rememberSelection();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// A 401 from any call, or a logout in another tab, ends the session here too.
configureHttp({ onUnauthorized: () => handleLostSession(router, queryClient) });
onSignedOutElsewhere(() => handleLostSession(router, queryClient));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
