import {
  DEFAULT_GOLD_RATE_RUPEES_PER_GRAM,
  MAX_GOLD_RATE_RUPEES_PER_GRAM,
  type GoldRateEvent,
} from '@goldledger/contracts';
import { DomainError, type Decider } from '../platform/decider.js';
import { evolveGoldRate, initialGoldRateState, type GoldRateState } from './gold-rate.state.js';

export const GOLD_RATE_POLICY = {
  defaultPaisePerGram: DEFAULT_GOLD_RATE_RUPEES_PER_GRAM * 100,
  maxPaisePerGram: MAX_GOLD_RATE_RUPEES_PER_GRAM * 100,
} as const;

export type GoldRateCommand = { type: 'UpdateGoldRate'; ratePaisePerGram: number };

/** The rate in effect: the last one set, or the default. */
export const effectiveRatePaise = (state: GoldRateState): number =>
  state.ratePaisePerGram ?? GOLD_RATE_POLICY.defaultPaisePerGram;

export function decideGoldRate(command: GoldRateCommand, state: GoldRateState): GoldRateEvent[] {
  switch (command.type) {
    case 'UpdateGoldRate': {
      const rate = command.ratePaisePerGram;
      if (!Number.isSafeInteger(rate) || rate <= 0) {
        throw new DomainError('Gold rate must be a positive number', 'gold_rate_invalid');
      }
      if (rate > GOLD_RATE_POLICY.maxPaisePerGram) {
        throw new DomainError('Gold rate must be at most ₹1,00,000 per gram', 'gold_rate_too_high');
      }
      // Setting the rate already in effect changes nothing, so nothing is recorded.
      if (state.ratePaisePerGram === rate) return [];
      return [
        {
          type: 'GoldRateUpdated',
          data: { ratePaisePerGram: rate, previousRatePaisePerGram: effectiveRatePaise(state) },
        },
      ];
    }
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export const goldRateDecider: Decider<GoldRateCommand, GoldRateEvent, GoldRateState> = {
  initialState: initialGoldRateState,
  evolve: evolveGoldRate,
  decide: decideGoldRate,
};

/** One stream holds the setting's whole history. */
export const GOLD_RATE_STREAM_ID = 'settings-gold-rate';
export const SETTINGS_STREAM_TYPE = 'settings';
