/** Every staff endpoint is under this path: the list, and each member by id. */
export const EMPLOYEES = '/api/admin/employees';
export const memberPath = (id: string) => `${EMPLOYEES}/${encodeURIComponent(id)}`;
