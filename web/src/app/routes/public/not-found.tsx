import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <div className="container">
      <PageHeader title="Page not found" description="The page you asked for does not exist or has moved." />
      <ButtonLink to={paths.home}>Go to the home page</ButtonLink>
    </div>
  );
}
