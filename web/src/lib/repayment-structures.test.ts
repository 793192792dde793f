import { RepaymentType } from '@goldledger/contracts';
import { describe, expect, it } from 'vitest';
import {
  INSTALLMENT_AMOUNT_LABEL,
  installmentWhat,
  REPAYMENT_TYPE_DESCRIPTION,
  REPAYMENT_TYPE_LABEL,
} from './repayment-structures';

describe('the repayment structures as the screens name them', () => {
  it('name every structure the contracts know', () => {
    for (const type of RepaymentType.options) {
      expect(REPAYMENT_TYPE_LABEL[type]).toBeTruthy();
      expect(REPAYMENT_TYPE_DESCRIPTION[type]).toBeTruthy();
      expect(INSTALLMENT_AMOUNT_LABEL[type]).toBeTruthy();
    }
  });

  it("say what an installment is for: a monthly-interest loan's last one carries the principal", () => {
    const schedule = [{ number: 1 }, { number: 2 }, { number: 3 }];
    expect(installmentWhat('monthly_interest', schedule[0]!, schedule)).toBe("The month's interest");
    expect(installmentWhat('monthly_interest', schedule[2]!, schedule)).toBe('Principal and last interest');
    expect(installmentWhat('bullet', { number: 1 }, [{ number: 1 }])).toBe('Principal and all interest');
    expect(installmentWhat('emi', schedule[1]!, schedule)).toBe('Principal and interest');
  });
});
