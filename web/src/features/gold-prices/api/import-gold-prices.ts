import { ImportGoldPricesResponse } from '@goldledger/contracts';
import { api, type RequestOptions } from '@/lib/api-client';
import { useRefreshAfterPrices } from './record-gold-prices';

/**
 * `POST /api/admin/gold-prices/import` {csv} (admins): the file's text, recorded all or
 * nothing; a bad line is refused with 400 naming it ("Line 5: …").
 */
export function useImportGoldPrices() {
  const refresh = useRefreshAfterPrices();
  return async (csv: string, options?: RequestOptions) => {
    const answer = await api.post(
      '/api/admin/gold-prices/import',
      { csv },
      ImportGoldPricesResponse,
      options,
    );
    await refresh();
    return answer;
  };
}
