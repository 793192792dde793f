import { EmployeesPage } from '@/features/employees/components/employees-page';

/** 001 §2.7: /admin/employees (the route table lets only admins in). */
export default function EmployeesRoute() {
  return <EmployeesPage />;
}
