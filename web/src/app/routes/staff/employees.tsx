import { EmployeesPage } from '@/features/employees/components/employees-page';

/** /admin/employees (the route table lets only admins in). */
export default function EmployeesRoute() {
  return <EmployeesPage />;
}
