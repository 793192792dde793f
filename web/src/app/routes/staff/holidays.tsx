import { HolidaysPage } from '@/features/holidays/components/holidays-page';
import { useStaffArea } from '@/lib/staff-area';

/** /admin/holidays and /employee/holidays; the route table's guard decides who may open them. */
export default function Route() {
  return <HolidaysPage eyebrow={useStaffArea() === 'admin' ? 'Admin' : 'Employee'} />;
}
