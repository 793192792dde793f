import ConsolePlaceholderRoute from './console-placeholder';

// Replaced by the screen itself (issue 7).
export default function Route() {
  return <ConsolePlaceholderRoute title="Cron Jobs" />;
}
