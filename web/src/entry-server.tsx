import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes, loadRoute } from '@/app/router';
import { paths } from '@/config/paths';

/**
 * The public pages written to HTML at build (web/build/prerender.ts): a visitor sees a
 * page's content before any script runs, and main.tsx hydrates it. Pages that show a
 * visitor's own data or forms that need the session stay client-rendered.
 */
export const PRERENDERED_PATHS = [
  paths.home,
  paths.about,
  paths.services,
  paths.goldLoan,
  paths.goldPurchase,
  paths.bankBuyBack,
  paths.otherLoans,
  paths.interestRates,
  paths.payments,
  paths.location,
  paths.contact,
  paths.loanEligibility,
  paths.applyLoan,
  paths.register,
] as const;

/**
 * The page at `pathname` as HTML: its code loaded first, so nothing suspends, and every
 * boundary inline (no size limit), so React writes no inline script to reveal one later
 * (the Content-Security-Policy allows none).
 */
export async function renderPage(pathname: string): Promise<string> {
  await loadRoute(pathname);
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={pathname}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (/<script/i.test(html)) throw new Error(`prerendering ${pathname}: React wrote an inline script`);
  return html;
}
