import {
  businessDate,
  DeclareHolidayRequest,
  ErrorResponse,
  formatBusinessDate,
  holidayOn,
  HolidayListQuery,
  HolidayListResponse,
  HolidaySavedResponse,
  WithdrawHolidayRequest,
} from '@goldledger/contracts';
import { sessionOf, STAFF_READERS } from '../identity/access.plugin.js';
import type { App } from '../platform/http/app.js';
import { metadataOf } from '../platform/http/metadata.js';
import type { SliceDeps } from '../slice-deps.js';
import { executeHolidayCommand } from './holiday-commands.js';
import { whereKept } from './holiday.decider.js';
import { holidayItem, listHolidays } from './holiday.queries.js';

const ADMIN = ['admin'] as const;

/**
 * The holiday calendars: staff and auditors read them (a due date's grace depends on them);
 * admins declare a national or a state holiday and withdraw one.
 */
export function registerHolidayRoutes(app: App, deps: Pick<SliceDeps, 'store' | 'db' | 'clock'>): void {
  const today = () => businessDate(deps.clock.now());
  const actor = (request: Parameters<typeof sessionOf>[0]) => {
    const session = sessionOf(request);
    return { id: session.userId, name: session.name };
  };

  app.get(
    '/api/admin/holidays',
    {
      config: { access: STAFF_READERS },
      schema: { querystring: HolidayListQuery, response: { 200: HolidayListResponse } },
    },
    async (request) => listHolidays(deps, request.query, today()),
  );

  app.post(
    '/api/admin/holidays',
    {
      config: { access: ADMIN },
      schema: {
        body: DeclareHolidayRequest,
        response: { 201: HolidaySavedResponse, 400: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { date, name, scope } = request.body;
      const calendar = await executeHolidayCommand(
        deps,
        { type: 'DeclareHoliday', date, name, scope, by: actor(request) },
        metadataOf(request),
      );
      const declared = holidayOn(calendar, scope, date)!;
      return reply.status(201).send({
        message: `${formatBusinessDate(date)} is now ${whereKept(scope)}: ${declared.name}`,
        data: holidayItem(declared, today()),
      });
    },
  );

  app.post(
    '/api/admin/holidays/withdraw',
    {
      config: { access: ADMIN },
      schema: {
        body: WithdrawHolidayRequest,
        response: { 200: HolidaySavedResponse, 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { date, scope, reason } = request.body;
      await executeHolidayCommand(
        deps,
        { type: 'WithdrawHoliday', date, scope, reason, by: actor(request) },
        metadataOf(request),
      );
      return {
        message: `${formatBusinessDate(date)} is no longer ${whereKept(scope)}: it is a working day there again`,
        data: null,
      };
    },
  );
}
