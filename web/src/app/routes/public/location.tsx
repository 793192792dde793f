import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { usePublicBranches } from '@/features/public-site/api/get-branches';
import { selectedBranch } from '@/features/public-site/branch-choice';
import { BranchPicker } from '@/features/public-site/components/branch-picker';
import { LocationCard } from '@/features/public-site/components/location-card';
import { Checklist, Hero, Section } from '@/features/public-site/components/marketing';

/**
 * /location: the branches and the selected one's card (`?branch=CODE`, the first by
 * default); a link opens the map (no embedded map). With one branch, just its card.
 */
export default function LocationRoute() {
  const { data } = usePublicBranches();
  const [params] = useSearchParams();
  const branches = data?.data ?? [];
  const branch = selectedBranch(branches, params.get('branch'));
  const several = branches.length > 1;

  return (
    <div className="container">
      <Hero
        documentTitle="Location"
        eyebrow="Visit us"
        title={several ? 'Our branches' : 'Our branch'}
        lead={
          <p>
            Come in for a free evaluation of your gold, a cup of tea and a straight answer. No appointment
            needed during branch hours.
          </p>
        }
        actions={
          <ButtonLink to={paths.contact} variant="secondary">
            Contact Us
          </ButtonLink>
        }
      />
      {several && <BranchPicker branches={branches} selected={branch} />}
      <LocationCard branch={branch} />
      <Section title="Before you come">
        <Checklist
          items={[
            'Bring your gold and a photo ID with your address (Aadhaar, passport or voter ID).',
            'For a bank buy-back, bring your bank loan papers too.',
            <>
              Running late or unsure of the way? Call <a href={site.phoneHref}>{site.phone}</a>.
            </>,
          ]}
        />
      </Section>
    </div>
  );
}
