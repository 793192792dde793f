import { CronJobsPage } from '@/features/cron-jobs/components/cron-jobs-page';

/** /admin/cron-jobs; the admin guard is the route table's. */
export default function CronJobsRoute() {
  return <CronJobsPage />;
}
