import type { EventMetadata, GoldRateEvent } from '@goldledger/contracts';
import { handle, type CommandDeps } from '../platform/command-handler.js';
import {
  decideGoldRate,
  GOLD_RATE_STREAM_ID,
  SETTINGS_STREAM_TYPE,
  type GoldRateCommand,
} from './gold-rate.decider.js';
import { evolveGoldRate, initialGoldRateState, type GoldRateState } from './gold-rate.state.js';

export type SettingsDeps = CommandDeps;

/** Load, decide, append; two admins saving at once are serialised by the expected version. */
export function executeGoldRateCommand(
  { store, clock }: SettingsDeps,
  command: GoldRateCommand,
  metadata: EventMetadata = {},
) {
  return handle<GoldRateState>(
    store,
    GOLD_RATE_STREAM_ID,
    ({ state }) => decideGoldRate(command, state).map((e) => ({ ...e, occurredAt: clock.now() })),
    {
      streamType: SETTINGS_STREAM_TYPE,
      initialState: initialGoldRateState,
      evolve: (s, e) => evolveGoldRate(s, e as GoldRateEvent),
      metadata,
    },
  );
}
