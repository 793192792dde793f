import { useLocation } from 'react-router-dom';

/** The two console areas; each has its own API prefix (`/{prefix}/…`). */
export type StaffArea = 'admin' | 'employee';

/**
 * The console area the current page belongs to, from its path: /admin/… or /employee/….
 * Screens shared by both (loans, customers, add-loan, reports) call the matching API
 * prefix and show admin-only actions only under /admin; the server enforces the same.
 */
export function useStaffArea(): StaffArea {
  return staffAreaOf(useLocation().pathname);
}

/** The console area of a path: /admin/… or /employee/…. */
export function staffAreaOf(pathname: string): StaffArea {
  return pathname.startsWith('/admin') ? 'admin' : 'employee';
}
