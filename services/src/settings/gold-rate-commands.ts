import {
  businessDate,
  type EventMetadata,
  type GoldRateEvent,
  type LendingPolicy,
} from '@goldledger/contracts';
import { inTransactionWithRetries, recordGoldPricesIn } from '../gold-prices/gold-price-commands.js';
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
  options: { maxRetries?: number } = {},
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
      ...options,
    },
  );
}

/**
 * The seeds' rate form (issue 17): the setting changes as it always did, and the rate is
 * recorded as today's closing price of the reference purity (22K) in the gold price
 * register, in the same transaction. A concurrent change runs the whole again.
 */
export function updateGoldRate(
  deps: SettingsDeps,
  ratePaisePerGram: number,
  policy: LendingPolicy,
  metadata: EventMetadata = {},
) {
  return inTransactionWithRetries(deps.store, async (trx) => {
    const inTransaction = { store: trx, clock: deps.clock };
    // No retry inside the transaction: a lost version rolls back and runs everything again.
    const result = await executeGoldRateCommand(
      inTransaction,
      { type: 'UpdateGoldRate', ratePaisePerGram },
      metadata,
      { maxRetries: 0 },
    );
    await recordGoldPricesIn(
      inTransaction,
      [
        {
          date: businessDate(deps.clock.now()),
          purity: policy.goldPrices.referencePurity,
          pricePerGramPaise: ratePaisePerGram,
        },
      ],
      { source: 'gold-rate', importId: null, policy, metadata },
    );
    return result;
  });
}
