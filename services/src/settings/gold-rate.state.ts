import type { GoldRateEvent } from '@goldledger/contracts';

export interface GoldRateState {
  /** Null until an admin sets a rate; the default applies meanwhile. */
  ratePaisePerGram: number | null;
}

export const initialGoldRateState = (): GoldRateState => ({ ratePaisePerGram: null });

export function evolveGoldRate(state: GoldRateState, event: GoldRateEvent): GoldRateState {
  switch (event.type) {
    case 'GoldRateUpdated':
      return { ...state, ratePaisePerGram: event.data.ratePaisePerGram };
    default: {
      const _exhaustive: never = event.type;
      return _exhaustive;
    }
  }
}
