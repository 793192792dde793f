import { SmsConfigResponse } from '@goldledger/contracts';
import type { z } from 'zod';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export type SmsConfig = z.infer<typeof SmsConfigResponse>['data'];

const SMS_CONFIG_PATH = '/api/notifications/sms-config';

/** `GET /api/notifications/sms-config`: asked only while the SMS Config modal is open. */
export function useSmsConfig(open: boolean) {
  const { token } = useAuth();
  return useSWR(open && token ? [SMS_CONFIG_PATH, token] : null, ([, t]: [string, string]) =>
    api.get(SMS_CONFIG_PATH, SmsConfigResponse, { token: t }),
  );
}
