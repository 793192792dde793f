import { site } from '@/config/site';
import type { PublicBranch } from './api/get-branches';

/** Until the list arrives (or when it cannot), the one branch the site was built with. */
export const SITE_BRANCH: PublicBranch = {
  _id: 'site',
  code: '',
  name: site.branch.name,
  address: site.branch.address,
  state: '',
  phone: site.phone,
  hours: site.businessHours,
};

/** The branch `?branch=CODE` names (any case), else the first one, else the site's own. */
export function selectedBranch(
  branches: readonly PublicBranch[] | undefined,
  code: string | null,
): PublicBranch {
  const list = branches && branches.length > 0 ? branches : [SITE_BRANCH];
  const wanted = code?.trim().toUpperCase();
  return list.find((b) => b.code === wanted) ?? list[0]!;
}

/** `tel:` link target: digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
