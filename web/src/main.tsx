import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@/styles/global.css';
import { App } from '@/app/app';
import { loadRoute } from '@/app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (root.hasChildNodes()) {
  // A public page prerendered at build (entry-server.tsx): its code first, so the page
  // hydrates as it was rendered instead of suspending.
  void loadRoute(window.location.pathname).then(() => hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
}
