import { Badge, type BadgeTone } from '@/components/ui/badge';
import { jobStatusLabel } from '../derive';

const TONE: Record<string, BadgeTone> = {
  success: 'success',
  failed: 'danger',
  running: 'info',
};

/** Success green, failed red, running blue, anything else grey; always with its word. */
export function RunStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={TONE[status] ?? 'neutral'} className="run-status">
      {jobStatusLabel(status)}
    </Badge>
  );
}
