import { describe, it } from 'vitest';
import { DomainError } from '../platform/decider.js';
import { deciderSpec } from '../testing/decider-spec.js';
import { goldRateDecider } from './gold-rate.decider.js';

const spec = deciderSpec(goldRateDecider);
const updated = (ratePaisePerGram: number, previousRatePaisePerGram: number) => ({
  type: 'GoldRateUpdated' as const,
  data: { ratePaisePerGram, previousRatePaisePerGram },
});

describe('the gold rate', () => {
  it('is first set against the default of ₹7,000 a gram', () => {
    spec
      .given([])
      .when({ type: 'UpdateGoldRate', ratePaisePerGram: 725_050 })
      .then([updated(725_050, 700_000)]);
  });

  it('records the rate it replaces', () => {
    spec
      .given([updated(725_000, 700_000), updated(731_000, 725_000)])
      .when({ type: 'UpdateGoldRate', ratePaisePerGram: 690_000 })
      .then([updated(690_000, 731_000)]);
  });

  it('records nothing when set to the rate already in effect', () => {
    spec
      .given([updated(725_000, 700_000)])
      .when({ type: 'UpdateGoldRate', ratePaisePerGram: 725_000 })
      .then([]);
  });

  it('records an explicit ₹7,000 even though it equals the default', () => {
    spec
      .given([])
      .when({ type: 'UpdateGoldRate', ratePaisePerGram: 700_000 })
      .then([updated(700_000, 700_000)]);
  });

  it.each([0, -500, 1.5, Number.NaN])(
    'refuses %s paise with "Gold rate must be a positive number"',
    (rate) => {
      spec
        .given([])
        .when({ type: 'UpdateGoldRate', ratePaisePerGram: rate })
        .thenThrows('Gold rate must be a positive number');
    },
  );

  it('refuses more than ₹1,00,000 a gram', () => {
    spec
      .given([])
      .when({ type: 'UpdateGoldRate', ratePaisePerGram: 10_000_001 })
      .thenThrows('Gold rate must be at most ₹1,00,000 per gram');
    spec.given([]).when({ type: 'UpdateGoldRate', ratePaisePerGram: 10_000_001 }).thenThrows(DomainError);
    spec
      .given([])
      .when({ type: 'UpdateGoldRate', ratePaisePerGram: 10_000_000 })
      .then([updated(10_000_000, 700_000)]);
  });
});
