import { IncidentsPage } from '@/features/custody/components/incidents-page';

/** /admin/custody/incidents (admins only): weight differences found at release. */
export default function Route() {
  return <IncidentsPage />;
}
