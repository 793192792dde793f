import {
  finenessOfKarat,
  gramsToMg,
  LENDING_POLICY,
  type GoldItemInput,
  type GoldItemRecord,
} from '@goldledger/contracts';
import { DomainError } from '../platform/decider.js';
import { formatWeight } from './decide/sanction-checks.js';

/** The karat a fineness is recorded as for older readers (916 → 22, 750 → 18, 999 → 24). */
export const karatOfFineness = (fineness: number) =>
  Math.min(24, Math.max(1, Math.round((fineness * 24) / 1000)));

const refused = (message: string) => new DomainError(message, 'gold_items_invalid');

/**
 * A gold item as appraised at the counter, from the form's fields: its type (ornament
 * unless told), purity as fineness (`purity`, or the older `purityKarat`: 22K → 916),
 * gross weight, deductions with their reasons, and the net weight, which must be the gross
 * less the deductions when any are given. The photo id is recorded as given: an item's
 * photos are uploaded to the loan once it exists (the photos slice), so none can be
 * checked against it before.
 */
export function toGoldItem(input: GoldItemInput, index: number): GoldItemRecord {
  const name = `Item ${index + 1} (${input.description})`;
  const grossWeightMg = gramsToMg(input.grossWeight);
  const netWeightMg = gramsToMg(input.netWeight);
  const purity = input.purity ?? finenessOfKarat(input.purityKarat ?? LENDING_POLICY.defaultPurityKarat);
  const deductions = (input.deductions ?? []).map((d) => ({
    kind: d.kind,
    weightMg: gramsToMg(d.weight),
    reason: d.reason,
  }));
  if (netWeightMg > grossWeightMg) {
    throw refused(`Net weight cannot be more than gross weight (${name})`);
  }
  if (deductions.length > 0) {
    const deducted = deductions.reduce((sum, d) => sum + d.weightMg, 0);
    if (deducted >= grossWeightMg) {
      throw refused(
        `${name}: deductions of ${formatWeight(deducted)} leave no gold of the gross weight ${formatWeight(grossWeightMg)}`,
      );
    }
    if (grossWeightMg - deducted !== netWeightMg) {
      throw refused(
        `${name}: net weight ${formatWeight(netWeightMg)} should be the gross weight ${formatWeight(grossWeightMg)} less the deductions of ${formatWeight(deducted)}, which is ${formatWeight(grossWeightMg - deducted)}`,
      );
    }
  }
  return {
    description: input.description,
    grossWeightMg,
    netWeightMg,
    purityKarat: input.purityKarat ?? karatOfFineness(purity),
    itemType: input.itemType ?? 'ornament',
    purity,
    ...(deductions.length > 0 ? { deductions } : {}),
    ...(input.photoId ? { photoId: input.photoId } : {}),
  };
}

export const toGoldItems = (items: readonly GoldItemInput[]): GoldItemRecord[] => items.map(toGoldItem);

/**
 * Items as edited (`PUT /api/{area}/loans/:id`): what the request leaves out of an item keeps
 * the appraisal it had at the same place: its type and photo; its fineness while the karat
 * sent is the one it had; its deductions while its weights are unchanged. A form that edits
 * descriptions and weights alone (the loans page's dialog) so loses nothing it did not change.
 */
export function editedGoldItems(before: readonly GoldItemRecord[], inputs: readonly GoldItemInput[]) {
  return inputs.map((input, i): GoldItemRecord => {
    const item = toGoldItem(input, i);
    const old = before[i];
    if (!old) return item;
    const sameKarat =
      input.purity === undefined && (input.purityKarat ?? old.purityKarat) === old.purityKarat;
    const sameWeights = item.grossWeightMg === old.grossWeightMg && item.netWeightMg === old.netWeightMg;
    return {
      ...item,
      ...(input.itemType === undefined && old.itemType ? { itemType: old.itemType } : {}),
      ...(sameKarat && old.purity !== undefined ? { purity: old.purity } : {}),
      ...(input.deductions === undefined && sameWeights && old.deductions
        ? { deductions: old.deductions }
        : {}),
      ...(input.photoId === undefined && old.photoId ? { photoId: old.photoId } : {}),
    };
  });
}
