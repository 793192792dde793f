import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { CallToAction, Hero } from '@/features/public-site/components/marketing';
import { ServiceCards } from '@/features/public-site/components/service-cards';

/** /services: six cards, each leading to its page. */
export default function ServicesRoute() {
  return (
    <div className="container">
      <Hero
        title="Our services"
        lead={
          <p>
            Gold loans are what we do best, and around them we offer what families and businesses ask us for:
            gold to buy, gold to release from a bank, other loans, clear rates and easy ways to pay.
          </p>
        }
      />
      <ServiceCards />
      <CallToAction
        title="Not sure which one fits?"
        text={
          <>
            Tell us what you need and we will suggest the right option. Call{' '}
            <a href={site.phoneHref}>{site.phone}</a>.
          </>
        }
        actions={
          <ButtonLink to={paths.contact} variant="accent">
            Contact Us
          </ButtonLink>
        }
      />
    </div>
  );
}
