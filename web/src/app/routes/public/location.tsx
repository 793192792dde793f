import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { LocationCard } from '@/features/public-site/components/location-card';
import { Checklist, Hero, Section } from '@/features/public-site/components/marketing';

/** /location: the branch card; a link opens the map (no embedded map). */
export default function LocationRoute() {
  return (
    <div className="container">
      <Hero
        documentTitle="Location"
        eyebrow="Visit us"
        title="Our branch"
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
      <LocationCard />
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
