import { BrowserRouter } from 'react-router-dom';
import { AppRoutes, preloadRoute } from './router';

// The first page's code starts loading with the app, alongside the session check.
preloadRoute(window.location.pathname);

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
