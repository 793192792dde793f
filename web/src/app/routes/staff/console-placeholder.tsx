import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';

/** A console route that exists and is guarded, but whose screen is issue 7's. */
export default function ConsolePlaceholderRoute({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <p>This screen is not built yet.</p>
      </Card>
    </>
  );
}
