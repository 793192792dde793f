import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Settings are checked before anything renders: a bad VITE_* value stops here with the list of problems.
import '@/config/env';
import '@/styles/global.css';
import { App } from '@/app/app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
