// What the app layer composes from this feature (routes/staff/cron-jobs.tsx).
export { CronJobsPage } from './components/cron-jobs-page';
